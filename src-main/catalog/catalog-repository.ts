import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/database.js';
import type { PartnerBrand } from '../partner-api/types.js';
import { silentLogger, type Logger } from '../platform/logger.js';
import { err, ok, type Result } from '../platform/result.js';
import { CatalogReader } from './catalog-reader.js';
import { contentHash } from './catalog-text.js';
import type { CatalogListingColumns } from './shared/listing-index.js';
import type {
  BrandDiscount,
  BrandDiscountUpdate,
  BrandUpdate,
  CatalogBrand,
  CatalogCounts,
  CatalogSearchQuery,
  CatalogUpdateError,
  CategoryCount,
  ReplaceSummary,
  UnavailableBrand,
} from './catalog-types.js';
import type { ReplaceStaging } from './catalog-staging.js';
import { CatalogWriter, KV_LAST_FULL_SYNC, KV_LAST_SUMMARY } from './catalog-writer.js';

export { CatalogBusyError } from './catalog-writer.js';
export type { ReplaceStaging } from './catalog-staging.js';

export interface CatalogRepositoryOptions {
  /**
   * A second connection to the same database file, used for every read. Under WAL it sees
   * the last committed catalog, so searches during a long replaceAll see the old catalog
   * instead of `db`'s uncommitted rows. Without it, reads use `db`.
   */
  readDb?: Db;
  /**
   * Opens that second connection when it is first needed (the first replacement), instead of
   * `readDb`: a start that only reads the catalog opens the file once. Until then reads use `db`,
   * which nothing holds a transaction open on.
   */
  openReadDb?: () => Db;
  /** Longest synchronous stretch of replaceAll before it yields to the event loop (default 10 ms). */
  sliceMs?: number;
  /**
   * The better-sqlite3 binding `db` was opened with (Electron's ABI): the background WAL
   * checkpoint opens its own connection in a worker thread and must load the same build.
   */
  nativeBinding?: string;
  /** Rows per transaction of a first sync (default FIRST_SYNC_CHUNK_ROWS; see CatalogWriter). */
  firstSyncChunkRows?: number;
  /** Rows per transaction of a later sync (default REPLACEMENT_CHUNK_ROWS; see CatalogWriter). */
  replacementChunkRows?: number;
}

/** The brand catalog in SQLite: full replacement from a sync, webhook updates, search. */
export class CatalogRepository {
  private reader: CatalogReader;
  private readConnection: Db | null;
  private readonly writer: CatalogWriter;
  private readonly findForUpdate: Statement;
  private readonly updateBrand: Statement;
  private readonly updateDiscount: Statement;
  private warming: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly options: CatalogRepositoryOptions = {},
  ) {
    this.readConnection = options.readDb ?? null;
    this.reader = new CatalogReader(options.readDb ?? db);
    this.writer = new CatalogWriter(db, options.sliceMs ?? 10, () => this.reader.invalidate(), options.nativeBinding, options.firstSyncChunkRows, options.replacementChunkRows);
    // Read-modify-write goes through the writing connection, never a possibly older reader snapshot.
    this.findForUpdate = db.prepare('SELECT seq, data, content_hash, discount FROM brands WHERE id = ?');
    this.updateBrand = db.prepare(
      // Not read from page bytes: no page entry may be taken for this row unparsed (raw_hash, catalog migration 6).
      'UPDATE brands SET status = ?, denomination_type = ?, content_hash = ?, data = ?, raw_hash = NULL WHERE seq = ?',
    );
    this.updateDiscount = db.prepare('UPDATE brands SET discount = ? WHERE seq = ?');
  }

  /**
   * Makes `brands` the whole catalog: upserts each (unchanged content is not rewritten),
   * marks the missing ones removed and un-removes the ones that reappear. Rejects on any
   * failure, changing nothing unless it had committed chunks of 1,000 or more rows (see
   * CatalogWriter: how it stays responsive, and what a failure after a chunk keeps).
   */
  async replaceAll(brands: readonly PartnerBrand[], syncedAt: number, logger: Logger = silentLogger): Promise<ReplaceSummary> {
    this.ensureReadConnection();
    const summary = await this.writer.replaceAll(brands, syncedAt, logger);
    this.warming = this.reader.warm(); // background, sliced: the next search finds the listing ready
    return summary;
  }

  /**
   * A replacement fed page by page (see CatalogWriter.begin): the same result, and the same
   * transactions, as replaceAll, without holding the whole parsed list in memory. `logger`: the sync's.
   */
  async beginReplace(syncedAt: number, logger: Logger = silentLogger): Promise<ReplaceStaging> {
    this.ensureReadConnection();
    const staging = await this.writer.begin(syncedAt, logger);
    return {
      add: (brands, page) => staging.add(brands, page),
      addSplit: (split, page) => staging.addSplit(split, page),
      knownPageHash: (pageNo, limit) => staging.knownPageHash(pageNo, limit),
      knownPageEntries: (pageNo, limit) => staging.knownPageEntries(pageNo, limit),
      recordedNextCursor: (pageNo, limit) => staging.recordedNextCursor(pageNo, limit),
      keepPage: (pageNo) => staging.keepPage(pageNo),
      get received() {
        return staging.received;
      },
      commit: async () => {
        const summary = await staging.commit();
        this.warming = this.reader.warm();
        return summary;
      },
      abandon: () => staging.abandon(),
    };
  }

  /** The lazily opened read connection, if it was opened (its owner closes it). */
  get openedReadDb(): Db | null {
    return this.readConnection;
  }

  /** Before a replacement holds a transaction open on `db`, reads move to their own connection. */
  private ensureReadConnection(): void {
    if (this.readConnection || !this.options.openReadDb) return;
    this.readConnection = this.options.openReadDb();
    this.reader = new CatalogReader(this.readConnection);
  }

  /** Resolves when the search listing reloaded after the last write is ready (bench, tests). */
  searchWarm(): Promise<void> {
    return this.warming;
  }

  /** Resolves when what follows a replacement has finished: its FTS merge, then the WAL checkpoint (run in a worker). */
  checkpointIdle(): Promise<void> {
    return this.writer.checkpointIdle();
  }

  /** Any stored brand, removed ones included (check `removed`). */
  get(id: string): CatalogBrand | null {
    return this.reader.get(id);
  }

  search(query: CatalogSearchQuery = {}): CatalogBrand[] {
    return this.reader.search(query);
  }

  /** The listing columns for the page and their version; null columns when `since` is still current. */
  async listing(since?: string): Promise<{ version: string; columns: CatalogListingColumns | null }> {
    if (since !== undefined && since === this.reader.listingVersion()) return { version: since, columns: null };
    return this.reader.listingColumns();
  }

  categories(): CategoryCount[] {
    return this.reader.categories();
  }

  count(): CatalogCounts {
    return this.reader.counts();
  }

  unavailable(limit: number): UnavailableBrand[] {
    return this.reader.unavailable(limit);
  }

  lastFullSyncAt(): number | null {
    const value = this.reader.kv(KV_LAST_FULL_SYNC);
    return value === null ? null : Number(value);
  }

  lastSyncSummary(): ReplaceSummary | null {
    const value = this.reader.kv(KV_LAST_SUMMARY);
    return value === null ? null : (JSON.parse(value) as ReplaceSummary);
  }

  /**
   * Brand Updated (spec §6): only status, denominationType, denominations and
   * amountRestrictions change; everything else waits for the next full sync. A replay of the
   * same event changes nothing. Removed brands are updated too (they stay removed).
   */
  applyBrandUpdate(event: BrandUpdate): Result<{ changed: boolean }, CatalogUpdateError> {
    // Inside a running sync's transaction (same connection) it commits with the sync, or is
    // applied again after the sync rolls back; readers see it at that commit.
    if (this.writer.replacing) this.writer.replayOnRollback(() => void this.applyBrandUpdateNow(event));
    return this.applyBrandUpdateNow(event);
  }

  private applyBrandUpdateNow(event: BrandUpdate): Result<{ changed: boolean }, CatalogUpdateError> {
    const row = this.findForUpdate.get(event.brandId) as { seq: number; data: string; content_hash: string } | undefined;
    if (!row) return err(unknownBrand(event.brandId));
    const next = withUpdate(JSON.parse(row.data) as PartnerBrand, event);
    // The hash always describes `data`, so the next full sync rewrites this row only if it differs.
    const hash = contentHash(next);
    if (hash === row.content_hash) return ok({ changed: false });
    const data = JSON.stringify(next);
    this.updateBrand.run(next.status, next.denominationType, hash, data, row.seq);
    this.writer.forgetPages();
    this.reader.invalidate();
    this.warming = this.reader.warm();
    return ok({ changed: true });
  }

  /** Brand Discount Update (spec §6), kept apart from the brand JSON so full syncs do not erase it. */
  applyDiscountUpdate(update: BrandDiscountUpdate): Result<{ changed: boolean }, CatalogUpdateError> {
    if (this.writer.replacing) this.writer.replayOnRollback(() => void this.applyDiscountUpdateNow(update));
    return this.applyDiscountUpdateNow(update);
  }

  private applyDiscountUpdateNow(update: BrandDiscountUpdate): Result<{ changed: boolean }, CatalogUpdateError> {
    const row = this.findForUpdate.get(update.brandId) as { seq: number; discount: string | null } | undefined;
    if (!row) return err(unknownBrand(update.brandId));
    const discount: BrandDiscount = {
      subventionPercentage: update.subventionPercentage,
      validFrom: update.validFrom,
      validTo: update.validTo ?? null,
    };
    const value = JSON.stringify(discount);
    if (value === row.discount) return ok({ changed: false });
    this.updateDiscount.run(value, row.seq);
    return ok({ changed: true });
  }

  /** Repair only: re-derives the FTS index from the table in one long synchronous statement. */
  rebuildSearchIndex(): void {
    this.writer.rebuildSearchIndex();
  }
}

function withUpdate(brand: PartnerBrand, event: BrandUpdate): PartnerBrand {
  const current = brand.amountRestrictions;
  const denominations = event.denominations ?? current?.denominations ?? null;
  // Without stored or sent limits there is nothing to attach denominations to: the brand stays
  // unorderable (amountRestrictions null) until the next full sync brings its limits.
  const limits = event.amountRestrictions ?? current;
  return {
    ...brand,
    status: event.status ?? brand.status,
    denominationType: event.denominationType ?? brand.denominationType,
    amountRestrictions: limits ? { ...limits, denominations } : null,
  };
}

function unknownBrand(brandId: string): CatalogUpdateError {
  return { code: 'UNKNOWN_BRAND', message: `No brand ${brandId} in the catalog; the event was ignored`, brandId };
}
