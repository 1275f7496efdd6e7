import { expect } from 'vitest';
import type { DiscrepancyKind, EndOfDayReport } from '../../src-main/contract/index.js';
import { DAY_MS, IST_OFFSET_MS, istDay } from '../../src-main/platform/india-time.js';
import { bridgeHarness, setUpCounter, type BridgeHarness } from '../bridge/bridge-harness.js';

export const FIXED = 'TEST_FIXED_STANDARD';
export const FAILS = 'TEST_E200_GENERATION_FAILED';
export const PROCESSING = 'TEST_PROCESSING_SUCCESS';
const CASHIER_PIN = '4826';
const MANAGER_PIN = '2580';

export interface Counter {
  h: BridgeHarness;
  ids: { managerId: string; cashierId: string };
  /** The IST day the test's sales fall in. */
  day: string;
  /** Places a sale as the cashier and waits for the wallet re-read it starts; then a minute passes. */
  sell(payload: Record<string, unknown>): Promise<any>;
  /** Retries a failed sale (its payment carried along unless tenders are given), waiting as sell does. */
  retry(saleId: string): Promise<any>;
  /** Counts the drawer and closes the shift, `offPaise` away from what it should hold. */
  closeDrawer(offPaise?: number): Promise<void>;
  /** The end of day as the manager runs it. */
  endOfDay(day?: string): Promise<EndOfDayReport>;
  asCashier(): Promise<void>;
  asManager(): Promise<void>;
  control(method: string, path: string, body?: unknown): Promise<any>;
}

export const kinds = (report: EndOfDayReport): DiscrepancyKind[] => report.discrepancies.map((d) => d.kind);

/**
 * A counter on its first day, against its own sandbox over HTTP: a manager and a cashier, the
 * catalog synced, the drawer open, the wallet read once before the first sale (the day's
 * opening reading), and the cashier signed in. The clock is kept away from India's midnight so
 * the day's sales fall in one IST day.
 */
export async function openCounter(): Promise<Counter> {
  const h = await bridgeHarness();
  const sinceMidnight = (h.clock.now() + IST_OFFSET_MS) % DAY_MS;
  if (sinceMidnight > DAY_MS - 2 * 3_600_000) h.clock.advance(DAY_MS - sinceMidnight + 3_600_000);
  const ids = await setUpCounter(h);
  const day = istDay(h.clock.now());
  await h.ok('wallet.refresh');
  h.clock.advance(60_000);

  const walletReread = () =>
    new Promise<void>((resolve) => {
      const stop = h.bridge.subscribe((name) => {
        if (name === 'wallet.updated') {
          stop();
          resolve();
        }
      });
    });
  const settled = async (place: () => Promise<any>) => {
    const reread = walletReread();
    const sale = await place();
    await reread;
    h.clock.advance(60_000);
    return sale;
  };
  const control = async (method: string, path: string, body?: unknown): Promise<any> => {
    const res = await fetch(`${h.sandbox.url}/__sandbox${path}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return res.json();
  };
  const counter: Counter = {
    h,
    ids,
    day,
    sell: (payload) => settled(() => h.ok('sale.place', payload)),
    retry: (saleId) => settled(() => h.ok('sale.retry', { saleId })),
    async closeDrawer(offPaise = 0) {
      const shift = await h.ok('shift.current');
      await h.ok('shift.close', { countedCashPaise: shift.expectedCashPaise + offPaise });
      h.clock.advance(60_000);
    },
    async endOfDay(which = day) {
      await counter.asManager();
      const report = (await h.ok('report.endOfDay', { day: which })) as EndOfDayReport;
      h.clock.advance(60_000);
      return report;
    },
    asCashier: async () => void (await h.ok('staff.signIn', { staffId: ids.cashierId, pin: CASHIER_PIN })),
    asManager: async () => void (await h.ok('staff.signIn', { staffId: ids.managerId, pin: MANAGER_PIN })),
    control,
  };
  await counter.asCashier();
  return counter;
}

/** Every discrepancy carries a sentence and what to do, free of developer words. */
export function expectReadable(report: EndOfDayReport): void {
  for (const d of report.discrepancies) {
    expect(d.message.length, d.kind).toBeGreaterThan(20);
    expect(d.action.length, d.kind).toBeGreaterThan(20);
  }
}
