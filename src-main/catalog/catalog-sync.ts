import type { Clock } from '../platform/clock.js';
import type { Logger } from '../platform/logger.js';
import { err, ok, type Result } from '../platform/result.js';
import type { CatalogRepository, ReplaceStaging } from './catalog-repository.js';
import { StalePageRecordsError } from './catalog-page-records.js';
import { answeredCursor, requestPage, settlePage, type BrandPageSource, type PageRequest, type SkippedBrand } from './catalog-page-source.js';
import { PagesAhead, stepAfter, type PageCursor } from './pages-ahead.js';
import type { ReplaceSummary, SyncProgress, SyncSummary } from './catalog-types.js';

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
      (next, seen) => requestPage(this.options.source, next, staging, seen),
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
      const fetched = await settlePage(this.options.source, cursor, staging, await pages.take(cursor, progress.pagesFetched));
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

/** Pages asked for beyond the one being written (see PagesAhead): each waits as a split page, ≈ 0.5 MB at 100 brands a page. */
const PAGES_AHEAD = 3;

function storeFailed(error: unknown): CatalogSyncError {
  return { code: 'STORE_FAILED', message: `Could not store the catalog: ${error instanceof Error ? error.message : String(error)}` };
}
