import PgBoss from 'pg-boss';
import type { Logger } from '../../platform/logger.js';
import type { Pool } from '../database/pool.js';

export const SETTLE_ORDER_QUEUE = 'settle-order';
export const READ_WALLET_QUEUE = 'read-wallet';
/** How long after a question that did not settle an order the next one is asked. */
export const SETTLE_RETRY_SECONDS = 5;
/** Questions about one order before the store server leaves it to the counter's own protocol and support. */
export const SETTLE_MAX_QUESTIONS = 1000;
/**
 * Settle jobs a replica takes per poll of the queue (pg-boss's worker waits out its polling
 * interval between fetches): one a poll would settle at most one order a second per replica.
 */
export const SETTLE_BATCH = 25;
/**
 * A settle job left 'active' by a replica that died is run again once it expires and pg-boss's
 * maintenance (every MAINTENANCE_SECONDS) notices. Until then no other job for that order can
 * start, and pg-boss's fetch, which takes the oldest jobs first, fails on a second job queued for
 * it: so both are kept short. A question takes at most ~50 s (three tries of the partner
 * client's 15 s GET timeout).
 */
const SETTLE_EXPIRE_SECONDS = 60;
const MAINTENANCE_SECONDS = 15;

export interface StoreJobs {
  /** Queues a question about this order unless one is queued already (one per reference, across replicas). */
  watch(referenceId: string, afterSeconds?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The poll protocol and the wallet's reading as jobs in pg-boss's tables, in the same
 * PostgreSQL: any replica may run one, none runs one twice, and a replica killed mid-job
 * leaves it to expire and be run by another. A 'stately' queue keyed by referenceId holds at
 * most one queued and one running question per order.
 */
export async function startStoreJobs(deps: {
  url: string;
  pool: Pool;
  logger: Logger;
  storeId: string;
  /** Asks the service about one order and writes what it says; true once it needs no more questions. */
  settle: (referenceId: string) => Promise<boolean>;
  readWallet: () => Promise<void>;
}): Promise<StoreJobs> {
  const boss = new PgBoss({ connectionString: deps.url, max: 4, schema: 'pgboss', maintenanceIntervalSeconds: MAINTENANCE_SECONDS });
  boss.on('error', (error) => deps.logger.log('warn', 'store.jobs_error', { error }));
  await boss.start();
  const settleQueue = `${SETTLE_ORDER_QUEUE}-${deps.storeId}`;
  const walletQueue = `${READ_WALLET_QUEUE}-${deps.storeId}`;
  await boss.createQueue(settleQueue, { name: settleQueue, policy: 'stately', retryLimit: 1000, retryDelay: SETTLE_RETRY_SECONDS, expireInSeconds: SETTLE_EXPIRE_SECONDS });
  await boss.createQueue(walletQueue, { name: walletQueue, policy: 'singleton', retryLimit: 0, expireInSeconds: 60 });

  const ask = async (referenceId: string, afterSeconds: number, asked: number): Promise<void> => {
    await boss.send(settleQueue, { referenceId, asked }, { singletonKey: referenceId, startAfter: afterSeconds });
  };
  const watch = (referenceId: string, afterSeconds = 0) => ask(referenceId, afterSeconds, 0);

  /**
   * One question. Not settled yet (or the question failed): this job ends completed and the next
   * question is queued for later. (Failed to be retried, it would meet the retry a 'stately'
   * queue may already hold for the order and be failed for good.) Only when even that cannot be
   * queued (the database is gone) does it throw, and pg-boss retries the batch.
   */
  const settleOne = async ({ referenceId, asked = 0 }: { referenceId: string; asked?: number }): Promise<void> => {
    try {
      if (await deps.settle(referenceId)) return;
    } catch (error) {
      deps.logger.log('warn', 'store.settle_failed', { referenceId, error });
    }
    if (asked + 1 >= SETTLE_MAX_QUESTIONS) deps.logger.log('warn', 'store.settle_gave_up', { referenceId, asked: asked + 1 });
    else await ask(referenceId, SETTLE_RETRY_SECONDS, asked + 1);
  };
  await boss.work<{ referenceId: string; asked?: number }>(settleQueue, { pollingIntervalSeconds: 1, batchSize: SETTLE_BATCH }, async (jobs) => {
    const failed = (await Promise.allSettled(jobs.map((job) => settleOne(job.data)))).find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  });
  await boss.work(walletQueue, { pollingIntervalSeconds: 5 }, async () => deps.readWallet());
  await boss.schedule(walletQueue, '* * * * *');

  // Orders left unsettled by a replica that stopped (or was killed) are watched again, unless a
  // question about them is queued or running already: one the killed replica was asking stays
  // 'active' until it expires and is retried, and a second one queued beside it would stall the
  // queue's fetches until then (see SETTLE_EXPIRE_SECONDS).
  const open = await deps.pool.query<{ reference_id: string }>(
    `SELECT r.reference_id FROM relayed_orders r
      WHERE r.store_id = $1 AND (r.state IN ('SENDING', 'IN_DOUBT') OR r.order_status = 'PROCESSING')
        AND NOT EXISTS (SELECT 1 FROM pgboss.job j WHERE j.name = $2 AND j.singleton_key = r.reference_id AND j.state IN ('created', 'retry', 'active'))`,
    [deps.storeId, settleQueue],
  );
  for (const row of open.rows) await watch(row.reference_id);

  return {
    watch,
    stop: () => boss.stop({ graceful: true, timeout: 5_000 }),
  };
}
