import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AuditLog } from '../audit/audit-log.js';
import { openDatabase, type Db } from '../db/database.js';
import { kvShelf } from '../db/kv-shelf.js';
import { systemClock, type Clock } from '../platform/clock.js';
import { silentLogger, type Logger } from '../platform/logger.js';
import type { SecretStore } from '../platform/secret-store.js';
import { clientSecrets } from '../secrets/client-secrets.js';
import type { Environment } from '../settings/settings-schema.js';
import { settingsParser } from '../settings/settings-parser.js';
import { SettingsService, type SettingsBackend } from '../settings/settings-service.js';
import { StaffService } from '../staff/staff-service.js';
import { webhookLifecycle } from '../webhooks/webhook-lifecycle.js';
import { CoreEvents } from './core-events.js';
import type { EnvironmentContext } from './environment-context.js';
import { openEnvironmentSwitch, type EnvironmentSwitch, type StartupReport } from './environment-switch.js';
import { appFacade, type AppFacade } from './facade/app-facade.js';
import { catalogFacade, type CatalogFacade } from './facade/catalog-facade.js';
import { ordersFacade, type OrdersFacade } from './facade/orders-facade.js';
import { reportFacade, type ReportFacade } from './facade/report-facade.js';
import { salesFacade, type SalesFacade } from './facade/sales-facade.js';
import { shiftsFacade, type ShiftsFacade } from './facade/shifts-facade.js';
import { settingsAdmin, type SettingsAdmin, type SwitchOutcome } from './facade/settings-admin.js';
import { trainingFacade, type TrainingFacade } from './facade/training-facade.js';
import { walletFacade, type WalletFacade } from './facade/wallet-facade.js';
import { webhookEventsFacade, type WebhookEventsFacade } from './facade/webhook-events-facade.js';
import { trainingBackend } from './training-backend.js';
import type { StoreConnection } from '../store-link/store-connection.js';
import type { StoreLink } from '../store-link/store-link-file.js';
import { hasStoreLink } from '../store-link/store-link-location.js';

export type { StartupReport };

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
  /**
   * This counter belongs to a store: it sells in the store's environment through the store
   * server, and staff and Orders are the store's. Loaded by the host (store-link-file.ts).
   */
  storeLink?: StoreLink;
  /** Seals a store credential at rest where there is no OS keychain (the browser host's key file). */
  storeLinkSecrets?: SecretStore;
}

export interface Core {
  readonly settings: SettingsService;
  readonly staff: StaffService;
  readonly audit: AuditLog;
  readonly events: CoreEvents;
  readonly clock: Clock;
  // The bridge's way in: one service per domain, each always addressing the current environment.
  readonly app: AppFacade;
  readonly catalog: CatalogFacade;
  readonly sales: SalesFacade;
  readonly shifts: ShiftsFacade;
  readonly orders: OrdersFacade;
  readonly wallet: WalletFacade;
  readonly reports: ReportFacade;
  readonly settingsAdmin: SettingsAdmin;
  readonly training: TrainingFacade;
  readonly webhookEvents: WebhookEventsFacade;
  /** The store this counter belongs to; null for a counter on its own. */
  readonly store: StoreConnection | null;
  /** Joins a store with a pairing code; the app starts again as its counter. */
  joinStore(input: { url: string; pairingCode: string; counterName: string }, actor: string): Promise<StoreLink>;
  /** The current environment's whole context, for tests and tools; the bridge uses the services above. */
  env(): EnvironmentContext;
  /** Resolves when unfinished sales of the current environment have been reconciled. */
  ready(): Promise<StartupReport>;
  close(): Promise<void>;
}

/**
 * The one factory that builds the main-process core. The Electron shell, the browser host,
 * tests and benchmarks all call it the same way; Electron facilities arrive as interfaces
 * (the secret store, the settings backend). It composes the pieces: the environment switch,
 * Training's backend, the webhook receiver's lifecycle and the secrets.
 */
export async function createCore(options: CoreOptions): Promise<Core> {
  mkdirSync(options.dataDir, { recursive: true });
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? silentLogger;
  const events = new CoreEvents();
  // Read and updated with the hand-written parser: zod, which the schema it mirrors needs, is not loaded at start.
  const settings = new SettingsService(settingsParser, options.settingsBackend);
  // Staff and the audit log span environments: one shift, one trail, whatever the backend.
  const appDb: Db = openDatabase(join(options.dataDir, 'app.db'), 'app', { nativeBinding: options.nativeBinding });
  const audit = new AuditLog(appDb, () => clock.now());
  const staff = new StaffService(appDb, audit, () => clock.now());
  // Where a store credential is sealed at rest: the OS keychain, else the host's key file.
  const linkSecrets = options.secretStore.isAvailable() ? options.secretStore : (options.storeLinkSecrets ?? null);
  let storeLink: StoreLink | null;
  try {
    // A counter that joined a store (store.join) is that store's counter from its next start.
    // The store link's modules (its file and wire schemas, so zod) load only for such a counter.
    storeLink = options.storeLink ?? (linkSecrets && hasStoreLink(options.dataDir) ? (await import('../store-link/store-link-file.js')).loadStoreLink(options.dataDir, linkSecrets) : null);
  } catch (error) {
    appDb.close();
    throw error;
  }
  const store = storeLink ? new (await import('../store-link/store-connection.js')).StoreConnection(storeLink, { staff, logger }) : null;
  // A store's counter is named and coded by the store: receipts, drawers and referenceIds say which counter it is.
  if (storeLink) {
    const { counter, counterCode } = settings.get().store;
    if (counter !== storeLink.counterName || counterCode !== storeLink.counterCode) settings.update({ store: { counter: storeLink.counterName, counterCode: storeLink.counterCode } });
  }
  const training = trainingBackend(options.trainingBaseUrl);

  let environments: EnvironmentSwitch;
  try {
    environments = await openEnvironmentSwitch({
      dataDir: options.dataDir,
      secretStore: options.secretStore,
      settings,
      audit,
      events,
      clock,
      logger,
      staffName: (id) => staff.nameOf(id),
      trainingEndpoint: () => training.endpoint(),
      timeouts: options.timeouts,
      quietStart: options.quietStart,
      nativeBinding: options.nativeBinding,
      allowedEnvironments: options.allowedEnvironments,
      storeLink: storeLink ?? undefined,
      sellerHeaders: store ? () => store.client.sellerHeaders() : undefined,
    });
  } catch (error) {
    // Nothing could open: release what the core holds so the files are not left open behind the error.
    appDb.close();
    await training.close();
    throw error;
  }
  const env = () => environments.current();

  const webhooks = webhookLifecycle({
    settings: () => settings.get().webhook,
    hasSecret: () => env().credentials.has('webhook_secret'),
    // Off by default; its event schemas (zod) load only when a receiver is really started.
    buildReceiver: async () => (await import('./webhook-wiring.js')).createWebhookReceiver(env, events, logger, () => clock.now()),
    onListening: (url) => {
      if (env().environment === 'training') training.deliverWebhooksTo({ url, secret: env().credentials.reveal('webhook_secret')! });
    },
    logger,
  });

  async function switchEnvironment(environment: Environment): Promise<SwitchOutcome> {
    const result = await environments.switchTo(environment);
    if (!result.ok) return result;
    if (result.changed) {
      await webhooks.restartIfListening();
      events.emit('environment.changed', { environment });
    }
    return { ok: true };
  }
  const secrets = clientSecrets({
    dataDir: options.dataDir,
    keychain: options.secretStore,
    nativeBinding: options.nativeBinding,
    current: () => ({ environment: env().environment, credentials: env().credentials, signOut: () => env().client.signOut() }),
  });

  const wallet = walletFacade(env, events, audit, store);
  if (store) {
    const orders = ordersFacade(env, audit, staff);
    store.startOutbox({ db: env().db, vault: env().vault, audit, items: (ids) => orders.rows(ids), detail: (id) => orders.detail(id), now: () => clock.now() });
    store.followOrderChanges({ shelf: kvShelf(env().db), engine: () => env().engine });
    events.subscribe((name) => {
      if (name === 'sale.updated') store.saleChanged();
    });
    // A refusal is logged there and answered to the sign-in screen's first staff.list.
    store.staff.refresh().catch(() => undefined);
    staff.judgePinsWith(store.staff.checkPin);
  }
  const core: Core = {
    settings,
    staff,
    audit,
    events,
    clock,
    app: appFacade({ env, settings, audit, clock }),
    catalog: catalogFacade(env, events),
    sales: salesFacade(env, () => environments.ready(), { audit, now: () => clock.now() }),
    shifts: shiftsFacade(env),
    orders: ordersFacade(env, audit, staff),
    wallet,
    reports: reportFacade({ env, staff, audit, settings, clock, wallet, store }),
    settingsAdmin: settingsAdmin({ settings, audit, env, secrets, switchEnvironment, webhooks }),
    training: trainingFacade(env),
    webhookEvents: webhookEventsFacade({ env, events, logger, clock, audit }),
    store,
    async joinStore(input, actor) {
      if (store) throw new Error(`This counter belongs to store ${store.view().storeId} already`);
      const { pairWithStore } = await import('../store-link/pairing.js');
      const link = await pairWithStore({ url: input.url, code: input.pairingCode, counterName: input.counterName });
      if (!linkSecrets) throw new Error('There is no keychain on this computer to keep the store credential in');
      (await import('../store-link/store-link-file.js')).saveStoreLink(options.dataDir, link, linkSecrets);
      audit.append({ actor, action: 'store.joined', details: { url: link.url, storeId: link.storeId, counterId: link.counterId, counterName: link.counterName } });
      return link;
    },
    env,
    ready: () => environments.ready(),
    async close() {
      await store?.close();
      await webhooks.close();
      await environments.close();
      appDb.close();
      await training.close();
    },
  };
  if (settings.get().webhook.enabled) {
    const started = await webhooks.apply();
    if (started.message) logger.log('warn', 'core.webhook_not_started', { message: started.message });
  }
  return core;
}
