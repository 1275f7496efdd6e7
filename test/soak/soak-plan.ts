/**
 * What the soak does at each step, as a pure function of (seed, step): the sale a cashier rings
 * up, the faults armed on the sandbox just before it, and what the cashier does afterwards.
 * Because every choice is derived from the seed and the step number alone, a run killed and
 * restarted at step N continues exactly as an unkilled run would — and a failing seed replays.
 */
import { mulberry32 } from '../../src-main/sandbox/catalog/generate.js';
import type { FaultInput } from '../../src-main/sandbox/faults.js';

/** The sandbox's catalog generator uses the same small PRNG: one implementation, identical everywhere. */
export const seededRandom = mulberry32;

/** A generator for one step, independent of every other step's draws. */
export function stepRandom(seed: number, step: number, salt = 0): () => number {
  return seededRandom((Math.imul(seed, 0x9e3779b1) ^ Math.imul(step + 1, 0x85ebca6b) ^ Math.imul(salt + 1, 0xc2b2ae35)) >>> 0);
}

export type BusinessModel = 'B2B' | 'B2C';

export interface SaleInput {
  productId: string;
  amountPaise: number;
  lines?: { denominationPaise: number; quantity: number }[];
  customer?: { name: string; phoneNumber: string; email?: string } | null;
}

export interface StepPlan {
  step: number;
  /** Sandbox seconds that pass before this sale (the queue moving): PROCESSING orders ripen meanwhile. */
  advanceSeconds: number;
  sale: SaleInput;
  faults: FaultInput[];
  /** After a FAILED or REJECTED sale the cashier presses "Try again". */
  retryIfRefused: boolean;
  /** After a printed sale, the customer asks for another copy (manager's PIN → DUPLICATE). */
  reprint: boolean;
  /** The cashier tries to print again without a manager: must be refused. */
  reprintWithoutManager: boolean;
}

const pick = <T>(rnd: () => number, items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
const int = (rnd: () => number, min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));

/** Weighted brand mix: mostly well-behaved sales, with every outcome the service can produce. */
const BRANDS: readonly [string, number][] = [
  ['TEST_FIXED_STANDARD', 30],
  ['TEST_FLEXIBLE_STANDARD', 24],
  ['TEST_AMOUNT_AS_STRING', 6],
  ['TEST_PROCESSING_SUCCESS', 10],
  ['TEST_PROCESSING_FAILED', 4],
  ['TEST_E201_POLLING_FAILED', 3],
  ['TEST_PROCESSING_STUCK', 2],
  ['TEST_BRAND_NOT_AVAILABLE', 3],
  ['TEST_E200_GENERATION_FAILED', 3],
  ['TEST_E204_GENERATION_UNAVAILABLE', 2],
  ['TEST_E100_TEMPORARILY_DISABLED', 3],
  ['TEST_E103_B2C_ONLY', 2],
  ['TEST_E103_B2B_ONLY', 2],
];
const BRAND_WEIGHT = BRANDS.reduce((s, [, w]) => s + w, 0);

// Customer names follow the service's rule: letters and single spaces only.
const FIRST_NAMES = ['Asha', 'Ravi', 'Meera', 'Arjun', 'Kavya', 'Imran', 'Neha', 'Vikram', 'Sara', 'Joseph'];
const LAST_NAMES = ['Shah', 'Kumar', 'Iyer', 'Khan', 'Das', 'Fernandes', 'Patel', 'Singh', 'Rao', 'Nair'];

const FIXED_DENOMINATIONS = [10_000, 25_000, 50_000, 100_000, 200_000];

function pickBrand(rnd: () => number): string {
  let r = rnd() * BRAND_WEIGHT;
  for (const [id, w] of BRANDS) {
    r -= w;
    if (r < 0) return id;
  }
  return BRANDS[0]![0];
}

function amountFor(rnd: () => number, productId: string): Pick<SaleInput, 'amountPaise' | 'lines'> {
  if (productId === 'TEST_FIXED_STANDARD') {
    // Sometimes an amount the core must split, sometimes explicit lines the cashier picked.
    if (rnd() < 0.5) {
      const lines = [...new Set([pick(rnd, FIXED_DENOMINATIONS), pick(rnd, FIXED_DENOMINATIONS)])].map((d) => ({ denominationPaise: d, quantity: int(rnd, 1, 2) }));
      return { amountPaise: lines.reduce((s, l) => s + l.denominationPaise * l.quantity, 0), lines };
    }
    return { amountPaise: int(rnd, 1, 40) * 25_000 };
  }
  if (productId === 'TEST_FLEXIBLE_STANDARD') return { amountPaise: int(rnd, 100, 10_000) * 100 };
  // The other test brands accept a plain ₹500 (their denominations include it, or they are flexible).
  return { amountPaise: 50_000 };
}

function faultsFor(rnd: () => number, orderTimeoutMs: number): FaultInput[] {
  const orders = '/v1/partners/orders*';
  const r = rnd();
  if (r < 0.06) return [{ kind: 'delay', ms: orderTimeoutMs + 400, stage: 'after', match: { method: 'POST', path: '/v1/partners/orders' } }];
  if (r < 0.12) return [{ kind: 'reset-after-commit', match: { method: 'POST', path: '/v1/partners/orders' } }];
  if (r < 0.17) return [{ kind: 'error-5xx', status: pick(rnd, [500, 502, 503, 504]), match: { method: 'POST', path: '/v1/partners/orders' } }];
  if (r < 0.2) return [{ kind: 'error-5xx', status: 503, count: int(rnd, 1, 2), match: { method: 'GET', path: orders } }];
  if (r < 0.23) return [{ kind: 'reset-after-commit', match: { method: 'GET', path: orders } }];
  if (r < 0.27) return [{ kind: 'revoke-token', match: {} }];
  if (r < 0.32) return [{ kind: 'webhook-fail', mode: pick(rnd, [500, 503, 'timeout', 'reset'] as const), count: int(rnd, 1, 3) }];
  return [];
}

export function planStep(seed: number, step: number, model: BusinessModel, orderTimeoutMs: number): StepPlan {
  const rnd = stepRandom(seed, step);
  const productId = pickBrand(rnd);
  const customer =
    model === 'B2C' || rnd() < 0.2
      ? { name: `${pick(rnd, FIRST_NAMES)} ${pick(rnd, LAST_NAMES)}`, phoneNumber: `9${String(int(rnd, 0, 999_999_999)).padStart(9, '0')}`, ...(rnd() < 0.5 ? { email: `c${step}@example.com` } : {}) }
      : null;
  return {
    step,
    advanceSeconds: int(rnd, 5, 40),
    sale: { productId, ...amountFor(rnd, productId), customer },
    faults: faultsFor(rnd, orderTimeoutMs),
    retryIfRefused: rnd() < 0.5,
    reprint: rnd() < 0.04,
    reprintWithoutManager: rnd() < 0.03,
  };
}

/** The store's business model for one process lifetime (a restart may come back switched). */
export function modelForRun(seed: number, run: number): BusinessModel {
  return stepRandom(seed, run, 7)() < 0.5 ? 'B2B' : 'B2C';
}
