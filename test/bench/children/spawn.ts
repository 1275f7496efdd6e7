import { spawn } from 'node:child_process';
import { now } from '../stats.js';

export interface ChildRun {
  /** ms from just before spawn() to the child's first stdout line (null if it printed none). */
  firstLineMs: number | null;
  /** ms from just before spawn() to the child's exit. */
  exitMs: number;
  firstLine: string | null;
}

/**
 * Runs plain `node` (never the bench runner's tsx loader: process.execPath without execArgv)
 * and times it from the parent's side. Rejects on a non-zero exit, with the child's stderr.
 */
export function runNode(args: string[], timeoutMs = 300_000): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const t0 = now();
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_OPTIONS: '' } });
    let out = '';
    let err = '';
    let firstLineMs: number | null = null;
    let firstLine: string | null = null;
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const nl = out.indexOf('\n');
      if (firstLineMs === null && nl >= 0) {
        firstLineMs = now() - t0;
        firstLine = out.slice(0, nl);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      const exitMs = now() - t0;
      if (code !== 0) reject(new Error(`node ${args[0]} exited ${code ?? signal}: ${err.slice(-2000)}`));
      else resolve({ firstLineMs, exitMs, firstLine });
    });
  });
}
