/** Timing helpers for the bench suite: samples in milliseconds, medians, p95, ratios. */
import { mulberry32 } from '../../src-main/sandbox/catalog/generate.js';

export interface Summary {
  n: number;
  p50: number;
  p95: number;
}

export interface BenchRow {
  group: string;
  name: string;
  subject: Summary;
  baseline: Summary | null;
  baselineLabel: string;
  /** subject p50 / baseline p50 (null without a baseline). */
  ratio: number | null;
  note?: string;
  /** What subject and baseline are in; absent means milliseconds (every timing row). */
  unit?: string;
  /**
   * The physical floor of the subject measured in the same run (the same unavoidable work with no
   * app code), where a goal is judged against it (goals.ts says why, per goal).
   */
  floor?: Summary;
}

export function quantile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[idx]!;
}

export function summarize(samples: readonly number[]): Summary {
  return { n: samples.length, p50: quantile(samples, 0.5), p95: quantile(samples, 0.95) };
}

export function now(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** Times one call (sync or async) in ms. */
export async function time(fn: () => unknown): Promise<number> {
  const t0 = now();
  await fn();
  return now() - t0;
}

/**
 * Runs subject and baseline alternately (so machine noise hits both alike), after `warmup`
 * untimed rounds, and summarizes each.
 */
export async function paired(
  reps: number,
  subject: (i: number) => unknown,
  baseline: (i: number) => unknown,
  warmup = Math.min(20, reps),
): Promise<{ subject: Summary; baseline: Summary }> {
  for (let i = 0; i < warmup; i++) {
    await subject(-1 - i);
    await baseline(-1 - i);
  }
  const s: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < reps; i++) {
    if (i % 2 === 0) {
      s.push(await time(() => subject(i)));
      b.push(await time(() => baseline(i)));
    } else {
      b.push(await time(() => baseline(i)));
      s.push(await time(() => subject(i)));
    }
  }
  return { subject: summarize(s), baseline: summarize(b) };
}

/**
 * One untimed round of each (cold caches, first spawn), then `runs` rounds alternating which
 * goes first, so machine noise hits both alike. Each function records its own figure when
 * `record` is true (for figures a callee measures itself: a child's message, an in-page clock).
 */
export async function alternating(runs: number, subject: (record: boolean) => Promise<void>, baseline: (record: boolean) => Promise<void>): Promise<void> {
  await subject(false);
  await baseline(false);
  for (let i = 0; i < runs; i++) {
    if (i % 2 === 0) {
      await subject(true);
      await baseline(true);
    } else {
      await baseline(true);
      await subject(true);
    }
  }
}

export function row(
  group: string,
  name: string,
  subject: Summary,
  baseline: Summary | null,
  baselineLabel: string,
  note?: string,
  unit?: string,
): BenchRow {
  const ratio = baseline && baseline.p50 > 0 ? subject.p50 / baseline.p50 : null;
  return { group, name, subject, baseline, baselineLabel, ratio, ...(note ? { note } : {}), ...(unit && unit !== 'ms' ? { unit } : {}) };
}

/** A figure measured once (a size, a memory reading, a fitted slope): p50 = p95 = the value. */
export function single(value: number): Summary {
  return { n: 1, p50: value, p95: value };
}

/** Least-squares slope of y over x (NaN with fewer than two distinct x). */
export function slope(points: readonly { x: number; y: number }[]): number {
  const n = points.length;
  const mx = points.reduce((a, p) => a + p.x, 0) / n;
  const my = points.reduce((a, p) => a + p.y, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.x - mx) * (p.y - my);
    den += (p.x - mx) ** 2;
  }
  return den === 0 ? NaN : num / den;
}

/** Deterministic PRNG: the sandbox generator's mulberry32, so every seeded dataset uses one implementation. */
export const seeded = mulberry32;
