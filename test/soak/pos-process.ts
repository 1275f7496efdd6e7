import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CHILD = fileURLToPath(new URL('./fixtures/pos-child.ts', import.meta.url));

export interface PosExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/**
 * One POS process lifetime seen from outside: its stdout lines as they come (so the soak can
 * time a SIGKILL to a moment inside a sale), and how it ended.
 */
export function startPosProcess(
  env: Record<string, string>,
  onLine: (line: string, child: ChildProcess) => void,
  script: string = CHILD,
): { child: ChildProcess; exited: Promise<PosExit> } {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    for (let nl = pending.indexOf('\n'); nl >= 0; nl = pending.indexOf('\n')) {
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      onLine(line, child);
    }
  });
  // Keep only the tail: a long soak must not grow the parent's memory with a chatty child.
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-20_000)));
  const exited = new Promise<PosExit>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ code, signal, stderr }));
  });
  return { child, exited };
}
