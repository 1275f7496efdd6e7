import type { AuditLog } from '../../audit/audit-log.js';
import { PrintTokens } from './print-tokens.js';
import type { ReceiptData, ReceiptView, RevealedVoucher, SaleView } from '../../contract/index.js';
import type { SaleInput } from '../../orders/rules/index.js';
import type { CheckNowResult, PlaceOnceResult, QuoteResult, ReceiptWaiverRefusal, SaleRefusal } from '../../orders/sales/sale-service.js';
import { refundSale, resolveReview, reviewRefusal, type RefundResult, type ReviewDecisionInput } from '../../till/refunds.js';
import type { ReviewDecisionKind } from '../../till/tender.js';
import type { TenderEntry } from '../../till/tender-rules.js';
import type { VoucherService } from '../../vouchers/voucher-service.js';
import type { EnvironmentContext } from '../environment-context.js';
import type { StartupReport } from '../environment-switch.js';

type SaleOutcomeOf<R> = { ok: true; sale: SaleView } | R;
export type PlacedOutcome = { ok: true; sale: SaleView; changePaise: number } | SaleRefusal;

/** The current environment's sales and their vouchers, as the counter sees them (masked). */
export interface SalesFacade {
  quote(input: SaleInput, tenders?: readonly TenderEntry[]): Promise<QuoteResult>;
  /**
   * Sells, once last session's unfinished sales have been reconciled; audited by the sale service.
   * With `saleId` (the page's id for this sale), at most once under it (SaleService.placeOnce).
   */
  place(input: SaleInput, cashierId: string, tenders: readonly TenderEntry[], saleId?: string): Promise<PlacedOutcome | Exclude<PlaceOnceResult, { ok: true }>>;
  get(saleId: string): SaleView | undefined;
  /** Sales not yet known to have succeeded or failed. */
  pending(): SaleView[];
  /** Completed sales whose receipt is still owed, oldest first. */
  unprinted(): SaleView[];
  /** Null when a manager may record that the customer of `saleId` left without the receipt. */
  receiptWaiverRefusal(saleId: string): ReceiptWaiverRefusal | null;
  /** Records it (approved by the manager `approvedBy`, asked by `actor`); journaled and audited by the sale service. */
  recordLeftWithoutReceipt(saleId: string, by: { actor: string; approvedBy: string; reason: string | null }): SaleOutcomeOf<ReceiptWaiverRefusal>;
  retry(saleId: string, cashierId: string, tenders?: readonly TenderEntry[]): Promise<PlacedOutcome | { ok: false; kind: 'not-retryable'; message: string }>;
  /** Gives a failed paid sale's money back, once; audited. */
  refund(saleId: string, actor: string): SaleOutcomeOf<Exclude<RefundResult, { ok: true }>>;
  /**
   * Before anyone's PIN is checked: why a manager's decision on `saleId` cannot be recorded, or
   * the sale as it is when the same decision is already on record (a repeat), or null.
   */
  reviewRefusal(saleId: string, decision: ReviewDecisionKind): { kind: 'refused'; result: Exclude<RefundResult, { ok: true }> } | { kind: 'repeat'; sale: SaleView } | null;
  /** A manager's decision about the money of a sale in MANAGER_REVIEW (till/refunds.ts resolveReview); audited. */
  resolveReview(saleId: string, input: ReviewDecisionInput): SaleOutcomeOf<Exclude<RefundResult, { ok: true }>>;
  /** Checks an in-doubt or stuck sale with the service now; audited with who asked. `limited`: a cashier's (CASHIER_CHECK_INTERVAL_MS). */
  checkNow(saleId: string, actor: string, who: { limited: boolean }): Promise<{ ok: true; sale: SaleView } | Exclude<CheckNowResult, { ok: true }>>;
  /** The receipt to print (the first print, or a reprint approved by `approvedBy`); null unless the sale succeeded. */
  receipt(saleId: string, actor: string, approvedBy: string | null): (ReceiptData & Pick<ReceiptView, 'training' | 'payment' | 'printToken'>) | null;
  /**
   * What became of the receipt copy `token` names (receipt.print's printToken), said by the shell
   * that printed it, once. Not printed: the copy is not counted, so printing again is not a
   * reprint, and a first copy is owed again (audited). False when the token is unknown, spent or
   * expired.
   */
  receiptPrintOutcome(token: string, printed: boolean, actor: string | null): boolean;
  /** One voucher's card number and PIN, audited with the manager who approved. */
  reveal(saleId: string, seq: number, approvedBy: string): RevealedVoucher | null;
  liveBalance: VoucherService['liveBalance'];
}

export function salesFacade(env: () => EnvironmentContext, ready: () => Promise<StartupReport>, { audit, now }: { audit: AuditLog; now: () => number }): SalesFacade {
  const printTokens = new PrintTokens<{ ctx: EnvironmentContext; saleId: string; copy: number }>();
  const view = (ctx: EnvironmentContext, sale: Parameters<EnvironmentContext['viewSale']>[0]) => ctx.viewSale(sale);
  return {
    quote: (input, tenders) => env().sales.quote(input, tenders),
    async place(input, cashierId, tenders, saleId) {
      await ready();
      const ctx = env();
      const result = saleId ? await ctx.sales.placeOnce(saleId, input, cashierId, tenders) : await ctx.sales.place(input, cashierId, { tenders });
      return result.ok ? { ok: true, sale: view(ctx, result.sale), changePaise: result.changePaise } : result;
    },
    get(saleId) {
      const ctx = env();
      const sale = ctx.journal.get(saleId);
      return sale && view(ctx, sale);
    },
    pending() {
      const ctx = env();
      return ctx.journal.unfinished().map((s) => view(ctx, s));
    },
    unprinted() {
      const ctx = env();
      return ctx.journal.unprinted().map((s) => view(ctx, s));
    },
    receiptWaiverRefusal: (saleId) => env().sales.receiptWaiverRefusal(saleId),
    recordLeftWithoutReceipt(saleId, by) {
      const ctx = env();
      const result = ctx.sales.recordLeftWithoutReceipt(saleId, by);
      return result.ok ? { ok: true, sale: view(ctx, result.sale) } : result;
    },
    async retry(saleId, cashierId, tenders) {
      const ctx = env();
      const result = await ctx.sales.retry(saleId, cashierId, tenders);
      return result.ok ? { ok: true, sale: view(ctx, result.sale), changePaise: result.changePaise } : result;
    },
    refund(saleId, actor) {
      const ctx = env();
      const result = refundSale({ journal: ctx.journal, till: ctx.till, audit, now }, saleId, actor);
      return result.ok ? { ok: true, sale: view(ctx, result.sale) } : result;
    },
    reviewRefusal(saleId, decision) {
      const ctx = env();
      const refusal = reviewRefusal({ journal: ctx.journal, till: ctx.till }, saleId, decision);
      return refusal?.kind === 'repeat' ? { kind: 'repeat', sale: view(ctx, refusal.sale) } : refusal;
    },
    resolveReview(saleId, input) {
      const ctx = env();
      const result = resolveReview({ journal: ctx.journal, till: ctx.till, audit, now }, saleId, input);
      return result.ok ? { ok: true, sale: view(ctx, result.sale) } : result;
    },
    async checkNow(saleId, actor, who) {
      const ctx = env();
      const result = await ctx.sales.checkNow(saleId, actor, who);
      return result.ok ? { ok: true, sale: view(ctx, result.sale) } : result;
    },
    receipt(saleId, actor, approvedBy) {
      const ctx = env();
      const receipt = ctx.vouchers.receipt(saleId, actor, approvedBy);
      if (!receipt) return null;
      const printToken = printTokens.issue({ ctx, saleId, copy: receipt.copy }, now());
      const held = ctx.till.salePayment(saleId);
      const sale = ctx.journal.get(saleId);
      const payment = held && sale ? { amountPaise: held.payment.amountPaise, discountPaise: sale.discountPaise, changePaise: held.payment.changePaise, tenders: held.payment.tenders } : null;
      return { ...receipt, training: ctx.environment === 'training', payment, printToken };
    },
    receiptPrintOutcome(token, printed, actor) {
      const copy = printTokens.take(token, now());
      if (!copy || printed) return copy !== null;
      // Printed in an environment no longer current: its journal is closed, and the copy stays counted.
      if (copy.ctx !== env()) return false;
      const taken = copy.ctx.journal.uncountPrint(copy.saleId, copy.copy);
      if (taken) audit.append({ actor, action: 'receipt.not_printed', saleId: copy.saleId, details: { copy: copy.copy } });
      return taken;
    },
    reveal: (saleId, seq, approvedBy) => env().vouchers.reveal(saleId, seq, approvedBy),
    liveBalance: (saleId, seq) => env().vouchers.liveBalance(saleId, seq),
  };
}
