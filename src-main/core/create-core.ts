import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AuditLog } from '../audit/audit-log.js';
import { openDatabase, type Db } from '../db/database.js';
import { kvShelf } from '../db/kv-shelf.js';
import { CredentialStore } from '../secrets/credential-store.js';
import { systemClock, type Clock } from '../platform/clock.js';
import { lazy } from '../platform/lazy.js';
import { silentLogger, type Logger } from '../platform/logger.js';
import type { SecretStore } from '../platform/secret-store.js';
import { DEFAULT_CREDENTIALS } from '../sandbox/auth/credentials.js';
import type { Sandbox } from '../sandbox/server.js';
import type { Environment } from '../settings/settings-schema.js';
import { SettingsService, type SettingsBackend } from '../settings/settings-service.js';
import { StaffService } from '../staff/staff-service.js';
import { CoreEvents } from './core-events.js';
import type { TrainingScenarioId } from '../contract/index.js';
import { runScenario } from '../training/scenarios.js';
import { openEnvironment, type EnvironmentContext } from './environment-context.js';
import { isKeyRefusal, keyRefusalBeforeOpen } from './environment-keys.js';

export interface CoreOptions {
  dataDir: string;
  secretStore: SecretStore;
  settingsBackend: SettingsBackend;
  clock?: Clock;
  logger?: Logger;
  /** Training backend: an already running sandbox; otherwise one is started in-process on a free port. */
  trainingBaseUrl?: string;
  timeouts?: Partial<{ connectMs: number; responseMs: number; orderResponseMs: number }>;
  /** Skip the background catalog sync and wallet read at start (tests that drive them by hand). */
  quietStart?: boolean;
  /** A better-sqlite3 build for Electron's ABI (the desktop shell); plain Node leaves it out. */
  nativeBinding?: string;
  /** The browser host allows only Training: it has no OS keychain to protect real secrets. */
  allowedEnvironments?: Environment[];
}

export interface StartupReport {
  environment: Environment;
  recovered: number;
}

export interface Core {
  readonly settings: SettingsService;
  readonly staff: StaffService;
  readonly audit: AuditLog;
  readonly events: CoreEvents;
  readonly clock: Clock;
  env(): EnvironmentContext;
  /** Resolves when unfinished sales of the current environment have been reconciled. */
  ready(): Promise<StartupReport>;
  switchEnvironment(environment: Environment): Promise<{ ok: true } | { ok: false; message: string }>;
  /** Stores (replaces) an environment's client secret; it can never be read back through the core's API. */
  putClientSecret(environment: 'staging' | 'production', secret: string): void;
  /** Starts or stops the webhook receiver to match Settings; answers where it listens. */
  applyWebhookSettings(): Promise<{ listening: string | null; message: string | null }>;
  /** Stages a practice situation on the in-process sandbox; refused outside Training mode. */
  runTrainingScenario(name: TrainingScenarioId): Promise<{ ok: true } | { ok: false; message: string }>;
  close(): Promise<void>;
}

/**
 * The one factory that builds the main-process core. The Electron shell, the browser host,
 * tests and benchmarks all call it the same way; Electron facilities arrive as interfaces
 * (the secret store, the settings backend).
 */
export async function createCore(options: CoreOptions): Promise<Core> {
  mkdirSync(options.dataDir, { recursive: true });
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? silentLogger;
  const events = new CoreEvents();
  // Imported here rather than at the top so that zod is loaded after the desktop shell has turned
  // on V8's compile cache (src-main/index.ts): later starts then skip compiling it.
  const { settingsSchema } = await import('../settings/settings-schema.js');
  const settings = new SettingsService(settingsSchema, options.settingsBackend);
  // Staff and the audit log span environments: one shift, one trail, whatever the backend.
  const appDb: Db = openDatabase(join(options.dataDir, 'app.db'), 'app', { nativeBinding: options.nativeBinding });
  const audit = new AuditLog(appDb, () => clock.now());
  const staff = new StaffService(appDb, audit, () => clock.now());
  let sandbox: Sandbox | null = null;
  // The emulator (its routes, zod schemas and fault engine) is a third of the main bundle and
  // is needed only when Training has no external sandbox: loaded and started then, not at every
  // start. A failed start is tried again on the next switch.
  const startTrainingSandbox = lazy(() => import('../sandbox/server.js').then((m) => m.startSandbox({})));
  let stopDaily: (() => void) | null = null;
  let webhookServer: { url: string; close(): Promise<void> } | null = null;

  async function endpointFor(environment: Environment): Promise<{ baseUrl: string; fallbackCredentials: typeof DEFAULT_CREDENTIALS.staging | null } | string> {
    if (environment === 'training') {
      if (options.trainingBaseUrl) return { baseUrl: options.trainingBaseUrl, fallbackCredentials: DEFAULT_CREDENTIALS.staging };
      sandbox = await startTrainingSandbox();
      return { baseUrl: sandbox.url, fallbackCredentials: DEFAULT_CREDENTIALS.staging };
    }
    const configured = settings.get()[environment];
    if (!configured.baseUrl || !configured.clientId) return `Enter the ${environment} service address and client id in Settings first`;
    return { baseUrl: configured.baseUrl, fallbackCredentials: null };
  }

  async function open(environment: Environment): Promise<{ ctx: EnvironmentContext; ready: Promise<StartupReport> }> {
    const endpoint = await endpointFor(environment);
    if (typeof endpoint === 'string') throw new Error(endpoint);
    const ctx = await openEnvironment(environment, {
      dataDir: options.dataDir,
      secretStore: options.secretStore,
      clock,
      logger,
      audit,
      events,
      settings: () => settings.get(),
      endpoint,
      timeouts: options.timeouts,
      nativeBinding: options.nativeBinding,
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
    if (!options.quietStart) {
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

  const configured = settings.get().environment;
  const initial = options.allowedEnvironments && !options.allowedEnvironments.includes(configured) ? 'training' : configured;
  let current: { ctx: EnvironmentContext; ready: Promise<StartupReport> };
  // Nothing can open: release what the core holds so the files are not left open behind the error.
  const refuseStart = async (error: unknown): Promise<never> => {
    appDb.close();
    // (assigned inside endpointFor, which TypeScript cannot see from here)
    await (sandbox as Sandbox | null)?.close();
    throw error;
  };
  try {
    current = await open(initial);
  } catch (error) {
    // Keys that cannot be opened stop the start: Training in its place would hide this environment's sales.
    if (isKeyRefusal(error)) return refuseStart(error);
    // A staging/production setup that cannot open (missing address) must not leave the counter dead.
    logger.log('error', 'core.environment_unavailable', { environment: initial, error });
    try {
      current = await open('training');
    } catch (trainingError) {
      return refuseStart(trainingError);
    }
  }
  const core: Core = {
    settings,
    staff,
    audit,
    events,
    clock,
    env: () => current.ctx,
    ready: () => current.ready,
    async switchEnvironment(environment) {
      if (environment === current.ctx.environment) return { ok: true };
      if (options.allowedEnvironments && !options.allowedEnvironments.includes(environment)) {
        return { ok: false, message: `This way of running the app allows only ${options.allowedEnvironments.join(', ')}` };
      }
      const endpoint = await endpointFor(environment);
      if (typeof endpoint === 'string') return { ok: false, message: endpoint };
      const noKeys = keyRefusalBeforeOpen(environment, options.secretStore);
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
      // The receiver writes to the environment's database: restart it on the new one.
      if (webhookServer) await core.applyWebhookSettings();
      events.emit('environment.changed', { environment });
      return { ok: true };
    },
    putClientSecret(environment, secret) {
      if (current.ctx.environment === environment) {
        current.ctx.credentials.put('client_secret', secret);
        current.ctx.client.signOut();
        return;
      }
      const db = openDatabase(join(options.dataDir, `${environment}.db`), 'environment', { nativeBinding: options.nativeBinding });
      try {
        new CredentialStore(options.secretStore, kvShelf(db)).put('client_secret', secret);
      } finally {
        db.close();
      }
    },
    async applyWebhookSettings() {
      await webhookServer?.close();
      webhookServer = null;
      const { enabled, host, port } = settings.get().webhook;
      if (!enabled) return { listening: null, message: null };
      if (!current.ctx.credentials.has('webhook_secret')) return { listening: null, message: 'Enter the webhook signing secret first' };
      try {
        // Off by default; its event schemas (zod) load only when a receiver is really started.
        const { createWebhookReceiver } = await import('./webhook-wiring.js');
        const receiver = createWebhookReceiver(() => current.ctx, events, logger, () => clock.now());
        const replayed = receiver.replayPending();
        if (replayed > 0) logger.log('info', 'webhook.replayed', { count: replayed });
        webhookServer = await receiver.listen(host, port);
        // Training: the built-in sandbox plays the service, so it delivers to our receiver, signed with our secret.
        if (current.ctx.environment === 'training' && sandbox) {
          sandbox.state.webhooks.endpoint = { url: webhookServer.url, secret: current.ctx.credentials.reveal('webhook_secret')! };
        }
        return { listening: webhookServer.url, message: null };
      } catch (error) {
        return { listening: null, message: `The webhook receiver could not listen on ${host}:${port}: ${(error as Error).message}` };
      }
    },
    async runTrainingScenario(name) {
      if (current.ctx.environment !== 'training') return { ok: false, message: 'Practice situations exist only in Training mode' };
      return runScenario(current.ctx.baseUrl, name);
    },
    async close() {
      stopDaily?.();
      await webhookServer?.close();
      await current.ctx.close();
      appDb.close();
      await sandbox?.close();
    },
  };
  if (settings.get().webhook.enabled) {
    const started = await core.applyWebhookSettings();
    if (started.message) logger.log('warn', 'core.webhook_not_started', { message: started.message });
  }
  return core;
}
