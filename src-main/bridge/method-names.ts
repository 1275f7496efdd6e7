/**
 * The names of the bridge contract, without its schemas: the sandboxed preload imports this
 * (it cannot carry zod), and a test keeps it equal to contract.ts.
 */
export const METHOD_NAMES = [
  'app.info',
  'staff.list', 'staff.setupFirstManager', 'staff.signIn', 'staff.signOut', 'staff.session', 'staff.create', 'staff.disable',
  'catalog.search', 'catalog.categories', 'catalog.brand', 'catalog.status', 'catalog.syncNow',
  'sale.quote', 'sale.place', 'sale.get', 'sale.pending', 'sale.retry', 'sale.checkNow',
  'receipt.print', 'voucher.reveal', 'voucher.balance',
  'orders.list', 'orders.attention', 'orders.detail', 'orders.exportCsv', 'orders.summary', 'delivery.resend',
  'wallet.view', 'wallet.refresh',
  'settings.get', 'settings.update', 'settings.setCredentials', 'settings.switchEnvironment', 'selfCheck.run', 'audit.verify',
  'settings.setWebhookSecret', 'webhook.apply', 'training.scenarios', 'training.run',
] as const;

export const EVENT_NAMES = ['sale.updated', 'catalog.progress', 'catalog.synced', 'wallet.updated', 'session.changed', 'environment.changed'] as const;

/** The IPC channels: one for calls (the method name is data, checked in main), one for events. */
export const CALL_CHANNEL = 'pos:call';
export const EVENT_CHANNEL = 'pos:event';
