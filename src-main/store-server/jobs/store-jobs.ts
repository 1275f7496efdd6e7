import PgBoss from 'pg-boss';
import type { Logger } from '../../platform/logger.js';
import { inTransaction, type Pool, type PoolClient } from '../database/pool.js';

export const SETTLE_ORDER_QUEUE = 'settle-order';
export const READ_WALLET_QUEUE = 'read-wallet';
/** A store's own queue of questions: each store's replicas run only their store's. */
export const settleQueueOf = (storeId: string) => `${SETTLE_ORDER_QUEUE}-${storeId}`;

/**
 * Why a question is asked, and the suffix of its job's key: an order's "if its sender died"
 * question and the one its terminal event calls for are kept apart from its scheduled ones, so
 * none swallows another (the queue holds one waiting job per key).
 */
const QUESTION_KEY_SUFFIX = { scheduled: '', 'if-orphaned': '#if-orphaned', 'terminal-event': '#terminal-event' } as const;
export type QuestionCause = keyof typeof QUESTION_KEY_SUFFIX;
/** A question that failed (the database or the service away) is run again after this long, a few times. */
export const SETTLE_RETRY_SECONDS = 5;
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
  /**
   * Queues a question about this order unless one is queued already (one per reference, across
   * replicas); with `tx`, in that transaction, so the question and what made it needed commit
   * together.
   */
  watch(referenceId: string, afterSeconds?: number, tx?: PoolClient): Promise<void>;
  /**
   * Queues, in the transaction that journals the order, the question that settles it if the
   * replica sending it dies: asked `afterMs` later, once no send of it can be on its way. A
   * replica killed mid-send leaves no other trace for the others to find.
   */
  watchIfOrphaned(tx: PoolClient, referenceId: string, afterMs: number): Promise<void>;
  /**
   * Queues, in `tx` (the claim of the webhook that says the order ended), the question that
   * settles it now, in the queue of `storeId`, the store that relayed it: a chain's webhooks
   * reach whichever replica of whichever store the load balancer picks, and the question is
   * then that store's replicas' to ask, even if this one dies right after answering the service.
   */
  askOnTerminalEvent(tx: PoolClient, storeId: string, referenceId: string): Promise<void>;
  stop(): Promise<void>;
}

interface SettleJob {
  referenceId: string;
  /** Questions asked before this one, for its cause (the schedule's position). */
  asked: number;
  /** The question queued with the order itself, for the case its sender died: nothing to ask if the order moved on. */
  orphan?: boolean;
  /** A question its terminal event called for: asked beside the scheduled ones, again only if it found the order still open. */
  terminalEvent?: boolean;
}

const causeOf = (job: SettleJob): QuestionCause => (job.orphan ? 'if-orphaned' : job.terminalEvent ? 'terminal-event' : 'scheduled');
const jobOf = (referenceId: string, asked: number, cause: QuestionCause): SettleJob => ({
  referenceId,
  asked,
  ...(cause === 'if-orphaned' ? { orphan: true } : cause === 'terminal-event' ? { terminalEvent: true } : {}),
});

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
  /** Asks the service about one order and writes what it says; answers when to ask next for that cause (seconds), or null when done. */
  settle: (referenceId: string, asked: number, cause: QuestionCause) => Promise<number | null>;
  readWallet: () => Promise<void>;
}): Promise<StoreJobs> {
  const boss = new PgBoss({ connectionString: deps.url, max: 4, schema: 'pgboss', maintenanceIntervalSeconds: MAINTENANCE_SECONDS });
  boss.on('error', (error) => deps.logger.log('warn', 'store.jobs_error', { error }));
  await boss.start();
  const settleQueue = settleQueueOf(deps.storeId);
  const walletQueue = `${READ_WALLET_QUEUE}-${deps.storeId}`;
  // pg-boss deadlocks when replicas create one queue at the same moment (all starting on a fresh database).
  await oneReplicaAtATime(deps.pool, async () => {
    await boss.createQueue(settleQueue, { name: settleQueue, policy: 'stately', retryLimit: 20, retryDelay: SETTLE_RETRY_SECONDS, retryBackoff: true, expireInSeconds: SETTLE_EXPIRE_SECONDS });
    await boss.createQueue(walletQueue, { name: walletQueue, policy: 'singleton', retryLimit: 0, expireInSeconds: 60 });
  });

  const inTx = (tx: PoolClient | undefined) => (tx ? { db: { executeSql: (text: string, values: unknown[]) => tx.query(text, values) } } : {});
  /** The job's id; null when the queue holds a waiting job of that key already (or `queue` does not exist). */
  const send = (queue: string, job: SettleJob, afterSeconds: number, tx?: PoolClient): Promise<string | null> =>
    boss.send(queue, job, { singletonKey: `${job.referenceId}${QUESTION_KEY_SUFFIX[causeOf(job)]}`, startAfter: Math.ceil(afterSeconds), ...inTx(tx) });
  const ask = async (job: SettleJob, afterSeconds: number, tx?: PoolClient): Promise<void> => {
    await send(settleQueue, job, afterSeconds, tx);
  };
  const watch = (referenceId: string, afterSeconds = 0, tx?: PoolClient) => ask(jobOf(referenceId, 0, 'scheduled'), afterSeconds, tx);

  /**
   * One question; the job ends completed and the next question, if the order needs one, is
   * queued for its time (stately: one queued and one running per order at most). A question that
   * failed (the service or the database away) is asked again after SETTLE_RETRY_SECONDS the same
   * way; only when even that cannot be queued (the database is gone) does it throw, and pg-boss
   * retries the batch.
   */
  const eventCameMeanwhile = async (tx: PoolClient, id: string): Promise<boolean> =>
    ((await tx.query(`SELECT 1 FROM pgboss.job WHERE name = $1 AND id = $2 AND data ? 'eventCameMeanwhile'`, [settleQueue, id])).rowCount ?? 0) > 0;

  const settleOne = async ({ id, data: job }: PgBoss.Job<SettleJob>): Promise<void> => {
    const { referenceId, asked } = job;
    const cause = causeOf(job);
    let next: number | null;
    let nextAsked = asked + 1;
    try {
      next = await deps.settle(referenceId, asked, cause);
    } catch (error) {
      deps.logger.log('warn', 'store.settle_failed', { referenceId, error });
      next = SETTLE_RETRY_SECONDS;
      // Its answer is not written: the same question again, so a database fault uses up neither
      // an event's questions nor the order's polls.
      nextAsked = asked;
    }
    // The job ends now, with its next question queued in the same commit, not when the batch's
    // slowest question ends: a next question due before that would sit beside its own 'active'
    // predecessor, and every replica's fetch of the queue fails on it (pg-boss's stately index)
    // until the batch ends. An event's questions keep to their own key; after an orphan's, the
    // order's schedule starts.
    await inTransaction(deps.pool, async (tx) => {
      // pg-boss's typings say void; it answers how many jobs it completed.
      const completed = (await boss.complete(settleQueue, id, {}, inTx(tx))) as unknown as { affected: number };
      // Not 'active' any more: it expired and pg-boss queued it again, and that run asks what follows.
      if (completed.affected === 0) return;
      // Another event for the order came while this question was asked (askOnTerminalEvent marks
      // it): the row may say otherwise now than when it was read, so a question of its own follows.
      if (next === null && cause === 'terminal-event' && (await eventCameMeanwhile(tx, id))) {
        next = 0;
        nextAsked = 0;
      }
      if (next !== null) await ask(jobOf(referenceId, nextAsked, cause === 'terminal-event' ? cause : 'scheduled'), next, tx);
    });
  };
  await boss.work<SettleJob>(settleQueue, { pollingIntervalSeconds: 1, batchSize: SETTLE_BATCH }, async (jobs) => {
    const failed = (await Promise.allSettled(jobs.map(settleOne))).find((r) => r.status === 'rejected');
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

  const watchIfOrphaned = (tx: PoolClient, referenceId: string, afterMs: number) => ask(jobOf(referenceId, 0, 'if-orphaned'), afterMs / 1000, tx);

  const askOnTerminalEvent = async (tx: PoolClient, storeId: string, referenceId: string): Promise<void> => {
    const queue = settleQueueOf(storeId);
    const key = `${referenceId}${QUESTION_KEY_SUFFIX['terminal-event']}`;
    // A question of an earlier event waiting (its 1, 5 or 15 minutes) is asked now instead, as
    // this event's first. One being asked right now is not joined by a second (one due at once
    // beside it would stop every replica's fetch of the queue, pg-boss's stately index, until it
    // ends): it is marked, and when it ends having found nothing more to ask, a question for this
    // event follows it (settleOne). Either reads the status this event said from the order's row,
    // written in the same commit (store-webhooks.ts).
    const pending = await tx.query(
      `UPDATE pgboss.job SET start_after = CASE WHEN state = 'created' THEN now() ELSE start_after END,
              data = CASE WHEN state = 'created' THEN jsonb_set(data, '{asked}', '0') ELSE data || '{"eventCameMeanwhile": true}' END
        WHERE name = $1 AND singleton_key = $2 AND state IN ('created', 'active') RETURNING 1`,
      [queue, key],
    );
    if ((pending.rowCount ?? 0) > 0) return;
    // A store whose queue does not exist drops a job sent to it unseen: the webhook is answered "retry" instead.
    if ((await send(queue, jobOf(referenceId, 0, 'terminal-event'), 0, tx)) === null) {
      throw new Error(`The question about ${referenceId} could not be queued for store ${storeId} (no queue ${queue})`);
    }
  };

  return {
    watch,
    watchIfOrphaned,
    askOnTerminalEvent,
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
