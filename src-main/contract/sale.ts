import { z } from 'zod';
import type { SaleState } from '../orders/journal/sale-state.js';
import type { HowToUse } from '../partner-api/types.js';
import type { Settings } from '../settings/settings-schema.js';
import { REVIEW_DECISIONS, TENDER_METHODS, type PaymentState, type ReviewDecisionKind, type Tender } from '../till/tender.js';
import { needs, signedIn } from './define.js';
import { approval } from './staff.js';
import { id, paise, pin, printedText, saleIdInput } from './fields.js';

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

/** What the cashier asks for; the order rules (orders/rules) decide whether it can be sold. */
export const saleInputSchema = z.strictObject({
  productId: id,
  amountPaise: paise,
  lines: z.array(z.strictObject({ denominationPaise: paise, quantity: z.number().int().min(0).max(10_000) })).max(100).optional(),
  discountPaise: paise.optional(),
  customer: customer.nullable().optional(),
  delivery: delivery.nullable().optional(),
});
export type SaleRequest = z.infer<typeof saleInputSchema>;

/**
 * The code `sale.place` (and `sale.retry` paid anew) refuses with when the drawer the sale was
 * started in was closed and another opened (a handover) while its brand was being checked:
 * nothing was recorded or sent, and the same sale confirmed again goes into the drawer open now.
 */
export type DrawerChanged = 'DRAWER_CHANGED';

/** One part of the customer's payment, as the cashier records it. */
export const tenderInput = z.strictObject({
  method: z.enum(TENDER_METHODS),
  amountPaise: paise.min(1),
  /** Cash only: what the customer handed over (at least the amount); the change is the rest. */
  receivedPaise: paise.optional(),
  /** UPI: UTR / reference; CARD: approval code or last 4; OTHER: a note. */
  reference: z.string().trim().max(40).optional(),
});
export type TenderInput = z.infer<typeof tenderInput>;
const tenders = z.array(tenderInput).max(8);

export interface SaleLineView {
  denominationPaise: number;
  quantity: number;
}

export interface QuoteView {
  lines: SaleLineView[];
  /** The vouchers' face value. */
  totalPaise: number;
  voucherCount: number;
  /** The customer's discount on the face value (sent to the service as discountAmount). */
  discountPaise: number;
  /** What the customer pays: face value − discount. */
  customerPaysPaise: number;
  /** What the store's wallet is charged. */
  debitPaise: number;
  /** When tenders were given and add up: the cash change due; null otherwise. */
  changePaise: number | null;
  brandTitle: string;
  floatWarning: string | null;
}

export interface MaskedVoucher {
  seq: number;
  voucherId: string | null;
  cardType: string;
  /** `•••• •••• •••• 1234`, or null when the card type has no number. */
  cardNumberMasked: string | null;
  hasPin: boolean;
  validTill: string | null;
  amountPaise: number;
}

export interface RevealedVoucher {
  seq: number;
  cardNumber: string | null;
  cardPin: string | null;
}

/** The customer's payment as screens see it. */
export interface PaymentView {
  id: string;
  tenders: Tender[];
  amountPaise: number;
  changePaise: number;
  takenAt: number;
  takenByName: string;
}

export interface RefundView {
  amountPaise: number;
  tenders: Pick<Tender, 'method' | 'amountPaise'>[];
  at: number;
  byName: string;
}

export interface ReviewDecisionView {
  decision: ReviewDecisionKind;
  note: string;
  at: number;
  /** The manager who decided. */
  byName: string;
}

/** A sale as screens see it: no brand snapshot internals, no card data. */
export interface SaleView {
  id: string;
  referenceId: string;
  orderId: string | null;
  state: SaleState;
  productId: string;
  brandTitle: string;
  amountPaise: number;
  discountPaise: number;
  /** Face value − discount: what the customer pays. */
  customerPaysPaise: number;
  /** How the customer paid; null for sales recorded before payments were kept. */
  payment: PaymentView | null;
  /** What to do with the customer's money now (give it back, keep it on hold, …). */
  paymentState: PaymentState;
  refund: RefundView | null;
  /**
   * What a manager decided for a sale that was in MANAGER_REVIEW (sale.resolveReview), null while
   * none was recorded. Absent on another counter's sale only when that counter predates the decision.
   */
  reviewDecision?: ReviewDecisionView | null;
  errorCode: string | null;
  failureReason: string | null;
  supportReason: string | null;
  /** Every X-REQUEST-ID sent or asked about this sale, oldest first: what partner support asks for. */
  requestIds: string[];
  /**
   * Set for every FAILED or REJECTED sale, null otherwise: the cashier's sentence (ending with
   * what to do with the customer's money) and action, from main's one error table.
   */
  failure: { message: string; action: string } | null;
  createdAt: number;
  updatedAt: number;
  nextCheckAt: number | null;
  printCount: number;
  /** Completed, but its receipt was never printed nor recorded as left behind: pinned at the counter until it is. */
  receiptOwed: boolean;
  retryOf: string | null;
  vouchers: MaskedVoucher[];
}

/** What the customer's receipt needs: the one place card numbers and PINs leave main in full. */
export interface ReceiptData {
  saleId: string;
  orderId: string | null;
  referenceId: string;
  brandTitle: string;
  redemptionType: string;
  howToUse: HowToUse[];
  usageInstructionsText: string | null;
  keyTerms: string[];
  storeLocatorUrl: string | null;
  amountPaise: number;
  issuedAt: number;
  cashierId: string | null;
  /** 1 for the original; DUPLICATE #n (n ≥ 2) on reprints. */
  copy: number;
  vouchers: (MaskedVoucher & RevealedVoucher)[];
}

export interface ReceiptView extends ReceiptData {
  training: boolean;
  /** How the customer paid, for the receipt's payment lines; null for sales from before payments were kept. */
  payment: { amountPaise: number; discountPaise: number; changePaise: number; tenders: Tender[] } | null;
  store: Settings['store'];
  receiptOptions: Settings['receipt'];
  cashierName: string;
  /** On a reprint (copy ≥ 2): when it was printed and the manager who approved it; null on the original. */
  reprintedAt: number | null;
  approvedByName: string | null;
  /**
   * Names this copy to the desktop shell's printer.print, once: if the printer does not take it,
   * main takes this copy back (and no other: an old copy cannot be un-counted by naming it).
   */
  printToken: string;
}

const voucherSeq = z.number().int().min(1).max(10_000);

export const saleMethods = {
  /** Validates against a fresh copy of the brand and prices the sale; nothing is sent. */
  'sale.quote': needs('sell')(saleInputSchema.extend({ tenders: tenders.optional() })).returns<QuoteView>(),
  /**
   * Refused with a field error, before anything is sent, when no shift is open or the tenders do
   * not add up to what the customer pays; refused with DRAWER_CHANGED, nothing recorded or sent,
   * when its drawer was handed over while the brand was being checked. `changePaise`: the cash
   * change to hand back.
   */
  'sale.place': needs('sell')(
    saleInputSchema.extend({
      tenders,
      /**
       * The page's own id for this sale, made once per sale it shows. Sent again (an answer lost
       * or unclear, Place pressed again), the sale made under it is the answer and nothing is
       * sold twice; an id that is another sale's (another brand or amount) is refused with
       * SALE_ID_IN_USE. Without it, every call is a new sale.
       */
      saleId: z.string().uuid().optional(),
    }),
  ).returns<SaleView & { changePaise: number }>(),
  'sale.get': needs('sell')(saleIdInput).returns<SaleView>(),
  /**
   * `sales`: not yet known to have succeeded or failed. `unprinted`: completed sales whose
   * receipt is still owed (never printed, not recorded as left behind), oldest first — the
   * counter keeps them pinned until they are printed or a manager records otherwise.
   */
  'sale.pending': needs('sell')(z.strictObject({})).returns<{ sales: SaleView[]; unprinted: SaleView[] }>(),
  /**
   * Sells a FAILED or REJECTED sale again under a new reference. Its payment, if not given back,
   * goes with the retry; otherwise (refunded, or never recorded) `tenders` are needed.
   */
  'sale.retry': needs('sell')(z.strictObject({ saleId: id, tenders: tenders.optional() })).returns<SaleView & { changePaise: number }>(),
  /**
   * Gives the customer's payment back for a paid sale that ended FAILED or REJECTED: once, by the
   * tenders it was paid with, from this shift's drawer. Audited.
   */
  'sale.refund': needs('sell')(saleIdInput).returns<SaleView>(),
  /**
   * A manager's decision about the customer's money for a sale in MANAGER_REVIEW (the service
   * cancelled or reversed it after its vouchers were issued): REFUND gives the payment back from
   * this shift's drawer exactly as sale.refund does (payment state REFUNDED); KEEP leaves it the
   * sale's, the customer keeping the vouchers (KEPT). Decided by a signed-in manager, or approved
   * with a manager's PIN; the note is required. Once per sale, audited (sale.review_decided); the
   * same decision again answers the sale unchanged. Refused, changing nothing: NOT_IN_REVIEW,
   * REVIEW_DECIDED (another decision stands), MANAGER_PIN_REQUIRED, NO_OPEN_SHIFT, NOT_ENOUGH_CASH.
   */
  'sale.resolveReview': needs('sell')(
    z.strictObject({
      saleId: id,
      decision: z.enum(REVIEW_DECISIONS),
      note: printedText(200).refine((text) => text.length > 0, 'Write why (a note is required)'),
      ...approval,
    }),
  ).returns<SaleView>(),
  /**
   * Asks the service about an unsettled sale now (audited). A cashier may ask about one sale once
   * per CASHIER_CHECK_INTERVAL_MS (30 s), counted from anyone's last check, and is answered
   * RATE_LIMITED with the seconds to wait. A manager, whom the cashier calls about such a sale,
   * is never made to wait.
   */
  'sale.checkNow': needs('sell')(saleIdInput).returns<SaleView>(),
  /**
   * The customer of a completed, unprinted sale left without the receipt: approved by a manager
   * (their PIN, or their own session), journaled and audited; the sale is no longer pinned.
   */
  'sale.markLeftWithoutReceipt': needs('sell')(
    z.strictObject({ saleId: id, ...approval, reason: printedText(200).optional() }),
  ).returns<SaleView>(),
  /** The first print is the cashier's; a reprint needs a manager's PIN and says DUPLICATE. */
  'receipt.print': needs('sell')(z.strictObject({ saleId: id, ...approval })).returns<ReceiptView>(),
  'voucher.reveal': needs('reprintWithApproval')(z.strictObject({ saleId: id, seq: voucherSeq, managerPin: pin, approverId: id.optional() })).returns<RevealedVoucher>(),
  'voucher.balance': signedIn(z.strictObject({ saleId: id, seq: voucherSeq })).returns<{ balancePaise: number | null; readAt: number }>(),
};
