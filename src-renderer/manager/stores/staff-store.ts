import { create } from 'zustand';
import { api, type BridgeError } from '../../bridge/api';
import type { StaffMemberView } from '../../bridge/contract';

interface StaffState {
  staff: StaffMemberView[];
  me: string | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: BridgeError | null;
  load(): Promise<void>;
  create(input: { name: string; role: 'cashier' | 'manager'; pin: string }): Promise<BridgeError | null>;
  disable(staffId: string): Promise<BridgeError | null>;
}

export const useStaffStore = create<StaffState>()((set, get) => ({
  staff: [],
  me: null,
  status: 'idle',
  error: null,

  async load() {
    if (get().status === 'idle') set({ status: 'loading' });
    const [list, session] = await Promise.all([api('staff.list'), api('staff.session')]);
    if (list.ok) set({ staff: list.data.staff, status: 'ready', error: null, me: session.ok && session.data.signedIn ? session.data.id : null });
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
}));
