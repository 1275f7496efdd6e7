import { create } from 'zustand';
import { api, type BridgeError } from '../bridge/api';
import type { AppInfo, Permission, StaffMemberView } from '../bridge/contract';
import { useStaffStore } from './staff-store';

export type Screen = 'sell' | 'orders' | 'catalog' | 'wallet' | 'settings' | 'drawer' | 'endofday';
/** The screens in nav order. */
export const SCREENS: readonly Screen[] = ['sell', 'drawer', 'orders', 'endofday', 'catalog', 'wallet', 'settings'];

/**
 * Which permissions open each screen (any one of them). Main checks every call anyway; this
 * only keeps a person from a screen whose every call would be refused.
 */
const SCREEN_ACCESS: Record<Screen, readonly Permission[]> = {
  sell: ['sell'],
  drawer: ['sell'],
  orders: ['lookUpOrders'],
  endofday: ['seeAllTotals'],
  catalog: ['settings'],
  wallet: ['seeAllTotals'],
  settings: ['settings', 'manageStaff', 'manageConnection', 'goLive'],
};

export const can = (me: Pick<StaffMemberView, 'permissions'> | null, permission: Permission): boolean => me?.permissions.includes(permission) ?? false;
export const canOpen = (me: Pick<StaffMemberView, 'permissions'> | null, screen: Screen): boolean => SCREEN_ACCESS[screen].some((p) => can(me, p));
/** The screens `me` may open, in nav order. */
export const screensFor = (me: Pick<StaffMemberView, 'permissions'> | null): Screen[] => SCREENS.filter((s) => canOpen(me, s));

/** 'choosePin': signed in with a PIN a manager reset; main refuses everything but choosing one's own. */
type Phase = 'starting' | 'setup' | 'signIn' | 'choosePin' | 'signedIn' | 'unreachable';

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
  /** The signed-in person's own PIN; answers main's refusal (its `fields` name 'currentPin' or 'newPin'). */
  changePin(currentPin: string, newPin: string): Promise<BridgeError | null>;
  /** main said the session changed (sign-in elsewhere, lock after inactivity, sign-out). */
  sessionChanged(signedIn: boolean, reason: string | null): Promise<void>;
  refreshInfo(): Promise<void>;
  navigate(screen: Screen): void;
}

export const useSession = create<SessionState>()((set, get) => {
  const signedIn = (me: StaffMemberView) => {
    set({ me, phase: me.mustChangePin ? 'choosePin' : 'signedIn', screen: screensFor(me)[0] ?? 'sell', endedBecause: null });
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

    async changePin(currentPin, newPin) {
      const result = await api('staff.changePin', { currentPin, newPin });
      if (!result.ok) return result.error;
      // Out of the forced change into the shell; from the top bar's dialog, the screen stays.
      if (get().phase === 'choosePin') signedIn(result.data);
      else set({ me: result.data });
      return null;
    },

    async sessionChanged(isSignedIn, reason) {
      if (!isSignedIn) {
        if (get().phase === 'signedIn' || get().phase === 'choosePin') await toSignIn(reason);
        return;
      }
      const session = await api('staff.session');
      if (session.ok && session.data.signedIn && session.data.id && session.data.name && session.data.role) {
        const me = { id: session.data.id, name: session.data.name, role: session.data.role, mustChangePin: session.data.mustChangePin, permissions: session.data.permissions };
        const current = get().me;
        if (current?.id !== me.id || current.mustChangePin !== me.mustChangePin) signedIn(me);
      }
    },

    async refreshInfo() {
      const info = await api('app.info');
      if (info.ok) set({ info: info.data });
    },

    navigate(screen) {
      const me = get().me;
      if (!me) return;
      if (!canOpen(me, screen)) return;
      set({ screen });
    },
  };
});
