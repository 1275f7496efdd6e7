import type { BridgeResult, CoreMethodName, MethodName, OutcomeUnknownCode, ShellMethodName } from '../contract/index.js';
import type { CoreEventMap, CoreEventName } from '../core/core-events.js';
import type { Core } from '../core/create-core.js';
import { isKeyRefusal } from '../core/environment-keys.js';
import { permissionRefusal } from '../contract/permissions.js';
import type { Logger } from '../platform/logger.js';
import { lazy } from '../platform/lazy.js';
import { BridgeFailure } from './bridge-result.js';
import { buildHandlers } from './handlers/index.js';
import { newSession } from './session.js';
import { STORE_STAFF_REFUSAL } from '../partner-api/error-table.js';

/** The contract's schemas are built by the first call rather than when the shell registers the bridge at start-up. */
const loadContract = lazy(() => import('../contract/index.js'));

/**
 * A method only a host with Electron answers (printing, the save dialog). It receives the
 * input after the same role and schema checks as every core method, and the host's opaque
 * call context (the IPC event, so it can print the calling window).
 */
export type ShellHandler = (input: unknown, context: unknown) => Promise<BridgeResult<unknown>>;

/** Printing to a device and the save dialog exist only in the Electron shell (shell/printing.ts). */
export const NOT_IN_BROWSER: BridgeResult<never> = {
  ok: false,
  error: { code: 'NOT_IN_BROWSER', message: 'Printing to a device needs the desktop app; use the browser print dialog' },
};

export interface BridgeOptions {
  version: string;
  logger: Logger;
  /** The Electron shell's methods; a host without them (the browser host, tests) answers NOT_IN_BROWSER. */
  shellHandlers?: Readonly<Partial<Record<ShellMethodName, ShellHandler>>>;
}

export interface Bridge {
  /** The single choke point: unknown method, bad payload, wrong role → an error value, nothing runs. */
  invoke(method: string, payload: unknown, context?: unknown): Promise<BridgeResult<unknown>>;
  subscribe(listener: <K extends CoreEventName>(name: K, payload: CoreEventMap[K]) => void): () => void;
}

const refusal = (code: string, message: string, extra: object = {}): BridgeResult<never> => ({ ok: false, error: { code, message, ...extra } });

/**
 * The bridge over the core for one window (one counter): the Electron shell registers
 * `invoke` behind ipcMain.handle with a sender check, the browser host behind HTTP, and tests
 * call it directly. The session (who is signed in) lives here, in main.
 */
export function createBridge(core: Core, options: BridgeOptions): Bridge {
  const session = newSession(core.clock.now());
  let signedInAs: string | null = null;
  const signal = (reason: string | null) => {
    // Whoever is no longer at this counter (signed out, locked out, replaced) is signed out at the store too.
    if (signedInAs !== null && signedInAs !== (session.staff?.id ?? null)) core.store?.staff.signedOut(signedInAs);
    signedInAs = session.staff?.id ?? null;
    core.events.emit('session.changed', { signedIn: session.staff !== null, role: session.staff?.role ?? null, reason });
  };
  const handlers = buildHandlers(core, session, options.version, signal);
  const shellHandlers = options.shellHandlers ?? {};
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

  /** A core handler answers its data (or throws a BridgeFailure); a shell handler answers a whole result. */
  async function run(method: MethodName, input: unknown, context: unknown): Promise<BridgeResult<unknown>> {
    if (Object.hasOwn(handlers, method)) return { ok: true, data: await (handlers[method as CoreMethodName] as (input: unknown) => unknown)(input) };
    const shell = shellHandlers[method as ShellMethodName];
    return shell ? shell(input, context) : NOT_IN_BROWSER;
  }

  async function invoke(method: string, payload: unknown, context?: unknown): Promise<BridgeResult<unknown>> {
    const { METHODS, SHELL_METHOD_NAMES } = await loadContract();
    if (!Object.hasOwn(METHODS, method)) return refusal('UNKNOWN_METHOD', `There is no method ${String(method).slice(0, 60)}`);
    // Answered before the role check, as before: whether this host can print is no secret.
    if ((SHELL_METHOD_NAMES as readonly string[]).includes(method) && !Object.hasOwn(shellHandlers, method)) return NOT_IN_BROWSER;
    const spec = METHODS[method as MethodName];
    const parsed = spec.input.safeParse(payload ?? {});
    if (!parsed.success) {
      return refusal('BAD_REQUEST', 'The request was not understood; nothing was changed', {
        fields: parsed.error.issues.slice(0, 10).map((i) => ({ field: i.path.join('.') || '(payload)', message: i.message })),
      });
    }
    const now = core.clock.now();
    if (session.staff && now - session.lastActivityAt > idleLimit()) {
      session.staff = null;
      signal('locked after inactivity');
    }
    if (spec.access !== 'none') {
      if (!session.staff) return refusal('UNAUTHENTICATED', 'Sign in with your PIN first');
      // A PIN a manager reset is known to them: its owner does nothing else until choosing their own.
      if (session.staff.mustChangePin && method !== 'staff.changePin') {
        return refusal('PIN_CHANGE_REQUIRED', 'Choose a new PIN first: a manager reset yours.');
      }
      if (spec.access !== 'signedIn' && !session.staff.permissions.includes(spec.access)) {
        return refusal('FORBIDDEN', permissionRefusal(spec.access), { permission: spec.access });
      }
    }
    // Reading the session or app info (which a screen may poll) is not someone at the counter.
    const isActivity = spec.access !== 'none' || method === 'staff.signIn' || method === 'staff.setupFirstManager';
    if (session.staff && isActivity) session.lastActivityAt = now;
    try {
      const answer = await run(method as MethodName, parsed.data, context);
      // A sign-in is activity too: without this the first call after re-signing in would lock again.
      if (session.staff && isActivity) {
        session.lastActivityAt = core.clock.now();
        armIdleLock();
      }
      return answer;
    } catch (error) {
      if (error instanceof BridgeFailure) {
        // The store server does not know the person signed in here: only their PIN can fix that, so the counter asks for it.
        if (error.error.code === STORE_STAFF_REFUSAL.signInNeeded && session.staff) {
          session.staff = null;
          signal(error.error.message);
        }
        return { ok: false, error: error.error };
      }
      // The keychain refused (none on this machine, or it cannot unwrap a key): its own sentence
      // says what to do, and the refusal came before anything was written.
      if (isKeyRefusal(error)) {
        options.logger.log('warn', 'bridge.key_refused', { method, reason: error.name });
        return refusal('KEYCHAIN_UNAVAILABLE', error.message);
      }
      options.logger.log('error', 'bridge.handler_failed', { method, error });
      // A full disk is the one storage failure the counter can fix itself; say so instead of "something".
      // Where it struck is unknown here (before the order left, or while its outcome was being
      // saved), so the action points at Pending sales rather than promising nothing was sent.
      if ((error as { code?: unknown } | null)?.code === 'SQLITE_FULL') {
        return refusal('DISK_FULL' satisfies OutcomeUnknownCode, 'The disk is full, so this could not be saved.', {
          action: 'Free some disk space on this computer, then look in Pending sales before selling the same thing again.',
        });
      }
      // Both are in doubt (the contract's OUTCOME_UNKNOWN_CODES): the page does not say nothing was recorded.
      return refusal('INTERNAL' satisfies OutcomeUnknownCode, 'Something went wrong; nothing more was done. Try again, and tell the manager if it repeats.');
    }
  }

  return { invoke, subscribe: (listener) => core.events.subscribe(listener) };
}
