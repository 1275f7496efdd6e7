import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src-main/sandbox/server.js';
import { NOT_PLACED_MARGIN_MS } from '../../src-main/store-server/relay/order-relay.js';
import type { StoreServer } from '../../src-main/store-server/server.js';
import { run, type Running } from './store-processes.js';
import {
  counterFor,
  eventually,
  login,
  newRef,
  orderBody,
  ordersReceived,
  sellingCounter,
  placeOrder,
  relayedRow,
  sql,
  startClusterStore,
  startStore,
  type ClusterStore,
  type Counter,
} from './store-harness.js';

/**
 * The poll protocol as pg-boss jobs: an order whose outcome the store server does not know is
 * settled by asking the service by reference, with no counter asking, by whichever replica
 * is alive, and each job runs once.
 */
const ORDER_TIMEOUT_MS = 1_000;
/** Longer than the time to the kill, so the killed server's send is still waiting when it dies. */
const CHILD_ORDER_TIMEOUT_MS = 3_000;

describe('settling orders by jobs', () => {
  let clusterStore: ClusterStore;
  let sandbox: Sandbox;
  let databaseUrl: string;
  let first: StoreServer;
  let second: StoreServer;
  let till: Counter;
  let child: Running | null = null;

  /** Every pg-boss job (queued, running or archived) that settles `referenceId`. */
  const settleJobs = (referenceId: string) =>
    sql<{ id: string; state: string; singleton_key: string }>(
      databaseUrl,
      `SELECT id, state, singleton_key FROM pgboss.job WHERE name LIKE 'settle-order-%' AND data->>'referenceId' = $1
       UNION ALL SELECT id, state, singleton_key FROM pgboss.archive WHERE name LIKE 'settle-order-%' AND data->>'referenceId' = $1`,
      [referenceId],
    );
  /** The by-reference questions the service was asked about `referenceId`. */
  const questions = (referenceId: string) => sandbox.requests.list().filter((r) => r.method === 'GET' && r.path === `/v1/partners/orders/by-reference/${referenceId}`).length;
  const settled = (referenceId: string) => eventually(`${referenceId} settled`, async () => (await relayedRow(databaseUrl, referenceId))?.state === 'ACCEPTED', 40_000);

  beforeAll(async () => {
    clusterStore = await startClusterStore('jobs', { timeouts: { orderResponseMs: ORDER_TIMEOUT_MS } });
    ({ sandbox, server: first, databaseUrl } = clusterStore);
    second = await startStore(sandbox, databaseUrl, { timeouts: { orderResponseMs: ORDER_TIMEOUT_MS } });
    till = await sellingCounter(first, 'Till');
  }, 60_000);

  beforeEach(() => sandbox.state.faults.clear());

  afterAll(async () => {
    await child?.kill('SIGKILL');
    await second?.close();
    await clusterStore?.close();
  }, 30_000);

  it('settles an order whose send timed out with the service’s answer, without any counter asking', async () => {
    const ref = newRef('TIMEOUT');
    // The service commits the order and answers after the store server gave up.
    sandbox.state.faults.arm({ kind: 'delay', ms: ORDER_TIMEOUT_MS + 1_500, stage: 'after', count: 1, match: { method: 'POST', path: '/v1/partners/orders' } });
    const answer = await placeOrder(till, orderBody(ref));
    expect(answer.status).toBe(503);
    expect(answer.json.error.code).toBe('STORE_OUTCOME_PENDING');
    await settled(ref);
    expect(await relayedRow(databaseUrl, ref)).toMatchObject({ state: 'ACCEPTED', order_status: 'SUCCESS', sends: 1 });
    expect(ordersReceived(sandbox, ref)).toBe(1);
    // One question, by the one job that ran for it.
    expect(questions(ref)).toBe(1);
    const jobs = await settleJobs(ref);
    expect(jobs.filter((j) => j.singleton_key === ref)).toEqual([expect.objectContaining({ state: 'completed' })]);
    expect(jobs.filter((j) => j.state === 'active' || j.state === 'retry' || j.state === 'failed')).toEqual([]);
  });

  it('follows an order whose unknown outcome could not be recorded with its first question (the queue refused it): as one left mid-send', async () => {
    const ref = newRef('UNQUEUED');
    // The job queue refuses that order's first question, once: nothing of that commit is kept.
    await sql(
      databaseUrl,
      `CREATE SEQUENCE test_refused_question;
       CREATE FUNCTION test_refuse_question() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF NEW.singleton_key = '${ref}' THEN
           IF nextval('test_refused_question') = 1 THEN RAISE EXCEPTION 'the job queue is not taking jobs'; END IF;
         END IF;
         RETURN NEW;
       END $$;
       CREATE TRIGGER test_refuse_question BEFORE INSERT ON pgboss.job FOR EACH ROW EXECUTE FUNCTION test_refuse_question();`,
    );
    try {
      // The service commits the order and answers after the store server gave up.
      sandbox.state.faults.arm({ kind: 'delay', ms: ORDER_TIMEOUT_MS + 1_500, stage: 'after', count: 1, match: { method: 'POST', path: '/v1/partners/orders' } });
      const answer = await placeOrder(till, orderBody(ref));
      // Nobody asks about it: the question queued with the order itself follows it to its end.
      await settled(ref);
      expect(await relayedRow(databaseUrl, ref)).toMatchObject({ state: 'ACCEPTED', order_status: 'SUCCESS', sends: 1 });
      expect(ordersReceived(sandbox, ref)).toBe(1);
      expect(questions(ref)).toBe(1);
      expect(await settleJobs(ref)).toEqual([expect.objectContaining({ singleton_key: `${ref}#if-orphaned`, state: 'completed' })]);
      // The counter was told to ask again, not that nothing happened.
      expect(answer.status).toBe(503);
      expect(answer.json.error.code).toBe('STORE_OUTCOME_PENDING');
    } finally {
      await sql(databaseUrl, 'DROP TRIGGER test_refuse_question ON pgboss.job; DROP FUNCTION test_refuse_question(); DROP SEQUENCE test_refused_question;');
    }
  }, 60_000);

  it('with two replicas, runs each order’s job once', async () => {
    const refs = Array.from({ length: 6 }, () => newRef('TWO'));
    const onSecond = counterFor(second.url, { ...till, token: (await login(second.url, till.id, till.credential)).json.token });
    sandbox.state.faults.arm({ kind: 'delay', ms: ORDER_TIMEOUT_MS + 1_500, stage: 'after', count: refs.length, match: { method: 'POST', path: '/v1/partners/orders' } });
    const answers = await Promise.all(refs.map((ref, i) => placeOrder(i % 2 ? onSecond : till, orderBody(ref))));
    expect(answers.map((a) => a.status)).toEqual(refs.map(() => 503));
    for (const ref of refs) await settled(ref);
    for (const ref of refs) {
      expect(ordersReceived(sandbox, ref)).toBe(1);
      expect(questions(ref), ref).toBe(1);
      const jobs = await settleJobs(ref);
      expect(jobs.filter((j) => j.singleton_key === ref)).toEqual([expect.objectContaining({ state: 'completed' })]);
      expect(new Set(jobs.map((j) => j.id)).size).toBe(jobs.length);
    }
  });

  it('settles an order left mid-send by a store server killed outright, at the replica still running', async () => {
    child = run('test/store-server/store-server-child.ts', [databaseUrl, sandbox.url, String(CHILD_ORDER_TIMEOUT_MS)]);
    const childUrl = (await child.waitFor(/Store server ready: (\S+)/, 30_000))[1]!;
    const onChild = counterFor(childUrl, { ...till, token: (await login(childUrl, till.id, till.credential)).json.token });
    const ref = newRef('KILLED');
    sandbox.state.faults.arm({ kind: 'delay', ms: 5_000, stage: 'after', count: 1, match: { method: 'POST', path: '/v1/partners/orders' } });
    const cut = placeOrder(onChild, orderBody(ref)).catch((error: unknown) => error);
    // The service has the order; the store server dies before its answer comes back.
    await eventually('the order at the service', async () => ordersReceived(sandbox, ref) === 1);
    await child.kill('SIGKILL');
    child = null;
    expect(await cut).toBeInstanceOf(Error);
    expect((await relayedRow(databaseUrl, ref))!.state).toBe('SENDING');

    // Nobody asks about it and nobody restarts: the running replicas settle it once no send of it can be on its way.
    const row = await eventually('settled by a running replica', async () => {
      const r = await relayedRow(databaseUrl, ref);
      return r?.state === 'ACCEPTED' ? r : null;
    }, CHILD_ORDER_TIMEOUT_MS + NOT_PLACED_MARGIN_MS + 20_000);
    expect(row).toMatchObject({ order_status: 'SUCCESS', sends: 1 });
    expect(ordersReceived(sandbox, ref)).toBe(1);
    // Its "if orphaned" job, queued when it was journaled, did it: once.
    const jobs = await eventually('the job completed', async () => {
      const all = await settleJobs(ref);
      return all.every((j) => j.state === 'completed') ? all : null;
    });
    expect(jobs).toEqual([expect.objectContaining({ singleton_key: `${ref}#if-orphaned`, state: 'completed' })]);
  }, 90_000);
});
