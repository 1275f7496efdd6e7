import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { now } from './stats.js';

/**
 * How busy and how fast the machine was around a bench run, printed beside the table so that a
 * reader can tell a quiet run from one on a shared host that was slowed down. On these VMs the
 * host can take the CPU without any process of ours showing it (top: 100 % user time, no
 * process), and one such session measured every wall-clock figure 2–4× slower than the run
 * before it; ratios then move too, since a baseline and its subject do not suffer alike.
 */
export interface MachineState {
  /** Median ms of a fixed piece of CPU work (JSON.stringify + parse of the same ≈ 1 MB, 5 times). */
  cpuCheckMs: number;
  /** The 1-minute load average. */
  load1: number;
  /**
   * Linux pressure stall information: the share of wall time some runnable task of this machine
   * waited for a CPU since the earlier reading (null: not available). The bench's own threads and
   * children count too; CPU the host takes from the VM does not, and shows only as a slower check.
   */
  cpuPressure: number | null;
}

const WORK = JSON.stringify(
  Array.from({ length: 4000 }, (_, i) => ({ id: `check-${i}`, title: `Brand ${i}`, tags: ['a', 'b', 'c'], amounts: [100, 250, 500, 1000], text: 'x'.repeat(180) })),
);

function cpuCheckMs(): number {
  const runs: number[] = [];
  for (let r = 0; r < 7; r++) {
    const t0 = now();
    for (let i = 0; i < 5; i++) JSON.stringify(JSON.parse(WORK));
    runs.push(now() - t0);
  }
  runs.sort((a, b) => a - b);
  return runs[runs.length >> 1]!;
}

/** Microseconds some task has waited for a CPU since boot (PSI "some" total), or null. */
function cpuStallMicros(): number | null {
  try {
    const some = /^some .*total=(\d+)/m.exec(readFileSync('/proc/pressure/cpu', 'utf8'));
    return some ? Number(some[1]) : null;
  } catch {
    return null;
  }
}

/** When a reading was taken, and the CPU stall total then: a later reading's pressure is counted from it. */
export interface MachineMark {
  at: number;
  stallMicros: number | null;
}

/** A reading now; `since` (an earlier reading's mark) gives the pressure over the time between. */
export function machineState(since?: MachineMark): MachineState & { mark: MachineMark } {
  // The load before the check's own work adds to it.
  const load1 = loadavg()[0]!;
  const cpuCheck = cpuCheckMs();
  const mark: MachineMark = { at: now(), stallMicros: cpuStallMicros() };
  const cpuPressure =
    since && since.stallMicros !== null && mark.stallMicros !== null && mark.at > since.at ? (mark.stallMicros - since.stallMicros) / 1000 / (mark.at - since.at) : null;
  return { cpuCheckMs: Number(cpuCheck.toFixed(1)), load1: Number(load1.toFixed(2)), cpuPressure: cpuPressure === null ? null : Number(cpuPressure.toFixed(3)), mark };
}

/** The line printed under "Machine:" (before/after CPU check, load before, CPU pressure over the run). */
export function describeMachine(before: MachineState, after: MachineState): string {
  const pressure = after.cpuPressure === null ? 'CPU pressure not readable' : `CPU pressure ${(after.cpuPressure * 100).toFixed(0)} % of the run (tasks waiting for a core, ours included)`;
  return `CPU check (fixed JSON work) ${before.cpuCheckMs} ms before / ${after.cpuCheckMs} ms after; load ${before.load1} before; ${pressure}`;
}
