import { randomUUID } from 'node:crypto';
import type { AuditLog } from '../../audit/audit-log.js';
import type { Logger } from '../../platform/logger.js';
import type { PartnerClient } from '../../partner-api/partner-client.js';
import type { PartnerError } from '../../partner-api/partner-error.js';
import type { PartnerBrand } from '../../partner-api/types.js';
import { checkTenders, type TenderEntry } from '../../till/tender-rules.js';
import { PaymentRefundedError, ShiftClosedError, type TillStore } from '../../till/till-store.js';
import type { FloatGuard } from '../../wallet/wallet-service.js';
import type { OrderEngine } from '../engine/order-engine.js';
import type { SaleJournal } from '../journal/sale-journal.js';
import type { SaleRecord } from '../journal/sale-record.js';
import { customerPaysOf, orderRequestBody, validateSale, type BusinessModel, type FieldProblem, type SaleInput, type ValidSale } from '../rules/index.js';

export interface Quote {
  sale: ValidSale;
  brand: PartnerBrand;
  /** Face value − the customer's discount. */
  customerPaysPaise: number;
  /** Cash change due, when tenders were given and add up. */
  changePaise: number | null;
  /** Set when the float guard thinks the wallet may not cover it (a warning, not a refusal). */
  floatWarning: string | null;
}

export type QuoteResult =
  | { ok: true; quote: Quote }
  | { ok: false; kind: 'invalid'; problems: FieldProblem[] }
  | { ok: false; kind: 'no-shift'; message: string }
  | { ok: false; kind: 'service'; error: PartnerError };

/**
 * Why a sale was not placed: a quote's refusal, or `drawer-changed` (DRAWER_CHANGED): the drawer
 * it was started in was closed and another opened while its brand was being checked.
 */
export type SaleRefusal = Exclude<QuoteResult, { ok: true }> | { ok: false; kind: 'drawer-changed'; message: string };

export type PlaceResult = { ok: true; sale: SaleRecord; quote: Quote; changePaise: number } | SaleRefusal;

/**
 * place() under the id the page gave the sale. `repeated`: that id was placed already (its answer
 * was lost or unclear), so this is that sale, not a second one. `id-in-use`: the id is another
 * sale's (another brand or amount), so nothing was done.
 */
export type PlaceOnceResult =
  | PlaceResult
  | { ok: true; sale: SaleRecord; changePaise: number; repeated: true }
  | { ok: false; kind: 'id-in-use'; message: string };

export const SALE_ID_IN_USE = 'That sale id belongs to another sale (another brand or amount); nothing was sold. Start the sale again.';

/**
 * A handover (the drawer closed, another opened) while the sale's brand was being checked. The
 * sale is not moved into the new drawer unasked: the old one was counted and closed without it,
 * and the cashier must know which drawer the customer's money goes into.
 */
export const DRAWER_CHANGED =
  'The drawer was closed and another one opened while this sale was being checked with the service: nothing was recorded and nothing was sent.';
export const DRAWER_CHANGED_ACTION = 'Sell it again: confirm the sale once more and it goes into the drawer open now.';

/** How a sale is paid: tenders taken now, or the payment of the failed sale it retries. */
export type PayWith = { tenders: readonly TenderEntry[] } | { carryPaymentOf: string };

/**
 * How often a cashier may have one sale checked. Each check is a look-up at the service (for a
 * sale in doubt, possibly a resend of the same reference), and the service limits requests per
 * store; the engine keeps checking unsettled sales by itself in between.
 */
export const CASHIER_CHECK_INTERVAL_MS = 30_000;

export type CheckNowResult =
  | { ok: true; sale: SaleRecord }
  | { ok: false; kind: 'not-found' }
  | { ok: false; kind: 'too-soon'; waitSeconds: number };

/** Why a customer leaving without a sale's receipt cannot be recorded. */
export type ReceiptWaiverRefusal = { ok: false; kind: 'not-found' | 'not-owed'; message: string };

export interface SaleServiceDeps {
  engine: OrderEngine;
  journal: SaleJournal;
  client: () => PartnerClient;
  audit: AuditLog;
  logger: Logger;
  now: () => number;
  businessModel: () => BusinessModel;
  newReferenceId: () => string;
  floatGuard: (debitPaise: number) => Promise<FloatGuard>;
  till: TillStore;
  /** The open shift of this counter, if any: selling needs one. */
  currentShiftId: () => string | null;
  noShiftMessage: string;
  /** Keeps the local catalog in step with the fresh copy fetched for validation. */
  onFreshBrand?: (brand: PartnerBrand) => void;
  /** After a sale settles, e.g. to re-read the wallet. */
  onSettled?: (sale: SaleRecord) => void;
}

/**
 * A cashier's sale from input to journal: validated against a *fresh* copy of the brand
 * (spec §4.3 — the local catalog may be a day old), given a new referenceId, committed and
 * sent by the order engine, audited. Retrying a rejected or failed sale is a new sale with a
 * new referenceId that points back to the old one.
 */
export class SaleService {
  private readonly retrying = new Set<string>();
  /** Sales being placed under a page's id, with what was asked: a second call with that id joins the first. */
  private readonly placing = new Map<string, { asked: SaleInput; result: Promise<PlaceResult> }>();
  /** When each sale was last checked at a person's request; entries older than the interval are dropped. */
  private readonly checkedAt = new Map<string, number>();

  constructor(private readonly deps: SaleServiceDeps) {}

  async quote(input: SaleInput, tenders?: readonly TenderEntry[]): Promise<QuoteResult> {
    const fresh = await this.deps.client().getBrand(input.productId);
    if (!fresh.ok) return { ok: false, kind: 'service', error: fresh.error };
    const brand = fresh.value;
    this.deps.onFreshBrand?.(brand);
    const checked = validateSale(input, brand, this.deps.businessModel());
    if (!checked.ok) return { ok: false, kind: 'invalid', problems: checked.problems };
    const customerPaysPaise = customerPaysOf({ amountPaise: checked.value.totalPaise, discountPaise: checked.value.discountPaise });
    let changePaise: number | null = null;
    if (tenders) {
      const paid = checkTenders(tenders, customerPaysPaise);
      if (!paid.ok) return { ok: false, kind: 'invalid', problems: paid.problems };
      changePaise = paid.changePaise;
    }
    const guard = await this.deps.floatGuard(checked.value.debitPaise);
    return { ok: true, quote: { sale: checked.value, brand, customerPaysPaise, changePaise, floatWarning: guard.ok ? null : guard.warning } };
  }

  /**
   * Sells: refused before anything is sent when no shift is open or the payment does not cover
   * exactly what the customer pays. The payment is written in the intent's own commit.
   */
  async place(input: SaleInput, cashierId: string, payWith: PayWith, retryOf: string | null = null, id: string = randomUUID()): Promise<PlaceResult> {
    // Before anything is audited: no sale starts while last session's sales are being reconciled.
    await this.deps.engine.start();
    const noShift = { ok: false, kind: 'no-shift', message: this.deps.noShiftMessage } as const;
    const shiftId = this.deps.currentShiftId();
    if (!shiftId) return noShift;
    const quoted = await this.quote(input);
    if (!quoted.ok) return quoted;
    const { sale, brand, customerPaysPaise } = quoted.quote;
    const takenAt = this.deps.now();
    let writePayment: () => void;
    let changePaise = 0;
    if ('tenders' in payWith) {
      const paid = checkTenders(payWith.tenders, customerPaysPaise);
      if (!paid.ok) return { ok: false, kind: 'invalid', problems: paid.problems };
      changePaise = paid.changePaise;
      const payment = { id: randomUUID(), shiftId, takenBy: cashierId, takenAt, amountPaise: paid.amountPaise, changePaise, tenders: paid.tenders };
      writePayment = () => this.deps.till.recordPayment(id, payment);
    } else {
      const paymentId = payWith.carryPaymentOf;
      writePayment = () => this.deps.till.carryPayment(id, paymentId);
    }
    const referenceId = this.deps.newReferenceId();
    const payload = orderRequestBody(sale, referenceId);
    this.deps.audit.append({
      actor: cashierId,
      action: retryOf ? 'sale.retried' : 'sale.placed',
      saleId: id,
      details: { referenceId, productId: brand.id, amountPaise: sale.totalPaise, debitPaise: sale.debitPaise, customerPaysPaise, retryOf },
    });
    let record: SaleRecord;
    try {
      record = await this.deps.engine.placeSale(
        {
          id,
          referenceId,
          productId: brand.id,
          brandTitle: brand.title,
          brandSnapshot: brand,
          payload,
          amountPaise: sale.totalPaise,
          discountPaise: sale.discountPaise,
          customerPhone: sale.customerDetails?.phoneNumber ?? sale.deliveryDetails?.recipientPhoneNumber ?? null,
          cashierId,
          retryOf,
          createdAt: takenAt,
        },
        writePayment,
      );
    } catch (error) {
      // The audit line above went first (a sale must never exist unaudited). If the intent never
      // reached the journal (a full disk, a damaged file, the drawer closed meanwhile), the trail
      // says so rather than leave a sale that does not exist; if this write fails too, the
      // original error is the one to report.
      if (!this.deps.journal.get(id)) {
        try {
          this.deps.audit.append({ actor: cashierId, action: 'sale.not_recorded', saleId: id, details: { referenceId, reason: (error as Error).message } });
        } catch {
          /* the first error says what happened */
        }
      }
      if (error instanceof ShiftClosedError) {
        // Closed and not reopened, the drawer is not open (true, and Sell offers to open it);
        // handed over meanwhile, it is: say what happened instead.
        const now = this.deps.currentShiftId();
        return now !== null && now !== shiftId ? { ok: false, kind: 'drawer-changed', message: DRAWER_CHANGED } : noShift;
      }
      if (error instanceof PaymentRefundedError) {
        return { ok: false, kind: 'invalid', problems: [{ field: 'tenders', message: 'The customer’s payment for the failed sale was given back meanwhile; take the payment again.' }] };
      }
      throw error;
    }
    this.deps.onSettled?.(record);
    return { ok: true, sale: record, quote: quoted.quote, changePaise };
  }

  /**
   * Sells at most once under `saleId`, the id the page gave this sale. Asked again with it (the
   * first answer was lost on the way, or unclear, and the cashier pressed Place again), it answers
   * the sale made under it, whatever its state, and its payment stands as first taken: never a
   * second sale and a second order for one customer. Asked while the first call is still under
   * way, it waits for that call's answer.
   */
  async placeOnce(saleId: string, input: SaleInput, cashierId: string, tenders: readonly TenderEntry[]): Promise<PlaceOnceResult> {
    const idInUse = { ok: false, kind: 'id-in-use', message: SALE_ID_IN_USE } as const;
    const running = this.placing.get(saleId);
    if (running) return sameSale(running.asked, input) ? running.result : idInUse;
    const made = this.deps.journal.get(saleId);
    if (made) {
      if (!sameSale(made, input)) return idInUse;
      this.deps.audit.append({ actor: cashierId, action: 'sale.place_repeated', saleId });
      return { ok: true, sale: made, changePaise: this.deps.till.salePayment(saleId)?.payment.changePaise ?? 0, repeated: true };
    }
    const result = this.place(input, cashierId, { tenders }, null, saleId).finally(() => this.placing.delete(saleId));
    this.placing.set(saleId, { asked: input, result });
    return result;
  }

  /**
   * A person asks to check an in-doubt or stuck sale now; audited with who asked. `limited` (a
   * cashier): refused, with nothing sent or audited, within CASHIER_CHECK_INTERVAL_MS of the
   * sale's last check by anyone.
   */
  async checkNow(saleId: string, actor: string | null, { limited }: { limited: boolean }): Promise<CheckNowResult> {
    // Only a real sale is checked or remembered: ids a renderer made up leave no trace.
    if (!this.deps.journal.get(saleId)) return { ok: false, kind: 'not-found' };
    const now = this.deps.now();
    for (const [id, at] of this.checkedAt) {
      // A clock set back (at > now) must not lock a sale for as long as it moved.
      if (at <= now - CASHIER_CHECK_INTERVAL_MS || at > now) this.checkedAt.delete(id);
    }
    const last = this.checkedAt.get(saleId);
    if (limited && last !== undefined) return { ok: false, kind: 'too-soon', waitSeconds: Math.ceil((last + CASHIER_CHECK_INTERVAL_MS - now) / 1000) };
    // Taken before the look-up starts, so a second press during it is refused too.
    this.checkedAt.set(saleId, now);
    const sale = await this.deps.engine.checkNow(saleId);
    if (!sale) return { ok: false, kind: 'not-found' };
    this.deps.audit.append({ actor, action: 'sale.checked', saleId });
    return { ok: true, sale };
  }

  /** Null when the receipt of `saleId` is still owed, so a manager may record that the customer left without it. */
  receiptWaiverRefusal(saleId: string): ReceiptWaiverRefusal | null {
    const sale = this.deps.journal.get(saleId);
    return sale ? this.notOwed(sale) : { ok: false, kind: 'not-found', message: 'No such sale' };
  }

  /**
   * A manager's record that the customer left without the receipt: the sale stops being pinned
   * as owed. Journaled (who approved, when, why) in one conditional commit, so two managers at
   * once record it once, then audited with who asked.
   */
  recordLeftWithoutReceipt(saleId: string, by: { actor: string; approvedBy: string; reason: string | null }): { ok: true; sale: SaleRecord } | ReceiptWaiverRefusal {
    const refusal = this.receiptWaiverRefusal(saleId);
    if (refusal) return refusal;
    const result = this.deps.journal.recordReceiptWaiver(saleId, { at: this.deps.now(), approvedBy: by.approvedBy, reason: by.reason });
    if (!result.applied) return this.notOwed(result.record) ?? { ok: false, kind: 'not-owed', message: ALREADY_RECORDED };
    this.deps.audit.append({
      actor: by.actor,
      action: 'receipt.customer_left_without',
      saleId,
      details: { referenceId: result.record.referenceId, approvedBy: by.approvedBy, reason: by.reason },
    });
    return { ok: true, sale: result.record };
  }

  private notOwed(sale: SaleRecord): ReceiptWaiverRefusal | null {
    if (sale.receiptOwed) return null;
    const refuse = (message: string): ReceiptWaiverRefusal => ({ ok: false, kind: 'not-owed', message });
    if (sale.state !== 'SUCCESS') return refuse('Only a completed sale has a receipt to hand over.');
    if (this.deps.journal.receiptWaiver(sale.id)) return refuse(ALREADY_RECORDED);
    if (sale.printCount > 0) return refuse('This receipt was printed; there is nothing to record.');
    return refuse('This sale’s receipt is not waiting to be handed over.');
  }

  /**
   * Sells again what a REJECTED or FAILED sale tried to sell, under a new referenceId. The
   * customer's payment goes with it while it is on record and not given back; otherwise
   * `tenders` pay for the retry (and may not be given when the payment carries over: the
   * customer would pay twice).
   */
  async retry(saleId: string, cashierId: string, tenders?: readonly TenderEntry[]): Promise<PlaceResult | { ok: false; kind: 'not-retryable'; message: string }> {
    const previous = this.deps.journal.get(saleId);
    if (!previous || (previous.state !== 'REJECTED' && previous.state !== 'FAILED')) {
      return { ok: false, kind: 'not-retryable', message: 'Only a refused or failed sale can be tried again' };
    }
    const already = this.deps.journal.getRetryOf(saleId);
    if (already || this.retrying.has(saleId)) {
      return { ok: false, kind: 'not-retryable', message: `This sale is already being tried again${already ? ` (reference ${already.referenceId})` : ''}` };
    }
    const held = this.deps.till.salePayment(saleId);
    const carry = held !== null && held.refund === null;
    if (carry && tenders && tenders.length > 0) {
      return { ok: false, kind: 'invalid', problems: [{ field: 'tenders', message: 'The customer already paid for this sale; that payment goes with the retry. Do not take it again.' }] };
    }
    const payWith: PayWith = carry ? { carryPaymentOf: held.payment.id } : { tenders: tenders ?? [] };
    // The journal's unique index on retry_of is the backstop; this set answers a double click politely.
    this.retrying.add(saleId);
    try {
      return await this.place(inputFromPayload(previous), cashierId, payWith, previous.id);
    } finally {
      this.retrying.delete(saleId);
    }
  }
}

/** Whether two asks under one sale id are the same sale: the same brand and amount. */
function sameSale(a: Pick<SaleInput, 'productId' | 'amountPaise'>, b: Pick<SaleInput, 'productId' | 'amountPaise'>): boolean {
  return a.productId === b.productId && a.amountPaise === b.amountPaise;
}

const ALREADY_RECORDED = 'It is already recorded that the customer left without this receipt.';

/** The cashier's input that produced a journaled payload, so a retry sells exactly the same thing. */
function inputFromPayload(sale: SaleRecord): SaleInput {
  const p = sale.payload;
  return {
    productId: p.productId,
    amountPaise: sale.amountPaise,
    discountPaise: sale.discountPaise,
    lines: p.denominationDetails.map((d) => ({ denominationPaise: Math.round(d.denomination * 100), quantity: d.quantity })),
    customer: p.customerDetails ?? null,
    delivery: p.deliveryDetails ?? null,
  };
}
