import { join } from 'node:path';
import { createBridge, type Bridge } from '../../src-main/bridge/bridge.js';
import { createCore, type Core } from '../../src-main/core/create-core.js';
import type { SecretStore } from '../../src-main/platform/secret-store.js';
import { silentLogger } from '../../src-main/platform/logger.js';
import { jsonFileBackend } from '../../src-main/settings/json-file-backend.js';
import type { StoreServer } from '../../src-main/store-server/server.js';
import { newPairingCode } from '../../src-main/store-server/counters/counter-credentials.js';
import { pairWithStore } from '../../src-main/store-link/pairing.js';
import { fakeSecretStore } from '../support/fake-secret-store.js';
import { tempDir } from '../support/temp-dir.js';

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
