import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSandbox } from '../../src-main/sandbox/server.js';
import { MAX_RETRIES } from '../../src-main/sandbox/webhooks/retry-schedule.js';
import { now, row, seeded, summarize, type BenchRow } from './stats.js';

/** A loopback receiver that answers 503 to everything: every attempt is a real, retryable failure. */
async function failingReceiver(): Promise<{ url: string; hits: () => number; close(): Promise<void> }> {
  let hits = 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      hits++;
      res.writeHead(503).end();
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    hits: () => hits,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((ok) => server.close(() => ok()));
    },
  };
}

/**
 * The §6 webhook retry schedule (first delivery + 14 retries, backoff doubling from ~1 min to a
 * 6 h cap, jittered) run on the sandbox's clock, as a scheduler would: each step advances the
 * clock (through the control surface, over HTTP) straight to the next attempt's due time, and
 * every attempt is a real POST to a receiver that keeps failing. The baseline is the simulated
 * span from the event to its last attempt, so the ratio is wall / simulated.
 */
export async function benchWebhookSchedule(runs: number): Promise<BenchRow[]> {
  const walls: number[] = [];
  const spans: number[] = [];
  for (let k = 0; k < runs; k++) {
    const receiver = await failingReceiver();
    const sandbox = await startSandbox({ tickMs: 60_000, webhookUrl: receiver.url, random: seeded(100 + k) });
    const control = async (method: string, path: string, body: unknown) => {
      const res = await fetch(`${sandbox.url}/__sandbox${path}`, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<unknown>;
    };
    try {
      const t0 = now();
      // A discount change emits BRAND_DISCOUNT_UPDATE; the PATCH answers after its first attempt.
      await control('PATCH', '/brands/TEST_FIXED_STANDARD', { discount: { subventionPercentage: 5 + k, validFrom: '2026-01-01' } });
      const delivery = sandbox.state.webhooks.deliveries.at(-1)!;
      while (delivery.state === 'pending' && delivery.nextAttemptAt !== null) {
        const seconds = Math.max(0, (delivery.nextAttemptAt - sandbox.state.clock.now()) / 1000);
        await control('POST', '/advance', { seconds: Math.ceil(seconds) });
      }
      walls.push(now() - t0);
      const attempts = delivery.attempts.length;
      if (delivery.state !== 'dead-letter' || attempts !== MAX_RETRIES + 1 || receiver.hits() !== attempts) {
        throw new Error(`webhook schedule ended ${delivery.state} after ${attempts} attempts (${receiver.hits()} received), expected dead-letter after ${MAX_RETRIES + 1}`);
      }
      spans.push(delivery.attempts.at(-1)!.at - delivery.createdAt);
    } finally {
      await sandbox.close();
      await receiver.close();
    }
  }
  const hours = summarize(spans).p50 / 3_600_000;
  return [
    row(
      'protocol',
      `webhook retry schedule: first delivery + ${MAX_RETRIES} retries to dead-letter`,
      summarize(walls),
      summarize(spans),
      `simulated span (≈ ${hours.toFixed(1)} h; ratio = wall/simulated)`,
    ),
  ];
}
