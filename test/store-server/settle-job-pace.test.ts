import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { silentLogger } from '../../src-main/platform/logger.js';
import { startSandbox, type Sandbox } from '../../src-main/sandbox/server.js';
import { newPairingCode } from '../../src-main/store-server/counters/counter-credentials.js';
import { SETTLE_ORDER_QUEUE, SETTLE_RETRY_SECONDS } from '../../src-main/store-server/jobs/store-jobs.js';
import { startStoreServer, type StoreServer } from '../../src-main/store-server/server.js';
import { tempDir } from '../support/temp-dir.js';

/**
 * An order in doubt or PROCESSING is settled by a job that asks the service about it every
 * SETTLE_RETRY_SECONDS, and each question is one job run that ends completed: the store server
 * neither asks in a tight loop nor leaves jobs failed for good behind it (found by the store soak).
 */
describe("the store server's settle jobs", () => {
  let sandbox: Sandbox;
  let server: StoreServer;
  const dir = tempDir('gv-store-pace-');
  let token = '';

  beforeAll(async () => {
    sandbox = await startSandbox({});
    server = await startStoreServer({
      port: 0,
      dataDir: dir.path,
      partnerBaseUrl: sandbox.url,
      clientId: 'sandbox-staging-client',
      clientSecret: 'sandbox-staging-secret',
      environment: 'staging',
      storeId: 'main',
      logger: silentLogger,
    });
    const code = await newPairingCode(server.pool, 'main');
    const paired = (await (await fetch(`${server.url}/pair`, { method: 'POST', body: JSON.stringify({ code, counterName: 'Pace' }) })).json()) as { counterId: string; credential: string };
    const login = await fetch(`${server.url}/partner/v1/partners/auth/login`, { method: 'POST', body: JSON.stringify({ clientId: paired.counterId, clientSecret: paired.credential }) });
    token = ((await login.json()) as { token: string }).token;
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await sandbox?.close();
    dir.cleanup();
  }, 60_000);

  it('asks about it once per retry interval until it is settled, every job completing', async () => {
    const referenceId = `PACE-${Date.now()}`;
    const placed = await fetch(`${server.url}/partner/v1/partners/orders`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ productId: 'TEST_PROCESSING_SUCCESS', referenceId, amount: 500, denominationDetails: [{ denomination: 500, quantity: 1 }] }),
    });
    expect(placed.status).toBe(201);
    expect(((await placed.json()) as { status: string }).status).toBe('PROCESSING');

    const asks = () => sandbox.requests.list().filter((r) => r.method === 'GET' && r.path === `/v1/partners/orders/by-reference/${referenceId}`).length;
    const watchMs = 3 * SETTLE_RETRY_SECONDS * 1000;
    await new Promise((r) => setTimeout(r, watchMs));
    // One question per interval (and one spare for the timing of the first): not one per poll of the queue.
    expect(asks()).toBeGreaterThanOrEqual(1);
    expect(asks()).toBeLessThanOrEqual(watchMs / 1000 / SETTLE_RETRY_SECONDS + 1);

    // The service finishes it; the next question settles it and the questions stop.
    sandbox.state.clock.advance(200);
    const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 1 });
    try {
      const deadline = Date.now() + 4 * SETTLE_RETRY_SECONDS * 1000;
      let status: string | null = null;
      while (Date.now() < deadline) {
        status = (await pool.query<{ order_status: string }>('SELECT order_status FROM relayed_orders WHERE reference_id = $1', [referenceId])).rows[0]!.order_status;
        if (status === 'SUCCESS') break;
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(status).toBe('SUCCESS');
      await new Promise((r) => setTimeout(r, 1_500));
      const jobs = (await pool.query<{ state: string }>('SELECT state::text AS state FROM pgboss.job WHERE name = $1 AND singleton_key = $2', [`${SETTLE_ORDER_QUEUE}-main`, referenceId])).rows;
      expect(jobs.length).toBeGreaterThan(0);
      expect(jobs.filter((j) => j.state !== 'completed')).toEqual([]);
    } finally {
      await pool.end();
    }
  }, 90_000);

  it('keeps up with a busy store: many orders in doubt at once are all settled within seconds', async () => {
    // Thirty answers lost at once: thirty settle jobs queued together (a busy store after a network blip).
    const refs = Array.from({ length: 30 }, (_, i) => `BUSY-${Date.now()}-${i}`);
    sandbox.state.faults.arm({ kind: 'reset-after-commit', count: refs.length, match: { method: 'POST', path: '/v1/partners/orders' } });
    for (const referenceId of refs) {
      const placed = await fetch(`${server.url}/partner/v1/partners/orders`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ productId: 'TEST_FIXED_STANDARD', referenceId, amount: 1000, denominationDetails: [{ denomination: 1000, quantity: 1 }] }),
      });
      expect(placed.status).toBe(503);
    }
    const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 1 });
    try {
      const t0 = Date.now();
      let open = refs.length;
      while (open > 0 && Date.now() - t0 < 20_000) {
        await new Promise((r) => setTimeout(r, 250));
        open = Number((await pool.query<{ n: string }>(`SELECT count(*) AS n FROM relayed_orders WHERE reference_id = ANY($1) AND state <> 'ACCEPTED'`, [refs])).rows[0]!.n);
      }
      // One job a poll (the queue's pace before) needed thirty seconds for these.
      expect(open).toBe(0);
      expect(Date.now() - t0).toBeLessThan(10_000);
    } finally {
      await pool.end();
    }
  }, 60_000);
});
