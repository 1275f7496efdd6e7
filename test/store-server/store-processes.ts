import { spawn, type ChildProcess } from 'node:child_process';
import { silentLogger } from '../../src-main/platform/logger.js';
import { startSandbox, type Sandbox } from '../../src-main/sandbox/server.js';
import { startEmbeddedCluster, type EmbeddedCluster } from '../../src-main/store-server/database/embedded-postgres.js';
import { send } from '../browser-host/host-harness.js';
import { tempDir } from '../support/temp-dir.js';

/**
 * The store server, its pairing codes and counters as a user runs them: each its own process
 * started by its CLI (tsx, as `npm run …` does without the build step).
 */

export interface Running {
  child: ChildProcess;
  /** Everything printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the first line matching `pattern`; rejects when the process exits first. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export function run(script: string, args: string[], env: NodeJS.ProcessEnv = {}): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let out = '';
  const waiters = new Set<() => void>();
  const onData = (c: Buffer) => {
    out += c.toString();
    for (const w of waiters) w();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => out,
    waitFor(pattern, timeoutMs = 90_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = pattern.exec(out);
          if (m) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(m);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${pattern} within ${timeoutMs} ms; output:\n${out.slice(-3000)}`));
        }, timeoutMs);
        void exited.then(() => {
          if (waiters.has(check)) {
            waiters.delete(check);
            clearTimeout(timer);
            reject(new Error(`exited (${child.exitCode ?? child.signalCode}) before ${pattern}; output:\n${out.slice(-3000)}`));
          }
        });
        waiters.add(check);
        check();
      });
    },
    async kill(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
  };
}

export interface StoreServerArgs {
  dataDir: string;
  partnerBaseUrl: string;
  port?: number;
  databaseUrl?: string;
  store?: string;
  /** STORE_VAULT_KEY (base64): replicas of one database share it; without it each keeps its own key file. */
  vaultKey?: string;
}

export function storeServerArgs(a: StoreServerArgs): string[] {
  return [
    '--port', String(a.port ?? 0),
    '--data-dir', a.dataDir,
    '--partner-base-url', a.partnerBaseUrl,
    '--client-id', 'sandbox-staging-client',
    '--client-secret', 'sandbox-staging-secret',
    ...(a.databaseUrl ? ['--database-url', a.databaseUrl] : []),
    ...(a.store ? ['--store', a.store] : []),
  ];
}

/** `npm run store-server -- …`; resolves once it printed its ready line, with its URL. */
export async function startStoreServerCli(a: StoreServerArgs): Promise<{ proc: Running; url: string }> {
  const proc = run('src-main/store-server/cli.ts', storeServerArgs(a), a.vaultKey ? { STORE_VAULT_KEY: a.vaultKey } : {});
  const m = await proc.waitFor(/Store server ready: (\S+)/);
  return { proc, url: m[1]! };
}

export interface CliStoreOnCluster {
  sandbox: Sandbox;
  /** The embedded PostgreSQL in `dirs.pg`; a test that starts it again puts the new one here, for close(). */
  cluster: EmbeddedCluster;
  /** The store server's process; a test that starts it again puts the new one here, for close(). */
  server: Running;
  url: string;
  dirs: { pg: string; store: string };
  /** SIGKILLs the store server, stops the cluster and the sandbox, and removes both folders. */
  close(): Promise<void>;
}

/**
 * A sandbox, an embedded PostgreSQL cluster of the test's own, and the store server's CLI on
 * that cluster's URL (its data folder beside it): a store whose database and server a test may
 * kill and start again. Folders: `${tempPrefix}…` and `${tempPrefix}srv-…`.
 */
export async function startCliStoreOnCluster(tempPrefix: string): Promise<CliStoreOnCluster> {
  const pgDir = tempDir(tempPrefix);
  const storeDir = tempDir(`${tempPrefix}srv-`);
  const removeDirs = () => {
    pgDir.cleanup();
    storeDir.cleanup();
  };
  let sandbox: Sandbox | undefined;
  let cluster: EmbeddedCluster | undefined;
  try {
    sandbox = await startSandbox({});
    cluster = await startEmbeddedCluster(pgDir.path, silentLogger);
    const started = await startStoreServerCli({ dataDir: storeDir.path, partnerBaseUrl: sandbox.url, databaseUrl: cluster.url });
    const store: CliStoreOnCluster = {
      sandbox,
      cluster,
      server: started.proc,
      url: started.url,
      dirs: { pg: pgDir.path, store: storeDir.path },
      async close() {
        await store.server.kill('SIGKILL');
        await store.cluster.stop();
        await store.sandbox.close();
        removeDirs();
      },
    };
    return store;
  } catch (error) {
    await cluster?.stop();
    await sandbox?.close();
    removeDirs();
    throw error;
  }
}

/** `npm run store-server -- pairing-code`: its last line is the code. */
export async function pairingCode(where: { dataDir?: string; databaseUrl?: string; store?: string }): Promise<string> {
  const args = ['pairing-code', ...(where.dataDir ? ['--data-dir', where.dataDir] : []), ...(where.databaseUrl ? ['--database-url', where.databaseUrl] : []), ...(where.store ? ['--store', where.store] : [])];
  const proc = run('src-main/store-server/cli.ts', args);
  await new Promise((resolve) => proc.child.once('exit', resolve));
  if (proc.child.exitCode !== 0) throw new Error(`pairing-code failed:\n${proc.output()}`);
  return proc.output().trim().split('\n').pop()!.trim();
}

export interface CounterHost {
  proc: Running;
  url: string;
  call<T = any>(method: string, payload?: unknown): Promise<{ ok: true; data: T } | { ok: false; error: { code: string; message: string } }>;
}

/** `npm run web -- --store-server URL --pairing-code CODE --data-dir DIR`, signed in to its bridge by the launch URL. */
export async function startCounter(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CounterHost> {
  const proc = run('src-main/browser-host/cli.ts', ['--port', '0', ...args], env);
  const m = await proc.waitFor(/Open: (http:\/\/[^/\s]+)\/\?token=(\S+)/);
  const url = m[1]!;
  const launch = await send(url, `/?token=${m[2]}`);
  const cookie = String(launch.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
  return {
    proc,
    url,
    async call(method, payload) {
      const reply = await send(url, '/api/call', {
        method: 'POST',
        headers: { Cookie: cookie, Origin: url, 'Content-Type': 'application/json' },
        body: JSON.stringify(payload === undefined ? { method } : { method, payload }),
      });
      return reply.json();
    },
  };
}

export async function waitForHealth(url: string, timeoutMs = 60_000): Promise<unknown> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return res.json();
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url}/health did not answer 200 within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
