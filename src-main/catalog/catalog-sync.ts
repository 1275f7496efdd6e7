import type { BrandPageFetch, BrandPageSplitFetch, KnownEntry, PartnerBrand, SplitBrandPage } from '../partner-api/types.js';
import type { ProductsPageOptions } from '../partner-api/partner-client.js';
import type { Clock } from '../platform/clock.js';
import type { Logger } from '../platform/logger.js';
import { err, ok, type Result } from '../platform/result.js';
import type { CatalogRepository, ReplaceStaging } from './catalog-repository.js';
import { StalePageRecordsError } from './catalog-page-records.js';
import { PagesAhead, stepAfter, type PageCursor } from './pages-ahead.js';
import type { ReplaceSummary, SyncProgress, SyncSummary } from './catalog-types.js';

/** One malformed list entry the partner client dropped while parsing a page. */
export interface SkippedBrand {
  index: number;
  id?: string;
  reason: string;
}

export interface BrandPage {
  brands: PartnerBrand[];
  skipped: SkippedBrand[];
  nextCursor: { pageNo: number; limit: number } | null;
}

type PageAnswer<T> = { ok: true; value: T; requestId?: string; requestIds?: string[] } | { ok: false; error: { message: string; code: string } };

/**
 * The partner client's methods the catalog needs (GET /v1/partners/products, spec §4.2). With
 * `listBrandsPageIfChanged`, a page whose raw body hashes as the last sync recorded is taken
 * unparsed. With `listBrandsPageSplit`, so is each brand of a changed page whose bytes hash as
 * the bytes its stored row was written from; it is preferred, a first sync included, so that
 * every row gets its bytes hash as it is inserted. The X-REQUEST-ID(s) only tag log lines, so
 * either spelling is accepted.
 */
export interface BrandPageSource {
  listBrandsPage(pageNo: number, limit: number): Promise<PageAnswer<BrandPage>>;
  listBrandsPageIfChanged?(pageNo: number, limit: number, knownHash: string | null, options?: PageFetchOptions): Promise<PageAnswer<BrandPageFetch>>;
  listBrandsPageSplit?(
    pageNo: number,
    limit: number,
    knownHash: string | null,
    knownEntries: readonly KnownEntry[] | null,
    options?: PageFetchOptions,
  ): Promise<PageAnswer<BrandPageSplitFetch>>;
}

/** The partner client's ProductsPageOptions the catalog uses: the next cursor a page's bytes name, before they are read. */
export type PageFetchOptions = Pick<ProductsPageOptions, 'nextCursorSeen'>;

export interface CatalogSyncError {
  code: 'PAGE_FETCH_FAILED' | 'CURSOR_NOT_ADVANCING' | 'TOO_MANY_PAGES' | 'EMPTY_CATALOG' | 'STORE_FAILED';
  message: string;
  pageNo?: number;
  /** The partner client's error, for PAGE_FETCH_FAILED. */
  cause?: { code: string; message: string };
}

export type CatalogSyncResult = Result<SyncSummary, CatalogSyncError>;

export interface CatalogSyncOptions {
  source: BrandPageSource;
  repo: CatalogRepository;
  clock: Clock;
  logger: Logger;
  pageSize?: number;
  /** A cursor that keeps advancing forever is still a broken cursor (default: 200k brands' worth at 100 a page). */
  maxPages?: number;
}

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Individually logged skipped entries per sync; the rest are only counted. */
const MAX_SKIP_LOGS = 20;
/** Never reschedule sooner than this after a run, whatever the clocks say. */
const MIN_RESCHEDULE_MS = 60_000;

/**
 * Keeps the local catalog a copy of the service's list (spec §8: refresh at least weekly,
 * daily recommended). A sync is one transaction, committed after the last page, so a failed
 * sync leaves the previous catalog exactly as it was; searches keep working from it meanwhile.
 * One that writes more rows than a chunk (a first sync, or thousands of changed brands) commits
 * them chunk by chunk, and only its last transaction removes vanished brands and marks the
 * catalog synced (CatalogWriter).
 */
export class CatalogSync {
  private readonly pageSize: number;
  private readonly maxPages: number;
  private running: Promise<CatalogSyncResult> | null = null;
  private readonly listeners = new Set<(progress: SyncProgress) => void>();

  constructor(private readonly options: CatalogSyncOptions) {
    this.pageSize = options.pageSize ?? 100;
    this.maxPages = options.maxPages ?? 2000;
  }

  /** Single-flight: a call while a sync runs joins it (and gets its progress too). */
  syncNow(onProgress?: (progress: SyncProgress) => void): Promise<CatalogSyncResult> {
    if (onProgress) this.listeners.add(onProgress);
    this.running ??= this.run().finally(() => {
      this.running = null;
      this.listeners.clear();
    });
    return this.running;
  }

  /** Stale when never synced, older than maxAgeMs, or stamped in the future (the clock moved back). */
  isStale(maxAgeMs = DAY_MS): boolean {
    const last = this.options.repo.lastFullSyncAt();
    if (last === null) return true;
    const age = this.options.clock.now() - last;
    return age < 0 || age >= maxAgeMs;
  }

  /** Resolves once no sync is running (the environment waits for it before closing its databases). */
  async idle(): Promise<void> {
    await this.running?.then(
      () => undefined,
      () => undefined,
    );
  }

  /** Syncs only when stale (or joins a sync already running); `value: null` means it was fresh. */
  async ensureFresh(maxAgeMs = DAY_MS): Promise<Result<SyncSummary | null, CatalogSyncError>> {
    if (!this.running && !this.isStale(maxAgeMs)) return ok(null);
    return this.syncNow();
  }

  /**
   * Syncs whenever the catalog turns `intervalMs` old, checked by a timer on the injected
   * clock; after a failure it tries again in `retryMs`. Returns a stop function.
   */
  startDailySchedule(options: { intervalMs?: number; retryMs?: number } = {}): () => void {
    const intervalMs = options.intervalMs ?? DAY_MS;
    const retryMs = options.retryMs ?? 30 * 60 * 1000;
    const { clock, logger } = this.options;
    let stopped = false;
    let cancel: (() => void) | null = null;
    const untilStale = (): number => {
      const last = this.options.repo.lastFullSyncAt();
      return last === null || this.isStale(intervalMs) ? 0 : last + intervalMs - clock.now();
    };
    const schedule = (delayMs: number): void => {
      if (!stopped) cancel = clock.setTimer(delayMs, tick);
    };
    const tick = (): void => {
      cancel = null;
      this.ensureFresh(intervalMs)
        .then((result) => schedule(result.ok ? Math.max(MIN_RESCHEDULE_MS, untilStale()) : retryMs))
        .catch((error: unknown) => {
          logger.log('error', 'catalog.schedule.failed', { error });
          schedule(retryMs);
        });
    };
    schedule(untilStale());
    return () => {
      stopped = true;
      cancel?.();
    };
  }

  /** Once more, reading every page, when the page records turned out not to describe the stored brands. */
  private async run(): Promise<CatalogSyncResult> {
    const first = await this.attempt();
    if (first !== STALE_RECORDS) return first;
    this.options.logger.log('warn', 'catalog.sync.page-records-stale', {});
    const second = await this.attempt();
    return second === STALE_RECORDS ? this.fail(storeFailed(new StalePageRecordsError())) : second;
  }

  private async attempt(): Promise<CatalogSyncResult | typeof STALE_RECORDS> {
    const { repo, clock, logger } = this.options;
    const startedAt = clock.now();
    // Each page goes to the staging as it arrives (hashed and diffed; its new and changed
    // brands written inside an open transaction), committed once every page is in (or every
    // chunk of rows: CatalogWriter): a failed fetch rolls back what is not committed. Readers
    // use their own connection, so they see the previous catalog until a commit.
    let staging: ReplaceStaging;
    try {
      staging = await repo.beginReplace(startedAt, logger);
    } catch (error) {
      return this.fail(storeFailed(error));
    }
    let changes: ReplaceSummary;
    let skipped: number;
    let pages: number;
    try {
      const fetched = await this.fetchAll(staging);
      if (fetched === STALE_RECORDS) return fetched;
      if (!fetched.ok) return this.fail(fetched.error);
      ({ skipped, pages } = fetched.value);
      // An empty list would mark every brand removed; far likelier a service fault than a real catalog.
      if (staging.received === 0 && repo.count().listed > 0) {
        return this.fail({ code: 'EMPTY_CATALOG', message: `The service listed no usable brands (${skipped} skipped); kept the current catalog` });
      }
      try {
        changes = await staging.commit();
      } catch (error) {
        if (error instanceof StalePageRecordsError) return STALE_RECORDS;
        return this.fail(storeFailed(error));
      }
    } finally {
      staging.abandon();
    }
    const summary: SyncSummary = { brands: changes.received, removed: changes.removed, skipped, durationMs: clock.now() - startedAt, pages, changes };
    logger.log('info', 'catalog.sync.done', { ...summary });
    return ok(summary);
  }

  /**
   * Follows the cursor page by page. Pages are asked for ahead of the one being written
   * (PagesAhead, at most PAGES_AHEAD waiting): each as soon as the page before it is sent when
   * the last sync recorded the cursor that came after that page, else as soon as its answer gives
   * the cursor. So the service's answers (and their reading in the page-prep worker) overlap the
   * writes instead of following them. A page is still taken (kept or written) only at the cursor
   * the page before it gave, after that one is written, in order.
   */
  private async fetchAll(staging: ReplaceStaging): Promise<Result<{ skipped: number; pages: number }, CatalogSyncError> | typeof STALE_RECORDS> {
    const pages = new PagesAhead<PageRequest>(
      (next, seen) => this.request(next, staging, seen),
      answeredCursor,
      PAGES_AHEAD,
      this.maxPages,
      (cursor) => staging.recordedNextCursor(cursor.pageNo, cursor.limit),
    );
    try {
      return await this.takePages(staging, pages);
    } finally {
      pages.stop();
    }
  }

  /** fetchAll's loop: takes the pages `pages` asks for, in order. */
  private async takePages(staging: ReplaceStaging, pages: PagesAhead<PageRequest>): Promise<Result<{ skipped: number; pages: number }, CatalogSyncError> | typeof STALE_RECORDS> {
    const { logger } = this.options;
    const progress: SyncProgress = { pagesFetched: 0, brandsFetched: 0, skipped: 0 };
    let cursor: PageCursor = { pageNo: 1, limit: this.pageSize };
    for (;;) {
      const fetched = await this.settle(cursor, staging, await pages.take(cursor, progress.pagesFetched));
      if (fetched.kind === 'failed') {
        return err({ code: 'PAGE_FETCH_FAILED', message: `Page ${cursor.pageNo} could not be fetched: ${fetched.error.message}`, pageNo: cursor.pageNo, cause: fetched.error });
      }
      const page = fetched.kind === 'parsed' ? fetched.page : null;
      const split = fetched.kind === 'split' ? fetched.split : null;
      // A split page's entries are all counted here, the malformed ones too (known only once read).
      const entryCount = page ? page.brands.length + page.skipped.length : split ? split.entryHashes.length : fetched.kind === 'kept' ? fetched.brands : 0;
      const step = stepAfter(cursor, page ? page.nextCursor : split ? split.nextCursor : fetched.kind === 'kept' ? fetched.nextCursor : null, entryCount);
      if (step.kind === 'stuck') {
        return err({ code: 'CURSOR_NOT_ADVANCING', message: `After page ${cursor.pageNo} the service returned cursor ${JSON.stringify(step.next)}`, pageNo: cursor.pageNo });
      }
      const nextCursor = step.kind === 'next' ? step.cursor : null;
      // Page maxPages + 1 is never asked for: the list is refused as endless first.
      if (nextCursor && progress.pagesFetched + 1 < this.maxPages) pages.expect(nextCursor, progress.pagesFetched + 1);
      let skipped: SkippedBrand[] = [];
      if (fetched.kind === 'parsed' || fetched.kind === 'split') {
        const { hash, requestId } = fetched;
        // Only a page taken whole is recorded: one with dropped entries is parsed every time, so they are logged every time.
        try {
          if (fetched.kind === 'split') {
            skipped = await staging.addSplit(fetched.split, { pageNo: cursor.pageNo, limit: cursor.limit, hash: fetched.hash, nextCursor: fetched.split.nextCursor });
          } else {
            skipped = fetched.page.skipped;
            const seen = hash !== null && skipped.length === 0 ? { pageNo: cursor.pageNo, limit: cursor.limit, hash, nextCursor: fetched.page.nextCursor } : undefined;
            await staging.add(fetched.page.brands, seen);
          }
        } catch (error) {
          if (error instanceof StalePageRecordsError) return STALE_RECORDS;
          return err(storeFailed(error));
        }
        for (const entry of skipped) {
          if (progress.skipped < MAX_SKIP_LOGS) {
            logger.log('warn', 'catalog.sync.skipped', { pageNo: cursor.pageNo, index: entry.index, id: entry.id ?? null, reason: entry.reason, requestId });
          }
          progress.skipped++;
        }
      }
      progress.pagesFetched++;
      progress.brandsFetched += entryCount - skipped.length;
      this.report(progress);

      if (!nextCursor) break;
      if (progress.pagesFetched >= this.maxPages) {
        return err({ code: 'TOO_MANY_PAGES', message: `Stopped after ${this.maxPages} pages; the list does not end`, pageNo: nextCursor.pageNo });
      }
      cursor = nextCursor;
    }
    if (progress.skipped > MAX_SKIP_LOGS) logger.log('warn', 'catalog.sync.skipped.more', { notLogged: progress.skipped - MAX_SKIP_LOGS });
    return ok({ skipped: progress.skipped, pages: progress.pagesFetched });
  }

  /**
   * Asks for one page (with the hash the last sync recorded for it, when the source can compare);
   * never rejects. `seen` is told the next cursor the page's bytes name before they are read, when
   * it advances as stepAfter asks (the source reads one only off a page that holds entries).
   */
  private async request(cursor: PageCursor, staging: ReplaceStaging, seen: (next: PageCursor) => void): Promise<PageRequest> {
    try {
      const hashed = this.hashedFetch();
      if (!hashed) return { kind: 'plain', answer: await this.options.source.listBrandsPage(cursor.pageNo, cursor.limit) };
      const knownHash = staging.knownPageHash(cursor.pageNo, cursor.limit);
      const nextCursorSeen = (next: PageCursor) => {
        const step = stepAfter(cursor, next, 1);
        if (step.kind === 'next') seen(step.cursor);
      };
      return { kind: 'hashed', answer: await hashed(cursor.pageNo, cursor.limit, knownHash, staging.knownPageEntries(cursor.pageNo, cursor.limit), { nextCursorSeen }) };
    } catch (error) {
      return { kind: 'plain', answer: { ok: false, error: { code: 'UNEXPECTED', message: error instanceof Error ? error.message : String(error) } } };
    }
  }

  /**
   * One page: unparsed when the source can tell it is byte for byte the page the last sync
   * recorded and the staging still trusts that record (asked only now, after the pages
   * before it were taken); parsed otherwise.
   */
  private async settle(cursor: { pageNo: number; limit: number }, staging: ReplaceStaging, requested: PageRequest): Promise<FetchedPage> {
    if (requested.kind === 'plain') {
      const page = requested.answer;
      return page.ok ? { kind: 'parsed', page: page.value, hash: null, requestId: requestIdOf(page) } : { kind: 'failed', error: page.error };
    }
    let answer = requested.answer;
    try {
      if (answer.ok && answer.value.unchanged) {
        const kept = staging.keepPage(cursor.pageNo);
        if (kept) return { kind: 'kept', ...kept };
        answer = await this.hashedFetch()!(cursor.pageNo, cursor.limit, null, staging.knownPageEntries(cursor.pageNo, cursor.limit));
      }
    } catch (error) {
      return { kind: 'failed', error: { code: 'UNEXPECTED', message: error instanceof Error ? error.message : String(error) } };
    }
    if (!answer.ok) return { kind: 'failed', error: answer.error };
    const value = answer.value;
    if (value.unchanged) return { kind: 'failed', error: { code: 'UNEXPECTED', message: 'the source called a page unchanged without a known hash' } };
    if ('split' in value) return { kind: 'split', split: value.split, hash: value.hash, requestId: requestIdOf(answer) };
    return { kind: 'parsed', page: value.page, hash: value.hash, requestId: requestIdOf(answer) };
  }

  /** The source's page fetch that compares hashes (split when it can), if it has one. */
  private hashedFetch():
    | ((pageNo: number, limit: number, knownHash: string | null, knownEntries: readonly KnownEntry[] | null, options?: PageFetchOptions) => Promise<PageAnswer<BrandPageSplitFetch>>)
    | null {
    const { source } = this.options;
    if (source.listBrandsPageSplit) {
      return (pageNo, limit, knownHash, knownEntries, options) => source.listBrandsPageSplit!(pageNo, limit, knownHash, knownEntries, options);
    }
    if (source.listBrandsPageIfChanged) return (pageNo, limit, knownHash, _entries, options) => source.listBrandsPageIfChanged!(pageNo, limit, knownHash, options);
    return null;
  }

  private report(progress: SyncProgress): void {
    for (const listener of this.listeners) {
      try {
        listener({ ...progress });
      } catch (error) {
        this.options.logger.log('warn', 'catalog.sync.progress-listener-failed', { error });
      }
    }
  }

  private fail(error: CatalogSyncError): CatalogSyncResult {
    this.options.logger.log('error', 'catalog.sync.failed', { ...error });
    return err(error);
  }
}

/** An attempt that found the page records stale (StalePageRecordsError): run again. */
const STALE_RECORDS = Symbol('stale page records');

type PageRequest = { kind: 'plain'; answer: PageAnswer<BrandPage> } | { kind: 'hashed'; answer: PageAnswer<BrandPageSplitFetch> };

/** Pages asked for beyond the one being written (see PagesAhead): each waits as a split page, ≈ 0.5 MB at 100 brands a page. */
const PAGES_AHEAD = 3;

/**
 * The cursor of the page after this one as its answer alone gives it: null at the end or after a
 * failure; undefined for a page the service says is unchanged, whose cursor comes from the page's
 * record once the sync takes it.
 */
function answeredCursor(requested: PageRequest, cursor: PageCursor): PageCursor | null | undefined {
  if (requested.kind === 'hashed' && requested.answer.ok && requested.answer.value.unchanged) return undefined;
  const list = listOf(requested);
  if (!list) return null;
  const step = stepAfter(cursor, list.nextCursor, list.entryCount);
  return step.kind === 'next' ? step.cursor : null;
}

/** A page answer's cursor and entry count, when the answer holds the page (not a failure, nor "unchanged"). */
function listOf(requested: PageRequest): { nextCursor: BrandPage['nextCursor']; entryCount: number } | null {
  if (requested.kind === 'plain') {
    const page = requested.answer.ok ? requested.answer.value : null;
    return page && { nextCursor: page.nextCursor, entryCount: page.brands.length + page.skipped.length };
  }
  const value = requested.answer.ok ? requested.answer.value : null;
  if (!value || value.unchanged) return null;
  if ('split' in value) return { nextCursor: value.split.nextCursor, entryCount: value.split.entryHashes.length };
  return { nextCursor: value.page.nextCursor, entryCount: value.page.brands.length + value.page.skipped.length };
}

type FetchedPage =
  | { kind: 'kept'; brands: number; nextCursor: BrandPage['nextCursor'] }
  | { kind: 'parsed'; page: BrandPage; hash: string | null; requestId: string | null }
  | { kind: 'split'; split: SplitBrandPage; hash: string; requestId: string | null }
  | { kind: 'failed'; error: { code: string; message: string } };

function requestIdOf(answer: { requestId?: string; requestIds?: string[] }): string | null {
  return answer.requestId ?? answer.requestIds?.at(-1) ?? null;
}

function storeFailed(error: unknown): CatalogSyncError {
  return { code: 'STORE_FAILED', message: `Could not store the catalog: ${error instanceof Error ? error.message : String(error)}` };
}
