import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { Sandbox } from '../../src-main/sandbox/server.js';
import { SETTLE_ORDER_QUEUE, SETTLE_RETRY_SECONDS } from '../../src-main/store-server/jobs/store-jobs.js';
import type { StoreServer } from '../../src-main/store-server/server.js';
import { startSandboxStore, type SandboxStore } from './store-harness.js';

/**
 * The store server asks the service about a PROCESSING order on the spec's protocol (§3.4: the
 * first poll a minute after placement), never in a loop; a counter's own question settles the
 * store's journal meanwhile; each question is one job that ends completed (found by the store
 * soak: questions once piled up as failed jobs); many orders in doubt at once are taken in batches.
 */
describe("the store server's settle jobs", () => {
  let store: SandboxStore;
  let sandbox: Sandbox;
  let server: StoreServer;
  /** The counter's bearer token and its seller's staff session. */
  let seller: Record<string, string> = {};

  beforeAll(async () => {
    store = await startSandboxStore({ tempPrefix: 'gv-store-pace-', counterName: 'Pace', sandbox: {} });
    ({ sandbox, server, seller } = store);
  }, 120_000);

  afterAll(() => store?.close(), 60_000);

  it('does not poll a PROCESSING order before the protocol’s first minute, and a counter’s question settles it', async () => {
    const referenceId = `PACE-${Date.now()}`;
    const placed = await fetch(`${server.url}/partner/v1/partners/orders`, {
      method: 'POST',
      headers: { ...seller, 'Content-Type': 'application/json' },
      body: JSON.stringify({ productId: 'TEST_PROCESSING_SUCCESS', referenceId, amount: 500, denominationDetails: [{ denomination: 500, quantity: 1 }] }),
    });
    expect(placed.status).toBe(201);
    expect(((await placed.json()) as { status: string }).status).toBe('PROCESSING');

    const asks = () => sandbox.requests.list().filter((r) => r.method === 'GET' && r.path === `/v1/partners/orders/by-reference/${referenceId}`).length;
    // Three retry intervals go by: the job queue asks nothing (its first question is due at a minute).
    await new Promise((r) => setTimeout(r, 3 * SETTLE_RETRY_SECONDS * 1000));
    expect(asks()).toBe(0);

    // The service finishes it; the counter's own poll (through the store) settles the store's journal.
    sandbox.state.clock.advance(200);
    const asked = await fetch(`${server.url}/partner/v1/partners/orders/by-reference/${referenceId}`, { headers: { Authorization: seller.Authorization! } });
    expect(((await asked.json()) as { status: string }).status).toBe('SUCCESS');
    const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 1 });
    try {
      expect((await pool.query<{ order_status: string }>('SELECT order_status FROM relayed_orders WHERE reference_id = $1', [referenceId])).rows[0]!.order_status).toBe('SUCCESS');
      // Its scheduled question waits for its minute; nothing failed.
      const jobs = (await pool.query<{ state: string; later: boolean }>('SELECT state::text AS state, start_after > now() AS later FROM pgboss.job WHERE name = $1 AND singleton_key = $2', [`${SETTLE_ORDER_QUEUE}-main`, referenceId])).rows;
      expect(jobs).toEqual([{ state: 'created', later: true }]);
    } finally {
      await pool.end();
    }
  }, 90_000);

  it('keeps up with a busy store: many orders in doubt at once are all settled when their first questions fall due', async () => {
    // Thirty answers lost at once: thirty settle jobs queued together (a busy store after a network blip).
    const refs = Array.from({ length: 30 }, (_, i) => `BUSY-${Date.now()}-${i}`);
    sandbox.state.faults.arm({ kind: 'reset-after-commit', count: refs.length, match: { method: 'POST', path: '/v1/partners/orders' } });
    for (const referenceId of refs) {
      const placed = await fetch(`${server.url}/partner/v1/partners/orders`, {
        method: 'POST',
        headers: { ...seller, 'Content-Type': 'application/json' },
        body: JSON.stringify({ productId: 'TEST_FIXED_STANDARD', referenceId, amount: 1000, denominationDetails: [{ denomination: 1000, quantity: 1 }] }),
      });
      expect(placed.status).toBe(503);
    }
    const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 1 });
    try {
      const t0 = Date.now();
      let open = refs.length;
      // Their first questions fall due together (FIRST_QUESTION_SECONDS after the lost answers) and are taken in batches.
      while (open > 0 && Date.now() - t0 < 60_000) {
        await new Promise((r) => setTimeout(r, 250));
        open = Number((await pool.query<{ n: string }>(`SELECT count(*) AS n FROM relayed_orders WHERE reference_id = ANY($1) AND state <> 'ACCEPTED'`, [refs])).rows[0]!.n);
      }
      expect(open).toBe(0);
    } finally {
      await pool.end();
    }
  }, 90_000);
});
