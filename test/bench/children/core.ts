import { join } from 'node:path';
import { memorySecretStore } from '../../../src-main/browser-host/memory-secret-store.js';
import { createCore, type Core } from '../../../src-main/core/create-core.js';
import { jsonFileBackend } from '../../../src-main/settings/json-file-backend.js';

/**
 * The core as the browser host builds it (plain Node: a memory secret store, settings in a JSON
 * file), with the real start-up path: the background catalog check and wallet read run.
 */
export function startCore(dataDir: string, trainingBaseUrl: string): Promise<Core> {
  return createCore({
    dataDir,
    secretStore: memorySecretStore(),
    settingsBackend: jsonFileBackend(join(dataDir, 'settings.json')),
    trainingBaseUrl,
  });
}
