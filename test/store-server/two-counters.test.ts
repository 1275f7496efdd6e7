import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src-main/sandbox/server.js';
import { tempDir } from '../support/temp-dir.js';
import { pairingCode, startCounter, startStoreServerCli, waitForHealth, type CounterHost, type Running } from './store-processes.js';

/**
 * What an outside check does with a store: the sandbox, `npm run store-server` against it with
 * no --database-url (embedded PostgreSQL), two browser hosts paired with two codes, the store's
 * manager signed in on both, a shift and sales on each, the store server SIGKILLed and
 * restarted mid-run. Every sale is then in each counter's Orders, and the service's SUCCESS
 * orders are exactly the sales that completed.
 */
describe('a store with two counters, its server killed mid-run', () => {
  let sandbox: Sandbox;
  const dirs = [tempDir('gv-store-'), tempDir('gv-counter1-'), tempDir('gv-counter2-')];
  let server: Running;
  let url = '';
  const counters: CounterHost[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox({ tickMs: 60_000 });
    const started = await startStoreServerCli({ dataDir: dirs[0]!.path, partnerBaseUrl: sandbox.url });
    server = started.proc;
    url = started.url;
    await waitForHealth(url);
    for (const [i, dir] of [dirs[1]!, dirs[2]!].entries()) {
      const code = await pairingCode({ dataDir: dirs[0]!.path });
      counters.push(await startCounter(['--store-server', url, '--pairing-code', code, '--data-dir', dir.path, '--counter-name', `Counter ${i + 1}`]));
    }
  }, 240_000);

  afterAll(async () => {
    for (const c of counters) await c.proc.kill();
    await server?.kill();
    await sandbox?.close();
    for (const d of dirs) d.cleanup();
  }, 60_000);

  it('keeps every sale: none lost, none doubled, every counter lists all of them', async () => {
    const health = await waitForHealth(url);
    expect(health).toMatchObject({ database: 'ok' });
    const [one, two] = counters as [CounterHost, CounterHost];

    // One manager set-up for the store; the second counter signs the same person in.
    expect((await one.call('staff.list')).ok && (await one.call('staff.list') as any).data.needsSetup).toBe(true);
    const setUp = await one.call('staff.setupFirstManager', { name: 'Meera', pin: '4826' });
    expect(setUp.ok).toBe(true);
    const managerId = (setUp as any).data.id as string;
    const listed = (await two.call('staff.list')) as any;
    expect(listed.data.needsSetup).toBe(false);
    expect(listed.data.staff.map((s: { id: string }) => s.id)).toContain(managerId);
    const again = await two.call('staff.setupFirstManager', { name: 'Someone Else', pin: '1357' });
    expect(again.ok).toBe(false);
    for (const c of counters) {
      expect((await c.call('staff.signIn', { staffId: managerId, pin: '4826' })).ok).toBe(true);
      expect((await c.call('shift.open', { openingFloatPaise: 0 })).ok).toBe(true);
    }
    expect(((await one.call('app.info')) as any).data).toMatchObject({ environment: 'staging', training: false });

    const brand = [...sandbox.state.catalog.list({})].map((r) => r.wire).find((b) => b.status === 'ACTIVE' && (b.amountRestrictions?.denominations?.length ?? 0) > 0)!;
    const amountPaise = Math.round(brand.amountRestrictions!.denominations![0]! * 100);
    const sell = (c: CounterHost) => c.call('sale.place', { productId: brand.id, amountPaise, tenders: [{ method: 'CASH', amountPaise }] });

    const placed: Record<string, string> = {};
    const refused: string[] = [];
    async function sellOn(c: CounterHost, n: number) {
      for (let i = 0; i < n; i++) {
        const r = (await sell(c)) as any;
        if (r.ok) placed[r.data.referenceId] = r.data.state;
        else refused.push(r.error.code);
      }
    }
    await Promise.all([sellOn(one, 4), sellOn(two, 4)]);
    // The store server dies with sales in flight, and comes back on the same port and folder.
    const port = new URL(url).port;
    // The service commits the next orders but holds its answers: the kill lands while they are in flight.
    sandbox.state.faults.arm({ kind: 'delay', ms: 3_000, stage: 'after', count: 2, match: { method: 'POST', path: '/v1/partners/orders' } });
    const inFlight = Promise.all([sellOn(one, 4), sellOn(two, 4)]);
    await new Promise((r) => setTimeout(r, 1_000));
    await server.kill('SIGKILL');
    await inFlight;
    const restarted = await startStoreServerCli({ dataDir: dirs[0]!.path, partnerBaseUrl: sandbox.url, port: Number(port) });
    server = restarted.proc;
    await waitForHealth(url);
    await Promise.all([sellOn(one, 3), sellOn(two, 3)]);
    // The two sales in flight at the kill were answered "not known yet"; the rest sold before and after.
    expect(Object.values(placed).filter((state) => state === 'IN_DOUBT').length).toBeGreaterThanOrEqual(1);
    expect(Object.keys(placed).length).toBeGreaterThanOrEqual(16);
    // Sales tried while it was down were refused before anything was journaled: at once by the
    // store check, or by the brand's fresh check when the server died just after it answered.
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.filter((code) => code !== 'STORE_UNREACHABLE' && code !== 'NETWORK')).toEqual([]);

    // Unsettled sales settle by asking by reference (the counters' own rechecks).
    const deadline = Date.now() + 200_000;
    for (;;) {
      const pending = await Promise.all(counters.map(async (c) => ((await c.call('sale.pending')) as any).data.sales.length as number));
      if (pending.every((n) => n === 0)) break;
      if (Date.now() > deadline) throw new Error(`still pending: ${pending.join(', ')}`);
      await new Promise((r) => setTimeout(r, 1_000));
    }

    const listOf = async (c: CounterHost) => {
      const items: { referenceId: string; state: string; counterName?: string }[] = [];
      let after = null;
      do {
        const page = (await c.call('orders.list', { filter: {}, after, limit: 200 })) as any;
        expect(page.ok).toBe(true);
        expect(page.data.scope).toBe('store');
        items.push(...page.data.items);
        after = page.data.next;
      } while (after);
      return items;
    };
    // The outbox sends each counter's sales within a few seconds.
    let lists: Awaited<ReturnType<typeof listOf>>[] = [];
    for (let tries = 0; tries < 30; tries++) {
      lists = await Promise.all(counters.map(listOf));
      if (lists.every((l) => Object.keys(placed).every((ref) => l.some((i) => i.referenceId === ref)))) break;
      await new Promise((r) => setTimeout(r, 1_000));
    }
    for (const list of lists) {
      // Exactly the sales placed: every one, and no refused attempt journaled as a sale.
      expect(list.map((i) => i.referenceId).sort()).toEqual(Object.keys(placed).sort());
      expect(new Set(list.map((i) => i.counterName))).toEqual(new Set(['Counter 1', 'Counter 2']));
    }
    const sold = lists[0]!.filter((i) => i.state === 'SUCCESS').map((i) => i.referenceId).sort();
    const service = [...sandbox.state.orders.orders.values()].filter((o) => o.status === 'SUCCESS').map((o) => o.referenceId).sort();
    expect(service).toEqual(sold);
    // Nothing doubled: one service order per reference.
    const refs = [...sandbox.state.orders.orders.values()].map((o) => o.referenceId);
    expect(new Set(refs).size).toBe(refs.length);
  }, 420_000);
});
