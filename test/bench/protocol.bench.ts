import { engineHarness } from '../orders/engine/engine-harness.js';
import { FIXED_BRAND, newSale } from '../orders/journal/journal-fixtures.js';
import { now, row, summarize, type BenchRow } from './stats.js';

/**
 * The §3.4 PROCESSING protocol for a stuck order (polls at 1, 3, 5, 9, 14 min, gives up at
 * 15) run as its integration test runs it: a FakeClock stepped in 60 s steps together with
 * the sandbox clock. The "baseline" is the simulated span, so the ratio is wall / simulated.
 */
export async function benchProtocol(runs: number): Promise<BenchRow[]> {
  const walls: number[] = [];
  const simulatedMs = 15 * 60_000;
  for (let k = 0; k < runs; k++) {
    const h = await engineHarness();
    try {
      const t0 = now();
      const sale = newSale({ brand: { ...FIXED_BRAND, id: 'TEST_PROCESSING_STUCK', denominationType: 'FLEXIBLE' } });
      await h.engine.placeSale(sale);
      await h.step(15 * 60);
      walls.push(now() - t0);
      const state = h.journal.get(sale.id)?.state;
      if (state !== 'NEEDS_SUPPORT') throw new Error(`protocol ended in ${state}, expected NEEDS_SUPPORT`);
    } finally {
      await h.close();
    }
  }
  const sim = { n: runs, p50: simulatedMs, p95: simulatedMs };
  return [row('protocol', '15-min PROCESSING protocol to NEEDS_SUPPORT', summarize(walls), sim, 'simulated 15 min (ratio = wall/simulated)')];
}
