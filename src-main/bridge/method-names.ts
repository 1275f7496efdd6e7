/**
 * Methods only the Electron shell answers (they need a printer or a file dialog). They are
 * NOT in contract.ts, because the core's bridge has no Electron; main handles them at the same
 * IPC choke point, and the browser host answers them with NOT_IN_BROWSER.
 */
export const SHELL_METHOD_NAMES = ['printer.list', 'printer.print', 'printer.testPrint', 'printer.savePdf'] as const;

/**
 * Every method the preload exposes, without schemas: the sandboxed preload imports this
 * (it cannot carry zod). A test keeps it equal to contract.ts plus SHELL_METHOD_NAMES.
 */
export const METHOD_NAMES = [
  'app.info',
  'staff.list', 'staff.setupFirstManager', 'staff.signIn', 'staff.signOut', 'staff.session', 'staff.create', 'staff.disable',
  'catalog.search', 'catalog.categories', 'catalog.brand', 'catalog.status', 'catalog.image', 'catalog.syncNow',
  'sale.quote', 'sale.place', 'sale.get', 'sale.pending', 'sale.retry', 'sale.checkNow',
  'receipt.print', 'voucher.reveal', 'voucher.balance',
  'orders.list', 'orders.attention', 'orders.detail', 'orders.exportCsv', 'orders.summary', 'delivery.resend',
  'wallet.view', 'wallet.refresh',
  'settings.get', 'settings.update', 'settings.setCredentials', 'settings.switchEnvironment', 'selfCheck.run', 'audit.verify',
  'settings.setWebhookSecret', 'webhook.apply', 'training.scenarios', 'training.run',
  ...SHELL_METHOD_NAMES,
] as const;

export const EVENT_NAMES = ['sale.updated', 'catalog.progress', 'catalog.synced', 'wallet.updated', 'session.changed', 'environment.changed'] as const;

/** The IPC channels: one for calls (the method name is data, checked in main), one for events. */
export const CALL_CHANNEL = 'pos:call';
export const EVENT_CHANNEL = 'pos:event';
