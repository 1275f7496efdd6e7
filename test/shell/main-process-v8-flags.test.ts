import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { electronJsFlagsSwitch, MAIN_PROCESS_V8_FLAGS } from '../../src-main/platform/main-process-v8-flags.js';

/** The largest new space V8 reaches in a Node started with `flags` while it makes short-lived garbage, in MB. */
function youngGenerationMb(flags: readonly string[], setAtRuntime = false): number {
  const script = `
    const v8 = require('node:v8');
    ${setAtRuntime ? `v8.setFlagsFromString(${JSON.stringify(MAIN_PROCESS_V8_FLAGS.join(' '))});` : ''}
    let keep = [];
    for (let i = 0; i < 2e6; i++) { keep.push({ i, s: 'x' + i }); if (keep.length > 2000) keep = []; }
    console.log(v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / 1048576);`;
  const run = spawnSync(process.execPath, [...flags, '-e', script], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  if (run.status !== 0) throw new Error(run.stderr);
  return Number(run.stdout.trim());
}

describe('the main process’s V8 flags reach it from its command line', () => {
  it('cap the young generation when given at start, and not when set in the running process', () => {
    const capped = youngGenerationMb(MAIN_PROCESS_V8_FLAGS);
    expect(capped).toBeLessThanOrEqual(4);
    expect(youngGenerationMb([])).toBeGreaterThan(capped);
    expect(youngGenerationMb([], true)).toBeGreaterThan(capped);
  });

  it('are on every command line that starts the core: Electron (npm start, the Linux package) and the browser host', () => {
    const builder = parse(readFileSync(new URL('../../electron-builder.yml', import.meta.url), 'utf8')) as { linux?: { executableArgs?: string[] } };
    expect(builder.linux?.executableArgs).toEqual([electronJsFlagsSwitch()]);
    expect(readFileSync(new URL('../../src-main/shell/tools/start-electron.ts', import.meta.url), 'utf8')).toContain('electronJsFlagsSwitch()');
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts['web']).toBe(`electron-vite build && tsx ${MAIN_PROCESS_V8_FLAGS.join(' ')} src-main/browser-host/cli.ts`);
  });
});
