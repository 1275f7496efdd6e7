import { z } from 'zod';
import { KNOWN_ORDER_STATUSES } from '../../partner-api/types.js';
import { SALE_STATES } from '../../orders/journal/sale-state.js';
import { ATTENTION_SHOWN } from '../../orders/sales/sales-history.js';
import { PAYMENT_STATES, REVIEW_DECISIONS } from '../../till/tender.js';
import { epochMs, money, paise, recordId, text, tenderMethod } from './primitives.js';

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

/** Orders' sales needing attention across the store, as the store server answers them: the oldest, and how many there are in all. */
export const storeAttentionList = z.strictObject({
  items: z.array(storeSaleItem).max(ATTENTION_SHOWN),
  total: z.number().int().min(0),
});

/**
 * The most attempts (and request ids) a sale's detail carries: a sale left in doubt through a
 * long outage is looked up every few minutes without end, so a counter sends the first and the
 * newest of a longer list and says how many it left out (it keeps them all).
 */
export const SALE_ATTEMPTS_MAX = 500;

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
  requestIds: z.array(text(64)).max(SALE_ATTEMPTS_MAX),
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
    .max(SALE_ATTEMPTS_MAX),
  /** Attempts between the first and the newest ones sent that the counter left out (the seq numbers show where). */
  attemptsLeftOut: z.number().int().min(1).optional(),
  /** A manager's decision on a sale that was in MANAGER_REVIEW; absent from counters that predate it. */
  reviewDecision: z.strictObject({ decision: z.enum(REVIEW_DECISIONS), note: text(200), at: epochMs, byName: text(200) }).nullable().optional(),
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
/** `approval`: the store's token for the manager's approval PIN typed at the asking counter (used up by this). */
export const storeVoucherReveal = z.strictObject({ saleId: recordId, seq: z.number().int().min(1).max(10_000), approvedBy: recordId, approval: z.string().min(20).max(200) });
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

/** A counter asks for its relayed orders' status changes numbered after `after` (0: from the first). */
export const orderChangesQuery = z.strictObject({ after: z.number().int().min(0), limit: z.number().int().min(1).max(500).optional() });

/** Its orders whose status changed at the store, oldest change first: at most `limit` of them. */
export const orderChangesAnswer = z.strictObject({
  changes: z
    .array(z.strictObject({ seq: z.number().int().min(1), orderId: text(200), referenceId: text(64), status: z.enum(KNOWN_ORDER_STATUSES) }))
    .max(500),
});
export type OrderChanges = z.infer<typeof orderChangesAnswer>;
