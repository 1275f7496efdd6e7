import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { DEFAULT_CREDENTIALS } from '../../src-main/sandbox/auth/credentials.js';
import { engineHarness, type EngineHarness } from '../orders/engine/engine-harness.js';
import { FIXED_BRAND, newSale } from '../orders/journal/journal-fixtures.js';
import { now, paired, row, summarize, type BenchRow } from './stats.js';

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

/** engine.placeSale vs bare keep-alive POST + two synchronous=FULL commits; and first order after start. */
export async function benchOrder(reps: number, firstRuns: number): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const h = await engineHarness({ sandbox: { walletBalance: WALLET } });
  const bare = bareClient(h.sandbox.url);
  try {
    const token = await loginToken(bare);
    h.db.exec('CREATE TABLE IF NOT EXISTS bench_fsync (k INTEGER PRIMARY KEY, v INTEGER)');
    const tick = h.db.prepare('INSERT INTO bench_fsync (k, v) VALUES (1, ?) ON CONFLICT(k) DO UPDATE SET v = excluded.v');
    let n = 0;
    const commit = () => tick.run(++n);
    const post = async () => {
      const s = sale();
      const res = await bare.send('POST', '/v1/partners/orders', s.payload, token);
      if (res.status !== 201 && res.status !== 200) throw new Error(`bare POST: ${res.status} ${res.text.slice(0, 200)}`);
    };
    const fsyncs: number[] = [];
    const posts: number[] = [];
    const r = await paired(
      reps,
      async () => {
        const done = await h.engine.placeSale(sale());
        if (done.state !== 'SUCCESS') throw new Error(`placeSale ended ${done.state}`);
      },
      async (i) => {
        const t0 = now();
        await post();
        const t1 = now();
        commit();
        commit();
        if (i < 0) return; // warm-up round
        posts.push(t1 - t0);
        fsyncs.push(now() - t1);
      },
    );
    rows.push(row('order', 'engine.placeSale (sandbox answers at once)', r.subject, r.baseline, 'bare keep-alive POST + 2 FULL commits'));
    rows.push(row('order', '  of which: bare POST alone', summarize(posts), null, '—'));
    rows.push(row('order', '  of which: 2 synchronous=FULL commits', summarize(fsyncs), null, '—'));

    // The two one-row commits above are a floor no journal reaches: a sale's commits carry the
    // payload and brand snapshot, six indexes, the attempt, the search index and the sealed
    // vouchers. This second baseline keeps that inherent write and leaves out only what the
    // engine and client add around it (HTTP client, parsing, sealing, bookkeeping).
    const voucher = { voucherId: 'v1', cardType: 'PIN_SECURED', cardNumberSealed: Buffer.alloc(45), cardPinSealed: Buffer.alloc(35), cardNumberLast4: '1234', validTill: null, amountPaise: 10_000 };
    const journalOnly = await paired(
      Math.ceil(reps / 2),
      async () => {
        const done = await h.engine.placeSale(sale());
        if (done.state !== 'SUCCESS') throw new Error(`placeSale ended ${done.state}`);
      },
      async () => {
        const s = sale();
        const intent = h.journal.insertIntent(s, { requestId: randomUUID(), at: Date.now() });
        const res = await bare.send('POST', '/v1/partners/orders', s.payload, token);
        const orderId = (JSON.parse(res.text) as { id?: string; data?: { id?: string } }).id ?? 'ord_bench';
        h.journal.transition(intent.id, 'INTENT', 'SUCCESS', { orderId, nextCheckAt: null, supportReason: null }, [voucher], { seq: 1, at: Date.now(), outcome: 'HTTP 2xx SUCCESS' });
      },
    );
    rows.push(row('order', 'engine.placeSale vs the journal\'s own commits', journalOnly.subject, journalOnly.baseline, 'bare POST + insertIntent + transition (same rows written)'));

    // The same writes with the engine's own client (got, its parse) in place of the bare POST:
    // what is left between this and placeSale is the engine itself (sealing, logs, the lock);
    // this against the baseline is the floor placeSale can reach with got and these rows.
    const clientAndJournal = async () => {
      const s = sale();
      const requestId = randomUUID();
      const intent = h.journal.insertIntent(s, { requestId, at: Date.now() });
      const answer = await h.client.placeOrder(s.payload, requestId);
      if (answer.kind !== 'accepted') throw new Error(`client POST: ${answer.kind}`);
      h.journal.transition(intent.id, 'INTENT', 'SUCCESS', { orderId: answer.order.id, nextCheckAt: null, supportReason: null }, [voucher], { seq: 1, at: Date.now(), outcome: 'HTTP 2xx SUCCESS' });
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
    const floor = await paired(Math.ceil(reps / 2), clientAndJournal, async () => {
      await post();
      commit();
      commit();
    });
    rows.push(row('order', 'floor: client.placeOrder + the journal\'s own commits', floor.subject, floor.baseline, 'bare keep-alive POST + 2 FULL commits'));
  } finally {
    bare.close();
    await h.close();
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
