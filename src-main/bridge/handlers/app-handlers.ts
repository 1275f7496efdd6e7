import type { CoreHandlers } from '../../contract/index.js';
import type { Core } from '../../core/create-core.js';

export function appHandlers(core: Core, version: string) {
  return {
    'app.info': () => core.app.info(version),
    'selfCheck.run': () => core.app.selfCheck(),
  } satisfies Partial<CoreHandlers>;
}
