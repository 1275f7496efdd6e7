import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bridgeHarness, setUpCounter, type BridgeHarness } from '../bridge/bridge-harness.js';
import { cashTenders } from '../support/till.js';

const FIXED = 'TEST_FIXED_STANDARD';
const FAILS = 'TEST_E200_GENERATION_FAILED';

describe('cash-drawer shifts through the bridge', () => {
  let h: BridgeHarness;
  let ids: { managerId: string; cashierId: string };

  beforeEach(async () => {
    h = await bridgeHarness();
    ids = await setUpCounter(h);
    // setUpCounter opened a ₹0 drawer for the selling tests; these start from a closed one.
    await h.ok('shift.close', { countedCashPaise: 0 });
    await h.ok('staff.signIn', { staffId: ids.cashierId, pin: '4826' });
  });
  afterEach(async () => h.close());

  /** Newest first. */
  const audited = (action: string) => h.core.audit.list({ limit: 1000 }).filter((e) => e.action === action);

  it('opens with a counted float, refuses a second open and a count that does not add up', async () => {
    expect(await h.ok('shift.current')).toBeNull();
    expect(await h.call('shift.open', { openingFloatPaise: 200_000, count: [{ denominationPaise: 50_000, quantity: 3 }] })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', fields: [{ field: 'count', message: 'The notes and coins add up to ₹1,500, but the float entered is ₹2,000.' }] },
    });
    const opened = await h.ok('shift.open', { openingFloatPaise: 200_000, count: [{ denominationPaise: 50_000, quantity: 4 }] });
    expect(opened).toMatchObject({ openingFloatPaise: 200_000, expectedCashPaise: 200_000, openedByName: 'Ravi Kumar', closedAt: null, counter: 'Counter 1' });
    expect(await h.ok('shift.current')).toEqual(opened);
    expect(await h.call('shift.open', { openingFloatPaise: 0 })).toMatchObject({ ok: false, error: { code: 'SHIFT_ALREADY_OPEN', message: expect.stringContaining('Ravi Kumar') } });
    expect(audited('shift.opened')).toHaveLength(2);
  });

  it('refuses drawer words that cannot be printed on the Z report (a line break, a tab), and writes nothing', async () => {
    await h.ok('shift.open', { openingFloatPaise: 100_000 });
    const refused = await h.call('shift.cashMovement', { kind: 'PAY_IN', amountPaise: 5_000, reason: 'Change\nfrom the bank' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    expect(JSON.stringify(refused)).toContain('cannot be printed');
    expect(await h.call('shift.close', { countedCashPaise: 100_000, note: 'Counted\ttwice' })).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    expect(await h.ok('shift.current')).toMatchObject({ expectedCashPaise: 100_000, movements: [], closedAt: null });
    expect(audited('shift.cash_movement')).toEqual([]);
    // The same words typed on one line are fine.
    expect(await h.ok('shift.cashMovement', { kind: 'PAY_IN', amountPaise: 5_000, reason: 'Change from the bank' })).toMatchObject({ expectedCashPaise: 105_000 });
  });

  it('records pay-ins and pay-outs with a reason, and refuses paying out more than the drawer holds', async () => {
    await h.ok('shift.open', { openingFloatPaise: 100_000 });
    const afterIn = await h.ok('shift.cashMovement', { kind: 'PAY_IN', amountPaise: 50_000, reason: 'Change from the bank' });
    expect(afterIn.expectedCashPaise).toBe(150_000);
    const afterOut = await h.ok('shift.cashMovement', { kind: 'PAY_OUT', amountPaise: 20_000, reason: 'Milk for the staff room' });
    expect(afterOut).toMatchObject({ expectedCashPaise: 130_000, movements: [{ kind: 'PAY_IN', reason: 'Change from the bank', byName: 'Ravi Kumar' }, { kind: 'PAY_OUT', amountPaise: 20_000 }] });
    expect(await h.call('shift.cashMovement', { kind: 'PAY_OUT', amountPaise: 200_000, reason: 'Rent' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', message: 'The drawer should hold ₹1,300; a pay-out of ₹2,000 is more than that. Count the drawer.' },
    });
    expect(await h.call('shift.cashMovement', { kind: 'PAY_OUT', amountPaise: 100, reason: '   ' })).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    // Newest first.
    expect(audited('shift.cash_movement').map((e) => e.details)).toEqual([
      expect.objectContaining({ kind: 'PAY_OUT', amountPaise: 20_000 }),
      expect.objectContaining({ kind: 'PAY_IN', amountPaise: 50_000 }),
    ]);
  });

  it('records a movement once under its movementId, refuses the id with other figures, and refuses an id that is not a uuid', async () => {
    await h.ok('shift.open', { openingFloatPaise: 100_000 });
    const movementId = '0d7c3f5e-2b1a-4c8d-9e6f-a1b2c3d4e5f6';
    const move = { kind: 'PAY_OUT', amountPaise: 30_000, reason: 'Courier charges', movementId };
    const first = await h.ok('shift.cashMovement', move);
    expect(await h.ok('shift.cashMovement', move)).toEqual(first);
    expect(first).toMatchObject({ expectedCashPaise: 70_000, movements: [{ kind: 'PAY_OUT', amountPaise: 30_000 }] });
    expect(await h.call('shift.cashMovement', { ...move, amountPaise: 3_000 })).toMatchObject({
      ok: false,
      error: { code: 'MOVEMENT_ID_IN_USE', message: expect.stringContaining('nothing more was recorded') },
    });
    for (const bad of ['not-a-uuid', '', 42]) {
      const refused = await h.call('shift.cashMovement', { ...move, movementId: bad });
      expect(refused).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST', fields: [{ field: 'movementId' }] } });
    }
    expect(await h.ok('shift.current')).toEqual(first);
    expect(audited('shift.cash_movement')).toHaveLength(1);
    expect(audited('shift.cash_movement_repeated')).toHaveLength(1);
  });

  it('reports mid-shift (X) and closes short with the Z report: expected = float + cash − refunds + pay-ins − pay-outs', async () => {
    await h.ok('shift.open', { openingFloatPaise: 100_000 });
    await h.ok('sale.place', { productId: FIXED, amountPaise: 50_000, tenders: [{ method: 'CASH', amountPaise: 50_000, receivedPaise: 100_000 }] });
    await h.ok('sale.place', { productId: FIXED, amountPaise: 100_000, tenders: [{ method: 'UPI', amountPaise: 100_000, reference: 'UTR-77' }] });
    const failed = await h.ok('sale.place', { productId: FAILS, amountPaise: 50_000, tenders: cashTenders(50_000) });
    await h.ok('sale.refund', { saleId: failed.id });
    await h.ok('staff.signIn', { staffId: ids.managerId, pin: '2580' });
    await h.ok('sale.place', { productId: FIXED, amountPaise: 25_000, tenders: cashTenders(25_000) });
    await h.ok('shift.cashMovement', { kind: 'PAY_IN', amountPaise: 10_000, reason: 'Coins' });
    await h.ok('shift.cashMovement', { kind: 'PAY_OUT', amountPaise: 5_000, reason: 'Courier' });

    const x = await h.ok('shift.xReport');
    // 1,000 float + 500 + 500 (refunded) − 500 + 250 + 100 − 50 = 1,800
    expect(x).toMatchObject({
      kind: 'X',
      expectedCashPaise: 180_000,
      countedCashPaise: null,
      overShortPaise: null,
      cash: { openingFloatPaise: 100_000, takenPaise: 125_000, refundedPaise: 50_000, payInsPaise: 10_000, payOutsPaise: 5_000 },
      sales: { completed: 3, completedPaise: 175_000, refunded: 1, refundDue: 0, onHold: 0 },
      training: true,
      generatedByName: 'Meera Shah',
    });
    expect(x.byCashier).toEqual([
      { staffId: ids.managerId, name: 'Meera Shah', payments: 1, takenPaise: 25_000, refundedPaise: 0, netPaise: 25_000 },
      { staffId: ids.cashierId, name: 'Ravi Kumar', payments: 3, takenPaise: 200_000, refundedPaise: 50_000, netPaise: 150_000 },
    ]);
    expect(await h.ok('shift.current')).not.toBeNull();

    const z = await h.ok('shift.close', { countedCashPaise: 179_000, note: 'One ₹10 coin missing?' });
    expect(z).toMatchObject({ kind: 'Z', expectedCashPaise: 180_000, countedCashPaise: 179_000, overShortPaise: -1_000, note: 'One ₹10 coin missing?' });
    expect(z.shift.closedByName).toBe('Meera Shah');
    expect(await h.ok('shift.current')).toBeNull();
    expect(audited('shift.closed')[0]?.details).toMatchObject({ expectedCashPaise: 180_000, countedCashPaise: 179_000, overShortPaise: -1_000 });
    // Reprinting a Z later gives the same figures.
    expect(await h.ok('shift.report', { shiftId: z.shift.id })).toMatchObject({ kind: 'Z', expectedCashPaise: 180_000, overShortPaise: -1_000 });
  });

  it('closes over, and a closed drawer takes no more sales, movements or refunds', async () => {
    await h.ok('shift.open', { openingFloatPaise: 50_000 });
    const failed = await h.ok('sale.place', { productId: FAILS, amountPaise: 50_000, tenders: cashTenders(50_000) });
    const z = await h.ok('shift.close', { countedCashPaise: 100_500, count: [{ denominationPaise: 50_000, quantity: 2 }, { denominationPaise: 500, quantity: 1 }] });
    expect(z).toMatchObject({ expectedCashPaise: 100_000, overShortPaise: 500, count: [{ denominationPaise: 50_000, quantity: 2 }, { denominationPaise: 500, quantity: 1 }], sales: { refundDue: 1, refundDuePaise: 50_000 } });
    expect(await h.call('shift.close', { countedCashPaise: 0 })).toMatchObject({ ok: false, error: { code: 'NO_OPEN_SHIFT' } });
    expect(await h.call('shift.cashMovement', { kind: 'PAY_IN', amountPaise: 100, reason: 'x' })).toMatchObject({ ok: false, error: { code: 'NO_OPEN_SHIFT' } });
    expect(await h.call('sale.refund', { saleId: failed.id })).toMatchObject({ ok: false, error: { code: 'NO_OPEN_SHIFT' } });
    expect(await h.call('shift.xReport', {})).toMatchObject({ ok: false, error: { code: 'NO_OPEN_SHIFT' } });

    // The next shift gives the money back from its own drawer.
    await h.ok('shift.open', { openingFloatPaise: 100_000 });
    await h.ok('sale.refund', { saleId: failed.id });
    expect((await h.ok('shift.current')).expectedCashPaise).toBe(50_000);
  });

  it('sends shift.changed when the drawer opens, moves cash and closes', async () => {
    const seen: unknown[] = [];
    const off = h.core.events.subscribe((name, e) => {
      if (name === 'shift.changed') seen.push((e as { shift: { expectedCashPaise: number } | null }).shift?.expectedCashPaise ?? null);
    });
    await h.ok('shift.open', { openingFloatPaise: 1_000 });
    await h.ok('shift.cashMovement', { kind: 'PAY_IN', amountPaise: 500, reason: 'coins' });
    await h.ok('shift.close', { countedCashPaise: 1_500 });
    off();
    expect(seen).toEqual([1_000, 1_500, null]);
  });
});
