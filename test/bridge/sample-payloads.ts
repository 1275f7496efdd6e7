import type { CoreMethodName } from '../../src-main/contract/index.js';

/**
 * A payload its schema accepts for every core method, so a refusal is the role check speaking
 * (not the argument check that runs first) and an answer is the handler's.
 */
export function samplePayloads(ids: { saleId: string; managerId: string }): Record<CoreMethodName, unknown> {
  const sale = { productId: 'TEST_FIXED_STANDARD', amountPaise: 100_000 };
  return {
    'app.info': {},
    'staff.list': {},
    'staff.setupFirstManager': { name: 'Intruder', pin: '9137' },
    'staff.signIn': { staffId: ids.managerId, pin: '9137' },
    'staff.signOut': {},
    'staff.session': {},
    'staff.create': { name: 'Intruder', role: 'manager', pin: '9137' },
    'staff.disable': { staffId: ids.managerId },
    'catalog.search': { text: 'test' },
    'catalog.categories': {},
    'catalog.brand': { productId: 'TEST_FIXED_STANDARD' },
    'catalog.status': {},
    'catalog.image': { productId: 'TEST_FIXED_STANDARD' },
    'catalog.syncNow': {},
    'sale.quote': sale,
    'sale.place': sale,
    'sale.get': { saleId: ids.saleId },
    'sale.pending': {},
    'sale.retry': { saleId: ids.saleId },
    'sale.checkNow': { saleId: ids.saleId },
    'sale.markLeftWithoutReceipt': { saleId: ids.saleId, managerPin: '2580' },
    'receipt.print': { saleId: ids.saleId, managerPin: '2580' },
    'voucher.reveal': { saleId: ids.saleId, seq: 1, managerPin: '2580' },
    'voucher.balance': { saleId: ids.saleId, seq: 1 },
    'orders.list': {},
    'orders.attention': {},
    'orders.detail': { saleId: ids.saleId },
    'orders.exportCsv': {},
    'orders.summary': { from: 0, to: Number.MAX_SAFE_INTEGER },
    'delivery.resend': { saleId: ids.saleId, channels: ['EMAIL'] },
    'wallet.view': {},
    'wallet.refresh': {},
    'settings.get': {},
    'settings.update': { store: { name: 'Intruder Ltd' } },
    'settings.setCredentials': { environment: 'staging', baseUrl: 'https://evil.example', clientId: 'x', clientSecret: 'stolen-secret' },
    'settings.switchEnvironment': { environment: 'staging' },
    'selfCheck.run': {},
    'audit.verify': {},
    'settings.setWebhookSecret': { secret: 'an-attacker-chosen-secret' },
    'webhook.apply': {},
    'training.scenarios': {},
    'training.run': { scenario: 'low-wallet' },
    'webhooks.unrecognised': {},
    'webhooks.reprocess': { id: 1 },
    'webhooks.reprocessAll': {},
    'webhooks.dismiss': { id: 1 },
  };
}
