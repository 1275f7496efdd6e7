import { z } from 'zod';
import { DISCREPANCY_KINDS } from '../../contract/report.js';
import { STATEMENT_KINDS } from '../../contract/wallet.js';
import { SALE_STATES } from '../../orders/journal/sale-state.js';
import { TENDER_METHODS } from '../../till/tender.js';
import { nullablePaise, paise } from './primitives.js';

export const topUpPush = z.strictObject({
  id: z.string().uuid(),
  at: z.number().int().min(0),
  amountPaise: z.number().int().min(1).max(10_000_000_000),
  reference: z.string().min(1).max(60),
});
export type TopUpPush = z.infer<typeof topUpPush>;

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
