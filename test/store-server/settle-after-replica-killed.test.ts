import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { FIRST_QUESTION_SECONDS } from '../../src-main/store-server/relay/settle-schedule.js';
import { pairingCode, startCliStoreOnCluster, startStoreServerCli, type CliStoreOnCluster } from './store-processes.js';
import { pairWithCode, sellerHeaders } from './store-harness.js';

/**
 * A store server SIGKILLed while its settle job asks the service about an order leaves that job
 * 'active' until it expires. Meanwhile the store's other orders must still be settled: the
 * restarted server does not queue a second question for that order (pg-boss would then fail to
 * fetch anything until the first one expired: the whole queue stalled for minutes in the store
 * soak), and the killed job is run again within about a minute.
 */
describe('settle jobs after a store server is killed mid-question', () => {
  let store: CliStoreOnCluster;

  beforeAll(async () => {
    store = await startCliStoreOnCluster('gv-store-midjob-');
  }, 120_000);

  afterAll(() => store?.close(), 60_000);

  it('settles the other orders at once and the killed question within about a minute', async () => {
    const { sandbox, cluster, url, dirs } = store;
    const code = await pairingCode({ databaseUrl: cluster.url });
    const paired = await pairWithCode(url, code, 'Mid-job');
    const signIn = () => sellerHeaders(url, paired);
    const placeInDoubt = async (seller: Record<string, string>, referenceId: string) => {
      sandbox.state.faults.arm({ kind: 'reset-after-commit', match: { method: 'POST', path: '/v1/partners/orders' } });
      const placed = await fetch(`${url}/partner/v1/partners/orders`, {
        method: 'POST',
        headers: { ...seller, 'Content-Type': 'application/json' },
        body: JSON.stringify({ productId: 'TEST_FIXED_STANDARD', referenceId, amount: 1000, denominationDetails: [{ denomination: 1000, quantity: 1 }] }),
      });
      expect(placed.status).toBe(503);
    };

    // The job's question is held by the service; the store server dies while it waits.
    const stuck = `MIDJOB-${Date.now()}`;
    sandbox.state.faults.arm({ kind: 'delay', ms: 10_000, stage: 'before', match: { method: 'GET', path: `/v1/partners/orders/by-reference/${stuck}` } });
    await placeInDoubt(await signIn(), stuck);
    // Its first question is due FIRST_QUESTION_SECONDS.unknown after the lost answer.
    const deadline = Date.now() + FIRST_QUESTION_SECONDS.unknown * 1000 + 10_000;
    while (!sandbox.state.faults.fired.some((f) => f.kind === 'delay')) {
      if (Date.now() > deadline) throw new Error('the settle job never asked');
      await new Promise((r) => setTimeout(r, 50));
    }
    await store.server.kill('SIGKILL');
    store.server = (await startStoreServerCli({ dataDir: dirs.store, partnerBaseUrl: sandbox.url, databaseUrl: cluster.url, port: Number(new URL(url).port) })).proc;

    const others = Array.from({ length: 5 }, (_, i) => `AFTER-${Date.now()}-${i}`);
    const seller = await signIn();
    for (const ref of others) await placeInDoubt(seller, ref);
    const pool = new pg.Pool({ connectionString: cluster.url, max: 1 });
    const openOf = async (refs: string[]) =>
      Number((await pool.query<{ n: string }>(`SELECT count(*) AS n FROM relayed_orders WHERE reference_id = ANY($1) AND state <> 'ACCEPTED'`, [refs])).rows[0]!.n);
    try {
      const t0 = Date.now();
      // Settled when their own first questions fall due: the killed replica's job does not hold them up.
      while ((await openOf(others)) > 0 && Date.now() - t0 < FIRST_QUESTION_SECONDS.unknown * 1000 + 15_000) await new Promise((r) => setTimeout(r, 250));
      expect(await openOf(others)).toBe(0);

      // The killed job expires and is run again: its order is settled too.
      while ((await openOf([stuck])) > 0 && Date.now() - t0 < 110_000) await new Promise((r) => setTimeout(r, 1_000));
      expect(await openOf([stuck])).toBe(0);
    } finally {
      await pool.end();
    }
  }, 180_000);
});
