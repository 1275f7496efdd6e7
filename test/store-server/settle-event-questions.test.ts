import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src-main/platform/logger.js';
import { migrate } from '../../src-main/store-server/database/migrate.js';
import { inTransaction, openPool, type Pool } from '../../src-main/store-server/database/pool.js';
import { settleQueueOf, startStoreJobs, type QuestionCause, type StoreJobs } from '../../src-main/store-server/jobs/store-jobs.js';
import { eventually, startCluster, type Cluster } from './store-harness.js';

/**
 * The questions an order's terminal events queue at its store: a database fault while one is
 * asked does not use up the event's questions; a later event brings a waiting question forward;
 * an event arriving while its order's question is being asked queues none beside it, so another
 * replica goes on asking about the store's other orders.
 */
describe('the questions a terminal event queues', () => {
  let cluster: Cluster;
  let pool: Pool;
  let jobs: StoreJobs;
  let otherReplica: StoreJobs | undefined;
  const asked: string[] = [];
  /** Per order, what the fake settle does with a question of this count. */
  const behaviour = new Map<string, (count: number) => Promise<number | null>>();
  const settle = async (referenceId: string, count: number, cause: QuestionCause): Promise<number | null> => {
    asked.push(`${referenceId}#${count}${cause === 'terminal-event' ? '(event)' : ''}`);
    return (behaviour.get(referenceId) ?? (async () => null))(count);
  };
  const event = (referenceId: string) => inTransaction(pool, (tx) => jobs.askOnTerminalEvent(tx, 'main', referenceId));
  const eventJobs = async (referenceId: string) =>
    (
      await pool.query<{ state: string }>(`SELECT state::text AS state FROM pgboss.job WHERE name = $1 AND singleton_key = $2 ORDER BY created_on`, [
        settleQueueOf('main'),
        `${referenceId}#terminal-event`,
      ])
    ).rows.map((r) => r.state);

  beforeAll(async () => {
    cluster = await startCluster();
    await migrate(cluster.url, silentLogger);
    pool = openPool(cluster.url, silentLogger, 5);
    jobs = await startStoreJobs({ url: cluster.url, pool, logger: silentLogger, storeId: 'main', settle, readWallet: async () => undefined });
  }, 60_000);

  afterAll(async () => {
    await otherReplica?.stop();
    await jobs?.stop();
    await pool?.end();
    await cluster?.stop();
  }, 30_000);

  it('asks the same question again after a database fault, not the next one', async () => {
    let faults = 2;
    behaviour.set('DBFAULT', async () => {
      if (faults-- > 0) throw new Error('connection terminated');
      return null;
    });
    await event('DBFAULT');
    await eventually('asked until it went through', async () => asked.filter((a) => a.startsWith('DBFAULT')).length === 3, 30_000);
    expect(asked.filter((a) => a.startsWith('DBFAULT'))).toEqual(['DBFAULT#0(event)', 'DBFAULT#0(event)', 'DBFAULT#0(event)']);
  }, 60_000);

  it('asks a waiting question of an earlier event at once, as the first of the new event, when another event comes', async () => {
    // Still open at the first question: asked again in a minute.
    behaviour.set('LATE', async (count) => (count === 0 ? 60 : null));
    await event('LATE');
    await eventually('the first question asked', async () => asked.includes('LATE#0(event)'));
    await eventually('the next one waiting', async () => (await eventJobs('LATE')).includes('created'));

    await event('LATE');
    // Asked now, as the new event's first question (its own 1, 5 and 15 minutes follow if it finds the order open).
    await eventually('the waiting question asked now, not in a minute', async () => asked.filter((a) => a.startsWith('LATE')).length === 2, 15_000);
    expect(asked.filter((a) => a.startsWith('LATE'))).toEqual(['LATE#0(event)', 'LATE#0(event)']);
  }, 60_000);

  it('queues nothing beside a question being asked, asks for the later event once it ends, and another replica asks the store’s other orders meanwhile', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    behaviour.set('BUSY', async () => {
      await answered;
      return null;
    });
    await event('BUSY');
    await eventually('the question being asked', async () => asked.includes('BUSY#0(event)'));

    await event('BUSY');
    expect(await eventJobs('BUSY')).toEqual(['active']);
    // This replica waits on BUSY's batch; the other one fetches the queue, which a question due
    // beside BUSY's active one would stop.
    otherReplica = await startStoreJobs({ url: cluster.url, pool, logger: silentLogger, storeId: 'main', settle, readWallet: async () => undefined });
    await otherReplica.watch('OTHER');
    await eventually('another order asked while BUSY is', async () => asked.includes('OTHER#0'), 15_000);

    answer();
    // It found nothing more to ask, but the order's row may say otherwise since the second event: a question of its own follows, once.
    await eventually('the later event’s question asked', async () => asked.filter((a) => a.startsWith('BUSY')).length === 2, 15_000);
    await eventually('every question completed', async () => (await eventJobs('BUSY')).every((state) => state === 'completed'));
    expect(asked.filter((a) => a.startsWith('BUSY'))).toEqual(['BUSY#0(event)', 'BUSY#0(event)']);
  }, 60_000);
});
