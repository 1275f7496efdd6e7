import { join } from 'node:path';
import { createBridge, type Bridge } from '../../src-main/bridge/bridge.js';
import { createCore, type Core } from '../../src-main/core/create-core.js';
import type { SecretStore } from '../../src-main/platform/secret-store.js';
import { silentLogger } from '../../src-main/platform/logger.js';
import { startSandbox, type Sandbox } from '../../src-main/sandbox/server.js';
import { jsonFileBackend } from '../../src-main/settings/json-file-backend.js';
import type { StoreServer } from '../../src-main/store-server/server.js';
import { newPairingCode } from '../../src-main/store-server/counters/counter-credentials.js';
import { pairWithStore } from '../../src-main/store-link/pairing.js';
import { fakeSecretStore } from '../support/fake-secret-store.js';
import { tempDir } from '../support/temp-dir.js';
import { MINUTE_TICK, startStore } from './store-harness.js';

/** A counter's core in this process, called through its bridge as the renderer calls it. */
export interface BridgeCounter {
  core: Core;
  bridge: Bridge;
  /** The bridge's answer as it is ({ ok, data } or { ok: false, error }). */
  call: (method: string, payload?: unknown) => Promise<any>;
  /** The data of an answer that must succeed. */
  ok: (method: string, payload?: unknown) => Promise<any>;
}

/** Opens the counter in `dataDir` (a store link saved there makes it the store's counter); `open` collects it for closing. */
export async function bridgeCounter(dataDir: string, deps: { sandboxUrl: string; keychain: SecretStore; open: Core[] }): Promise<BridgeCounter> {
  const core = await createCore({
    dataDir,
    secretStore: deps.keychain,
    settingsBackend: jsonFileBackend(join(dataDir, 'settings.json')),
    logger: silentLogger,
    trainingBaseUrl: deps.sandboxUrl,
    quietStart: true,
  });
  deps.open.push(core);
  await core.ready();
  const bridge = createBridge(core, { version: 'test', logger: silentLogger });
  const call = (m: string, p?: unknown) => bridge.invoke(m, p ?? {}) as Promise<any>;
  return {
    core,
    bridge,
    call,
    async ok(m, p) {
      const r = await call(m, p);
      if (!r.ok) throw new Error(`${m}: ${JSON.stringify(r.error)}`);
      return r.data;
    },
  };
}

/** A sandbox, a store server with its own PostgreSQL in a temp folder (startStore), and the counters a test opens here. */
export interface StoreForBridgeCounters {
  sandbox: Sandbox;
  /** The store server; a test that starts it again puts the new one here, for close(). */
  server: StoreServer;
  storeDir: string;
  /** Opens the counter in `dataDir` (bridgeCounter, on the sandbox, one keychain for all). */
  counter(dataDir: string): Promise<BridgeCounter>;
  /** Closes a counter before its folder is opened again. */
  closeCounter(counter: BridgeCounter): Promise<void>;
  /** The counter in `dataDir` set up on its own (`setUp`), joined to the store through its bridge with a fresh code, and opened again as the store's. */
  joinedCounter(dataDir: string, counterName: string, setUp: (alone: BridgeCounter) => Promise<void>): Promise<BridgeCounter>;
  /** Closes the counters still open, the store server and the sandbox, and removes the store's folder. */
  close(): Promise<void>;
}

export async function startStoreForBridgeCounters(tempPrefix: string): Promise<StoreForBridgeCounters> {
  const dir = tempDir(tempPrefix);
  const keychain = fakeSecretStore();
  const open: Core[] = [];
  let sandbox: Sandbox | undefined;
  try {
    sandbox = await startSandbox(MINUTE_TICK);
    const store: StoreForBridgeCounters = {
      sandbox,
      server: await startStore(sandbox, { dataDir: dir.path }),
      storeDir: dir.path,
      counter: (dataDir) => bridgeCounter(dataDir, { sandboxUrl: store.sandbox.url, keychain, open }),
      async closeCounter(counter) {
        await counter.core.close();
        open.splice(open.indexOf(counter.core), 1);
      },
      async joinedCounter(dataDir, counterName, setUp) {
        const alone = await store.counter(dataDir);
        await setUp(alone);
        await alone.ok('store.join', { url: store.server.url, pairingCode: await newPairingCode(store.server.pool, 'main'), counterName });
        await store.closeCounter(alone);
        return store.counter(dataDir);
      },
      async close() {
        for (const core of open) await core.close();
        await store.server.close();
        await store.sandbox.close();
        dir.cleanup();
      },
    };
    return store;
  } catch (error) {
    await sandbox?.close();
    dir.cleanup();
    throw error;
  }
}

/** A store's counter paired with a fresh code, its core in its own temporary folder; `close()` closes it and removes the folder. */
export interface PairedCounter {
  core: Core;
  call: (method: string, payload?: unknown) => Promise<any>;
  close(): Promise<void>;
}

export async function pairedStoreCounter(store: StoreServer, sandboxUrl: string, counterName: string): Promise<PairedCounter> {
  const dir = tempDir('gv-store-counter-');
  const link = await pairWithStore({ url: store.url, code: await newPairingCode(store.pool, 'main'), counterName });
  const core = await createCore({
    dataDir: dir.path,
    secretStore: fakeSecretStore(true),
    settingsBackend: jsonFileBackend(join(dir.path, 'settings.json')),
    logger: silentLogger,
    trainingBaseUrl: sandboxUrl,
    quietStart: true,
    storeLink: link,
  });
  await core.ready();
  const bridge = createBridge(core, { version: 'test', logger: silentLogger });
  return {
    core,
    call: (method, payload = {}) => bridge.invoke(method, payload),
    async close() {
      await core.close();
      dir.cleanup();
    },
  };
}
