import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { DEFAULT_CREDENTIALS } from '../../src-main/sandbox/auth/credentials.js';
import { engineHarness, type EngineHarness } from '../orders/engine/engine-harness.js';
import { FIXED_BRAND, newSale } from '../orders/journal/journal-fixtures.js';
import { now, paired, row, summarize, type BenchRow, type Summary } from './stats.js';

const WALLET = 100_000_000;

/** A bare keep-alive HTTP client to the sandbox: login once, then POST orders. */
export function bareClient(baseUrl: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const url = new URL(baseUrl);
  const send = (method: string, path: string, body: unknown, token?: string) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const data = body === undefined ? '' : JSON.stringify(body);
      const req = request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method,
          path,
          headers: {
            ...(body === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) }),
            'X-REQUEST-ID': randomUUID(),
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(data);
    });
  return { send, close: () => agent.destroy() };
}

export async function loginToken(client: ReturnType<typeof bareClient>): Promise<string> {
  const res = await client.send('POST', '/v1/partners/auth/login', DEFAULT_CREDENTIALS.staging);
  const body = JSON.parse(res.text) as { token?: string; data?: { token?: string } };
  const token = body.token ?? body.data?.token;
  if (res.status !== 200 || !token) throw new Error(`login failed: ${res.status} ${res.text.slice(0, 200)}`);
  return token;
}

const sale = () => newSale({ brand: { ...FIXED_BRAND }, denomination: 100, quantity: 1 });

/** A voucher as the engine stores it (card number and PIN sealed), for the journal-only rounds. */
const SEALED_VOUCHER = { voucherId: 'v1', cardType: 'PIN_SECURED', cardNumberSealed: Buffer.alloc(45), cardPinSealed: Buffer.alloc(35), cardNumberLast4: '1234', validTill: null, amountPaise: 10_000 };

/** The durable write: a one-row synchronous=FULL commit, each call its own. */
function oneRowCommit(db: EngineHarness['db']): () => void {
  db.exec('CREATE TABLE IF NOT EXISTS bench_fsync (k INTEGER PRIMARY KEY, v INTEGER)');
  const tick = db.prepare('INSERT INTO bench_fsync (k, v) VALUES (1, ?) ON CONFLICT(k) DO UPDATE SET v = excluded.v');
  let n = 0;
  return () => tick.run(++n);
}

/** A sale's own rows (the journal's insertIntent and transition) around a bare POST: no client, no engine. */
function barePostWithJournal(h: EngineHarness, bare: ReturnType<typeof bareClient>, token: string): () => Promise<void> {
  return async () => {
    const s = sale();
    const intent = h.journal.insertIntent(s, { requestId: randomUUID(), at: Date.now() });
    const res = await bare.send('POST', '/v1/partners/orders', s.payload, token);
    const orderId = (JSON.parse(res.text) as { id?: string; data?: { id?: string } }).id ?? 'ord_bench';
    h.journal.transition(intent.id, 'INTENT', 'SUCCESS', { orderId, nextCheckAt: null, supportReason: null }, [SEALED_VOUCHER], { seq: 1, at: Date.now(), outcome: 'HTTP 2xx SUCCESS' });
  };
}

/** engine.placeSale vs bare keep-alive POST + two synchronous=FULL commits; and first order after start. */
export async function benchOrder(reps: number, firstRuns: number): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const h = await engineHarness({ sandbox: { walletBalance: WALLET } });
  const bare = bareClient(h.sandbox.url);
  const keysOnly = await keysOnlyJournal();
  try {
    const token = await loginToken(bare);
    const commit = oneRowCommit(h.db);
    const post = async () => {
      const s = sale();
      const res = await bare.send('POST', '/v1/partners/orders', s.payload, token);
      if (res.status !== 201 && res.status !== 200) throw new Error(`bare POST: ${res.status} ${res.text.slice(0, 200)}`);
    };
    const fsyncs: number[] = [];
    const posts: number[] = [];
    const r = await withFloor(
      reps,
      async () => {
        const done = await h.engine.placeSale(sale());
        if (done.state !== 'SUCCESS') throw new Error(`placeSale ended ${done.state}`);
      },
      async (record) => {
        const t0 = now();
        await post();
        const t1 = now();
        commit();
        commit();
        if (!record) return;
        posts.push(t1 - t0);
        fsyncs.push(now() - t1);
      },
      keysOnly.round,
    );
    rows.push({ ...row('order', 'engine.placeSale (sandbox answers at once)', r.subject, r.baseline, 'bare keep-alive POST + 2 FULL commits'), floor: r.floor });
    rows.push(row('order', '  of which: bare POST alone', summarize(posts), null, '—'));
    rows.push(row('order', '  of which: 2 synchronous=FULL commits', summarize(fsyncs), null, '—'));
    rows.push(row('order', `  floor: bare POST + a sale's rows, keys only (${keysOnly.dropped} query indexes dropped)`, r.floor, r.baseline, 'bare keep-alive POST + 2 FULL commits'));

    // The journal's own two commits as they are (query indexes included) around a bare POST:
    // what is left between this and placeSale is what the client and the engine add (HTTP client,
    // parsing, sealing, bookkeeping).
    const journalOnly = await paired(
      Math.ceil(reps / 2),
      async () => {
        const done = await h.engine.placeSale(sale());
        if (done.state !== 'SUCCESS') throw new Error(`placeSale ended ${done.state}`);
      },
      barePostWithJournal(h, bare, token),
    );
    rows.push(row('order', 'engine.placeSale vs the journal\'s own commits', journalOnly.subject, journalOnly.baseline, 'bare POST + insertIntent + transition (same rows written)'));

    // The same writes with the engine's own client (got, its parse) in place of the bare POST:
    // what is left between this and placeSale is the engine itself (sealing, logs, the lock).
    const clientAndJournal = async () => {
      const s = sale();
      const requestId = randomUUID();
      const intent = h.journal.insertIntent(s, { requestId, at: Date.now() });
      const answer = await h.client.placeOrder(s.payload, requestId);
      if (answer.kind !== 'accepted') throw new Error(`client POST: ${answer.kind}`);
      h.journal.transition(intent.id, 'INTENT', 'SUCCESS', { orderId: answer.order.id, nextCheckAt: null, supportReason: null }, [SEALED_VOUCHER], { seq: 1, at: Date.now(), outcome: 'HTTP 2xx SUCCESS' });
    };
    const engineOnly = await paired(
      Math.ceil(reps / 2),
      async () => {
        const done = await h.engine.placeSale(sale());
        if (done.state !== 'SUCCESS') throw new Error(`placeSale ended ${done.state}`);
      },
      clientAndJournal,
    );
    rows.push(row('order', 'engine.placeSale vs its client and journal alone', engineOnly.subject, engineOnly.baseline, 'client.placeOrder + insertIntent + transition'));
    const noEngine = await paired(Math.ceil(reps / 2), clientAndJournal, async () => {
      await post();
      commit();
      commit();
    });
    rows.push(row('order', 'client.placeOrder + the journal\'s own commits, no engine', noEngine.subject, noEngine.baseline, 'bare keep-alive POST + 2 FULL commits'));
  } finally {
    bare.close();
    await h.close();
    await keysOnly.close();
  }

  // First order after start: a fresh sandbox + engine each time (login and TCP connect included).
  const firsts: number[] = [];
  const steady: number[] = [];
  for (let k = 0; k < firstRuns; k++) {
    const f: EngineHarness = await engineHarness({ sandbox: { walletBalance: WALLET } });
    try {
      let t0 = now();
      await f.engine.placeSale(sale());
      firsts.push(now() - t0);
      for (let j = 0; j < 5; j++) {
        t0 = now();
        await f.engine.placeSale(sale());
        steady.push(now() - t0);
      }
    } finally {
      await f.close();
    }
  }
  rows.push(row('order', 'first order after start', summarize(firsts), summarize(steady), 'orders 2–6 of the same start'));
  return rows;
}

/**
 * The physical floor of a sale (goals.ts says why the place-order goal is judged against it): a
 * bare POST with the journal's own insertIntent and transition, on a journal whose `sales` has
 * only the keys that guard a sale (primary keys, the unique reference, one retry per sale); every
 * query index dropped, the rollup and queue triggers kept. No HTTP client, no engine.
 */
async function keysOnlyJournal(): Promise<{ round: () => Promise<void>; dropped: number; close: () => Promise<void> }> {
  const h = await engineHarness({ sandbox: { walletBalance: WALLET } });
  const bare = bareClient(h.sandbox.url);
  const close = async () => {
    bare.close();
    await h.close();
  };
  try {
    const token = await loginToken(bare);
    const queryIndexes = h.db
      .prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'sales' AND sql IS NOT NULL AND sql NOT LIKE 'CREATE UNIQUE%'")
      .pluck()
      .all();
    if (queryIndexes.length === 0) throw new Error('sales has no query index to drop: the floor would be the journal itself');
    for (const name of queryIndexes) h.db.exec(`DROP INDEX ${name}`);
    return { round: barePostWithJournal(h, bare, token), dropped: queryIndexes.length, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** As `paired`, with a third run (the subject's floor) timed in every round; which goes first rotates. */
async function withFloor(
  reps: number,
  subject: () => Promise<void>,
  baseline: (record: boolean) => Promise<void>,
  floor: () => Promise<void>,
  warmup = Math.min(20, reps),
): Promise<{ subject: Summary; baseline: Summary; floor: Summary }> {
  const runs = [subject, () => baseline(false), floor];
  for (let i = 0; i < warmup; i++) for (const run of runs) await run();
  const times: number[][] = [[], [], []];
  const timed = [subject, () => baseline(true), floor];
  for (let i = 0; i < reps; i++) {
    for (let k = 0; k < 3; k++) {
      const which = (i + k) % 3;
      const t0 = now();
      await timed[which]!();
      times[which]!.push(now() - t0);
    }
  }
  return { subject: summarize(times[0]!), baseline: summarize(times[1]!), floor: summarize(times[2]!) };
}
