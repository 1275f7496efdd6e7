import { create } from 'zustand';
import { api, type BridgeError } from '../bridge/api';
import type { CashMovementKind, DrawerCount, ShiftReport, ShiftView } from '../bridge/contract';

interface ShiftState {
  /** The counter's open shift; null when the drawer is closed (or not read yet: see `status`). */
  shift: ShiftView | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: BridgeError | null;
  /** The last X or Z report produced in this session, shown (and printable) on the Drawer screen. */
  report: ShiftReport | null;
  /** That report went to the printer once already: coming back to the screen does not print it again. */
  reportPrinted: boolean;
  load(): Promise<void>;
  /** A shift.changed event (this counter's drawer opened, moved cash or closed, from any screen). */
  changed(shift: ShiftView | null): void;
  /** A sale moved: a payment taken or given back changes the cash expected in an open drawer. */
  saleChanged(): void;
  open(openingFloatPaise: number, count: DrawerCount[] | undefined): Promise<BridgeError | null>;
  cashMovement(kind: CashMovementKind, amountPaise: number, reason: string): Promise<BridgeError | null>;
  xReport(): Promise<BridgeError | null>;
  close(countedCashPaise: number, count: DrawerCount[] | undefined, note: string): Promise<BridgeError | null>;
  markReportPrinted(): void;
  /** Puts the last report away (the next shift starts with a clean screen). */
  dismissReport(): void;
  reset(): void;
}

const initial = { shift: null, status: 'idle' as const, error: null, report: null, reportPrinted: false };
/** Bumped by reset(): an answer to a call made before it (another person, another environment) is dropped. */
let generation = 0;

/**
 * This counter's cash drawer, for the header's "Drawer open since …" and the Drawer screen.
 * main is the truth: each call answers the shift as it now is, and shift.changed keeps every
 * screen in step (app/useAppEvents.ts).
 */
export const useShift = create<ShiftState>()((set, get) => {
  /** Runs a call and keeps its answer only if the session it was made in is still the one on screen. */
  const current = async <T>(call: Promise<{ ok: true; data: T } | { ok: false; error: BridgeError }>, apply: (data: T) => void): Promise<BridgeError | null> => {
    const gen = generation;
    const result = await call;
    if (gen !== generation) return null;
    if (!result.ok) return result.error;
    apply(result.data);
    return null;
  };

  return {
    ...initial,

    async load() {
      const gen = generation;
      set((s) => (s.status === 'ready' ? s : { status: 'loading' }));
      const result = await api('shift.current');
      if (gen !== generation) return;
      if (result.ok) set({ shift: result.data, status: 'ready', error: null });
      else set({ status: 'error', error: result.error });
    },

    changed(shift) {
      set({ shift, status: 'ready', error: null });
    },

    saleChanged() {
      // shift.changed covers the drawer's own steps; sales and refunds move its cash too.
      if (get().shift) void get().load();
    },

    open: (openingFloatPaise, count) =>
      current(api('shift.open', count?.length ? { openingFloatPaise, count } : { openingFloatPaise }), (shift) => set({ shift, status: 'ready', report: null, reportPrinted: false })),

    cashMovement: (kind, amountPaise, reason) => current(api('shift.cashMovement', { kind, amountPaise, reason }), (shift) => set({ shift })),

    xReport: () => current(api('shift.xReport'), (report) => set({ report, reportPrinted: false, shift: report.shift })),

    close: (countedCashPaise, count, note) =>
      current(
        api('shift.close', { countedCashPaise, ...(count?.length ? { count } : {}), ...(note.trim() ? { note: note.trim() } : {}) }),
        (report) => set({ report, reportPrinted: false, shift: null, status: 'ready' }),
      ),

    markReportPrinted() {
      set({ reportPrinted: true });
    },

    dismissReport() {
      set({ report: null, reportPrinted: false });
    },

    reset() {
      generation++;
      set(initial);
    },
  };
});
