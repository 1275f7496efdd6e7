/**
 * A small driver for profiling the order engine (`npx tsx --cpu-prof …`): engine.placeSale
 * against the journal's own writes and a bare POST, alternating, as order.bench.ts does. With
 * TMPDIR on a tmpfs the fsyncs cost next to nothing and what remains is CPU.
 */
import { randomUUID } from 'node:crypto';
import { engineHarness } from '../../orders/engine/engine-harness.js';
import { FIXED_BRAND, newSale } from '../../orders/journal/journal-fixtures.js';
import { bareClient, loginToken } from '../order.bench.js';
import { paired } from '../stats.js';

const n = Number(process.argv[2] ?? 2000);
const h = await engineHarness({ sandbox: { walletBalance: 100_000_000 } });
const bare = bareClient(h.sandbox.url);
const token = await loginToken(bare);
const sale = () => newSale({ brand: { ...FIXED_BRAND }, denomination: 100, quantity: 1 });
const voucher = { voucherId: 'v1', cardType: 'PIN_SECURED', cardNumberSealed: Buffer.alloc(45), cardPinSealed: Buffer.alloc(35), cardNumberLast4: '1234', validTill: null, amountPaise: 10_000 };
const engine = async () => {
  const done = await h.engine.placeSale(sale());
  if (done.state !== 'SUCCESS') throw new Error(done.state);
};
const journalOnly = async () => {
  const s = sale();
  const intent = h.journal.insertIntent(s, { requestId: randomUUID(), at: Date.now() });
  const res = await bare.send('POST', '/v1/partners/orders', s.payload, token);
  const orderId = (JSON.parse(res.text) as { id?: string }).id ?? 'ord_bench';
  h.journal.transition(intent.id, 'INTENT', 'SUCCESS', { orderId, nextCheckAt: null, supportReason: null }, [voucher], { seq: 1, at: Date.now(), outcome: 'HTTP 2xx SUCCESS' });
};
const r = await paired(n, engine, journalOnly, 200);
const f = (x: number) => x.toFixed(3);
console.log(`engine ${f(r.subject.p50)} / ${f(r.subject.p95)}  journal-only ${f(r.baseline.p50)} / ${f(r.baseline.p95)}  diff ${f(r.subject.p50 - r.baseline.p50)}`);
bare.close();
await h.close();
