import { z } from 'zod';

/**
 * The bridge contract: every method the renderer may call, with the role it needs and the
 * schema its argument must pass, and every event main pushes. Main validates each call
 * here (bridge.ts); the preload exposes exactly these names; the renderer uses the types.
 */
export type Role = 'none' | 'cashier' | 'manager';

const id = z.string().min(1).max(100);
const paise = z.number().int().min(0).max(100_000_000_000);
const customer = z.strictObject({
  name: z.string().max(200).optional(),
  phoneNumber: z.string().max(30).optional(),
  email: z.string().max(300).optional(),
});
const delivery = z.strictObject({
  recipientName: z.string().max(200).optional(),
  recipientType: z.enum(['SELF', 'OTHER']),
  recipientPhoneNumber: z.string().max(30),
  recipientEmail: z.string().max(300).optional(),
  senderName: z.string().max(200).optional(),
  wishMessage: z.string().max(500).optional(),
});
export const saleInputSchema = z.strictObject({
  productId: id,
  amountPaise: paise,
  lines: z.array(z.strictObject({ denominationPaise: paise, quantity: z.number().int().min(0).max(10_000) })).max(100).optional(),
  discountPaise: paise.optional(),
  customer: customer.nullable().optional(),
  delivery: delivery.nullable().optional(),
});
const pin = z.string().regex(/^\d{4,8}$/, 'a PIN is 4 to 8 digits');
const saleStates = z.enum(['INTENT', 'IN_DOUBT', 'PROCESSING', 'SUCCESS', 'FAILED', 'REJECTED', 'NEEDS_SUPPORT', 'CANCELLED', 'REVERSED']);
const orderFilter = z.strictObject({
  from: z.number().int().optional(),
  to: z.number().int().optional(),
  states: z.array(saleStates).max(9).optional(),
  productId: id.optional(),
  reference: z.string().min(1).max(60).optional(),
  phone: z.string().regex(/^\d{10}$/).optional(),
});
const empty = z.strictObject({});

export const METHODS = {
  'app.info': { role: 'none', input: empty },
  'staff.list': { role: 'none', input: empty },
  'staff.setupFirstManager': { role: 'none', input: z.strictObject({ name: z.string().min(1).max(60), pin }) },
  'staff.signIn': { role: 'none', input: z.strictObject({ staffId: id, pin }) },
  'staff.signOut': { role: 'none', input: empty },
  'staff.session': { role: 'none', input: empty },
  'staff.create': { role: 'manager', input: z.strictObject({ name: z.string().min(1).max(60), role: z.enum(['cashier', 'manager']), pin }) },
  'staff.disable': { role: 'manager', input: z.strictObject({ staffId: id }) },

  'catalog.search': {
    role: 'cashier',
    input: z.strictObject({ text: z.string().max(100).optional(), category: z.string().max(60).optional(), includeInactive: z.boolean().optional(), limit: z.number().int().min(1).max(200).optional() }),
  },
  'catalog.categories': { role: 'cashier', input: empty },
  'catalog.brand': { role: 'cashier', input: z.strictObject({ productId: id }) },
  'catalog.status': { role: 'cashier', input: empty },
  'catalog.image': { role: 'cashier', input: z.strictObject({ productId: id, kind: z.enum(['logo', 'thumbnail']).default('logo') }) },
  'catalog.syncNow': { role: 'cashier', input: empty },

  'sale.quote': { role: 'cashier', input: saleInputSchema },
  'sale.place': { role: 'cashier', input: saleInputSchema },
  'sale.get': { role: 'cashier', input: z.strictObject({ saleId: id }) },
  'sale.pending': { role: 'cashier', input: empty },
  'sale.retry': { role: 'cashier', input: z.strictObject({ saleId: id }) },
  'sale.checkNow': { role: 'manager', input: z.strictObject({ saleId: id }) },
  'receipt.print': { role: 'cashier', input: z.strictObject({ saleId: id, managerPin: pin.optional() }) },
  'voucher.reveal': { role: 'cashier', input: z.strictObject({ saleId: id, seq: z.number().int().min(1).max(10_000), managerPin: pin }) },
  'voucher.balance': { role: 'cashier', input: z.strictObject({ saleId: id, seq: z.number().int().min(1).max(10_000) }) },

  'orders.list': {
    role: 'manager',
    input: z.strictObject({
      filter: orderFilter.default({}),
      after: z.strictObject({ createdAt: z.number().int(), id }).nullable().optional(),
      limit: z.number().int().min(1).max(200).optional(),
    }),
  },
  'orders.attention': { role: 'manager', input: empty },
  'orders.detail': { role: 'manager', input: z.strictObject({ saleId: id }) },
  'orders.exportCsv': { role: 'manager', input: z.strictObject({ filter: orderFilter.default({}) }) },
  'orders.summary': { role: 'manager', input: z.strictObject({ from: z.number().int(), to: z.number().int() }) },
  'delivery.resend': { role: 'manager', input: z.strictObject({ saleId: id, channels: z.array(z.enum(['EMAIL', 'SMS', 'WHATSAPP'])).min(1).max(3) }) },

  'wallet.view': { role: 'cashier', input: empty },
  'wallet.refresh': { role: 'cashier', input: empty },

  'settings.get': { role: 'manager', input: empty },
  'settings.update': { role: 'manager', input: z.record(z.string(), z.unknown()) },
  'settings.setCredentials': {
    role: 'manager',
    input: z.strictObject({ environment: z.enum(['staging', 'production']), baseUrl: z.url({ protocol: /^https?$/ }).max(300), clientId: z.string().min(1).max(200), clientSecret: z.string().min(1).max(500) }),
  },
  'settings.switchEnvironment': { role: 'manager', input: z.strictObject({ environment: z.enum(['training', 'staging', 'production']) }) },
  'selfCheck.run': { role: 'manager', input: empty },
  'audit.verify': { role: 'manager', input: empty },
  'settings.setWebhookSecret': { role: 'manager', input: z.strictObject({ secret: z.string().min(16, 'use at least 16 characters').max(500) }) },
  'webhook.apply': { role: 'manager', input: empty },
  'training.scenarios': { role: 'cashier', input: empty },
  'training.run': { role: 'manager', input: z.strictObject({ scenario: z.enum(['slow-answer', 'connection-drop', 'service-error', 'low-wallet', 'skip-15-minutes']) }) },
} as const satisfies Record<string, { role: Role; input: z.ZodType }>;

export type MethodName = keyof typeof METHODS;
export type MethodInput<M extends MethodName> = z.input<(typeof METHODS)[M]['input']>;

export { EVENT_NAMES as EVENTS } from './method-names.js';
export type EventName = (typeof import('./method-names.js').EVENT_NAMES)[number];
