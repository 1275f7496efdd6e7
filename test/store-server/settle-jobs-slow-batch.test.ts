import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src-main/platform/logger.js';
import { migrate } from '../../src-main/store-server/database/migrate.js';
import { inTransaction, openPool, type Pool } from '../../src-main/store-server/database/pool.js';
import { startStoreJobs, type QuestionCause, type StoreJobs } from '../../src-main/store-server/jobs/store-jobs.js';
import { eventually, startCluster, type Cluster } from './store-harness.js';

/**
 * Two replicas of one store share its settle queue. A replica's batch holds one question the
 * service is slow to answer and one answered at once whose next question is due at once: the
 * other replica must go on taking the queue's jobs meanwhile (pg-boss's fetch once failed on
 * that next question, beside its predecessor still 'active' until the whole batch ended).
 */
describe('settle jobs while one replica waits on a slow question', () => {
  let cluster: Cluster;
  let pool: Pool;
  const replicas: StoreJobs[] = [];
  let releaseSlow: () => void = () => undefined;
  const slow = new Promise<void>((resolve) => (releaseSlow = resolve));
  const asked: string[] = [];

  /** The fake service: SLOW answers when released; FAST is still open after its first question, its next one due now. */
  const settle = async (referenceId: string, count: number, _cause: QuestionCause): Promise<number | null> => {
    asked.push(`${referenceId}#${count}`);
    if (referenceId === 'SLOW') await slow;
    if (referenceId === 'FAST' && count === 0) return 0;
    return null;
  };
  const replica = async () => {
    const jobs = await startStoreJobs({ url: cluster.url, pool, logger: silentLogger, storeId: 'main', settle, readWallet: async () => undefined });
    replicas.push(jobs);
    return jobs;
  };

  beforeAll(async () => {
    cluster = await startCluster();
    await migrate(cluster.url, silentLogger);
    pool = openPool(cluster.url, silentLogger, 5);
  }, 60_000);

  afterAll(async () => {
    releaseSlow();
    for (const jobs of replicas) await jobs.stop();
    await pool?.end();
    await cluster?.stop();
  }, 30_000);

  it('lets the other replica take the queue’s next jobs before the slow question is answered', async () => {
    const first = await replica();
    // Queued in one commit, so the first replica takes both in one batch.
    await inTransaction(pool, async (tx) => {
      await first.watch('SLOW', 0, tx);
      await first.watch('FAST', 0, tx);
    });
    await eventually('both questions asked by the first replica', async () => asked.includes('SLOW#0') && asked.includes('FAST#0'));

    const second = await replica();
    await second.watch('LATER');
    await eventually('the other replica asked FAST again and LATER, SLOW still unanswered', async () => asked.includes('FAST#1') && asked.includes('LATER#0'), 15_000);
    expect(asked.filter((a) => a.startsWith('SLOW'))).toEqual(['SLOW#0']);
    releaseSlow();
  }, 60_000);
});
