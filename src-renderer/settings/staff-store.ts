import { create } from 'zustand';
import { api, type BridgeError } from '../bridge/api';
import type { StaffMemberView } from '../bridge/contract';

interface StaffState {
  staff: StaffMemberView[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: BridgeError | null;
  load(): Promise<void>;
  create(input: { name: string; role: 'cashier' | 'manager'; pin: string }): Promise<BridgeError | null>;
  disable(staffId: string): Promise<BridgeError | null>;
  reset(): void;
}

const initial = { staff: [], status: 'idle' as const, error: null };

/** The people who can sign in, as the manager's Staff section lists and changes them. */
export const useStaffStore = create<StaffState>()((set, get) => ({
  ...initial,

  async load() {
    if (get().status === 'idle') set({ status: 'loading' });
    const list = await api('staff.list');
    if (list.ok) set({ staff: list.data.staff, status: 'ready', error: null });
    else set({ status: 'error', error: list.error });
  },

  async create(input) {
    const result = await api('staff.create', input);
    if (!result.ok) return result.error;
    await get().load();
    return null;
  },

  async disable(staffId) {
    const result = await api('staff.disable', { staffId });
    if (!result.ok) return result.error;
    await get().load();
    return null;
  },

  reset() {
    set(initial);
  },
}));
