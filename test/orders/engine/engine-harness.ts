import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { DEFAULT_CREDENTIALS } from '../../../src-main/sandbox/auth/credentials.js';
import { startSandbox, type Sandbox } from '../../../src-main/sandbox/server.js';
import type { SandboxOptions } from '../../../src-main/sandbox/sandbox-state.js';
import { openDatabase, type Db } from '../../../src-main/db/database.js';
import { kvShelf } from '../../../src-main/db/kv-shelf.js';
import type { OrderApi } from '../../../src-main/orders/engine/order-api.js';
import { OrderEngine } from '../../../src-main/orders/engine/order-engine.js';
import { orderApiFor } from '../../../src-main/orders/engine/partner-order-api.js';
import { SqliteSaleJournal } from '../../../src-main/orders/journal/sqlite-sale-journal.js';
import { CardVault } from '../../../src-main/platform/card-vault.js';
import { FakeClock } from '../../../src-main/platform/clock.js';
import { memoryLogger } from '../../../src-main/platform/logger.js';
import { failureReasonToCode } from '../../../src-main/partner-api/error-table.js';
import { createPartnerClient, type PartnerClient } from '../../../src-main/partner-api/partner-client.js';
import { fakeSecretStore } from '../../support/fake-secret-store.js';
import { tempDir } from '../../support/temp-dir.js';

/**
 * The order engine wired as the app wires it — real SQLite journal, real card vault, real
 * got client — against a real sandbox, with the engine's clock fake so the §3.4 protocol
 * runs in milliseconds. `step()` moves both clocks together.
 */
export interface EngineHarness {
  sandbox: Sandbox;
  db: Db;
  /** The app.db beside it (staff, audit log), as the core keeps it. */
  appDb: Db;
  journal: SqliteSaleJournal;
  engine: OrderEngine;
  client: PartnerClient;
  clock: FakeClock;
  vault: CardVault;
  logger: ReturnType<typeof memoryLogger>;
  control(method: string, path: string, body?: unknown): Promise<any>;
  /** Advances sandbox and engine clocks by `seconds` in 60 s steps, letting the engine finish each step. */
  step(seconds: number): Promise<void>;
  /** Restarts the engine on the same data (a new process would do the same). */
  restart(): Promise<OrderEngine>;
  close(): Promise<void>;
}

export async function engineHarness(
  options: { sandbox?: SandboxOptions; orderResponseMs?: number; /** What the engine is given in place of the real client's order API. */ wrapApi?: (api: OrderApi) => OrderApi } = {},
): Promise<EngineHarness> {
  const sandbox = await startSandbox({ tickMs: 60_000, ...options.sandbox });
  const dir = tempDir();
  const db = openDatabase(join(dir.path, 'training.db'), 'environment');
  const appDb = openDatabase(join(dir.path, 'app.db'), 'app');
  const vault = CardVault.open(fakeSecretStore(), kvShelf(db));
  const clock = new FakeClock(sandbox.state.clock.now());
  const logger = memoryLogger();
  const client = createPartnerClient({
    baseUrl: sandbox.url,
    credentials: async () => DEFAULT_CREDENTIALS.staging,
    clock,
    logger,
    timeouts: { orderResponseMs: options.orderResponseMs ?? 15_000 },
    sleep: async () => {},
  });
  const journal = new SqliteSaleJournal(db, () => clock.now());
  const build = () =>
    new OrderEngine({ journal, api: (options.wrapApi ?? ((api) => api))(orderApiFor(() => client)), clock, logger, vault, newRequestId: randomUUID, failureCode: failureReasonToCode });
  let engine = build();
  await engine.start();

  const control = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${sandbox.url}/__sandbox${path}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return res.json();
  };

  const harness: EngineHarness = {
    sandbox,
    db,
    appDb,
    journal,
    get engine() {
      return engine;
    },
    client,
    clock,
    vault,
    logger,
    control,
    async step(seconds) {
      for (let left = seconds; left > 0; left -= 60) {
        const s = Math.min(60, left);
        await control('POST', '/advance', { seconds: s });
        clock.advance(s * 1000);
        await engine.idle();
      }
    },
    async restart() {
      engine.stop();
      engine = build();
      await engine.start();
      return engine;
    },
    async close() {
      engine.stop();
      client.close();
      db.close();
      appDb.close();
      await sandbox.close();
      dir.cleanup();
    },
  };
  return harness;
}
