import { z } from 'zod';
import { epochMs, money, paise, recordId, text, tenderMethod } from './primitives.js';

/*
 * A counter's money records, as its till tables hold them, for the store's journal of record.
 * Each is keyed at the store by (counter, id); amounts are integer paise, never negative, and a
 * payment's or refund's tenders add up to it — a batch breaking any of that is refused whole.
 */
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
