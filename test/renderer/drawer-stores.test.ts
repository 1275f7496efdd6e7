import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The Drawer's and the End of day's stores against a mocked bridge: each call answers from a
 * queue, so the order answers come back in is the test's to choose.
 */
type Answer = { ok: true; data: unknown } | { ok: false; error: { code: string; message: string; fields?: { field: string; message: string }[] } };
const calls: { method: string; payload: unknown; resolve: (a: Answer) => void }[] = [];

vi.mock('../../src-renderer/bridge/api', () => ({
  api: (method: string, payload: unknown) => new Promise<Answer>((resolve) => calls.push({ method, payload, resolve })),
  onEvent: () => () => undefined,
}));

const load = async <T>(path: string): Promise<T> => (await import(/* @vite-ignore */ path)) as T;
const { useShift } = await load<{ useShift: any }>('../../src-renderer/drawer/shift-store.ts');
const { useShiftGate } = await load<{ useShiftGate: any }>('../../src-renderer/sell/shift-gate-store.ts');
/** The counter's shift, as the top bar, the Sell gate and the Drawer screen read it. */
const gateShift = () => useShiftGate.getState().shift;
/** A shift.changed event, as app/useAppEvents.ts delivers it. */
const shiftChanged = (s: unknown) => {
  useShiftGate.getState().set(s);
  useShift.getState().changed();
};
const { useEndOfDay } = await load<{ useEndOfDay: any }>('../../src-renderer/endofday/end-of-day-store.ts');

const MOVEMENT = '3b0f6c1e-6a57-4d8c-9a51-2f7c3f0f5e11';
const shift = (expectedCashPaise: number) => ({ id: 'SH1', counter: 'Counter 1', openedAt: 1, openedByName: 'Asha', openingFloatPaise: 100_000, closedAt: null, closedByName: null, expectedCashPaise, movements: [] });
/** Lets the store's `await` see the answer. */
const settle = () => new Promise((r) => setTimeout(r, 0));
const answer = async (data: unknown, index = calls.length - 1) => {
  calls.splice(index, 1)[0]!.resolve({ ok: true, data });
  await settle();
};
const refuse = async (error: Extract<Answer, { ok: false }>['error']) => {
  calls.pop()!.resolve({ ok: false, error });
  await settle();
};

beforeEach(() => {
  calls.length = 0;
  useShift.getState().reset();
  useShiftGate.getState().reset();
  useEndOfDay.getState().reset();
});

describe('the shift store', () => {
  it('sends the count only when notes and coins were counted, and keeps main’s answer', async () => {
    const opening = useShift.getState().open(100_000, undefined);
    expect(calls[0]).toMatchObject({ method: 'shift.open', payload: { openingFloatPaise: 100_000 } });
    expect(calls[0]!.payload).not.toHaveProperty('count');
    await answer(shift(100_000));
    expect(await opening).toBeNull();
    expect(useShift.getState().status).toBe('ready');
    expect(gateShift()).toMatchObject({ expectedCashPaise: 100_000 });
  });

  it('a refused step answers the error and changes nothing', async () => {
    shiftChanged(shift(100_000));
    const paying = useShift.getState().cashMovement('PAY_OUT', 500_000, 'Rent', MOVEMENT);
    await refuse({ code: 'INVALID_INPUT', message: 'The drawer should hold ₹1,000', fields: [{ field: 'amountPaise', message: 'too much' }] });
    expect(await paying).toMatchObject({ code: 'INVALID_INPUT' });
    expect(gateShift().expectedCashPaise).toBe(100_000);
  });

  it('sends a pay-in or pay-out with the id of the movement being entered, and keeps main’s answer', async () => {
    shiftChanged(shift(100_000));
    const paying = useShift.getState().cashMovement('PAY_IN', 5_000, 'Coins', MOVEMENT);
    expect(calls[0]).toMatchObject({ method: 'shift.cashMovement', payload: { kind: 'PAY_IN', amountPaise: 5_000, reason: 'Coins', movementId: MOVEMENT } });
    await answer(shift(105_000));
    expect(await paying).toBeNull();
    expect(gateShift().expectedCashPaise).toBe(105_000);
  });

  it('refused as a movement already recorded: reads the drawer again before answering, so the list shows that movement', async () => {
    shiftChanged(shift(100_000));
    const paying = useShift.getState().cashMovement('PAY_OUT', 20_000, 'Courier charges', MOVEMENT);
    let answered = false;
    void paying.then(() => (answered = true));
    await refuse({ code: 'MOVEMENT_ID_IN_USE', message: 'A pay-in or pay-out with another amount, kind or reason was already recorded from this entry' });
    expect(calls.map((c) => c.method)).toEqual(['shift.current']);
    expect(answered).toBe(false);
    const recorded = { ...shift(80_000), movements: [{ id: 'm1', kind: 'PAY_OUT', amountPaise: 20_000, reason: 'Courier', byName: 'Asha', at: 2 }] };
    await answer(recorded);
    expect(await paying).toMatchObject({ code: 'MOVEMENT_ID_IN_USE' });
    expect(gateShift()).toEqual(recorded);
  });

  it('any other refusal of a movement reads nothing more', async () => {
    shiftChanged(shift(100_000));
    const paying = useShift.getState().cashMovement('PAY_OUT', 20_000, 'Courier', MOVEMENT);
    await refuse({ code: 'APP_UNREACHABLE', message: 'The app’s background service did not answer.' });
    expect(await paying).toMatchObject({ code: 'APP_UNREACHABLE' });
    expect(calls).toHaveLength(0);
  });

  it('closing keeps the Z report and leaves the drawer closed; the note and count go only when given', async () => {
    shiftChanged(shift(100_000));
    const closing = useShift.getState().close(95_000, [{ denominationPaise: 50_000, quantity: 1 }], '  ');
    expect(calls[0]).toMatchObject({ method: 'shift.close', payload: { countedCashPaise: 95_000, count: [{ denominationPaise: 50_000, quantity: 1 }] } });
    expect(calls[0]!.payload).not.toHaveProperty('note');
    await answer({ kind: 'Z', overShortPaise: -5_000, shift: shift(100_000) });
    expect(await closing).toBeNull();
    expect(useShift.getState().report).toMatchObject({ kind: 'Z', overShortPaise: -5_000 });
    expect(gateShift()).toBeNull();
  });

  it('a new report is printed once: marked when shown, unmarked by the next report', async () => {
    shiftChanged(shift(100_000));
    const x = useShift.getState().xReport();
    await answer({ kind: 'X', shift: shift(100_000) });
    await x;
    expect(useShift.getState().reportPrinted).toBe(false);
    useShift.getState().markReportPrinted();
    const again = useShift.getState().xReport();
    await answer({ kind: 'X', shift: shift(100_000) });
    await again;
    expect(useShift.getState().reportPrinted).toBe(false);
  });

  it('re-reads an open drawer when a sale moves, and leaves a closed one alone', async () => {
    useShift.getState().saleChanged();
    expect(calls).toHaveLength(0);
    shiftChanged(shift(100_000));
    useShift.getState().saleChanged();
    expect(calls.map((c) => c.method)).toEqual(['shift.current']);
    await answer(shift(150_000));
    expect(gateShift().expectedCashPaise).toBe(150_000);
  });

  it('a read answered after a shift.changed event does not undo the event', async () => {
    const reading = useShift.getState().load();
    shiftChanged(null); // closed elsewhere while the read was on its way
    await answer(shift(100_000));
    await reading;
    expect(gateShift()).toBeNull();
    expect(useShift.getState().status).toBe('ready');
  });

  it('drops an answer to a call made before the reset (another person signs in)', async () => {
    const x = useShift.getState().xReport();
    useShift.getState().reset();
    await answer({ kind: 'X', shift: shift(1) });
    await x;
    expect(useShift.getState()).toMatchObject({ report: null, status: 'idle' });
    expect(gateShift()).toBeUndefined();
  });
});

describe('the end-of-day store', () => {
  it('shows the check running, then its report', async () => {
    const running = useEndOfDay.getState().run('2026-11-26');
    expect(useEndOfDay.getState()).toMatchObject({ status: 'running', day: '2026-11-26', startedAt: expect.any(Number) });
    expect(calls[0]).toMatchObject({ method: 'report.endOfDay', payload: { day: '2026-11-26' } });
    await answer({ day: '2026-11-26', matched: true });
    await running;
    expect(useEndOfDay.getState()).toMatchObject({ status: 'ready', report: { matched: true }, startedAt: null });
  });

  it('keeps the error to show with a retry', async () => {
    const running = useEndOfDay.getState().run('2026-11-26');
    await refuse({ code: 'APP_UNREACHABLE', message: 'The app’s background service is not answering.' });
    await running;
    expect(useEndOfDay.getState()).toMatchObject({ status: 'error', error: { code: 'APP_UNREACHABLE' }, day: '2026-11-26' });
  });

  it('a slow answer for a day no longer asked for is dropped', async () => {
    const first = useEndOfDay.getState().run('2026-11-25');
    const second = useEndOfDay.getState().run('2026-11-26');
    await answer({ day: '2026-11-26', matched: false }, 1);
    await answer({ day: '2026-11-25', matched: true }, 0);
    await Promise.all([first, second]);
    expect(useEndOfDay.getState()).toMatchObject({ day: '2026-11-26', report: { day: '2026-11-26', matched: false } });
  });
});
