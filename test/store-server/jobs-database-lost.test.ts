import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src-main/platform/logger.js';
import { clusterDirOf, startEmbeddedCluster } from '../../src-main/store-server/database/embedded-postgres.js';
import { FIRST_QUESTION_SECONDS } from '../../src-main/store-server/relay/settle-schedule.js';
import { pairingCode, startCliStoreOnCluster, waitForHealth, type CliStoreOnCluster } from './store-processes.js';
import { pairWithCode, sellerHeaders } from './store-harness.js';

/**
 * PostgreSQL dies while the store server's settle job is asking the service about an order:
 * the job cannot be recorded as done or failed. The store server must stay up and answer
 * again once PostgreSQL is back (found by the store soak: pg-boss 10 leaves that write's
 * rejection unhandled, which ended the process).
 */
describe('the store server when PostgreSQL dies under a running settle job', () => {
  let store: CliStoreOnCluster;

  beforeAll(async () => {
    store = await startCliStoreOnCluster('gv-store-pglost-');
  }, 120_000);

  afterAll(() => store?.close(), 60_000);

  it('stays up and is healthy again when PostgreSQL is back', async () => {
    const { sandbox, server, url, dirs } = store;
    const code = await pairingCode({ databaseUrl: store.cluster.url });
    const paired = await pairWithCode(url, code, 'Lost');
    const seller = await sellerHeaders(url, paired);

    // The order's answer is lost (so a settle job asks about it when its first question is due), and that question is held 3 s.
    sandbox.state.faults.arm({ kind: 'reset-after-commit', match: { method: 'POST', path: '/v1/partners/orders' } });
    sandbox.state.faults.arm({ kind: 'delay', ms: 3_000, stage: 'before', match: { method: 'GET', path: '/v1/partners/orders/by-reference/*' } });
    const placed = await fetch(`${url}/partner/v1/partners/orders`, {
      method: 'POST',
      headers: { ...seller, 'Content-Type': 'application/json' },
      body: JSON.stringify({ productId: 'TEST_FIXED_STANDARD', referenceId: `LOST-${Date.now()}`, amount: 1000, denominationDetails: [{ denomination: 1000, quantity: 1 }] }),
    });
    expect(placed.status).toBe(503);
    await waitFor(() => sandbox.state.faults.fired.some((f) => f.kind === 'delay'), FIRST_QUESTION_SECONDS.unknown * 1000 + 10_000);

    // PostgreSQL dies while the job waits on the service, and comes back a few seconds later.
    const port = Number(new URL(store.cluster.url).port);
    process.kill(Number(readFileSync(join(clusterDirOf(dirs.pg), 'postmaster.pid'), 'utf8').split('\n')[0]), 'SIGKILL');
    await store.cluster.stop();
    await new Promise((r) => setTimeout(r, 5_000));
    expect(server.child.exitCode, server.output().slice(-2000)).toBeNull();
    store.cluster = await startEmbeddedCluster(dirs.pg, silentLogger, { port });

    await waitForHealth(url, 30_000);
    expect(server.child.exitCode).toBeNull();
  }, 90_000);
});

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
