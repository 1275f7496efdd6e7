import type { AuditLog } from '../audit/audit-log.js';
import type { Clock } from '../platform/clock.js';
import type { Logger } from '../platform/logger.js';
import type { SecretStore } from '../platform/secret-store.js';
import type { Environment } from '../settings/settings-schema.js';
import type { SettingsService } from '../settings/settings-service.js';
import type { CoreEvents } from './core-events.js';
import { openEnvironment, type EnvironmentContext } from './environment-context.js';
import { isKeyRefusal, keyRefusalBeforeOpen } from './environment-keys.js';
import type { TrainingEndpoint } from './training-backend.js';
import type { StoreLink } from '../store-link/store-link-file.js';
import type { EnvironmentEndpoint } from './environment-context.js';

export interface StartupReport {
  environment: Environment;
  recovered: number;
}

export interface EnvironmentSwitchDeps {
  dataDir: string;
  secretStore: SecretStore;
  settings: SettingsService;
  audit: AuditLog;
  events: CoreEvents;
  clock: Clock;
  logger: Logger;
  staffName: (staffId: string) => string;
  /** Where Training's service is: the one thing the switch needs from the sandbox. */
  trainingEndpoint: () => Promise<TrainingEndpoint>;
  timeouts?: Partial<{ connectMs: number; responseMs: number; orderResponseMs: number }>;
  quietStart?: boolean;
  nativeBinding?: string;
  allowedEnvironments?: Environment[];
  /** A counter of a store: its environment is the store's, reached through the store server. */
  storeLink?: StoreLink;
  /** A store's counter: the staff session that says who is selling, for each order sent through the store. */
  sellerHeaders?: () => Record<string, string>;
}

export type SwitchResult = { ok: true; changed: boolean } | { ok: false; message: string };

/** The current EnvironmentContext: opened at start, swapped on a switch, closed at the end. */
export interface EnvironmentSwitch {
  current(): EnvironmentContext;
  /** Resolves when unfinished sales of the current environment have been reconciled. */
  ready(): Promise<StartupReport>;
  /** Closes the current environment and opens `environment`; a refusal leaves the counter where it was. */
  switchTo(environment: Environment): Promise<SwitchResult>;
  close(): Promise<void>;
}

/**
 * Opens the environment Settings name (Training when this host does not allow it). One that
 * cannot open for want of an address falls back to Training so the counter is not dead; keys
 * that cannot be opened stop the start instead: Training in its place would hide that
 * environment's sales.
 */
export async function openEnvironmentSwitch(deps: EnvironmentSwitchDeps): Promise<EnvironmentSwitch> {
  const { settings, events, logger } = deps;
  let stopDaily: (() => void) | null = null;

  const link = deps.storeLink;
  async function endpointFor(environment: Environment): Promise<EnvironmentEndpoint | string> {
    // The store server relays the Partner API under /partner and signs the counter in with its own credential.
    if (link && environment === link.environment) {
      return { baseUrl: `${link.url}/partner`, fallbackCredentials: { clientId: link.counterId, clientSecret: link.credential }, viaStore: true, placeHeaders: deps.sellerHeaders };
    }
    if (environment === 'training') return deps.trainingEndpoint();
    const configured = settings.get()[environment];
    if (!configured.baseUrl || !configured.clientId) return `Enter the ${environment} service address and client id in Settings first`;
    return { baseUrl: configured.baseUrl, fallbackCredentials: null };
  }

  async function open(environment: Environment): Promise<{ ctx: EnvironmentContext; ready: Promise<StartupReport> }> {
    const endpoint = await endpointFor(environment);
    if (typeof endpoint === 'string') throw new Error(endpoint);
    const ctx = await openEnvironment(environment, {
      dataDir: deps.dataDir,
      secretStore: deps.secretStore,
      clock: deps.clock,
      logger,
      audit: deps.audit,
      events,
      settings: () => settings.get(),
      staffName: deps.staffName,
      endpoint,
      timeouts: deps.timeouts,
      nativeBinding: deps.nativeBinding,
    });
    const ready = ctx.engine.start().then((report) => ({ environment, recovered: report.checked }));
    // The HTTP client (got) and the response schemas (zod) take a few hundred ms of CPU to load:
    // the start-up reads that need them begin on the turn after unfinished sales are reconciled
    // (ready), so they do not hold the counter back. Registered now, so close() waits for them.
    const afterReady = ready.then(
      () => new Promise<void>((resolve) => setImmediate(resolve)),
      () => undefined,
    );
    void afterReady.then(() => ctx.client.warmUp()).catch((error: unknown) => logger.log('warn', 'partner.warm_up_failed', { error }));
    if (!deps.quietStart) {
      ctx.runInBackground(
        afterReady
          .then(() => ctx.catalogSync.ensureFresh())
          .then((r) => events.emit('catalog.synced', { ok: r.ok, brands: r.ok && r.value ? r.value.brands : null, message: r.ok ? null : r.error.message })),
      );
      stopDaily = ctx.catalogSync.startDailySchedule();
      ctx.runInBackground(afterReady.then(() => ctx.wallet.refresh()).then((r) => events.emit('wallet.updated', r.view)));
    }
    return { ctx, ready };
  }

  const configured = link?.environment ?? settings.get().environment;
  // A store's counter sells in the store's environment only: Training would not go through the store.
  const allowedEnvironments = link ? [link.environment] : deps.allowedEnvironments;
  const allowed = (environment: Environment) => !allowedEnvironments || allowedEnvironments.includes(environment);
  const initial = allowed(configured) ? configured : 'training';
  let current: { ctx: EnvironmentContext; ready: Promise<StartupReport> };
  try {
    current = await open(initial);
  } catch (error) {
    if (isKeyRefusal(error) || link) throw error;
    // A staging/production setup that cannot open (missing address) must not leave the counter dead.
    logger.log('error', 'core.environment_unavailable', { environment: initial, error });
    current = await open('training');
  }

  return {
    current: () => current.ctx,
    ready: () => current.ready,
    async switchTo(environment) {
      if (environment === current.ctx.environment) return { ok: true, changed: false };
      if (!allowed(environment)) return { ok: false, message: link ? `This counter belongs to store ${link.storeId} and sells in ${link.environment} only` : `This way of running the app allows only ${allowedEnvironments!.join(', ')}` };
      const endpoint = await endpointFor(environment);
      if (typeof endpoint === 'string') return { ok: false, message: endpoint };
      const noKeys = keyRefusalBeforeOpen(environment, deps.secretStore, false);
      if (noKeys) return { ok: false, message: noKeys };
      stopDaily?.();
      const previous = current.ctx.environment;
      await current.ctx.close();
      try {
        current = await open(environment);
      } catch (error) {
        // It did not open (its keys, a damaged file): go back where the counter was rather than leave it with none.
        current = await open(previous);
        if (isKeyRefusal(error)) return { ok: false, message: error.message };
        throw error;
      }
      settings.update({ environment });
      return { ok: true, changed: true };
    },
    async close() {
      stopDaily?.();
      await current.ctx.close();
    },
  };
}
