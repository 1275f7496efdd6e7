import { z } from 'zod';
import { DISCREPANCY_KINDS } from '../contract/report.js';
import { STATEMENT_KINDS } from '../contract/wallet.js';
import { SALE_STATES } from '../orders/journal/sale-state.js';
import { PAYMENT_STATES, TENDER_METHODS } from '../till/tender.js';

/**
 * What a counter and its store server exchange besides the Partner API they relay: declared
 * once here, for both sides.
 */

/** A staff member as counters copy them: everything but the per-counter count of wrong PINs. */
export const storeStaffRow = z.strictObject({
  id: z.string().min(1).max(64),
  name: z.string().min(1).max(60),
  role: z.enum(['cashier', 'manager']),
  pin_hash: z.string().min(1).max(400),
  created_at: z.number().int(),
  disabled_at: z.number().int().nullable(),
  must_change_pin: z.boolean(),
  permissions: z.string().max(1000).nullable(),
});
export type StoreStaffRow = z.infer<typeof storeStaffRow>;

export const staffPush = z.strictObject({
  rows: z.array(storeStaffRow).min(1).max(500),
  /** The counter set up the store's first manager: refused if the store has one already. */
  firstManager: z.boolean().optional(),
});
export type StaffPush = z.infer<typeof staffPush>;

const pinLock = z.strictObject({ failedAttempts: z.number().int().min(0), lockedUntil: z.number().int().nullable() });

/** The store's staff, with each account's wrong-PIN count and lock (counted across the store's counters). */
export const staffList = z.strictObject({
  staff: z.array(storeStaffRow).max(5000),
  locks: z.array(pinLock.extend({ id: z.string().min(1).max(64) })).max(5000),
});
export type StaffLocks = z.infer<typeof staffList>['locks'];

/** A PIN typed at a counter, for the store to judge: `purpose` null is a sign-in, else what it was given for. */
export const pinCheckRequest = z.strictObject({
  staffId: z.string().min(1).max(64),
  pin: z.string().min(1).max(32),
  purpose: z.string().min(1).max(60).nullable(),
});

/** The store's judgement of one PIN attempt (pin-lock.ts), with the account's lock after it. */
export const pinCheckAnswer = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('right'), lock: pinLock }),
  z.strictObject({ kind: z.literal('locked'), lock: pinLock }),
  z.strictObject({ kind: z.literal('wrong'), lock: pinLock, newlyLocked: z.boolean() }),
  z.strictObject({ kind: z.literal('unknown') }),
]);

export const unlockRequest = z.strictObject({ staffId: z.string().min(1).max(64) });

export const pairingAnswer = z.strictObject({
  counterId: z.string().uuid(),
  counterCode: z.string().regex(/^[A-Z0-9]{1,6}$/),
  credential: z.string().min(20).max(200),
  storeId: z.string().min(1).max(40),
  environment: z.enum(['staging', 'production']),
});
export type PairingAnswer = z.infer<typeof pairingAnswer>;

export const topUpPush = z.strictObject({
  id: z.string().uuid(),
  at: z.number().int().min(0),
  amountPaise: z.number().int().min(1).max(10_000_000_000),
  reference: z.string().min(1).max(60),
});
export type TopUpPush = z.infer<typeof topUpPush>;

const paise = z.number().int();
const nullablePaise = paise.nullable();
const discrepancy = z.strictObject({
  kind: z.enum(DISCREPANCY_KINDS),
  message: z.string().max(2000),
  action: z.string().max(2000),
  saleId: z.string().max(64).nullable(),
  referenceId: z.string().max(64).nullable(),
  orderId: z.string().max(64).nullable(),
  amountPaise: nullablePaise,
});
const byTender = z.strictObject({ method: z.enum(TENDER_METHODS), count: z.number().int(), takenPaise: paise, refundedPaise: paise, netPaise: paise });
const byCashier = z.strictObject({ staffId: z.string().max(64), name: z.string().max(80), payments: z.number().int(), takenPaise: paise, refundedPaise: paise, netPaise: paise });

/** A counter's own check of a day as the store keeps it (its wallet is the store's, checked there). */
export const counterDayCheck = z.strictObject({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  from: z.number().int(),
  to: z.number().int(),
  generatedAt: z.number().int(),
  matched: z.boolean(),
  discrepancies: z.array(discrepancy).max(5000),
  journal: z.strictObject({
    byState: z.array(z.strictObject({ state: z.enum(SALE_STATES), count: z.number().int(), amountPaise: paise })).max(20),
    completed: z.number().int(),
    completedPaise: paise,
    discountPaise: paise,
    customerPaysPaise: paise,
    walletDebitPaise: paise,
    voucherCount: z.number().int(),
  }),
  service: z.strictObject({ checked: z.number().int(), agreed: z.number().int(), differed: z.number().int(), unreachable: z.number().int() }),
  tenders: z.strictObject({ byTender: z.array(byTender).max(20), takenPaise: paise, refundedPaise: paise, netPaise: paise, expectedNetPaise: paise }),
  byCashier: z.array(byCashier).max(1000),
  shifts: z
    .array(
      z.strictObject({
        id: z.string().max(64),
        counter: z.string().max(80),
        openedAt: z.number().int(),
        closedAt: z.number().int().nullable(),
        expectedCashPaise: paise,
        countedCashPaise: nullablePaise,
        overShortPaise: nullablePaise,
      }),
    )
    .max(1000),
});
export type CounterDayCheck = z.infer<typeof counterDayCheck>;

/** What the store server answers for a day: each counter's last check, and the store's wallet. */
export const storeDay = z.strictObject({
  counters: z.array(
    z.strictObject({
      id: z.string().uuid(),
      name: z.string().max(60),
      /** When the counter last checked this day; null when it never did. */
      checkedAt: z.number().int().nullable(),
      /** Its sales of the day the store knows of, and when the last of them changed. */
      sales: z.number().int(),
      lastChangeAt: z.number().int().nullable(),
      check: counterDayCheck.nullable(),
    }),
  ),
  wallet: z.strictObject({
    opening: z.strictObject({ at: z.number().int(), balancePaise: paise }).nullable(),
    closing: z.strictObject({ at: z.number().int(), balancePaise: paise }).nullable(),
    topUpsPaise: paise,
    /** What the service charged for the store's orders between the readings (every counter's). */
    expectedSpentPaise: paise,
  }),
});
export type StoreDay = z.infer<typeof storeDay>;

/** The store's wallet statement as the store server answers it. */
export const statementAnswer = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        at: z.number().int(),
        kind: z.enum(STATEMENT_KINDS),
        amountPaise: paise,
        reference: z.string().max(80).nullable(),
        saleId: z.null(),
        serviceBalancePaise: nullablePaise,
        counterName: z.string().max(60).nullable(),
      }),
    )
    .max(1_000),
});

const text = (max: number) => z.string().max(max);

/** A row of a counter's Orders as it sends it to the store (and the store checks it before keeping it). */
export const counterSaleItem = z.strictObject({
  id: text(64),
  referenceId: text(64),
  orderId: text(64).nullable(),
  state: z.enum(SALE_STATES),
  productId: text(64),
  brandTitle: text(200),
  amountPaise: paise,
  createdAt: z.number().int(),
  errorCode: text(64).nullable(),
  failureReason: text(500).nullable(),
  supportReason: text(1000).nullable(),
  printCount: z.number().int(),
  customerPhone: text(20).nullable(),
  cashierId: text(64).nullable(),
  cashierName: text(80).nullable(),
});

/** A row of the store's Orders as the store server answers it: checked like any input before a screen shows it. */
export const storeSaleItem = counterSaleItem.extend({ counterId: z.string().uuid(), counterName: text(60) });


export const storeSalePage = z.strictObject({
  items: z.array(storeSaleItem).max(200),
  next: z.strictObject({ createdAt: z.number().int(), id: text(64) }).nullable(),
});

export const storeCounters = z.strictObject({
  counters: z
    .array(z.strictObject({ id: z.string().uuid(), name: text(60), pairedAt: z.number().int(), lastSeenAt: z.number().int().nullable(), revokedAt: z.number().int().nullable() }))
    .max(10_000),
  self: z.string().uuid(),
});

/*
 * A counter's money records, as its till tables hold them, for the store's journal of record.
 * Each is keyed at the store by (counter, id); amounts are integer paise, never negative, and a
 * payment's or refund's tenders add up to it — a batch breaking any of that is refused whole.
 */
const recordId = z.string().min(1).max(64);
const epochMs = z.number().int().min(0);
const money = paise.min(0).max(10_000_000_000);
const tenderMethod = z.enum(TENDER_METHODS);
const addsUp = (r: { amountPaise: number; tenders: { amountPaise: number }[] }) => r.tenders.reduce((sum, t) => sum + t.amountPaise, 0) === r.amountPaise;
const ADDS_UP = { message: 'its tenders do not add up to its amount' };

export const shiftRecord = z
  .strictObject({
    id: recordId,
    counter: text(80),
    openedBy: recordId,
    openedAt: epochMs,
    openingFloatPaise: money,
    openingCount: text(4000).nullable(),
    closedBy: recordId.nullable(),
    closedAt: epochMs.nullable(),
    expectedCashPaise: paise.nullable(),
    countedCashPaise: money.nullable(),
    closingCount: text(4000).nullable(),
    note: text(1000).nullable(),
  })
  .refine((s) => (s.closedAt === null) === (s.countedCashPaise === null), { message: 'a closed shift has its count, an open one none' });

export const cashMovementRecord = z.strictObject({
  id: recordId,
  shiftId: recordId,
  kind: z.enum(['PAY_IN', 'PAY_OUT']),
  amountPaise: money.min(1),
  reason: text(500),
  staffId: recordId,
  at: epochMs,
});

export const paymentRecord = z
  .strictObject({
    id: recordId,
    shiftId: recordId,
    takenBy: recordId,
    takenAt: epochMs,
    amountPaise: money,
    changePaise: money,
    tenders: z
      .array(z.strictObject({ seq: z.number().int().min(1).max(100), method: tenderMethod, amountPaise: money.min(1), receivedPaise: money.nullable(), reference: text(60).nullable() }))
      .max(8),
  })
  .refine(addsUp, ADDS_UP);

export const salePaymentRecord = z.strictObject({ saleId: recordId, paymentId: recordId });

export const refundRecord = z
  .strictObject({
    paymentId: recordId,
    saleId: recordId,
    shiftId: recordId,
    refundedBy: recordId,
    at: epochMs,
    amountPaise: money,
    tenders: z.array(z.strictObject({ seq: z.number().int().min(1).max(100), method: tenderMethod, amountPaise: money.min(1) })).max(8),
  })
  .refine(addsUp, ADDS_UP);

const upTo = <T extends z.ZodTypeAny>(schema: T) => z.array(schema).max(200).default([]);
export const recordsPush = z
  .strictObject({
    shifts: upTo(shiftRecord),
    cashMovements: upTo(cashMovementRecord),
    payments: upTo(paymentRecord),
    salePayments: upTo(salePaymentRecord),
    refunds: upTo(refundRecord),
  })
  .refine((b) => b.shifts.length + b.cashMovements.length + b.payments.length + b.salePayments.length + b.refunds.length > 0, { message: 'the batch is empty' });
export type RecordsPush = z.input<typeof recordsPush>;

/** A sale's vouchers in clear, sent once over the counter's session for the store to seal with its own key. */
export const voucherRecord = z.strictObject({
  seq: z.number().int().min(1).max(10_000),
  voucherId: text(64).nullable(),
  cardType: text(40),
  cardNumber: text(64).nullable(),
  cardPin: text(64).nullable(),
  validTill: text(40).nullable(),
  amountPaise: money,
});
/** At most 500 vouchers a request (a bulk sale's are sent in parts, each kept by its seq). */
export const vouchersPush = z
  .strictObject({ sales: z.array(z.strictObject({ saleId: recordId, vouchers: z.array(voucherRecord).max(500) })).min(1).max(50) })
  .refine((b) => b.sales.reduce((n, s) => n + s.vouchers.length, 0) <= 500, { message: 'at most 500 vouchers a request' });
export type VouchersPush = z.infer<typeof vouchersPush>;

/** How far the store has this counter's audit log: the next line sent must link to `hash`. */
export const auditPosition = z.strictObject({ seq: z.number().int().min(0), hash: z.string().regex(/^[0-9a-f]{64}$/) });

export const auditLine = z.strictObject({
  seq: z.number().int().min(1),
  at: epochMs,
  actor: text(64).nullable(),
  action: text(64),
  saleId: text(64).nullable(),
  details: z.record(z.string(), z.unknown()),
  prevHash: z.string().regex(/^[0-9a-f]{64}$/),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
});
export const auditPush = z.strictObject({ lines: z.array(auditLine).min(1).max(500) });

/*
 * A sale's details beyond its list row, sent with the row so the store can answer Orders'
 * detail of any counter's sale: the payment, refund and vouchers come from the store's own
 * records; the rest (what the counter alone knows) from here.
 */
const attemptKinds = ['place', 'lookup', 'poll', 'get'] as const;
export const saleDetailExtras = z.strictObject({
  discountPaise: money,
  customerPaysPaise: money,
  paymentState: z.enum(PAYMENT_STATES),
  requestIds: z.array(text(64)).max(500),
  failure: z.strictObject({ message: text(2000), action: text(2000) }).nullable(),
  updatedAt: epochMs,
  nextCheckAt: epochMs.nullable(),
  receiptOwed: z.boolean(),
  retryOf: text(64).nullable(),
  customer: z.strictObject({ name: text(200).optional(), phoneNumber: text(30).optional(), email: text(300).optional() }).nullable(),
  delivery: z
    .strictObject({
      recipientName: text(200).optional(),
      recipientType: z.enum(['SELF', 'OTHER']),
      recipientPhoneNumber: text(30),
      recipientEmail: text(300).optional(),
      senderName: text(200).optional(),
      wishMessage: text(500).optional(),
    })
    .nullable(),
  canBalanceBeFetched: z.boolean(),
  attempts: z
    .array(
      z.strictObject({
        saleId: recordId,
        seq: z.number().int().min(0),
        kind: z.enum(attemptKinds),
        requestId: text(64),
        startedAt: epochMs,
        finishedAt: epochMs.nullable(),
        outcome: text(500).nullable(),
      }),
    )
    .max(500),
});
export type SaleDetailExtras = z.infer<typeof saleDetailExtras>;

export const salesPush = z.strictObject({ items: z.array(counterSaleItem.extend({ detail: saleDetailExtras.optional() })).min(1).max(200) });

const tender = z.strictObject({ method: tenderMethod, amountPaise: money, receivedPaise: money.nullable(), reference: text(60).nullable() });

/** Orders' detail of another counter's sale, as the store server answers it (the bridge's OrderDetail, no card data). */
export const storeOrderDetail = saleDetailExtras.extend({
  soldAt: z.strictObject({ counterId: z.string().uuid(), counterName: text(60) }),
  id: recordId,
  referenceId: text(64),
  orderId: text(64).nullable(),
  state: z.enum(SALE_STATES),
  productId: text(64),
  brandTitle: text(200),
  amountPaise: paise,
  createdAt: epochMs,
  errorCode: text(64).nullable(),
  failureReason: text(500).nullable(),
  supportReason: text(1000).nullable(),
  printCount: z.number().int(),
  payment: z.strictObject({ id: recordId, tenders: z.array(tender).max(8), amountPaise: money, changePaise: money, takenAt: epochMs, takenByName: text(80) }).nullable(),
  refund: z.strictObject({ amountPaise: money, tenders: z.array(tender.pick({ method: true, amountPaise: true })).max(8), at: epochMs, byName: text(80) }).nullable(),
  vouchers: z
    .array(
      z.strictObject({
        seq: z.number().int().min(1),
        voucherId: text(64).nullable(),
        cardType: text(40),
        cardNumberMasked: text(40).nullable(),
        hasPin: z.boolean(),
        validTill: text(40).nullable(),
        amountPaise: money,
      }),
    )
    .max(1000),
});

/** Asks the store for one voucher's credentials of another counter's sale; the counter checked the approver's PIN. */
export const storeVoucherReveal = z.strictObject({ saleId: recordId, seq: z.number().int().min(1).max(10_000), approvedBy: recordId });
export const storeRevealedVoucher = z.strictObject({ seq: z.number().int(), cardNumber: text(64).nullable(), cardPin: text(64).nullable(), counterName: text(60) });

const summaryLine = { count: z.number().int().min(0), amountPaise: paise };
/** Orders' summary over the store's sales, as the store server answers it. */
export const storeSalesSummary = z.strictObject({
  byState: z.array(z.strictObject({ state: z.enum(SALE_STATES), ...summaryLine })).max(20),
  byBrand: z.array(z.strictObject({ productId: text(64), brandTitle: text(200), ...summaryLine })).max(10),
  byHour: z.array(z.strictObject({ hour: z.number().int().min(0).max(23), ...summaryLine })).max(24),
});

/** Orders' CSV over the store's sales, as the store server answers it. */
export const storeCsvAnswer = z.strictObject({ csv: z.string().max(100_000_000) });
