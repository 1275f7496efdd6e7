import { create } from 'zustand';
import { api, type BridgeError } from '../bridge/api';
import type { StaffMemberView } from '../bridge/contract';

interface StaffState {
  /** The active staff: the names on the sign-in screen and the people in Settings › Staff. */
  staff: StaffMemberView[];
  /** No one exists yet: the first launch creates the manager. */
  needsSetup: boolean;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: BridgeError | null;
  /** Asks main for the list; answers the error when it could not. */
  load(): Promise<BridgeError | null>;
  create(input: { name: string; role: 'cashier' | 'manager'; pin: string }): Promise<BridgeError | null>;
  disable(staffId: string): Promise<BridgeError | null>;
}

/** The people who can sign in at this counter (not one person's view: kept across sign-outs). */
export const useStaffStore = create<StaffState>()((set, get) => ({
  staff: [],
  needsSetup: false,
  status: 'idle',
  error: null,

  async load() {
    if (get().status === 'idle') set({ status: 'loading' });
    const list = await api('staff.list');
    if (!list.ok) {
      set({ status: 'error', error: list.error });
      return list.error;
    }
    set({ staff: list.data.staff, needsSetup: list.data.needsSetup, status: 'ready', error: null });
    return null;
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
}));
