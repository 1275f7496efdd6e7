import { join } from 'node:path';
import { createBridge, type Bridge, type BridgeOptions } from '../../src-main/bridge/bridge.js';
import { createCore, type Core } from '../../src-main/core/create-core.js';
import { FakeClock } from '../../src-main/platform/clock.js';
import { memoryLogger } from '../../src-main/platform/logger.js';
import type { SecretStore } from '../../src-main/platform/secret-store.js';
import { startSandbox, type Sandbox } from '../../src-main/sandbox/server.js';
import { jsonFileBackend } from '../../src-main/settings/json-file-backend.js';
import { fakeSecretStore } from '../support/fake-secret-store.js';
import { tempDir } from '../support/temp-dir.js';

export interface BridgeHarness {
  sandbox: Sandbox;
  core: Core;
  bridge: Bridge;
  clock: FakeClock;
  logger: ReturnType<typeof memoryLogger>;
  dataDir: string;
  /** Every bridge answer so far, by method: the secrets test reads them all. */
  answers: { method: string; result: unknown }[];
  call(method: string, payload?: unknown, context?: unknown): Promise<any>;
  /** Calls and unwraps `{ok: true, data}`, failing the test otherwise. */
  ok(method: string, payload?: unknown): Promise<any>;
  close(): Promise<void>;
}

export async function bridgeHarness(options: Pick<BridgeOptions, 'shellHandlers'> & { secretStore?: SecretStore } = {}): Promise<BridgeHarness> {
  const sandbox = await startSandbox({ tickMs: 60_000 });
  const dir = tempDir();
  const clock = new FakeClock(sandbox.state.clock.now());
  const logger = memoryLogger();
  const core = await createCore({
    dataDir: dir.path,
    secretStore: options.secretStore ?? fakeSecretStore(),
    settingsBackend: jsonFileBackend(join(dir.path, 'settings.json')),
    clock,
    logger,
    trainingBaseUrl: sandbox.url,
    quietStart: true,
  });
  await core.ready();
  const bridge = createBridge(core, { version: 'test', logger, shellHandlers: options.shellHandlers });
  const answers: { method: string; result: unknown }[] = [];
  const call = async (method: string, payload?: unknown, context?: unknown) => {
    const result = await bridge.invoke(method, payload, context);
    answers.push({ method, result });
    return result;
  };
  return {
    sandbox,
    core,
    bridge,
    clock,
    logger,
    dataDir: dir.path,
    answers,
    call,
    async ok(method, payload) {
      const result = await call(method, payload);
      if (!result.ok) throw new Error(`${method} failed: ${JSON.stringify(result.error)}`);
      return result.data;
    },
    async close() {
      await core.close();
      await sandbox.close();
      dir.cleanup();
    },
  };
}

/** First launch: set up the manager, add a cashier, sync the catalog, and open the drawer (selling needs a shift). */
export async function setUpCounter(h: BridgeHarness): Promise<{ managerId: string; cashierId: string }> {
  const manager = await h.ok('staff.setupFirstManager', { name: 'Meera Shah', pin: '2580' });
  const cashier = await h.ok('staff.create', { name: 'Ravi Kumar', role: 'cashier', pin: '4826' });
  await h.ok('catalog.syncNow');
  await h.ok('shift.open', { openingFloatPaise: 0 });
  return { managerId: manager.id, cashierId: cashier.id };
}
