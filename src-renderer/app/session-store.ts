import { create } from 'zustand';
import { api, type BridgeError } from '../bridge/api';
import type { AppInfo, StaffMemberView } from '../bridge/contract';
import { useStaffStore } from './staff-store';

export type Screen = 'sell' | 'drawer' | 'orders' | 'catalog' | 'wallet' | 'settings';
export const MANAGER_SCREENS: readonly Screen[] = ['orders', 'catalog', 'wallet', 'settings'];

type Phase = 'starting' | 'setup' | 'signIn' | 'signedIn' | 'unreachable';

interface SessionState {
  phase: Phase;
  info: AppInfo | null;
  me: StaffMemberView | null;
  screen: Screen;
  /** Why the last session ended (locked after inactivity, signed out), shown on the sign-in screen. */
  endedBecause: string | null;
  startError: BridgeError | null;
  start(): Promise<void>;
  setupFirstManager(name: string, pin: string): Promise<BridgeError | null>;
  signIn(staffId: string, pin: string): Promise<BridgeError | null>;
  signOut(): Promise<void>;
  /** main said the session changed (sign-in elsewhere, lock after inactivity, sign-out). */
  sessionChanged(signedIn: boolean, reason: string | null): Promise<void>;
  refreshInfo(): Promise<void>;
  navigate(screen: Screen): void;
}

export const useSession = create<SessionState>()((set, get) => {
  const signedIn = (me: StaffMemberView) => {
    set({ me, phase: 'signedIn', screen: 'sell', endedBecause: null });
  };
  const staff = useStaffStore.getState;
  const toSignIn = async (reason: string | null) => {
    const failed = await staff().load();
    set({ me: null, phase: !failed && staff().needsSetup ? 'setup' : 'signIn', endedBecause: reason });
  };

  return {
    phase: 'starting',
    info: null,
    me: null,
    screen: 'sell',
    endedBecause: null,
    startError: null,

    async start() {
      set({ phase: 'starting', startError: null });
      const [info, listError, session] = await Promise.all([api('app.info'), staff().load(), api('staff.session')]);
      if (!info.ok || listError || !session.ok) {
        const error = (!info.ok && info.error) || listError || (!session.ok && session.error) || null;
        return set({ phase: 'unreachable', startError: error });
      }
      set({ info: info.data });
      const s = session.data;
      if (s.signedIn && s.id && s.name && s.role) return signedIn({ id: s.id, name: s.name, role: s.role, mustChangePin: s.mustChangePin, permissions: s.permissions });
      set({ phase: staff().needsSetup ? 'setup' : 'signIn' });
    },

    async setupFirstManager(name, pin) {
      const result = await api('staff.setupFirstManager', { name, pin });
      if (!result.ok) return result.error;
      signedIn(result.data);
      return null;
    },

    async signIn(staffId, pin) {
      const result = await api('staff.signIn', { staffId, pin });
      if (!result.ok) return result.error;
      signedIn(result.data);
      return null;
    },

    async signOut() {
      await api('staff.signOut');
      await toSignIn(null);
    },

    async sessionChanged(isSignedIn, reason) {
      if (!isSignedIn) {
        if (get().phase === 'signedIn') await toSignIn(reason);
        return;
      }
      const session = await api('staff.session');
      if (session.ok && session.data.signedIn && session.data.id && session.data.name && session.data.role) {
        const me = { id: session.data.id, name: session.data.name, role: session.data.role, mustChangePin: session.data.mustChangePin, permissions: session.data.permissions };
        if (get().me?.id !== me.id) signedIn(me);
      }
    },

    async refreshInfo() {
      const info = await api('app.info');
      if (info.ok) set({ info: info.data });
    },

    navigate(screen) {
      const me = get().me;
      if (!me) return;
      if (MANAGER_SCREENS.includes(screen) && me.role !== 'manager') return;
      set({ screen });
    },
  };
});
