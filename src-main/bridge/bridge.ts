import type { Core } from '../core/create-core.js';
import type { CoreEventMap, CoreEventName } from '../core/core-events.js';
import type { Logger } from '../platform/logger.js';
import { BridgeFailure, type BridgeResult } from './bridge-result.js';
import type { MethodName } from './contract.js';
import { appHandlers } from './handlers/app-handlers.js';
import { catalogHandlers } from './handlers/catalog-handlers.js';
import { managerHandlers } from './handlers/manager-handlers.js';
import { saleHandlers } from './handlers/sale-handlers.js';
import { staffHandlers } from './handlers/staff-handlers.js';
import { newSession } from './session.js';
import { loadSettingsSchema } from '../settings/settings-service.js';

type Contract = typeof import('./contract.js');
let contract: Promise<Contract> | null = null;

/**
 * The contract's schemas are zod, whose ~95 modules cost a few hundred ms to load: the shell
 * registers the bridge at start-up, and the schemas are loaded by the first call instead (with
 * the settings schema, which explains a rejected settings.update). Cached per process.
 */
function loadContract(): Promise<Contract> {
  contract ??= Promise.all([import('./contract.js'), loadSettingsSchema()]).then(
    ([module]) => module,
    (error: unknown) => {
      contract = null;
      throw error;
    },
  );
  return contract;
}

export type Handlers = ReturnType<typeof buildHandlers>;
export type MethodOutput<M extends MethodName> = Awaited<ReturnType<Handlers[M]>>;

function buildHandlers(core: Core, session: ReturnType<typeof newSession>, version: string, signal: (reason: string | null) => void) {
  return {
    ...appHandlers(core, version),
    ...staffHandlers(core, session, signal),
    ...catalogHandlers(core),
    ...saleHandlers(core, session),
    ...managerHandlers(core, session),
  };
}

export interface Bridge {
  /** The single choke point: unknown method, bad payload, wrong role → an error value, nothing runs. */
  invoke(method: string, payload: unknown): Promise<BridgeResult<unknown>>;
  subscribe(listener: <K extends CoreEventName>(name: K, payload: CoreEventMap[K]) => void): () => void;
}

/**
 * The bridge over the core for one window (one counter): the Electron shell registers
 * `invoke` behind ipcMain.handle with a sender check, the browser host behind HTTP, and tests
 * call it directly. The session (who is signed in) lives here, in main.
 */
export function createBridge(core: Core, options: { version: string; logger: Logger }): Bridge {
  const session = newSession(core.clock.now());
  const signal = (reason: string | null) =>
    core.events.emit('session.changed', { signedIn: session.staff !== null, role: session.staff?.role ?? null, reason });
  const handlers = buildHandlers(core, session, options.version, signal);
  const idleLimit = () => core.settings.get().staff.lockAfterIdleMinutes * 60_000;
  let cancelIdleTimer: (() => void) | null = null;

  /** Locks the counter on time, not only at the next call: an unattended screen must not stay signed in. */
  function armIdleLock(): void {
    cancelIdleTimer?.();
    cancelIdleTimer = null;
    if (!session.staff) return;
    cancelIdleTimer = core.clock.setTimer(session.lastActivityAt + idleLimit() - core.clock.now(), () => {
      cancelIdleTimer = null;
      if (!session.staff) return;
      if (core.clock.now() - session.lastActivityAt >= idleLimit()) {
        session.staff = null;
        signal('locked after inactivity');
      } else armIdleLock();
    });
  }

  async function invoke(method: string, payload: unknown): Promise<BridgeResult<unknown>> {
    const { METHODS } = await loadContract();
    if (!Object.hasOwn(METHODS, method)) return { ok: false, error: { code: 'UNKNOWN_METHOD', message: `There is no method ${String(method).slice(0, 60)}` } };
    const spec = METHODS[method as MethodName];
    const parsed = spec.input.safeParse(payload ?? {});
    if (!parsed.success) {
      return {
        ok: false,
        error: {
          code: 'BAD_REQUEST',
          message: 'The request was not understood; nothing was changed',
          fields: parsed.error.issues.slice(0, 10).map((i) => ({ field: i.path.join('.') || '(payload)', message: i.message })),
        },
      };
    }
    const now = core.clock.now();
    if (session.staff && now - session.lastActivityAt > idleLimit()) {
      session.staff = null;
      signal('locked after inactivity');
    }
    if (spec.role !== 'none') {
      if (!session.staff) return { ok: false, error: { code: 'UNAUTHENTICATED', message: 'Sign in with your PIN first' } };
      if (spec.role === 'manager' && session.staff.role !== 'manager') {
        return { ok: false, error: { code: 'FORBIDDEN', message: 'Only a manager can do this' } };
      }
    }
    // Reading the session or app info (which a screen may poll) is not someone at the counter.
    const isActivity = spec.role !== 'none' || method === 'staff.signIn' || method === 'staff.setupFirstManager';
    if (session.staff && isActivity) session.lastActivityAt = now;
    try {
      const handler = handlers[method as MethodName] as (input: unknown) => unknown;
      const data = await handler(parsed.data);
      // A sign-in is activity too: without this the first call after re-signing in would lock again.
      if (session.staff && isActivity) {
        session.lastActivityAt = core.clock.now();
        armIdleLock();
      }
      return { ok: true, data };
    } catch (error) {
      if (error instanceof BridgeFailure) return { ok: false, error: error.error };
      options.logger.log('error', 'bridge.handler_failed', { method, error });
      // A full disk is the one storage failure the counter can fix itself; say so instead of "something".
      // Where it struck is unknown here (before the order left, or while its outcome was being
      // saved), so the action points at Pending sales rather than promising nothing was sent.
      if ((error as { code?: unknown } | null)?.code === 'SQLITE_FULL') {
        return {
          ok: false,
          error: {
            code: 'DISK_FULL',
            message: 'The disk is full, so this could not be saved.',
            action: 'Free some disk space on this computer, then look in Pending sales before selling the same thing again.',
          },
        };
      }
      return { ok: false, error: { code: 'INTERNAL', message: 'Something went wrong; nothing more was done. Try again, and tell the manager if it repeats.' } };
    }
  }

  return { invoke, subscribe: (listener) => core.events.subscribe(listener) };
}
