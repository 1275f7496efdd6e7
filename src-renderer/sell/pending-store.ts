import { create } from 'zustand';
import { api, type BridgeError } from '../bridge/api';
import type { SaleView } from '../bridge/contract';
import { useSession } from '../app/session-store';
import type { ReceiptWaiverApproval } from './LeftWithoutReceiptDialog';

/**
 * One list per environment: a sale of one is unknown in another, and must not be dropped from
 * its own list for that (a refund still due there would lose its card in the strip).
 */
const trackedKey = (): string => `pos.pendingSales.${useSession.getState().info?.environment ?? 'unknown'}`;

/**
 * The Pending strip: sales that did not end at the counter (PROCESSING, IN DOUBT), completed
 * sales whose receipt is still owed, and failures the cashier has not dismissed yet. Main's
 * `sale.pending` lists the first two from the journal, so they survive Esc, an idle lock, a
 * sign-out, a reload and a restart; the ids of failures not yet dismissed are kept here (ids
 * only — never card data).
 */
interface PendingState {
  sales: SaleView[];
  loaded: boolean;
  load(): Promise<void>;
  track(sale: SaleView): void;
  /** A sale.updated event: replaces the sale's view when it is one the strip shows. */
  saleChanged(sale: SaleView): void;
  dismiss(saleId: string): void;
  /** A manager approved (by name and PIN, or signed in) that the customer left without the receipt; null when recorded. */
  leftWithoutReceipt(saleId: string, approval: ReceiptWaiverApproval): Promise<BridgeError | null>;
  reset(): void;
}

function readTracked(): string[] {
  try {
    // The one list kept before lists were per environment is read until this environment has its own.
    const ids: unknown = JSON.parse(localStorage.getItem(trackedKey()) ?? localStorage.getItem('pos.pendingSales') ?? '[]');
    return Array.isArray(ids) ? ids.filter((x): x is string => typeof x === 'string').slice(0, 50) : [];
  } catch {
    return [];
  }
}

function writeTracked(sales: SaleView[], unanswered: readonly string[] = []): void {
  try {
    localStorage.setItem(trackedKey(), JSON.stringify([...sales.map((s) => s.id), ...unanswered]));
  } catch {
    // Nothing to do: main's sale.pending still lists unfinished sales after a reload.
  }
}

const newestFirst = (a: SaleView, b: SaleView) => b.createdAt - a.createdAt;

/**
 * A completed sale belongs in the strip only while its receipt is owed; whether it is, main's
 * journal says (a print or a manager's record elsewhere settles it), never this page's memory.
 */
const belongs = (sale: SaleView) => sale.state !== 'SUCCESS' || sale.receiptOwed;

export const usePending = create<PendingState>()((set, get) => {
  /** Ids whose sale could not be read at the last load (main busy, the bridge failing): kept, and asked again next time. */
  let unanswered: string[] = [];
  const put = (sales: SaleView[]) => {
    const sorted = [...sales].sort(newestFirst);
    writeTracked(sorted, unanswered.filter((id) => !sorted.some((s) => s.id === id)));
    set({ sales: sorted });
  };
  return {
    sales: [],
    loaded: false,

    async load() {
      const ids = readTracked();
      const [pending, ...tracked] = await Promise.all([api('sale.pending'), ...ids.map((saleId) => api('sale.get', { saleId }))]);
      const byId = new Map<string, SaleView>();
      for (const r of tracked) if (r?.ok) byId.set(r.data.id, r.data);
      // Dropped only when main says there is no such sale; any other failure keeps the id.
      unanswered = ids.filter((_, i) => !tracked[i]?.ok && tracked[i]?.error.code !== 'NOT_FOUND');
      if (pending?.ok) for (const s of [...pending.data.sales, ...pending.data.unprinted]) byId.set(s.id, s);
      // Kept from memory only when main could not be asked; otherwise its answer is the truth.
      for (const s of get().sales) if (!byId.has(s.id) && (!pending?.ok || s.state !== 'SUCCESS')) byId.set(s.id, s);
      put([...byId.values()].filter(belongs));
      set({ loaded: true });
    },

    track(sale) {
      put([sale, ...get().sales.filter((s) => s.id !== sale.id)]);
    },

    saleChanged(sale) {
      if (get().sales.some((s) => s.id === sale.id)) put(get().sales.map((s) => (s.id === sale.id ? sale : s)));
    },

    dismiss(saleId) {
      put(get().sales.filter((s) => s.id !== saleId));
    },

    async leftWithoutReceipt(saleId, approval) {
      const result = await api('sale.markLeftWithoutReceipt', { saleId, ...approval });
      if (!result.ok) return result.error;
      get().dismiss(saleId);
      return null;
    },

    reset() {
      unanswered = [];
      set({ sales: [], loaded: false });
    },
  };
});
