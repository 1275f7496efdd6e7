import { describe, expect, it } from 'vitest';
import type { OrderApi, OrderLookup } from '../../src-main/orders/engine/order-api.js';
import { istDateTimes, istDay, istDayBounds } from '../../src-main/platform/india-time.js';
import { mapBounded } from '../../src-main/reports/bounded.js';
import type { DaySale } from '../../src-main/reports/day-sale.js';
import { askService, compareWithService, SERVICE_CHECK_CONCURRENCY } from '../../src-main/reports/service-check.js';
import { checkWallet, walletReadings } from '../../src-main/reports/wallet-check.js';
import type { WalletReading } from '../../src-main/wallet/wallet-history.js';

const T = Date.UTC(2026, 10, 26, 4, 30); // 10:00 IST
const sale = (over: Partial<DaySale> = {}): DaySale => ({
  id: over.id ?? `s${Math.random()}`,
  referenceId: 'POS-1',
  orderId: 'ord_1',
  state: 'SUCCESS',
  amountPaise: 50_000,
  discountPaise: 0,
  createdAt: T,
  cashierId: 'c1',
  ...over,
});

describe('India time', () => {
  it('bounds a day midnight to midnight IST, and refuses days that do not exist', () => {
    expect(istDayBounds('2026-11-26')).toEqual({ from: Date.UTC(2026, 10, 25, 18, 30), to: Date.UTC(2026, 10, 26, 18, 30) });
    for (const bad of ['2026-02-29', '2026-02-30', '2026-13-01', '2026-00-10', '26-11-2026', '2026-11-26T00:00']) expect(istDayBounds(bad), bad).toBeNull();
    expect(istDayBounds('2028-02-29')).not.toBeNull();
    expect(istDay(Date.UTC(2026, 10, 25, 18, 29, 59, 999))).toBe('2026-11-25');
    expect(istDay(Date.UTC(2026, 10, 25, 18, 30))).toBe('2026-11-26');
  });

  it('writes dd/mm/yyyy HH:MM:SS in India time, across days and in any order', () => {
    const format = istDateTimes();
    expect(format(Date.UTC(2026, 10, 26, 8, 35, 9, 999))).toBe('26/11/2026 14:05:09');
    expect(format(Date.UTC(2026, 11, 31, 18, 30))).toBe('01/01/2027 00:00:00');
    expect(format(Date.UTC(2026, 10, 26, 8, 35, 9))).toBe('26/11/2026 14:05:09');
  });
});

describe('bounded look-ups', () => {
  it('never has more than the limit in flight and answers in the items’ order', async () => {
    let inFlight = 0;
    let most = 0;
    const out = await mapBounded([...Array(25).keys()], 4, async (i) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, (i * 7) % 5));
      inFlight -= 1;
      return i * 2;
    });
    expect(most).toBe(4);
    expect(out).toEqual([...Array(25).keys()].map((i) => i * 2));
    expect(await mapBounded([], 4, async () => 1)).toEqual([]);
  });

  it('asks by order id when known, else by reference, records each exchange with its request id, and reads a 404 by id as "no order"', async () => {
    let inFlight = 0;
    let most = 0;
    const answer = async (lookup: OrderLookup): Promise<OrderLookup> => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 2));
      inFlight -= 1;
      return lookup;
    };
    const order = (status: string, referenceId: string) => ({ id: 'o', referenceId, status, failureReason: null, vouchers: [{ id: 'v', cardType: 'PIN_SECURED', cardNumber: '1234567890123456', cardPin: '999999', validTill: null, amount: 500 }] });
    const asked: string[] = [];
    const api: OrderApi = {
      placeOrder: () => Promise.reject(new Error('not used')),
      getOrder: (id) => {
        asked.push(`id:${id}`);
        if (id === 'ord_gone') return answer({ ok: false, error: { code: 'NOT_FOUND', message: 'not found', action: '', httpStatus: 404, requestId: 'r-gone' }, requestIds: ['r-gone'] });
        if (id === 'ord_down') return answer({ ok: false, error: { code: 'SERVICE_UNAVAILABLE', message: 'The service is not answering.', action: '', httpStatus: 503, requestId: null }, requestIds: ['r1', 'r2', 'r3'] });
        return answer({ ok: true, order: order('SUCCESS', 'POS-1'), requestIds: [`r-${id}`] });
      },
      getOrderByReference: (ref) => {
        asked.push(`ref:${ref}`);
        return answer({ ok: true, order: null, requestIds: [`r-${ref}`] });
      },
    };
    const attempts: string[] = [];
    let seq = 0;
    const journal = {
      beginAttempt: (saleId: string, kind: string, requestId: string) => (attempts.push(`${saleId} ${kind} ${requestId}`), ++seq),
      finishAttempt: (saleId: string, s: number, _at: number, outcome: string) => void attempts.push(`${saleId} #${s} ${outcome}`),
    };
    const sales = [
      ...[...Array(10).keys()].map((i) => sale({ id: `ok${i}`, orderId: `ord_${i}` })),
      sale({ id: 'gone', orderId: 'ord_gone' }),
      sale({ id: 'down', orderId: 'ord_down' }),
      sale({ id: 'refused', orderId: null, referenceId: 'POS-R', state: 'REJECTED' }),
    ];
    const answers = await askService(sales, { api, journal, now: () => T });
    expect(most).toBe(SERVICE_CHECK_CONCURRENCY);
    expect(asked).toContain('ref:POS-R');
    expect(asked.filter((a) => a.startsWith('ref:'))).toEqual(['ref:POS-R']);
    expect(answers.get('ok3')).toEqual({ kind: 'found', order: { referenceId: 'POS-1', status: 'SUCCESS', voucherPaise: 50_000 } });
    expect(JSON.stringify([...answers.values()])).not.toContain('1234567890123456'); // card data is not kept
    expect(answers.get('gone')).toEqual({ kind: 'none' });
    expect(answers.get('down')).toEqual({ kind: 'unreachable', reason: 'The service is not answering.' });
    expect(answers.get('refused')).toEqual({ kind: 'none' });
    expect(attempts).toEqual(expect.arrayContaining(['gone get r-gone', 'refused lookup r-POS-R', 'down get r1', 'down get r3']));
    expect(attempts.filter((a) => a.startsWith('gone #'))).toEqual([expect.stringMatching(/ NOT_FOUND$/)]);
    expect(attempts.filter((a) => a.startsWith('down #'))).toHaveLength(3);
  });
});

describe('comparing a sale with the service', () => {
  const found = (status: string, voucherPaise = 50_000, referenceId = 'POS-1') => ({ kind: 'found' as const, order: { referenceId, status, voucherPaise } });
  const verdict = (s: DaySale, a: Parameters<typeof compareWithService>[1]) => {
    const r = compareWithService(s, a);
    return [r.verdict, r.discrepancy?.kind ?? null];
  };

  it('agrees on the same final state and amount; anything else is named', () => {
    expect(verdict(sale(), found('SUCCESS'))).toEqual(['agreed', null]);
    expect(verdict(sale(), found('SUCCESS', 40_000))).toEqual(['differed', 'SERVICE_DIFFERS']);
    expect(verdict(sale(), found('SUCCESS', 50_000, 'POS-OTHER'))).toEqual(['differed', 'SERVICE_DIFFERS']);
    expect(compareWithService(sale(), found('SUCCESS', 50_000, 'POS-OTHER')).discrepancy!.message).toContain('belongs to another sale (POS-OTHER)');
    expect(verdict(sale(), found('REVERSED'))).toEqual(['differed', 'SERVICE_DIFFERS']);
    expect(verdict(sale(), found('SOMETHING_NEW'))).toEqual(['differed', 'SERVICE_DIFFERS']);
    expect(verdict(sale(), { kind: 'none' })).toEqual(['differed', 'SERVICE_UNKNOWN']);
    expect(verdict(sale({ state: 'FAILED' }), found('FAILED', 0))).toEqual(['agreed', null]);
    expect(verdict(sale({ state: 'FAILED' }), found('SUCCESS'))).toEqual(['differed', 'SERVICE_DIFFERS']);
    expect(verdict(sale({ state: 'REVERSED' }), found('REVERSED'))).toEqual(['agreed', null]);
    expect(verdict(sale({ state: 'REJECTED', orderId: null }), { kind: 'none' })).toEqual(['agreed', null]);
    expect(verdict(sale({ state: 'REJECTED', orderId: null }), found('SUCCESS'))).toEqual(['differed', 'SERVICE_DIFFERS']);
    expect(verdict(sale(), { kind: 'unreachable', reason: 'down' })).toEqual(['unreachable', 'SERVICE_UNREACHABLE']);
  });

  it('calls a sale the journal has not settled unsettled, unless the service already settled it', () => {
    expect(verdict(sale({ state: 'PROCESSING' }), found('PROCESSING', 0))).toEqual(['agreed', 'UNSETTLED']);
    expect(verdict(sale({ state: 'NEEDS_SUPPORT' }), found('PROCESSING', 0))).toEqual(['agreed', 'UNSETTLED']);
    expect(verdict(sale({ state: 'IN_DOUBT', orderId: null }), { kind: 'none' })).toEqual(['agreed', 'UNSETTLED']);
    expect(verdict(sale({ state: 'INTENT', orderId: null }), found('PROCESSING', 0))).toEqual(['agreed', 'UNSETTLED']);
    expect(verdict(sale({ state: 'PROCESSING' }), found('SUCCESS'))).toEqual(['differed', 'SERVICE_DIFFERS']);
    expect(verdict(sale({ state: 'IN_DOUBT', orderId: null }), found('FAILED', 0))).toEqual(['differed', 'SERVICE_DIFFERS']);
    expect(verdict(sale({ state: 'PROCESSING' }), { kind: 'none' })).toEqual(['differed', 'SERVICE_UNKNOWN']);
  });
});

describe('the wallet between two readings', () => {
  const day = istDayBounds('2026-11-26')!;
  const history = (readings: WalletReading[]) => ({
    lastBefore: (at: number) => [...readings].reverse().find((r) => r.at < at) ?? null,
    firstIn: (from: number, to: number) => readings.find((r) => r.at >= from && r.at < to) ?? null,
    lastIn: (from: number, to: number) => [...readings].reverse().find((r) => r.at >= from && r.at < to) ?? null,
  });

  it('opens on the last reading before the first sale, else the day’s first reading; closes on a fresh one, else the day’s last', () => {
    const yesterday = { at: day.from - 3_600_000, balancePaise: 900_00 };
    const morning = { at: T - 60_000, balancePaise: 800_00 };
    const atFirstSale = { at: T, balancePaise: 750_00 };
    const evening = { at: day.to - 60_000, balancePaise: 500_00 };
    const all = history([yesterday, morning, atFirstSale, evening]);
    expect(walletReadings(all, day, T, null)).toEqual({ opening: morning, closing: evening });
    const fresh = { at: day.to - 1, balancePaise: 400_00 };
    expect(walletReadings(all, day, T, fresh)).toEqual({ opening: morning, closing: fresh });
    // No sales: measured from the last reading before the day.
    expect(walletReadings(all, day, null, null)).toEqual({ opening: yesterday, closing: evening });
    // Never read before the first sale: from the day's first reading.
    expect(walletReadings(history([atFirstSale, evening]), day, T, null)).toEqual({ opening: atFirstSale, closing: evening });
    expect(walletReadings(history([]), day, T, null)).toEqual({ opening: null, closing: null });
    expect(walletReadings(history([yesterday]), day, T, null)).toEqual({ opening: yesterday, closing: null });
  });

  it('compares what the wallet spent with what the service charged for the sales in the window', () => {
    const opening = { at: T - 60_000, balancePaise: 1_000_00 };
    const closing = { at: T + 3_600_000, balancePaise: 1_000_00 - 450_00 + 200_00 };
    const windowSales = [
      { sale: sale({ amountPaise: 500_00, discountPaise: 50_00 }), charged: true },
      { sale: sale({ amountPaise: 300_00, state: 'FAILED' }), charged: false },
    ];
    const topUps: [number, number][] = [];
    const matched = checkWallet({ opening, closing, topUpsPaise: (a, b) => (topUps.push([a, b]), 200_00), windowSales });
    expect(matched.discrepancy).toBeNull();
    expect(matched.wallet).toEqual({ openingBalancePaise: 1_000_00, openingReadAt: opening.at, closingBalancePaise: 750_00, closingReadAt: closing.at, topUpsPaise: 200_00, spentPaise: 450_00, expectedSpentPaise: 450_00 });
    expect(topUps).toEqual([[opening.at, closing.at]]);

    const notEntered = checkWallet({ opening, closing, topUpsPaise: () => 0, windowSales });
    expect(notEntered.discrepancy).toMatchObject({ kind: 'WALLET_MOVEMENT', amountPaise: -200_00 });
    const outside = checkWallet({ opening, closing: { ...closing, balancePaise: closing.balancePaise - 100_00 }, topUpsPaise: () => 200_00, windowSales });
    expect(outside.discrepancy).toMatchObject({ kind: 'WALLET_MOVEMENT', amountPaise: 100_00 });

    expect(checkWallet({ opening: null, closing, topUpsPaise: () => 0, windowSales }).discrepancy).toMatchObject({ kind: 'WALLET_NOT_READ', message: expect.stringContaining('before the day’s first sale') });
    expect(checkWallet({ opening, closing: null, topUpsPaise: () => 0, windowSales }).discrepancy).toMatchObject({ kind: 'WALLET_NOT_READ', message: expect.stringContaining('end of the day') });
    expect(checkWallet({ opening: null, closing: null, topUpsPaise: () => 0, windowSales }).wallet).toMatchObject({ spentPaise: null, expectedSpentPaise: null });
  });
});
