import { describe, expect, it } from 'vitest';
import { SandboxClock } from '../../src-main/sandbox/clock.js';

/** A real-time source the test moves by hand. */
function fakeRealTime(start = Date.UTC(2026, 0, 15, 9, 30)): { now: () => number; tick: (ms: number) => void } {
  let t = start;
  return { now: () => t, tick: (ms) => (t += ms) };
}

describe('SandboxClock', () => {
  it('starts at real time with no offset', () => {
    const real = fakeRealTime();
    const clock = new SandboxClock(real.now);
    expect(clock.now()).toBe(real.now());
    expect(clock.offsetSeconds).toBe(0);
  });

  it('follows real time as it passes', () => {
    const real = fakeRealTime();
    const clock = new SandboxClock(real.now);
    const before = clock.now();
    real.tick(1234);
    expect(clock.now()).toBe(before + 1234);
    expect(clock.offsetSeconds).toBe(0);
  });

  it('defaults to Date.now', () => {
    const clock = new SandboxClock();
    const lower = Date.now();
    const now = clock.now();
    expect(now).toBeGreaterThanOrEqual(lower);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it('advance moves now forward by the given seconds and accumulates the offset', () => {
    const real = fakeRealTime();
    const clock = new SandboxClock(real.now);
    const start = clock.now();
    clock.advance(30);
    expect(clock.now()).toBe(start + 30_000);
    expect(clock.offsetSeconds).toBe(30);
    clock.advance(15 * 60);
    expect(clock.now()).toBe(start + 30_000 + 900_000);
    expect(clock.offsetSeconds).toBe(930);
    real.tick(500);
    expect(clock.now()).toBe(start + 930_500);
    expect(clock.offsetSeconds).toBe(930);
  });

  it('advance accepts fractions (millisecond resolution) and zero', () => {
    const real = fakeRealTime();
    const clock = new SandboxClock(real.now);
    const start = clock.now();
    clock.advance(1.5);
    expect(clock.now()).toBe(start + 1500);
    clock.advance(0.001);
    clock.advance(0.001);
    expect(clock.now()).toBe(start + 1502);
    expect(clock.offsetSeconds).toBeCloseTo(1.502, 9);
    clock.advance(0);
    expect(clock.now()).toBe(start + 1502);
    // Below half a millisecond rounds away to nothing.
    clock.advance(0.0004);
    expect(clock.now()).toBe(start + 1502);
  });

  it('handles multi-day jumps', () => {
    const real = fakeRealTime();
    const clock = new SandboxClock(real.now);
    const start = clock.now();
    clock.advance(3 * 86_400);
    expect(clock.now() - start).toBe(3 * 86_400_000);
    expect(clock.offsetSeconds).toBe(259_200);
  });

  it('is monotonic: a sequence of advances never moves now backwards', () => {
    const real = fakeRealTime();
    const clock = new SandboxClock(real.now);
    let previous = clock.now();
    for (const seconds of [0, 0.0001, 0.4, 1, 59, 60, 3600, 0, 86_400, 0.25]) {
      clock.advance(seconds);
      const now = clock.now();
      expect(now).toBeGreaterThanOrEqual(previous);
      previous = now;
    }
  });

  it.each([
    ['a negative number', -1],
    ['a tiny negative number', -0.001],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
  ])('rejects %s and leaves the clock untouched', (_label, seconds) => {
    const real = fakeRealTime();
    const clock = new SandboxClock(real.now);
    clock.advance(10);
    const before = clock.now();
    expect(() => clock.advance(seconds)).toThrow(RangeError);
    expect(clock.now()).toBe(before);
    expect(clock.offsetSeconds).toBe(10);
  });
});
