import { join } from 'node:path';
import { createCore, type Core } from '../../../src-main/core/create-core.js';
import { NO_KEYCHAIN } from '../../../src-main/platform/secret-store.js';
import { jsonFileBackend } from '../../../src-main/settings/json-file-backend.js';

/**
 * The core as the browser host builds it (plain Node: no keychain, so Training's key file;
 * settings in a JSON file), with the real start-up path: the background catalog check and
 * wallet read run.
 */
export function startCore(dataDir: string, trainingBaseUrl: string): Promise<Core> {
  return createCore({
    dataDir,
    secretStore: NO_KEYCHAIN,
    settingsBackend: jsonFileBackend(join(dataDir, 'settings.json')),
    trainingBaseUrl,
  });
}
