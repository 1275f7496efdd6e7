import { parseArgs } from 'node:util';
import { createLogger } from '../platform/logger.js';
import { listCounters, newPairingCode, revokeCounter } from './counters/counter-credentials.js';
import { runningClusterUrl } from './database/embedded-postgres.js';
import { openPool } from './database/pool.js';
import { openStoreDatabase, startStoreServer } from './server.js';
import { chainDay, chainDayText } from './chain/chain-day.js';
import { istDay } from '../platform/india-time.js';

const USAGE = `npm run store-server -- --data-dir DIR --partner-base-url URL --client-id ID --client-secret SECRET
                          [--port N] [--env staging|production] [--database-url postgres://…]
                          [--store ID] [--store-name NAME] [--host ADDR] [--tls-cert FILE --tls-key FILE]
npm run store-server -- pairing-code (--data-dir DIR | --database-url postgres://…) [--store ID]
npm run store-server -- counters     (--data-dir DIR | --database-url postgres://…) [--store ID]
npm run store-server -- revoke COUNTER_ID (--data-dir DIR | --database-url postgres://…) [--store ID]
npm run store-server -- database-url --data-dir DIR      (the running embedded PostgreSQL's URL, for pg_dump)
npm run store-server -- chain-day (--data-dir DIR | --database-url postgres://…) [--day YYYY-MM-DD] [--json]
                                  (every store's day in that database: the chain's view)

The store server holds the partner credentials and is the only caller of the Partner API for
the store's counters. Without --database-url it runs PostgreSQL itself in DIR/postgres.
  --port N            port to listen on (default 8740; 0 picks a free one)
  --env               the service environment the credentials belong to (default staging)
  --store ID          this store's id in the database (default "main"; a chain's stores share one PostgreSQL)
  --tls-cert/--tls-key  serve HTTPS with this certificate (or terminate TLS at a reverse proxy)
The service's webhooks go to <public URL>/webhooks, signed with the secret in the environment
variable STORE_WEBHOOK_SECRET (kept out of the command line, which other users can read).
Vouchers are sealed with STORE_VAULT_KEY (base64 of 32 bytes; every server on one database needs
the same), or else with DIR/store-vault.key, made on the first start. Back it up with the database.
pairing-code prints one fresh single-use code (valid 30 minutes) as its last line.`;

const STORE_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const command = argv[0] && !argv[0].startsWith('-') ? argv[0] : 'serve';
  const { values, positionals } = parseArgs({
    args: command === 'serve' ? argv : argv.slice(1),
    allowPositionals: command === 'revoke',
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'data-dir': { type: 'string' },
      'partner-base-url': { type: 'string' },
      'client-id': { type: 'string' },
      'client-secret': { type: 'string' },
      env: { type: 'string' },
      'database-url': { type: 'string' },
      store: { type: 'string' },
      'store-name': { type: 'string' },
      'tls-cert': { type: 'string' },
      'tls-key': { type: 'string' },
      day: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) return void console.log(USAGE);
  const storeId = values.store ?? 'main';
  if (!STORE_ID.test(storeId)) throw new UsageError(`--store must be lowercase letters, digits and -, not ${storeId}`);
  const databaseUrl = values['database-url'];
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) throw new UsageError('--database-url must be a postgres:// URL');
  const dataDir = values['data-dir'];
  const logger = createLogger((line) => {
    if (/"level":"(warn|error)"/.test(line) || process.env.STORE_SERVER_LOG === 'all') process.stderr.write(`${line}\n`);
  });
  process.on('unhandledRejection', (reason) => {
    // pg-boss 10 (the last major that runs on Node 20) does not wait for its own write of a
    // job's end: with PostgreSQL gone at that moment it rejects with no one to hear. That job is
    // run again when it expires; the server stays up and answers 503 until the database is back.
    if (isPgBossWriteWithoutDatabase(reason)) return logger.log('warn', 'store.job_end_not_recorded', { error: reason });
    console.error('store-server: unexpected error', reason);
    process.exit(1);
  });

  if (command === 'database-url') {
    if (!dataDir) throw new UsageError('database-url needs --data-dir');
    const running = runningClusterUrl(dataDir);
    if (!running) throw new Error(`No store server's PostgreSQL is running in ${dataDir}: start the store server first`);
    console.log(running);
    return;
  }
  if (command === 'pairing-code' || command === 'counters' || command === 'revoke' || command === 'chain-day') {
    if (!dataDir && !databaseUrl) throw new UsageError(`${command} needs --data-dir (the store server's) or --database-url`);
    // The running server's own cluster when there is one; otherwise the folder's cluster is started for this.
    const running = databaseUrl ?? runningClusterUrl(dataDir!);
    const opened = running ? { url: running, cluster: null } : await openStoreDatabase({ dataDir: dataDir!, logger });
    const pool = openPool(opened.url, logger, 2);
    try {
      if (command === 'chain-day') {
        const day = values.day ?? istDay(Date.now());
        const stores = await chainDay(pool, day, Date.now());
        console.log(values.json ? JSON.stringify({ day, stores }, null, 2) : chainDayText(day, stores));
        return;
      }
      const store = await pool.query('SELECT 1 FROM stores WHERE id = $1', [storeId]);
      if (store.rowCount !== 1) throw new Error(`No store "${storeId}" in that database yet: start the store server once first`);
      if (command === 'pairing-code') {
        console.log('Pairing code for one counter (single use, valid 30 minutes):');
        console.log(await newPairingCode(pool, storeId));
      } else if (command === 'counters') {
        for (const c of await listCounters(pool, storeId)) {
          console.log(`${c.id}  ${c.revokedAt ? 'REVOKED' : 'active '}  ${c.name}  paired ${new Date(c.pairedAt).toISOString()}  last seen ${c.lastSeenAt ? new Date(c.lastSeenAt).toISOString() : 'never'}`);
        }
      } else {
        const counterId = positionals[0];
        if (!counterId || !/^[0-9a-f-]{36}$/.test(counterId)) throw new UsageError('revoke needs the counter id (see `counters`)');
        const revoked = await revokeCounter(pool, storeId, counterId, { counterId: null, staffId: null });
        console.log(revoked ? `Counter ${counterId} revoked: its next call is refused.` : `No active counter ${counterId} in store ${storeId}.`);
        if (!revoked) process.exitCode = 1;
      }
    } finally {
      await pool.end();
      await opened.cluster?.stop();
    }
    return;
  }
  if (command !== 'serve') throw new UsageError(`Unknown command ${command}`);

  const need = (name: 'data-dir' | 'partner-base-url' | 'client-id' | 'client-secret'): string => {
    const value = values[name];
    if (!value) throw new UsageError(`--${name} is required`);
    return value;
  };
  const port = values.port === undefined ? 8740 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be 0–65535, not ${values.port}`);
  const environment = values.env ?? 'staging';
  if (environment !== 'staging' && environment !== 'production') throw new UsageError('--env must be staging or production');
  const partnerBaseUrl = need('partner-base-url').replace(/\/+$/, '');
  if (!/^https?:\/\//.test(partnerBaseUrl)) throw new UsageError('--partner-base-url must be an http(s) URL');
  if (Boolean(values['tls-cert']) !== Boolean(values['tls-key'])) throw new UsageError('--tls-cert and --tls-key go together');

  const server = await startStoreServer({
    port,
    host: values.host,
    dataDir: need('data-dir'),
    partnerBaseUrl,
    clientId: need('client-id'),
    clientSecret: need('client-secret'),
    environment,
    databaseUrl,
    storeId,
    storeName: values['store-name'],
    tls: values['tls-cert'] ? { certFile: values['tls-cert'], keyFile: values['tls-key']! } : undefined,
    webhookSecret: process.env.STORE_WEBHOOK_SECRET || undefined,
    logger,
  });
  console.log(`Store server ready: ${server.url}`);
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    void server.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

class UsageError extends Error {}

const CONNECTION_LOST = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', '57P01', '57P02', '57P03']);

function isPgBossWriteWithoutDatabase(reason: unknown): boolean {
  if (!(reason instanceof Error) || !reason.stack?.includes('/pg-boss/')) return false;
  const code = (reason as { code?: unknown }).code;
  return (typeof code === 'string' && CONNECTION_LOST.has(code)) || /Connection terminated|connection error|timeout exceeded when trying to connect/i.test(reason.message);
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`store-server: ${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  console.error(`store-server: cannot start. ${(error as Error).message}`);
  process.exit(1);
});
