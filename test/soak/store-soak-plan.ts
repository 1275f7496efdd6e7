/**
 * What the store soak does, as a pure function of its seed: each counter's sales (the single
 * counter soak's plan, from a seed of the counter's own), the faults the service shows the store
 * server, when each kind of process is SIGKILLed, and the wallet's top-ups. A seed replays the
 * same plan; which counter's request meets which fault or kill still depends on the processes'
 * timing, as it would in a shop.
 */
import type { FaultInput } from '../../src-main/sandbox/faults.js';
import { planStep, seededRandom, stepRandom } from './soak-plan.js';
import { planTill } from './soak-till-plan.js';

export const STORE_SOAK_PINS = { manager: '2580', cashier: '4826' } as const;

/** Counter `counter`'s own plan seed: its sales differ from the other counters' sales. */
export function counterSeed(seed: number, counter: number): number {
  return (Math.imul(seed ^ 0x51ab, 0x9e3779b1) + Math.imul(counter + 1, 0x85ebca6b)) >>> 0;
}

const int = (rnd: () => number, min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));

/**
 * The faults the service shows the store server just before a counter's step. `withPost5xx`:
 * a 5xx to the POST itself leaves the order in doubt until the store's not-placed margin has
 * passed (its order timeout + 15 s), so late steps do not arm it and the run can settle soon
 * after its last sale.
 */
export function storeFaultsFor(seed: number, step: number, withPost5xx: boolean): FaultInput[] {
  const rnd = stepRandom(seed, step, 21);
  const post = { method: 'POST' as const, path: '/v1/partners/orders' };
  const r = rnd();
  // The service commits the order and holds its answer: kills land while it is in flight.
  if (r < 0.05) return [{ kind: 'delay', ms: int(rnd, 300, 2_500), stage: 'after', match: post }];
  if (r < 0.09) return [{ kind: 'reset-after-commit', match: post }];
  if (r < 0.11) return withPost5xx ? [{ kind: 'error-5xx', status: 503, match: post }] : [];
  if (r < 0.14) return [{ kind: 'error-5xx', status: 503, count: int(rnd, 1, 2), match: { method: 'GET', path: '/v1/partners/orders/by-reference/*' } }];
  if (r < 0.16) return [{ kind: 'reset-after-commit', match: { method: 'GET', path: '/v1/partners/orders*' } }];
  if (r < 0.19) return [{ kind: 'revoke-token', match: {} }];
  return [];
}

export interface StoreKillCounts {
  /** SIGKILLs of counter processes, each timed from a sale beginning. */
  counter: number;
  /** SIGKILLs of store-server processes, each restarted on its port after a pause. */
  storeServer: number;
  /** SIGKILLs of the PostgreSQL postmaster, restarted on its folder and port after a pause. */
  postgres: number;
}

export interface CounterKill {
  counter: number;
  step: number;
  /** After the step's BEGIN line: mostly within the intent commit and the POST, sometimes later. */
  delayMs: number;
}

export interface InfraKill {
  kind: 'storeServer' | 'postgres';
  /** When this many sales (all counters together) are done. */
  atSales: number;
  /** Which store server (kind storeServer). */
  server: number;
  /** How long it stays down before it is started again. */
  downMs: number;
}

export interface StoreKillPlan {
  counters: CounterKill[];
  infra: InfraKill[];
}

/** The last step a kill or a POST 5xx is planned for, as a share of the run: the rest settles meanwhile. */
export const FAULTY_SHARE = 0.7;

export function planStoreKills(seed: number, counters: number, sales: number, kills: StoreKillCounts, servers: number): StoreKillPlan {
  const rnd = seededRandom(seed ^ 0x6b11);
  const lo = Math.min(5, sales - 1);
  const hi = Math.max(lo + 1, Math.floor(sales * 0.9));
  const counterKills: CounterKill[] = [];
  const taken = new Set<string>();
  for (let i = 0; i < kills.counter && taken.size < counters * (hi - lo); i++) {
    const counter = i % counters;
    let step: number;
    do step = int(rnd, lo, hi - 1);
    while (taken.has(`${counter}:${step}`));
    taken.add(`${counter}:${step}`);
    counterKills.push({ counter, step, delayMs: rnd() < 0.75 ? int(rnd, 0, 40) : int(rnd, 0, 1_500) });
  }
  counterKills.sort((a, b) => a.counter - b.counter || a.step - b.step);

  // Infrastructure kills spread over 10–70 % of the run, one slot each, kinds interleaved.
  const kinds: InfraKill['kind'][] = [...Array<InfraKill['kind']>(kills.storeServer).fill('storeServer'), ...Array<InfraKill['kind']>(kills.postgres).fill('postgres')];
  for (let i = kinds.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [kinds[i], kinds[j]] = [kinds[j]!, kinds[i]!];
  }
  const total = counters * sales;
  const slot = ((FAULTY_SHARE - 0.1) * total) / Math.max(1, kinds.length);
  const infra = kinds.map((kind, i): InfraKill => ({
    kind,
    atSales: Math.floor(0.1 * total + slot * (i + 0.2 + 0.6 * rnd())),
    server: int(rnd, 0, servers - 1),
    downMs: kind === 'postgres' ? int(rnd, 300, 3_000) : int(rnd, 200, 2_500),
  }));
  return { counters: counterKills, infra };
}

/**
 * The wallet: it starts with a tenth of what every planned sale would take and is topped up
 * at each tenth of the run by a little less than a tenth's share, so it runs dry now and then
 * and the store's float guard must refuse (E300) rather than let the service be overspent.
 */
export function planWallet(seed: number, counters: number, sales: number): { startPaise: number; topUps: { atSales: number; addPaise: number }[] } {
  let all = 0;
  for (let c = 0; c < counters; c++) {
    const s = counterSeed(seed, c);
    for (let step = 0; step < sales; step++) {
      const sale = planStep(s, step, 'B2B', 0).sale;
      all += sale.amountPaise - planTill(s, step, sale.amountPaise).discountPaise;
    }
  }
  const total = counters * sales;
  const round = (paise: number) => Math.round(paise / 100) * 100;
  return {
    startPaise: round(all * 0.1),
    topUps: Array.from({ length: 9 }, (_, i) => ({ atSales: Math.floor(((i + 1) * total) / 10), addPaise: round(all * 0.08) })),
  };
}
