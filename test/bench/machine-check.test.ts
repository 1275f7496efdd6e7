import { describe, expect, it } from 'vitest';
import { describeMachine, machineState } from './machine-check.js';

describe('the bench machine check', () => {
  it('times its fixed work, reads the load, and gives the CPU pressure between two readings as a share of that time', async () => {
    const before = machineState();
    expect(before.cpuCheckMs).toBeGreaterThan(0);
    expect(before.load1).toBeGreaterThanOrEqual(0);
    // The first reading has nothing to compare with.
    expect(before.cpuPressure).toBeNull();
    // Without Linux PSI the pressure is null, and the line says so.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const after = machineState(before.mark);
    if (after.cpuPressure !== null) {
      expect(after.cpuPressure).toBeGreaterThanOrEqual(0);
      // "some" is the share of wall time at least one task waited: never above the whole of it.
      expect(after.cpuPressure).toBeLessThanOrEqual(1);
    }
    const line = describeMachine(before, after);
    expect(line).toContain(`${before.cpuCheckMs} ms before / ${after.cpuCheckMs} ms after`);
    expect(line).toContain(`load ${before.load1} before`);
    expect(line).toMatch(after.cpuPressure === null ? /CPU pressure not readable/ : /CPU pressure \d+ % of the run/);
  });
});
