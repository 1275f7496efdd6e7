import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src-main/db/database.js';
import { kvShelf } from '../../src-main/db/kv-shelf.js';
import type { SaleState } from '../../src-main/orders/journal/sale-state.js';
import { SqliteSaleJournal } from '../../src-main/orders/journal/sqlite-sale-journal.js';
import { createPartnerClient, type PartnerClient } from '../../src-main/partner-api/partner-client.js';
import type { KeyShelf } from '../../src-main/db/kv-shelf.js';
import { FakeClock } from '../../src-main/platform/clock.js';
import { memoryLogger } from '../../src-main/platform/logger.js';
import { startSandbox, type Sandbox } from '../../src-main/sandbox/server.js';
import { WalletService } from '../../src-main/wallet/wallet-service.js';
import { newSale } from '../orders/journal/journal-fixtures.js';
import { tempDir } from '../support/temp-dir.js';

const T0 = Date.UTC(2026, 10, 25, 6, 0, 0);
const WALLET_PATH = '/v1/partners/wallet/balance';

describe('WalletService', () => {
  let sandbox: Sandbox;
  let dir: ReturnType<typeof tempDir>;
  let db: Db;
  let shelf: KeyShelf;
  let client: PartnerClient;
  let journal: SqliteSaleJournal;
  let logger: ReturnType<typeof memoryLogger>;
  let now: number;
  let thresholdPaise: number;
  let wallet: WalletService;

  const control = async (method: string, path: string, body?: unknown): Promise<any> => {
    const res = await fetch(`${sandbox.url}/__sandbox${path}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return res.json();
  };
  const build = () =>
    new WalletService({ db, shelf, client: () => client, thresholdPaise: () => thresholdPaise, maxReadingAgeMs: () => 10 * 60_000, now: () => now, logger });
  /** A journal row of ₹`rupees` (less ₹`discount`) created at `createdAt`, moved to `state`. */
  const sale = (rupees: number, state: SaleState, createdAt: number, discount = 0) => {
    const s = journal.insertIntent(newSale({ denomination: rupees, createdAt, discountPaise: discount * 100 }));
    if (state !== 'INTENT') expect(journal.transition(s.id, 'INTENT', state, { orderId: `ord_${s.id}` }).applied).toBe(true);
  };
  const readAt = async (rupees: number, at: number) => {
    await control('PUT', '/wallet', { balance: rupees });
    now = at;
    const result = await wallet.refresh();
    expect(result.ok).toBe(true);
  };

  beforeEach(async () => {
    sandbox = await startSandbox({ tickMs: 60_000 });
    dir = tempDir();
    db = openDatabase(join(dir.path, 'wallet.db'), 'environment');
    shelf = kvShelf(db);
    logger = memoryLogger();
    client = createPartnerClient({
      baseUrl: sandbox.url,
      credentials: async () => ({ clientId: 'sandbox-staging-client', clientSecret: 'sandbox-staging-secret' }),
      clock: new FakeClock(sandbox.state.clock.now()),
      logger,
      sleep: async () => {},
    });
    journal = new SqliteSaleJournal(db, () => now);
    now = T0;
    thresholdPaise = 5_000_00;
    wallet = build();
  });
  afterEach(async () => {
    client.close();
    db.close();
    await sandbox.close();
    dir.cleanup();
  });

  it('knows nothing before the first read', () => {
    expect(wallet.view()).toEqual({
      balancePaise: null,
      readAt: null,
      thresholdPaise: 5_000_00,
      inFlightPaise: 0,
      estimatedPaise: null,
      low: false,
      lowBalanceAlert: null,
    });
  });

  it('reads the balance before guarding the first sale', async () => {
    await control('PUT', '/wallet', { balance: 2_000 });
    expect(await wallet.floatGuard(1_000_00)).toEqual({ ok: true });
    expect(wallet.view()).toMatchObject({ balancePaise: 2_000_00, readAt: now });
  });

  it('refresh() stores the balance the service reports, with the time it was read', async () => {
    await control('PUT', '/wallet', { balance: 12_345.67 });
    now = T0 + 5_000;
    const result = await wallet.refresh();
    expect(result).toMatchObject({ ok: true, view: { balancePaise: 12_345_67, readAt: T0 + 5_000, estimatedPaise: 12_345_67, low: false } });
    expect(JSON.parse(shelf.read('wallet_reading')!)).toEqual({ balancePaise: 12_345_67, at: T0 + 5_000 });
    expect(build().view()).toMatchObject({ balancePaise: 12_345_67, readAt: T0 + 5_000 }); // survives a restart
  });

  it('keeps every balance read in the history, beside the latest on the shelf; a failed read keeps none', async () => {
    await readAt(20_000, T0);
    await readAt(19_500, T0 + 60_000);
    await control('POST', '/faults', { kind: 'error-5xx', count: 3, match: { method: 'GET', path: WALLET_PATH } });
    now = T0 + 120_000;
    expect((await wallet.refresh()).ok).toBe(false);
    expect(db.prepare('SELECT at, balance_paise AS balancePaise FROM wallet_readings ORDER BY at').all()).toEqual([
      { at: T0, balancePaise: 20_000_00 },
      { at: T0 + 60_000, balancePaise: 19_500_00 },
    ]);
    expect(wallet.history.lastBefore(T0 + 60_000)).toEqual({ at: T0, balancePaise: 20_000_00 });
    expect(wallet.history.lastIn(T0, T0 + 120_000)).toEqual({ at: T0 + 60_000, balancePaise: 19_500_00 });
    expect(JSON.parse(shelf.read('wallet_reading')!)).toEqual({ balancePaise: 19_500_00, at: T0 + 60_000 });
  });

  it('records a manager’s top-up once, and refuses one entered twice or dated in the future without writing', () => {
    now = T0;
    const recorded = wallet.recordTopUp({ amountPaise: 5_000_00, reference: 'NEFT-1' }, 'manager-1');
    expect(recorded).toMatchObject({ ok: true, topUp: { at: T0, amountPaise: 5_000_00, reference: 'NEFT-1', recordedBy: 'manager-1', recordedAt: T0 } });
    const earlier = wallet.recordTopUp({ amountPaise: 1_00, reference: 'UTR-2', at: T0 - 3_600_000 }, 'manager-1');
    expect(earlier).toMatchObject({ ok: true, topUp: { at: T0 - 3_600_000, recordedAt: T0 } });
    expect(wallet.recordTopUp({ amountPaise: 5_000_00, reference: 'neft-1' }, 'manager-2')).toMatchObject({ ok: false, field: 'reference' });
    expect(wallet.recordTopUp({ amountPaise: 5_000_00, reference: 'NEFT-3', at: T0 + 3_600_000 }, 'manager-2')).toMatchObject({ ok: false, field: 'at' });
    expect(wallet.history.topUpsBetween(T0 - 3_600_000, T0).map((t) => t.reference)).toEqual(['NEFT-1']); // (after, upTo]
    expect(wallet.history.topUpsBetween(T0 - 3_600_001, T0).map((t) => t.reference)).toEqual(['UTR-2', 'NEFT-1']);
    expect(db.prepare('SELECT count(*) AS n FROM wallet_topups').get()).toEqual({ n: 2 });
  });

  it('a failed refresh returns the error and keeps the previous reading', async () => {
    await readAt(20_000, T0);
    await control('PUT', '/wallet', { balance: 5_000 });
    await control('POST', '/faults', { kind: 'error-5xx', count: 3, match: { method: 'GET', path: WALLET_PATH } });
    now = T0 + 60_000;
    const failed = await wallet.refresh();
    expect(failed.ok).toBe(false);
    if (failed.ok) return;
    expect(failed.error).toMatchObject({ httpStatus: 503 });
    expect(failed.view).toMatchObject({ balancePaise: 20_000_00, readAt: T0 });
    expect(wallet.view()).toMatchObject({ balancePaise: 20_000_00, readAt: T0 });
    expect((await control('GET', '/faults')).armed).toEqual([]); // all three sends were made
    expect(sandbox.requests.list().filter((r) => r.path === WALLET_PATH).map((r) => r.status)).toEqual([200, 503, 503, 503]);
    expect(logger.lines.some((l) => l.includes('wallet.refresh_failed'))).toBe(true);

    now = T0 + 120_000;
    expect((await wallet.refresh()).view).toMatchObject({ balancePaise: 5_000_00, readAt: T0 + 120_000 });
  });

  it('counts only sales started since the reading and not known to have failed as in flight', async () => {
    const readingAt = T0 + 60_000;
    sale(3_000, 'INTENT', readingAt - 1); // before the reading: already in the balance
    sale(2_000, 'SUCCESS', readingAt - 60_000);
    await readAt(10_000, readingAt);
    sale(2_000, 'INTENT', readingAt);
    sale(1_000, 'SUCCESS', readingAt + 1_000, 100); // debit = amount − discount
    sale(500, 'PROCESSING', readingAt + 2_000);
    sale(4_000, 'FAILED', readingAt + 3_000);
    sale(4_000, 'REJECTED', readingAt + 4_000);
    expect(wallet.view()).toMatchObject({ balancePaise: 10_000_00, inFlightPaise: 3_400_00, estimatedPaise: 6_600_00 });
  });

  it('the float guard warns when a debit exceeds the balance minus sales in flight', async () => {
    await readAt(10_000, T0);
    // The reading is seconds old: it is used as it is.
    expect(await wallet.floatGuard(10_000_00)).toEqual({ ok: true });
    sale(2_000, 'INTENT', T0 + 1_000);
    sale(1_000, 'SUCCESS', T0 + 2_000);
    sale(5_000, 'FAILED', T0 + 3_000);
    sale(5_000, 'REJECTED', T0 + 4_000);
    sale(9_000, 'SUCCESS', T0 - 1_000); // before the reading
    expect(await wallet.floatGuard(7_000_00)).toEqual({ ok: true });
    const guard = await wallet.floatGuard(7_000_01);
    expect(guard.ok).toBe(false);
    if (guard.ok) return;
    expect(guard.warning).toContain('₹7,000.01');
    expect(guard.warning).toContain('₹7,000 after');
    expect(guard.warning).toContain('Insufficient balance');
  });

  const walletReads = () => sandbox.requests.list().filter((r) => r.method === 'GET' && r.path.includes('wallet')).length;

  it('reads the balance again before a sale when the reading is older than the manager’s limit', async () => {
    await readAt(10_000, T0);
    // Spent elsewhere (another counter, the portal) meanwhile.
    await control('PUT', '/wallet', { balance: 1_000 });
    now = T0 + 9 * 60_000;
    expect(await wallet.floatGuard(2_000_00)).toEqual({ ok: true }); // younger than 10 minutes, and a small share
    now = T0 + 11 * 60_000;
    const reads = walletReads();
    const guard = await wallet.floatGuard(2_000_00);
    expect(walletReads()).toBe(reads + 1);
    expect(guard).toMatchObject({ ok: false, warning: expect.stringContaining('₹1,000 after') });
    expect(wallet.view()).toMatchObject({ balancePaise: 1_000_00, readAt: T0 + 11 * 60_000 });
  });

  it('reads again before a sale larger than half of the last balance, once for a quote and its placing', async () => {
    await readAt(10_000, T0);
    await control('PUT', '/wallet', { balance: 4_000 });
    now = T0 + 60_000;
    const reads = walletReads();
    expect(await wallet.floatGuard(4_000_00)).toEqual({ ok: true }); // not more than half: the old reading stands
    expect(walletReads()).toBe(reads);
    const [quoted, placed] = await Promise.all([wallet.floatGuard(6_000_00), wallet.floatGuard(6_000_00)]);
    expect(walletReads()).toBe(reads + 1);
    expect(quoted).toMatchObject({ ok: false, warning: expect.stringContaining('₹4,000 after') });
    expect(placed).toEqual(quoted);
  });

  it('reads again after a Wallet Low Balance event, and says when the balance could not be read', async () => {
    await readAt(50_000, T0);
    now = T0 + 60_000;
    wallet.onLowBalanceEvent({ type: 'WALLET_LOW_BALANCE', eventId: 'e1', createdAt: null, balance: 900, threshold: 1_000 });
    await control('POST', '/faults', { kind: 'error-5xx', status: 503, count: 10, match: { path: '/v1/partners/wallet*' } });
    const guard = await wallet.floatGuard(100_00);
    expect(guard).toEqual({ ok: false, warning: 'The wallet balance could not be read just now (the service reported a low balance). The sale may fail with "Insufficient balance".' });
    await control('DELETE', '/faults');
    await control('PUT', '/wallet', { balance: 900 });
    now = T0 + 120_000;
    expect(await wallet.floatGuard(100_00)).toEqual({ ok: true });
    expect(wallet.view()).toMatchObject({ balancePaise: 900_00, lowBalanceAlert: null });
  });

  it('is low when the estimate falls below the threshold', async () => {
    thresholdPaise = 5_000_00;
    await readAt(8_000, T0);
    expect(wallet.view().low).toBe(false);
    sale(3_000, 'INTENT', T0 + 1_000);
    expect(wallet.view()).toMatchObject({ estimatedPaise: 5_000_00, low: false }); // at the threshold is not below it
    sale(100, 'SUCCESS', T0 + 2_000);
    expect(wallet.view()).toMatchObject({ estimatedPaise: 4_900_00, low: true });
    thresholdPaise = 4_000_00;
    expect(wallet.view().low).toBe(false);
  });

  it('a Wallet Low Balance event marks it low until a newer reading', async () => {
    thresholdPaise = 1_000_00;
    await readAt(50_000, T0);
    now = T0 + 10_000;
    wallet.onLowBalanceEvent({ type: 'WALLET_LOW_BALANCE', eventId: 'e1', createdAt: null, balance: 9_999.5, threshold: 10_000 });
    expect(wallet.view()).toMatchObject({
      balancePaise: 50_000_00,
      low: true,
      lowBalanceAlert: { balancePaise: 9_999_50, thresholdPaise: 10_000_00, at: T0 + 10_000 },
    });
    await readAt(50_000, T0 + 20_000);
    expect(wallet.view()).toMatchObject({ low: false, lowBalanceAlert: null });
  });

  it('reads damaged stored values as "unknown", not as a crash', async () => {
    for (const damaged of ['{not json', 'null', '42', '{"balancePaise":"100","at":1}', '{"balancePaise":100}']) {
      shelf.write('wallet_reading', damaged);
      shelf.write('wallet_low_alert', damaged);
      expect(wallet.view()).toMatchObject({ balancePaise: null, readAt: null, estimatedPaise: null, low: false, lowBalanceAlert: null });
      expect(await wallet.floatGuard(1_00)).toEqual({ ok: true }); // read afresh: an unreadable reading is no reading
    }
    await readAt(1_234, T0); // a good reading replaces the damaged one
    expect(wallet.view()).toMatchObject({ balancePaise: 1_234_00, readAt: T0 });
  });
});
