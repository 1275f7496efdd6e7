import { join } from 'node:path';
import { createBridge, type Bridge } from '../../src-main/bridge/bridge.js';
import { createCore, type Core } from '../../src-main/core/create-core.js';
import type { SecretStore } from '../../src-main/platform/secret-store.js';
import { silentLogger } from '../../src-main/platform/logger.js';
import { jsonFileBackend } from '../../src-main/settings/json-file-backend.js';

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
