import { join } from 'node:path';
import type { Core } from '../../../src-main/core/create-core.js';
import type { CoreBundle } from '../../../src-main/core/load-core-bundle.js';

/**
 * The core as the browser host builds it (plain Node: no keychain, so Training's key file;
 * settings in a JSON file), with the real start-up path: the background catalog check and
 * wallet read run. `core` is the core bundle's exports: loaded as the Electron main loads them
 * (start-up child) or imported with the child's own code (memory child).
 */
export function startCore(core: Pick<CoreBundle, 'createCore' | 'NO_KEYCHAIN' | 'jsonFileBackend'>, dataDir: string, trainingBaseUrl: string): Promise<Core> {
  return core.createCore({
    dataDir,
    secretStore: core.NO_KEYCHAIN,
    settingsBackend: core.jsonFileBackend(join(dataDir, 'settings.json')),
    trainingBaseUrl,
  });
}
