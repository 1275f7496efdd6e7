import type { ProductsPageOptions } from '../partner-api/partner-client.js';
import type { BrandPageFetch, BrandPageSplitFetch, KnownEntry, PartnerBrand, SplitBrandPage } from '../partner-api/types.js';
import type { ReplaceStaging } from './catalog-repository.js';
import { stepAfter, type PageCursor } from './pages-ahead.js';

/*
 * One products page as a catalog sync asks for it and takes it: the source it asks (the partner
 * client's page methods), the request with what the last sync recorded of the page, and the
 * answer settled into a page to keep, write or refuse. CatalogSync decides the order and the end.
 */

/** One malformed list entry the partner client dropped while parsing a page. */
export interface SkippedBrand {
  index: number;
  id?: string;
  reason: string;
}

export interface BrandPage {
  brands: PartnerBrand[];
  skipped: SkippedBrand[];
  nextCursor: PageCursor | null;
}

export type PageAnswer<T> = { ok: true; value: T; requestId?: string; requestIds?: string[] } | { ok: false; error: { message: string; code: string } };

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

/**
 * Asks for one page (with the hash the last sync recorded for it, when the source can compare);
 * never rejects. `seen` is told the next cursor the page's bytes name before they are read, when
 * it advances as stepAfter asks (the source reads one only off a page that holds entries).
 */
export async function requestPage(source: BrandPageSource, cursor: PageCursor, staging: ReplaceStaging, seen: (next: PageCursor) => void): Promise<PageRequest> {
  try {
    const hashed = hashedFetch(source);
    if (!hashed) return { kind: 'plain', answer: await source.listBrandsPage(cursor.pageNo, cursor.limit) };
    const knownHash = staging.knownPageHash(cursor.pageNo, cursor.limit);
    const nextCursorSeen = (next: PageCursor) => {
      const step = stepAfter(cursor, next, 1);
      if (step.kind === 'next') seen(step.cursor);
    };
    return { kind: 'hashed', answer: await hashed(cursor.pageNo, cursor.limit, knownHash, staging.knownPageEntries(cursor.pageNo, cursor.limit), { nextCursorSeen }) };
  } catch (error) {
    return { kind: 'plain', answer: { ok: false, error: unexpected(error) } };
  }
}

/**
 * One page: unparsed when the source can tell it is byte for byte the page the last sync
 * recorded and the staging still trusts that record (asked only now, after the pages
 * before it were taken); parsed otherwise.
 */
export async function settlePage(source: BrandPageSource, cursor: PageCursor, staging: ReplaceStaging, requested: PageRequest): Promise<FetchedPage> {
  if (requested.kind === 'plain') {
    const page = requested.answer;
    return page.ok ? { kind: 'parsed', page: page.value, hash: null, requestId: requestIdOf(page) } : { kind: 'failed', error: page.error };
  }
  let answer = requested.answer;
  try {
    if (answer.ok && answer.value.unchanged) {
      const kept = staging.keepPage(cursor.pageNo);
      if (kept) return { kind: 'kept', ...kept };
      answer = await hashedFetch(source)!(cursor.pageNo, cursor.limit, null, staging.knownPageEntries(cursor.pageNo, cursor.limit));
    }
  } catch (error) {
    return { kind: 'failed', error: unexpected(error) };
  }
  if (!answer.ok) return { kind: 'failed', error: answer.error };
  const value = answer.value;
  if (value.unchanged) return { kind: 'failed', error: { code: 'UNEXPECTED', message: 'the source called a page unchanged without a known hash' } };
  if ('split' in value) return { kind: 'split', split: value.split, hash: value.hash, requestId: requestIdOf(answer) };
  return { kind: 'parsed', page: value.page, hash: value.hash, requestId: requestIdOf(answer) };
}

/** The source's page fetch that compares hashes (split when it can), if it has one. */
function hashedFetch(source: BrandPageSource): NonNullable<BrandPageSource['listBrandsPageSplit']> | null {
  if (source.listBrandsPageSplit) {
    return (pageNo, limit, knownHash, knownEntries, options) => source.listBrandsPageSplit!(pageNo, limit, knownHash, knownEntries, options);
  }
  if (source.listBrandsPageIfChanged) return (pageNo, limit, knownHash, _entries, options) => source.listBrandsPageIfChanged!(pageNo, limit, knownHash, options);
  return null;
}

export type PageRequest = { kind: 'plain'; answer: PageAnswer<BrandPage> } | { kind: 'hashed'; answer: PageAnswer<BrandPageSplitFetch> };

/**
 * The cursor of the page after this one as its answer alone gives it: null at the end or after a
 * failure; undefined for a page the service says is unchanged, whose cursor comes from the page's
 * record once the sync takes it.
 */
export function answeredCursor(requested: PageRequest, cursor: PageCursor): PageCursor | null | undefined {
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

export type FetchedPage =
  | { kind: 'kept'; brands: number; nextCursor: BrandPage['nextCursor'] }
  | { kind: 'parsed'; page: BrandPage; hash: string | null; requestId: string | null }
  | { kind: 'split'; split: SplitBrandPage; hash: string; requestId: string | null }
  | { kind: 'failed'; error: { code: string; message: string } };

function requestIdOf(answer: { requestId?: string; requestIds?: string[] }): string | null {
  return answer.requestId ?? answer.requestIds?.at(-1) ?? null;
}

function unexpected(error: unknown): { code: string; message: string } {
  return { code: 'UNEXPECTED', message: error instanceof Error ? error.message : String(error) };
}
