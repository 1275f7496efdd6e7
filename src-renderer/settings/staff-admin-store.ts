import { create } from 'zustand';
import { useStaffStore } from '../app/staff-store';
import { api, type BridgeError } from '../bridge/api';
import type { Permission, PermissionCatalog, StaffAdminView } from '../bridge/contract';

interface StaffAdminState {
  staff: StaffAdminView[];
  catalog: PermissionCatalog | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: BridgeError | null;
  load(): Promise<void>;
  create(input: { name: string; role: 'cashier' | 'manager'; pin: string }): Promise<BridgeError | null>;
  disable(staffId: string): Promise<BridgeError | null>;
  enable(staffId: string): Promise<BridgeError | null>;
  unlock(staffId: string): Promise<BridgeError | null>;
  resetPin(staffId: string, newPin: string): Promise<BridgeError | null>;
  setPermissions(staffId: string, permissions: Permission[] | null): Promise<BridgeError | null>;
}

/**
 * Settings › Staff: everyone, with their status and permissions, as main's staff.manage
 * answers. Every change reloads it, and the sign-in list (app/staff-store) too, since who can
 * sign in may have changed.
 */
export const useStaffAdminStore = create<StaffAdminState>()((set, get) => {
  const afterChange = async (result: { ok: true } | { ok: false; error: BridgeError }): Promise<BridgeError | null> => {
    if (!result.ok) return result.error;
    await Promise.all([get().load(), useStaffStore.getState().load()]);
    return null;
  };
  return {
    staff: [],
    catalog: null,
    status: 'idle',
    error: null,
    async load() {
      if (get().status !== 'ready') set({ status: 'loading' });
      const result = await api('staff.manage');
      if (!result.ok) return set({ status: 'error', error: result.error });
      const { staff, ...catalog } = result.data;
      set({ staff, catalog, status: 'ready', error: null });
    },
    create: async (input) => afterChange(await api('staff.create', input)),
    disable: async (staffId) => afterChange(await api('staff.disable', { staffId })),
    enable: async (staffId) => afterChange(await api('staff.enable', { staffId })),
    unlock: async (staffId) => afterChange(await api('staff.unlock', { staffId })),
    resetPin: async (staffId, newPin) => afterChange(await api('staff.resetPin', { staffId, newPin })),
    setPermissions: async (staffId, permissions) => afterChange(await api('staff.setPermissions', { staffId, permissions })),
  };
});
