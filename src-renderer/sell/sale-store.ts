import { create } from 'zustand';
import { api, fieldErrors, type BridgeError } from '../bridge/api';
import type { CatalogBrand, QuoteView, SaleView, TenderInput } from '../bridge/contract';
import { isPendingState } from './outcome-text';
import { hasAmount, newDraft, toSaleInput, type CustomerDraft, type Draft, type SaleInput } from './sale-draft';
import { useCatalog } from './catalog-store';
import { usePending } from './pending-store';
import { useShiftGate } from './shift-gate-store';
import { checkPayment, defaultPayment, type PaymentDraft } from './tender-draft';
import { saleRefusal } from '../store/store-refusal';

export const QUOTE_DEBOUNCE_MS = 250;

/** editing → (Enter) confirm → placing → result; Esc goes back one step. */
export type SalePhase = 'editing' | 'reviewing' | 'confirm' | 'placing' | 'result';

/**
 * What the result dialog shows: the outcome, the refund's confirm step, or the payment taken
 * again before a retry (the first payment was given back, or never recorded).
 */
export type ResultStep = 'outcome' | 'refund' | 'pay-again';

/** The code main refuses a sale or a refund with when this counter's drawer is closed. */
export const NO_OPEN_SHIFT = 'NO_OPEN_SHIFT';
/** The code main refuses Place with when the draft's sale id is another sale's (nothing was sold). */
const SALE_ID_IN_USE = 'SALE_ID_IN_USE';

const paymentFields = (fields: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(fields).filter(([f]) => f === 'tenders' || f.startsWith('tenders.')));

interface SaleState {
  brand: CatalogBrand | null;
  draft: Draft | null;
  phase: SalePhase;
  /** The latest quote for the draft as it is now (the split preview), or null. */
  quote: QuoteView | null;
  quoting: boolean;
  /** Field problems from the draft itself or from the core's quote ('amount', 'customer.phoneNumber', …). */
  fields: Record<string, string>;
  /** A failure that is not about one field (service down, brand refused…). */
  error: BridgeError | null;
  customerOpen: boolean;
  /**
   * The customer's details while no brand is open (the cashier closed one to pick another).
   * They belong to the customer at the counter, not to a brand: only a completed sale or
   * "Next sale" clears them.
   */
  heldCustomer: CustomerDraft | null;
  /** The sale shown in the result dialog (just placed, retried, or opened from Pending). */
  result: SaleView | null;
  /** True when `result` is the outcome of the draft on screen (closing it starts the next sale). */
  resultIsCurrent: boolean;
  /** A "Try again" of the sale in the result dialog is on its way. */
  retrying: boolean;
  /** How the customer pays, at the confirm step: cash, exact amount, until the cashier says otherwise. */
  payment: PaymentDraft;
  /** Main's problems with the payment (keyed 'tenders', 'tenders.0.receivedPaise', …). */
  paymentErrors: Record<string, string>;
  /**
   * The cash change to hand back for the sale `changeFor` (just placed, or retried here — from the
   * sale's own dialog or from Pending sales), as main answered it for that sale's payment; 0 when none.
   */
  changePaise: number;
  /** The sale `changePaise` belongs to: the result dialog shows it for that sale only (see changeDue). */
  changeFor: string | null;
  resultStep: ResultStep;
  /** A refund of the sale in the result dialog is on its way. */
  refunding: boolean;
  /**
   * The id the draft's sale takes once Place is pressed, kept until the draft changes or its sale
   * is shown: pressed again after an answer that was lost or unclear, main answers that sale
   * instead of selling a second time.
   */
  saleId: string | null;
  selectBrand(entry: CatalogBrand): void;
  closeBrand(): void;
  edit(change: (draft: Draft) => Draft): void;
  setCustomerOpen(open: boolean): void;
  review(): Promise<void>;
  backToEditing(): void;
  editPayment(change: (payment: PaymentDraft) => PaymentDraft): void;
  place(): Promise<void>;
  /** `tenders` only when the sale's payment does not carry over (given back, or never recorded). */
  retry(saleId: string, tenders?: TenderInput[]): Promise<void>;
  refund(saleId: string): Promise<void>;
  setResultStep(step: ResultStep): void;
  showSale(sale: SaleView, step?: ResultStep): void;
  saleChanged(sale: SaleView): void;
  closeResult(): void;
  nextSale(): void;
  reset(): void;
}

/**
 * The change due the result dialog shows: the change main answered for the sale shown, and only
 * for it — a sale opened from Pending sales shows none until it is retried here with a new payment,
 * and never the change of another sale (the previous customer's, or the current draft's).
 */
export const changeDue = (s: Pick<SaleState, 'result' | 'changeFor' | 'changePaise'>): number => (s.result !== null && s.changeFor === s.result.id ? s.changePaise : 0);

let quoteSeq = 0;
let quoteTimer: ReturnType<typeof setTimeout> | null = null;

const initial = {
  brand: null,
  draft: null,
  phase: 'editing' as SalePhase,
  quote: null,
  quoting: false,
  fields: {},
  error: null,
  customerOpen: false,
  heldCustomer: null,
  result: null,
  resultIsCurrent: false,
  retrying: false,
  payment: defaultPayment(),
  paymentErrors: {},
  changePaise: 0,
  changeFor: null,
  resultStep: 'outcome' as ResultStep,
  refunding: false,
  saleId: null,
};

export const useSale = create<SaleState>()((set, get) => {
  /** Asks main for a quote of the current draft; a newer draft makes the answer stale. */
  const quoteNow = async (): Promise<{ input: SaleInput; quote: QuoteView } | null> => {
    const draft = get().draft;
    if (!draft) return null;
    const seq = ++quoteSeq;
    const built = toSaleInput(draft);
    if (!built.ok) {
      set({ quote: null, quoting: false, fields: built.fields, error: null });
      return null;
    }
    set({ quoting: true });
    const result = await api('sale.quote', built.input);
    if (seq !== quoteSeq) return null;
    if (result.ok) {
      set({ quote: result.data, quoting: false, fields: {}, error: null });
      return { input: built.input, quote: result.data };
    }
    const fields = fieldErrors(result.error);
    const onlyFields = result.error.code === 'INVALID_SALE' && Object.keys(fields).length > 0;
    const error = onlyFields ? null : await saleRefusal(result.error, { nothingSent: true });
    if (seq !== quoteSeq) return null;
    set({
      quote: null,
      quoting: false,
      fields,
      error,
      customerOpen: get().customerOpen || Object.keys(fields).some((f) => f.startsWith('customer')),
    });
    return null;
  };

  const scheduleQuote = () => {
    if (quoteTimer) clearTimeout(quoteTimer);
    const draft = get().draft;
    if (!draft || !hasAmount(draft)) {
      quoteSeq++;
      return set({ quote: null, quoting: false, fields: {}, error: null });
    }
    quoteTimer = setTimeout(() => void quoteNow(), QUOTE_DEBOUNCE_MS);
  };

  const settle = (sale: SaleView & { changePaise: number }, current: boolean) => {
    if (sale.state === 'SUCCESS' || isPendingState(sale.state)) {
      useCatalog.getState().rememberSold({ id: sale.productId, title: sale.brandTitle });
    }
    // Also a paid failure: its money is to give back, and the strip keeps saying so until it is.
    if (isPendingState(sale.state) || sale.state === 'NEEDS_SUPPORT' || sale.paymentState === 'REFUND_DUE') usePending.getState().track(sale);
    const { changePaise, ...view } = sale;
    // The draft's sale is made: pressing Place on it again (a failed sale's draft) is a new sale.
    // The change is that sale's (its tender as main recorded it), whichever dialog the retry came from.
    set({ phase: current ? 'result' : get().phase, result: view, resultIsCurrent: current, retrying: false, error: null, changePaise, changeFor: view.id, resultStep: 'outcome', paymentErrors: {}, ...(current ? { saleId: null } : {}) });
  };

  /** Main said this counter has no open shift: the screen asks it again and shows the gate. */
  const noShift = (error: BridgeError): boolean => {
    if (error.code !== NO_OPEN_SHIFT) return false;
    void useShiftGate.getState().load();
    return true;
  };

  return {
    ...initial,

    selectBrand(entry) {
      if (quoteTimer) clearTimeout(quoteTimer);
      quoteSeq++;
      const { draft, heldCustomer, customerOpen } = get();
      set({ ...initial, brand: entry, draft: newDraft(entry.brand, draft?.customer ?? heldCustomer ?? undefined), customerOpen });
    },

    closeBrand() {
      if (quoteTimer) clearTimeout(quoteTimer);
      quoteSeq++;
      const { draft, heldCustomer, customerOpen } = get();
      set({ ...initial, heldCustomer: draft?.customer ?? heldCustomer, customerOpen });
    },

    edit(change) {
      const draft = get().draft;
      if (!draft || get().phase === 'placing') return;
      // Another draft is another sale.
      set({ draft: change(draft), phase: 'editing', saleId: null });
      scheduleQuote();
    },

    setCustomerOpen(open) {
      set({ customerOpen: open });
    },

    async review() {
      if (get().phase !== 'editing' || !get().draft) return;
      if (quoteTimer) clearTimeout(quoteTimer);
      set({ phase: 'reviewing' });
      const quoted = await quoteNow();
      if (get().phase !== 'reviewing') return;
      // Every confirmation starts at cash, exact amount: the repeat sale needs no extra key.
      set({ phase: quoted ? 'confirm' : 'editing', payment: defaultPayment(), paymentErrors: {} });
    },

    backToEditing() {
      if (get().phase === 'placing') return;
      set({ phase: 'editing', error: null });
    },

    editPayment(change) {
      if (get().phase !== 'confirm') return;
      set({ payment: change(get().payment), paymentErrors: {}, error: null });
    },

    async place() {
      const { draft, quote, payment } = get();
      if (!draft || !quote || get().phase !== 'confirm') return;
      const built = toSaleInput(draft);
      if (!built.ok) return set({ phase: 'editing', fields: built.fields });
      // The dialog shows what does not add up as it is typed; nothing is sent until it does.
      const tenders = checkPayment(payment, quote.customerPaysPaise).tenders;
      if (!tenders) return;
      const saleId = get().saleId ?? crypto.randomUUID();
      set({ phase: 'placing', error: null, paymentErrors: {}, saleId });
      const result = await api('sale.place', { ...built.input, tenders, saleId });
      if (result.ok) return settle(result.data, true);
      const fields = fieldErrors(result.error);
      const paymentProblems = paymentFields(fields);
      if (noShift(result.error)) {
        // The screen's shift gate says it, and the draft waits there until the drawer is open.
        set({ phase: 'editing', error: null });
      } else if (Object.keys(paymentProblems).length > 0) {
        set({ phase: 'confirm', paymentErrors: paymentProblems, error: Object.keys(paymentProblems).length < Object.keys(fields).length ? result.error : null });
      } else if (result.error.code === 'INVALID_SALE' && Object.keys(fields).length > 0) {
        set({ phase: 'editing', fields, error: null, customerOpen: get().customerOpen || Object.keys(fields).some((f) => f.startsWith('customer')) });
      } else {
        // The sale may or may not exist (e.g. the app stopped answering): Pending sales will show it.
        // Its id kept, Place again answers that sale; an id main says is another sale's sold nothing, so the next press takes a new one.
        set({ phase: 'confirm', error: await saleRefusal(result.error, { nothingSent: false }), ...(result.error.code === SALE_ID_IN_USE ? { saleId: null } : {}) });
        void usePending.getState().load();
      }
    },

    async retry(saleId, tenders) {
      if (get().retrying) return;
      set({ retrying: true, error: null, paymentErrors: {} });
      const result = await api('sale.retry', tenders ? { saleId, tenders } : { saleId });
      if (result.ok) {
        // The failed sale is done with at the counter: its payment went with the retry, or was given back.
        usePending.getState().dismiss(saleId);
        return settle(result.data, get().resultIsCurrent);
      }
      noShift(result.error);
      const paymentProblems = paymentFields(fieldErrors(result.error));
      set({ retrying: false, error: await saleRefusal(result.error, { nothingSent: false }), paymentErrors: paymentProblems });
      void usePending.getState().load();
    },

    async refund(saleId) {
      if (get().refunding) return;
      set({ refunding: true, error: null });
      const result = await api('sale.refund', { saleId });
      if (!result.ok) {
        noShift(result.error);
        // Given back already (elsewhere, or an answer lost on the way): the sale as main has it now.
        const now = await api('sale.get', { saleId });
        if (now.ok) {
          get().saleChanged(now.data);
          usePending.getState().saleChanged(now.data);
        }
        return set({ refunding: false, error: result.error });
      }
      // Given back: nothing is left to do about it at the counter, so its card leaves the strip.
      usePending.getState().dismiss(saleId);
      set({ refunding: false, resultStep: 'outcome', ...(get().result?.id === saleId ? { result: result.data } : {}) });
    },

    setResultStep(resultStep) {
      set({ resultStep, error: null, paymentErrors: {} });
    },

    showSale(sale, resultStep = 'outcome') {
      set({ result: sale, resultIsCurrent: false, error: null, changePaise: 0, changeFor: null, resultStep, paymentErrors: {} });
    },

    saleChanged(sale) {
      if (get().result?.id === sale.id) set({ result: sale });
    },

    closeResult() {
      const { result, resultIsCurrent, resultStep, retrying, refunding } = get();
      // Its answer is on its way and lands here: closing now would leave the sale's form (and its
      // customer's details) under an answer that is no longer the current sale's.
      if (retrying || refunding) return;
      // Esc on a refund or a new payment steps back to the outcome, where the money is still spelled out.
      if (result && resultStep !== 'outcome') return set({ resultStep: 'outcome', error: null, paymentErrors: {} });
      if (!resultIsCurrent || !result) return set({ result: null, error: null, changePaise: 0, changeFor: null });
      // A refused or failed sale goes back to its draft so the cashier can change it.
      if (result.state === 'FAILED' || result.state === 'REJECTED') return set({ result: null, resultIsCurrent: false, phase: 'editing', error: null, changePaise: 0, changeFor: null });
      get().nextSale();
    },

    nextSale() {
      if (quoteTimer) clearTimeout(quoteTimer);
      quoteSeq++;
      set({ ...initial });
      useCatalog.getState().clearQuery();
    },

    reset() {
      if (quoteTimer) clearTimeout(quoteTimer);
      quoteSeq++;
      set({ ...initial });
    },
  };
});
