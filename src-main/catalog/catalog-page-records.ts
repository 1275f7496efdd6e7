import type { KnownEntry } from '../partner-api/types.js';

/**
 * The records a sync keeps of the pages it read whole (catalog_pages, catalog migrations 4 and 6),
 * so the next sync can take a byte-identical page as its stored brands without parsing it.
 */

/**
 * A page record taken unread named a brand that is not stored and listed: the file changed
 * other than through a sync or a webhook. The records are dropped, so a sync run again reads every page.
 */
export class StalePageRecordsError extends Error {
  constructor() {
    super('A page record names a brand that is not stored and listed');
    this.name = 'StalePageRecordsError';
  }
}

/** A page of the service's list as a sync saw it on the wire (see catalog_pages, catalog migration 4). */
export interface SeenPage {
  pageNo: number;
  limit: number;
  /** The hash of the page's raw body (acceptedBytesHash). */
  hash: string;
  nextCursor: { pageNo: number; limit: number } | null;
}

export interface PageRecord extends SeenPage {
  /** The brand ids the page gave, in order. */
  ids: string[];
  /** Its entries' [length, hash] as JSON (catalog_pages.entries), null for a page parsed whole. */
  entries: string | null;
}

export interface StoredPageRow {
  page_no: number;
  page_limit: number;
  hash: string;
  ids: string;
  next_page_no: number | null;
  next_limit: number | null;
  entries: string | null;
}

/** A stored page record whose ids and entries (catalog_pages' JSON columns) read as a sync writes them. */
export interface KnownPage {
  row: StoredPageRow;
  ids: string[];
  entries: KnownEntry[] | null;
}

/**
 * A stored page record with its JSON columns read back, or null when they are not as a sync
 * writes them: the file may hold anything, and such a record must only mean "read the page".
 */
export function readPageRecord(row: StoredPageRow): KnownPage | null {
  const ids = readIds(row.ids);
  const entries = row.entries === null ? null : readEntries(row.entries);
  return ids === null || entries === undefined ? null : { row, ids, entries };
}

/** catalog_pages.ids: a JSON array of brand ids; null for anything else. */
function readIds(text: unknown): string[] | null {
  const value = readJson(text);
  return Array.isArray(value) && value.every((id): id is string => typeof id === 'string') ? value : null;
}

/** catalog_pages.entries: a JSON array of [length, hash] pairs (see KnownEntry); undefined for anything else. */
function readEntries(text: unknown): KnownEntry[] | undefined {
  const value = readJson(text);
  if (!Array.isArray(value)) return undefined;
  const entries: KnownEntry[] = [];
  for (const pair of value as unknown[]) {
    if (!Array.isArray(pair) || pair.length !== 2) return undefined;
    const [length, hash] = pair as [unknown, unknown];
    if (typeof length !== 'number' || !Number.isSafeInteger(length) || length < 0 || typeof hash !== 'string') return undefined;
    entries.push({ length, hash });
  }
  return entries;
}

function readJson(text: unknown): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
