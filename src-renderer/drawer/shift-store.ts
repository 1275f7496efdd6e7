import { create } from 'zustand';
import { api, type BridgeError } from '../bridge/api';
import type { CashMovementKind, DrawerCount, ShiftReport, ShiftView } from '../bridge/contract';
import { useShiftGate } from '../sell/shift-gate-store';
import { movementAlreadyRecorded } from './movement-id';

interface ShiftState {
  /** Reading the drawer for the Drawer screen (the shift itself is in useShiftGate). */
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: BridgeError | null;
  /** The last X or Z report produced in this session, shown (and printable) on the Drawer screen. */
  report: ShiftReport | null;
  /** That report went to the printer once already: coming back to the screen does not print it again. */
  reportPrinted: boolean;
  load(): Promise<void>;
  /** A shift.changed event arrived (its shift went to useShiftGate): a read made before it is stale. */
  changed(): void;
  /** A sale moved: a payment taken or given back changes the cash expected in an open drawer. */
  saleChanged(): void;
  open(openingFloatPaise: number, count: DrawerCount[] | undefined): Promise<BridgeError | null>;
  /**
   * `movementId`: the entry's own id, the same on every Confirm of one movement (drawer/movement-id.ts).
   * Refused as a movement already recorded, it reads the drawer again before answering, so the
   * list shows that movement when the form says so (its shift.changed may have been missed).
   */
  cashMovement(kind: CashMovementKind, amountPaise: number, reason: string, movementId: string): Promise<BridgeError | null>;
  xReport(): Promise<BridgeError | null>;
  close(countedCashPaise: number, count: DrawerCount[] | undefined, note: string): Promise<BridgeError | null>;
  markReportPrinted(): void;
  /** Puts the last report away (the next shift starts with a clean screen). */
  dismissReport(): void;
  reset(): void;
}

const initial = { status: 'idle' as const, error: null, report: null, reportPrinted: false };
/** Bumped by reset(): an answer to a call made before it (another person, another environment) is dropped. */
let generation = 0;
/** Bumped by every shift.changed: a shift.current answer older than the event is not applied. */
let eventSeq = 0;

/** The counter's shift as main last said it: one copy, shared with the Sell screen's gate. */
const setShift = (shift: ShiftView | null) => useShiftGate.getState().set(shift);

/**
 * The Drawer screen's calls and reports. The shift itself lives in the Sell screen's gate store
 * (sell/shift-gate-store.ts), which shift.changed keeps in step (app/useAppEvents.ts): the top
 * bar, the gate and this screen read the same one. Each drawer call answers the shift as it
 * now is, and that answer goes there too.
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
      const seq = eventSeq;
      set((s) => (s.status === 'ready' ? s : { status: 'loading' }));
      const result = await api('shift.current');
      if (gen !== generation) return;
      if (!result.ok) return set({ status: 'error', error: result.error });
      if (seq === eventSeq) setShift(result.data);
      set({ status: 'ready', error: null });
    },

    changed() {
      eventSeq++;
      set({ status: 'ready', error: null });
    },

    saleChanged() {
      // shift.changed covers the drawer's own steps; sales and refunds move its cash too.
      if (useShiftGate.getState().shift) void get().load();
    },

    open: (openingFloatPaise, count) =>
      current(api('shift.open', count?.length ? { openingFloatPaise, count } : { openingFloatPaise }), (shift) => {
        setShift(shift);
        set({ status: 'ready', report: null, reportPrinted: false });
      }),

    async cashMovement(kind, amountPaise, reason, movementId) {
      // An answer to a call made before a reset comes back as null: nothing to read again then.
      const error = await current(api('shift.cashMovement', { kind, amountPaise, reason, movementId }), setShift);
      if (movementAlreadyRecorded(error)) await get().load();
      return error;
    },

    xReport: () =>
      current(api('shift.xReport'), (report) => {
        setShift(report.shift);
        set({ report, reportPrinted: false });
      }),

    close: (countedCashPaise, count, note) =>
      current(api('shift.close', { countedCashPaise, ...(count?.length ? { count } : {}), ...(note.trim() ? { note: note.trim() } : {}) }), (report) => {
        setShift(null);
        set({ report, reportPrinted: false, status: 'ready' });
      }),

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
