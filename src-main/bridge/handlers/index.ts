import type { CoreHandlers } from '../../contract/index.js';
import type { Core } from '../../core/create-core.js';
import type { Session } from '../session.js';
import { appHandlers } from './app-handlers.js';
import { catalogHandlers } from './catalog-handlers.js';
import { managerHandlers } from './manager-handlers.js';
import { reportHandlers } from './report-handlers.js';
import { saleHandlers } from './sale-handlers.js';
import { shiftHandlers } from './shift-handlers.js';
import { staffHandlers } from './staff-handlers.js';
import { storeHandlers } from './store-handlers.js';
import { webhookHandlers } from './webhook-handlers.js';

/** Every core method's handler; `satisfies` holds each one to the answer its contract declares. */
export function buildHandlers(core: Core, session: Session, version: string, signal: (reason: string | null) => void) {
  return {
    ...appHandlers(core, version),
    ...staffHandlers(core, session, signal),
    ...catalogHandlers(core),
    ...saleHandlers(core, session),
    ...shiftHandlers(core, session),
    ...managerHandlers(core, session),
    ...reportHandlers(core, session),
    ...webhookHandlers(core, session),
    ...storeHandlers(core, session),
  } satisfies CoreHandlers;
}
