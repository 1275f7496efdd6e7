/**
 * The bridge's names without their schemas: the sandboxed preload imports this module (it
 * cannot carry zod). contract/index.ts fails to compile unless METHOD_NAMES and EVENT_NAMES
 * hold exactly the contract's methods and events.
 */
/** The methods only the Electron shell answers (contract/shell.ts). */
export const SHELL_METHOD_NAMES = ['printer.list', 'printer.print', 'printer.testPrint', 'printer.savePdf'] as const;

export const METHOD_NAMES = [
  'app.info', 'selfCheck.run',
  'staff.list', 'staff.setupFirstManager', 'staff.signIn', 'staff.signOut', 'staff.session', 'staff.changePin', 'staff.manage', 'staff.create',
  'staff.disable', 'staff.resetPin', 'staff.unlock', 'staff.enable', 'staff.setPermissions',
  'catalog.search', 'catalog.listing', 'catalog.categories', 'catalog.brand', 'catalog.status', 'catalog.unavailable', 'catalog.image', 'catalog.syncNow',
  'sale.quote', 'sale.place', 'sale.get', 'sale.pending', 'sale.retry', 'sale.checkNow',
  'sale.markLeftWithoutReceipt', 'sale.refund', 'sale.resolveReview', 'receipt.print', 'voucher.reveal', 'voucher.balance',
  'shift.open', 'shift.current', 'shift.cashMovement', 'shift.xReport', 'shift.close', 'shift.report',
  'report.endOfDay',
  'orders.list', 'orders.attention', 'orders.detail', 'orders.exportCsv', 'orders.summary', 'delivery.resend',
  'wallet.view', 'wallet.refresh', 'wallet.recordTopUp', 'wallet.statement',
  'settings.get', 'settings.update', 'settings.setCredentials', 'settings.switchEnvironment', 'audit.verify',
  'settings.setWebhookSecret', 'webhook.apply',
  'training.scenarios', 'training.run',
  'webhooks.unrecognised', 'webhooks.reprocess', 'webhooks.reprocessAll', 'webhooks.dismiss',
  'store.status', 'store.counters', 'store.revokeCounter', 'store.join',
  ...SHELL_METHOD_NAMES,
] as const;

export const EVENT_NAMES = ['sale.updated', 'catalog.progress', 'catalog.synced', 'catalog.brandUpdated', 'wallet.updated', 'session.changed', 'environment.changed', 'shift.changed'] as const;

/** The IPC channels: one for calls (the method name is data, checked in main), one for events. */
export const CALL_CHANNEL = 'pos:call';
export const EVENT_CHANNEL = 'pos:event';
