import { join } from 'node:path';
import type { AuditLog } from '../audit/audit-log.js';
import { CatalogRepository } from '../catalog/catalog-repository.js';
import { BrandImages } from '../catalog/brand-images.js';
import { CatalogSync } from '../catalog/catalog-sync.js';
import { openDatabase, type DatabaseKind, type Db } from '../db/database.js';
import { kvShelf } from '../db/kv-shelf.js';
import { OrderEngine } from '../orders/engine/order-engine.js';
import { orderApiFor } from '../orders/engine/partner-order-api.js';
import { SqliteSaleJournal } from '../orders/journal/sqlite-sale-journal.js';
import { referenceIdGenerator } from '../orders/rules/index.js';
import { SaleService } from '../orders/sales/sale-service.js';
import { SalesHistory } from '../orders/sales/sales-history.js';
import { saleView } from '../orders/sales/sale-view.js';
import type { Clock } from '../platform/clock.js';
import type { Logger } from '../platform/logger.js';
import { once } from '../platform/lazy.js';
import type { KeyProtection, SecretStore } from '../platform/secret-store.js';
import { failureReasonToCode } from '../partner-api/error-table.js';
import { createPartnerClient, type PartnerClient } from '../partner-api/partner-client.js';
import { BrandPagePrep } from '../catalog/brand-page-prep-host.js';
import type { PartnerCredentials } from '../partner-api/token-manager.js';
import { CredentialStore } from '../secrets/credential-store.js';
import type { Environment, Settings } from '../settings/settings-schema.js';
import { NO_OPEN_SHIFT, ShiftService } from '../till/shift-service.js';
import { TillStore } from '../till/till-store.js';
import type { SaleView } from '../contract/index.js';
import type { SaleRecord } from '../orders/journal/sale-record.js';
import { VoucherService } from '../vouchers/voucher-service.js';
import { WalletService } from '../wallet/wallet-service.js';
import type { CoreEvents } from './core-events.js';
import type { CardVault } from '../platform/card-vault.js';
import { localKeyWarning, openEnvironmentKeys } from './environment-keys.js';

/** One environment's world: its own database, credentials, client, catalog, journal and engine. */
export interface EnvironmentContext {
  environment: Environment;
  baseUrl: string;
  /** 'local-file': Training on the unprotected key file (no OS keychain); show LOCAL_KEY_WARNING. */
  keyProtection: KeyProtection;
  db: Db;
  credentials: CredentialStore;
  client: PartnerClient;
  journal: SqliteSaleJournal;
  engine: OrderEngine;
  catalog: CatalogRepository;
  catalogSync: CatalogSync;
  images: BrandImages;
  sales: SaleService;
  vouchers: VoucherService;
  /** Card numbers and PINs at rest; besides the voucher service, only the store outbox opens it (the store seals them again with its own key). */
  vault: CardVault;
  history: SalesHistory;
  wallet: WalletService;
  till: TillStore;
  shifts: ShiftService;
  /** A journal row as screens see it, with the customer's payment. */
  viewSale(sale: SaleRecord): SaleView;
  /** Work that outlives the call that started it (wallet re-reads, catalog sync); close() waits for it. */
  runInBackground(work: Promise<unknown>): void;
  close(): Promise<void>;
}

export interface EnvironmentEndpoint {
  baseUrl: string;
  fallbackCredentials: PartnerCredentials | null;
  /** The store server's relay: the counter signs in with its own credential, never the operator's. */
  viaStore?: boolean;
  /** Through the store server, what a new order carries to say who is selling (its staff session). */
  placeHeaders?: () => Record<string, string>;
}

export interface EnvironmentDeps {
  dataDir: string;
  secretStore: SecretStore;
  clock: Clock;
  logger: Logger;
  audit: AuditLog;
  events: CoreEvents;
  settings: () => Settings;
  /** The name of a member of staff (staff live in the app database, shared by environments). */
  staffName: (staffId: string) => string;
  /** Where the service is, and the credentials to use when none are stored (Training). */
  endpoint: EnvironmentEndpoint;
  timeouts?: Partial<{ connectMs: number; responseMs: number; orderResponseMs: number }>;
  nativeBinding?: string;
}

export async function openEnvironment(environment: Environment, deps: EnvironmentDeps): Promise<EnvironmentContext> {
  // A refused start (a damaged or newer file, no keychain) must not leave the files it did open
  // held by this process: close them before the error goes up.
  const opened: Db[] = [];
  const open = (file: string, kind: DatabaseKind): Db => {
    const handle = openDatabase(join(deps.dataDir, file), kind, { nativeBinding: deps.nativeBinding });
    opened.push(handle);
    return handle;
  };
  try {
    // The catalog lives in its own file: a large sync holds its write transaction open across
    // event-loop turns, and the order journal must never wait behind it (or join it). The second
    // (read) connections open when first needed, not on the way to ready.
    const files = {
      db: open(`${environment}.db`, 'environment'),
      catalogDb: open(`${environment}-catalog.db`, 'catalog'),
      openReadDb: () => openDatabase(join(deps.dataDir, `${environment}.db`), 'environment', { nativeBinding: deps.nativeBinding }),
      openCatalogReadDb: () => openDatabase(join(deps.dataDir, `${environment}-catalog.db`), 'catalog', { nativeBinding: deps.nativeBinding }),
    };
    return await buildEnvironment(environment, deps, files);
  } catch (error) {
    for (const handle of opened) handle.close();
    throw error;
  }
}

async function buildEnvironment(
  environment: Environment,
  deps: EnvironmentDeps,
  { db, catalogDb, openReadDb, openCatalogReadDb }: { db: Db; catalogDb: Db; openReadDb: () => Db; openCatalogReadDb: () => Db },
): Promise<EnvironmentContext> {
  const shelf = kvShelf(db);
  // A store's counter without a keychain (the browser host) keeps its key in the data folder's key file, like Training.
  const keys = openEnvironmentKeys(environment, deps.dataDir, deps.secretStore, shelf, deps.endpoint.viaStore === true);
  const credentials = new CredentialStore(keys.secrets, shelf);
  const vault = keys.vault;
  const logger = deps.logger.child({ environment });
  if (keys.protection === 'local-file') logger.log('warn', 'keys.local_file', { message: localKeyWarning(environment) });
  const clientId = environment === 'training' || deps.endpoint.viaStore ? null : deps.settings()[environment].clientId;

  // A sync's changed pages are split and read ahead in a worker, beside the writing of the page before.
  const pagePrep = new BrandPagePrep({ logger });
  const client = createPartnerClient({
    baseUrl: deps.endpoint.baseUrl,
    clock: deps.clock,
    logger,
    timeouts: deps.timeouts,
    splitBrandPage: pagePrep.split,
    // Read at login time only, straight from the keychain-backed store; never cached here.
    credentials: async () => {
      const secret = credentials.reveal('client_secret');
      if (clientId && secret) return { clientId, clientSecret: secret };
      return deps.endpoint.fallbackCredentials;
    },
  });

  const journal = new SqliteSaleJournal(db, () => deps.clock.now());
  // The checkpoint worker opens its own connection: under Electron it needs the same native build.
  const catalog = new CatalogRepository(catalogDb, { openReadDb: openCatalogReadDb, nativeBinding: deps.nativeBinding });
  const catalogSync = new CatalogSync({
    source: {
      async listBrandsPage(pageNo, limit) {
        const r = await client.listBrandsPage(pageNo, limit);
        return r.ok ? { ok: true, value: r.value, requestId: r.requestIds[0] ?? '' } : { ok: false, error: r.error };
      },
      async listBrandsPageSplit(pageNo, limit, knownHash, knownEntries, options) {
        const r = await client.listBrandsPageSplit(pageNo, limit, knownHash, knownEntries, options);
        return r.ok ? { ok: true, value: r.value, requestId: r.requestIds[0] ?? '' } : { ok: false, error: r.error };
      },
    },
    repo: catalog,
    clock: deps.clock,
    logger,
  });
  const images = new BrandImages({
    logoUrlOf: (productId, kind) => {
      const brand = catalog.get(productId)?.brand;
      return (kind === 'logo' ? brand?.logoUrl : brand?.thumbnailUrl) ?? null;
    },
    logger,
  });
  const wallet = new WalletService({
    db,
    shelf,
    client: () => client,
    thresholdPaise: () => Math.round(deps.settings().wallet.lowBalanceThreshold * 100),
    maxReadingAgeMs: () => deps.settings().wallet.maxReadingAgeMinutes * 60_000,
    now: () => deps.clock.now(),
    logger,
  });
  const engine = new OrderEngine({
    journal,
    api: orderApiFor(() => client, deps.endpoint.placeHeaders),
    clock: deps.clock,
    logger,
    vault,
    newRequestId: () => crypto.randomUUID(),
    failureCode: failureReasonToCode,
    // The event carries the sale's view, so a screen showing it need not ask again.
    onSaleChanged: (sale) => deps.events.emit('sale.updated', { saleId: sale.id, state: sale.state, sale: viewSale(sale) }),
  });
  const background = new Set<Promise<unknown>>();
  const runInBackground = (work: Promise<unknown>): void => {
    const tracked = work.catch((error: unknown) => logger.log('error', 'background.failed', { error }));
    background.add(tracked);
    void tracked.finally(() => background.delete(tracked));
  };
  // The till's statements (a score of them) are prepared at its first use (a drawer, a sale, a
  // report), not on the way to ready; the services built on it come with it.
  const till = once(() => new TillStore(db));
  const shifts = once(
    () =>
      new ShiftService({
        store: till(),
        audit: deps.audit,
        now: () => deps.clock.now(),
        staffName: deps.staffName,
        settings: deps.settings,
        training: environment === 'training',
        onChanged: (shift) => deps.events.emit('shift.changed', { shift }),
      }),
  );
  const nextReference = referenceIdGenerator({ now: () => deps.clock.now() });
  const sales = once(
    () =>
      new SaleService({
        engine,
        journal,
        client: () => client,
        audit: deps.audit,
        logger,
        now: () => deps.clock.now(),
        businessModel: () => deps.settings().businessModel,
        newReferenceId: () => nextReference(deps.settings().store.counterCode),
        floatGuard: (debit) => wallet.floatGuard(debit),
        till: till(),
        currentShiftId: () => shifts().currentId(),
        noShiftMessage: NO_OPEN_SHIFT,
        // The copy fetched for validation is the freshest there is: the cashier's catalog follows it.
        onFreshBrand: (brand) => {
          const r = catalog.applyBrandUpdate({
            brandId: brand.id,
            status: brand.status,
            denominationType: brand.denominationType,
            denominations: brand.amountRestrictions?.denominations ?? null,
            amountRestrictions: brand.amountRestrictions,
          });
          if (r.ok && r.value.changed) deps.events.emit('catalog.brandUpdated', { brandId: brand.id });
        },
        onSettled: () => runInBackground(wallet.refresh().then((r) => deps.events.emit('wallet.updated', r.view))),
      }),
  );
  const vouchers = new VoucherService({ journal, vault, audit: deps.audit, client: () => client });
  // The journal's reports and lists read on a connection of their own, opened at the first of them.
  let readDb: Db | null = null;
  let history: SalesHistory | null = null;
  let closed = false;
  const historyNow = (): SalesHistory => {
    if (!history) {
      if (closed) throw new Error(`The ${environment} environment is closed`);
      readDb = openReadDb();
      history = new SalesHistory(readDb);
    }
    return history;
  };
  function viewSale(sale: SaleRecord): SaleView {
    return saleView(sale, { vouchers, journal, till: till(), staffName: deps.staffName });
  }

  return {
    environment,
    baseUrl: deps.endpoint.baseUrl,
    keyProtection: keys.protection,
    db,
    credentials,
    client,
    journal,
    engine,
    catalog,
    catalogSync,
    images,
    get sales() {
      return sales();
    },
    vouchers,
    vault,
    get history() {
      return historyNow();
    },
    wallet,
    get till() {
      return till();
    },
    get shifts() {
      return shifts();
    },
    viewSale,
    runInBackground,
    async close() {
      closed = true;
      engine.stop();
      await engine.idle();
      // Background reads still in flight would write to closed databases (a crash of the main
      // process, found by the soak): stop the client so they fail fast, then let them finish.
      client.close();
      await Promise.allSettled([...background]);
      await catalogSync.idle();
      pagePrep.close();
      // A checkpoint worker still running holds its own connection to the catalog file (and may
      // create its -wal/-shm files): a closed environment leaves nothing open in the data folder.
      await catalog.checkpointIdle();
      catalog.openedReadDb?.close();
      catalogDb.close();
      (readDb as Db | null)?.close();
      db.close();
    },
  };
}
