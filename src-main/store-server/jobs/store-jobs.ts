import PgBoss from 'pg-boss';
import type { Logger } from '../../platform/logger.js';
import type { Pool, PoolClient } from '../database/pool.js';

export const SETTLE_ORDER_QUEUE = 'settle-order';
export const READ_WALLET_QUEUE = 'read-wallet';
/** Keeps an order's "if its sender died" question apart from its scheduled ones, so neither swallows the other. */
const ORPHAN_KEY_SUFFIX = '#if-orphaned';
/** A question that failed (the database or the service away) is run again after this long, a few times. */
export const SETTLE_RETRY_SECONDS = 5;

export interface StoreJobs {
  /** Queues a question about this order unless one is queued already (one per reference, across replicas). */
  watch(referenceId: string, afterSeconds?: number): Promise<void>;
  /**
   * Queues, in the transaction that journals the order, the question that settles it if the
   * replica sending it dies: asked `afterMs` later, once no send of it can be on its way. A
   * replica killed mid-send leaves no other trace for the others to find.
   */
  watchIfOrphaned(tx: PoolClient, referenceId: string, afterMs: number): Promise<void>;
  stop(): Promise<void>;
}

interface SettleJob {
  referenceId: string;
  /** Questions asked before this one (the schedule's position). */
  asked: number;
  /** The question queued with the order itself, for the case its sender died: nothing to ask if the order moved on. */
  orphan?: boolean;
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
  /** Asks the service about one order and writes what it says; answers when to ask next (seconds), or null when done. */
  settle: (referenceId: string, asked: number, orphan: boolean) => Promise<number | null>;
  readWallet: () => Promise<void>;
}): Promise<StoreJobs> {
  const boss = new PgBoss({ connectionString: deps.url, max: 4, schema: 'pgboss' });
  boss.on('error', (error) => deps.logger.log('warn', 'store.jobs_error', { error }));
  await boss.start();
  const settleQueue = `${SETTLE_ORDER_QUEUE}-${deps.storeId}`;
  const walletQueue = `${READ_WALLET_QUEUE}-${deps.storeId}`;
  // pg-boss deadlocks when replicas create one queue at the same moment (all starting on a fresh database).
  await oneReplicaAtATime(deps.pool, async () => {
    await boss.createQueue(settleQueue, { name: settleQueue, policy: 'stately', retryLimit: 20, retryDelay: SETTLE_RETRY_SECONDS, retryBackoff: true, expireInSeconds: 180 });
    await boss.createQueue(walletQueue, { name: walletQueue, policy: 'singleton', retryLimit: 0, expireInSeconds: 60 });
  });

  const ask = async (job: SettleJob, afterSeconds: number): Promise<void> => {
    await boss.send(settleQueue, job, { singletonKey: job.referenceId, startAfter: Math.ceil(afterSeconds) });
  };
  const watch = (referenceId: string, afterSeconds = 0) => ask({ referenceId, asked: 0 }, afterSeconds);

  // Each question is one job, run once; the next one is queued by the job that asked (stately:
  // one queued and one running per order at most).
  await boss.work<SettleJob>(settleQueue, { pollingIntervalSeconds: 1, batchSize: 1 }, async ([job]) => {
    const { referenceId, asked, orphan = false } = job!.data;
    const next = await deps.settle(referenceId, asked, orphan);
    if (next !== null) await ask({ referenceId, asked: asked + 1 }, next);
  });
  await boss.work(walletQueue, { pollingIntervalSeconds: 5 }, async () => deps.readWallet());
  await boss.schedule(walletQueue, '* * * * *');

  // Orders left unsettled by a replica that stopped (or was killed) are watched again.
  const open = await deps.pool.query<{ reference_id: string }>(
    `SELECT reference_id FROM relayed_orders WHERE store_id = $1 AND (state IN ('SENDING', 'IN_DOUBT') OR order_status = 'PROCESSING')`,
    [deps.storeId],
  );
  for (const row of open.rows) await watch(row.reference_id);

  const watchIfOrphaned = async (tx: PoolClient, referenceId: string, afterMs: number): Promise<void> => {
    await boss.send(
      settleQueue,
      { referenceId, asked: 0, orphan: true } satisfies SettleJob,
      { singletonKey: `${referenceId}${ORPHAN_KEY_SUFFIX}`, startAfter: Math.ceil(afterMs / 1000), db: { executeSql: (text, values) => tx.query(text, values) } },
    );
  };

  return {
    watch,
    watchIfOrphaned,
    stop: () => boss.stop({ graceful: true, timeout: 5_000 }),
  };
}

/** The advisory lock the queues are set up under (node-pg-migrate's is 7241865325823964). */
const QUEUE_SETUP_LOCK = 7241865325823965;

async function oneReplicaAtATime(pool: Pool, work: () => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [QUEUE_SETUP_LOCK]);
    try {
      await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [QUEUE_SETUP_LOCK]);
    }
  } finally {
    client.release();
  }
}
