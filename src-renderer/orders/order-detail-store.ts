import { create } from 'zustand';
import { api, type BridgeError } from '../bridge/api';
import type { DeliveryChannel, OrderDetail, RevealedVoucher, Output } from '../bridge/contract';
import type { ManagerApproval } from '../ui/ManagerPinDialog';

/** How long revealed card details stay on screen before they are masked again. */
export const REVEAL_SECONDS = 30;

type BalanceState = { busy: true } | { busy: false; value: Output<'voucher.balance'> } | { busy: false; error: BridgeError };

interface DetailState {
  saleId: string | null;
  detail: OrderDetail | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: BridgeError | null;
  balances: Record<number, BalanceState>;
  revealed: Record<number, RevealedVoucher & { hideAt: number }>;
  resend: { busy: boolean; message: string | null; error: BridgeError | null };
  open(saleId: string): Promise<void>;
  refresh(): Promise<void>;
  close(): void;
  /** A sale moved: the open order follows. */
  saleChanged(saleId: string): void;
  fetchBalance(seq: number): Promise<void>;
  reveal(seq: number, approval: ManagerApproval): Promise<BridgeError | null>;
  hide(seq: number): void;
  resendDelivery(channels: DeliveryChannel[]): Promise<void>;
}

const EMPTY_RESEND = { busy: false, message: null, error: null };

export const useOrderDetailStore = create<DetailState>()((set, get) => ({
  saleId: null,
  detail: null,
  status: 'idle',
  error: null,
  balances: {},
  revealed: {},
  resend: EMPTY_RESEND,

  async open(saleId) {
    set({ saleId, detail: null, status: 'loading', error: null, balances: {}, revealed: {}, resend: EMPTY_RESEND });
    await get().refresh();
  },

  async refresh() {
    const saleId = get().saleId;
    if (!saleId) return;
    const result = await api('orders.detail', { saleId });
    if (get().saleId !== saleId) return;
    if (result.ok) set({ detail: result.data, status: 'ready', error: null });
    else set({ status: 'error', error: result.error });
  },

  close() {
    set({ saleId: null, detail: null, status: 'idle', error: null, balances: {}, revealed: {}, resend: EMPTY_RESEND });
  },

  saleChanged(saleId) {
    if (get().saleId === saleId) void get().refresh();
  },

  async fetchBalance(seq) {
    const saleId = get().saleId;
    if (!saleId) return;
    set({ balances: { ...get().balances, [seq]: { busy: true } } });
    const result = await api('voucher.balance', { saleId, seq });
    if (get().saleId !== saleId) return;
    set({ balances: { ...get().balances, [seq]: result.ok ? { busy: false, value: result.data } : { busy: false, error: result.error } } });
  },

  async reveal(seq, approval) {
    const saleId = get().saleId;
    if (!saleId) return null;
    const result = await api('voucher.reveal', { saleId, seq, ...approval });
    if (!result.ok) return result.error;
    if (get().saleId === saleId) set({ revealed: { ...get().revealed, [seq]: { ...result.data, hideAt: Date.now() + REVEAL_SECONDS * 1000 } } });
    return null;
  },

  hide(seq) {
    const revealed = { ...get().revealed };
    delete revealed[seq];
    set({ revealed });
  },

  async resendDelivery(channels) {
    const saleId = get().saleId;
    if (!saleId) return;
    set({ resend: { busy: true, message: null, error: null } });
    const result = await api('delivery.resend', { saleId, channels });
    if (get().saleId !== saleId) return;
    set({ resend: result.ok ? { busy: false, message: result.data.message, error: null } : { busy: false, message: null, error: result.error } });
    await get().refresh();
  },
}));
