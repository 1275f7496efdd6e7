import { create } from 'zustand';
import { api } from '../bridge/api';
import type { ShiftView } from '../bridge/contract';

/**
 * The counter's open shift, as far as the Sell screen knows: selling needs one. `undefined`
 * until main has been asked (the screen does not gate on a guess), `null` when the drawer is
 * closed. Read when Sell opens and after main refused a sale for want of a shift; main's
 * `shift.changed` event calls `set` (wired in app/useAppEvents.ts).
 */
interface ShiftGateState {
  shift: ShiftView | null | undefined;
  load(): Promise<void>;
  set(shift: ShiftView | null): void;
  reset(): void;
}

let loadSeq = 0;

export const useShiftGate = create<ShiftGateState>()((set) => ({
  shift: undefined,

  async load() {
    const seq = ++loadSeq;
    const result = await api('shift.current');
    // An event that arrived meanwhile is newer than this answer.
    if (seq !== loadSeq) return;
    // Unreadable: left as it was; main still refuses a sale without a shift, and says so.
    if (result.ok) set({ shift: result.data });
  },

  set(shift) {
    loadSeq++;
    set({ shift });
  },

  reset() {
    loadSeq++;
    set({ shift: undefined });
  },
}));
