import { create } from 'zustand';
import { api, fieldErrors, type BridgeError } from '../bridge/api';
import type { CatalogBrand, QuoteView, SaleView } from '../bridge/contract';
import { isPendingState } from './outcome-text';
import { hasAmount, newDraft, toSaleInput, type CustomerDraft, type Draft, type SaleInput } from './sale-draft';
import { useCatalog } from './catalog-store';
import { usePending } from './pending-store';

export const QUOTE_DEBOUNCE_MS = 250;

/** editing → (Enter) confirm → placing → result; Esc goes back one step. */
export type SalePhase = 'editing' | 'reviewing' | 'confirm' | 'placing' | 'result';

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
  selectBrand(entry: CatalogBrand): void;
  closeBrand(): void;
  edit(change: (draft: Draft) => Draft): void;
  setCustomerOpen(open: boolean): void;
  review(): Promise<void>;
  backToEditing(): void;
  place(): Promise<void>;
  retry(saleId: string): Promise<void>;
  showSale(sale: SaleView): void;
  saleChanged(sale: SaleView): void;
  closeResult(): void;
  nextSale(): void;
  reset(): void;
}

let quoteSeq = 0;
let quoteTimer: ReturnType<typeof setTimeout> | null = null;

const initial = { brand: null, draft: null, phase: 'editing' as SalePhase, quote: null, quoting: false, fields: {}, error: null, customerOpen: false, heldCustomer: null, result: null, resultIsCurrent: false, retrying: false };

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
    set({
      quote: null,
      quoting: false,
      fields,
      error: onlyFields ? null : result.error,
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

  const settle = (sale: SaleView, current: boolean) => {
    if (sale.state === 'SUCCESS' || isPendingState(sale.state)) {
      useCatalog.getState().rememberSold({ id: sale.productId, title: sale.brandTitle });
    }
    if (isPendingState(sale.state) || sale.state === 'NEEDS_SUPPORT') usePending.getState().track(sale);
    set({ phase: current ? 'result' : get().phase, result: sale, resultIsCurrent: current, retrying: false, error: null });
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
      set({ draft: change(draft), phase: 'editing' });
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
      set({ phase: quoted ? 'confirm' : 'editing' });
    },

    backToEditing() {
      if (get().phase === 'placing') return;
      set({ phase: 'editing', error: null });
    },

    async place() {
      const draft = get().draft;
      if (!draft || get().phase !== 'confirm') return;
      const built = toSaleInput(draft);
      if (!built.ok) return set({ phase: 'editing', fields: built.fields });
      set({ phase: 'placing', error: null });
      const result = await api('sale.place', built.input);
      if (result.ok) return settle(result.data, true);
      const fields = fieldErrors(result.error);
      if (result.error.code === 'INVALID_SALE' && Object.keys(fields).length > 0) {
        set({ phase: 'editing', fields, error: null, customerOpen: get().customerOpen || Object.keys(fields).some((f) => f.startsWith('customer')) });
      } else {
        // The sale may or may not exist (e.g. the app stopped answering): Pending sales will show it.
        set({ phase: 'confirm', error: result.error });
        void usePending.getState().load();
      }
    },

    async retry(saleId) {
      if (get().retrying) return;
      set({ retrying: true, error: null });
      const result = await api('sale.retry', { saleId });
      if (result.ok) return settle(result.data, get().resultIsCurrent);
      set({ retrying: false, error: result.error });
      void usePending.getState().load();
    },

    showSale(sale) {
      set({ result: sale, resultIsCurrent: false, error: null });
    },

    saleChanged(sale) {
      if (get().result?.id === sale.id) set({ result: sale });
    },

    closeResult() {
      const { result, resultIsCurrent } = get();
      if (!resultIsCurrent || !result) return set({ result: null, error: null });
      // A refused or failed sale goes back to its draft so the cashier can change it.
      if (result.state === 'FAILED' || result.state === 'REJECTED') return set({ result: null, resultIsCurrent: false, phase: 'editing', error: null });
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
