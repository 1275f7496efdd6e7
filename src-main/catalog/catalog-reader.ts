import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/database.js';
import { usableUsageInstructions } from '../partner-api/deprecated-fields.js';
import type { PartnerBrand } from '../partner-api/types.js';
import { CatalogListing, substringTerms } from './catalog-listing.js';
import type { CatalogListingColumns } from './shared/listing-index.js';
import { ftsNamedQuery, ftsPrefixQuery } from './catalog-text.js';
import type { BrandDiscount, CatalogBrand, CatalogCounts, CatalogSearchQuery, CategoryCount, UnavailableBrand } from './catalog-types.js';

let readerCount = 0;
const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 500;
/** Candidate counts stop here: enough to tell the plans apart, cheap to count (~1 ms). */
const COUNT_CAP = 20_000;
/**
 * Rough cost per row in microseconds, measured on this machine at 10k–100k brands: gathering a
 * candidate with its sort key, stepping the listing index, and checking one category membership.
 */
const COST = { gather: 0.5, walk: 0.2, categoryCheck: 0.5 };

/** Which candidate set drives browsing a category: its members, or the listing order. */
type Drive = 'category' | 'ordered';

interface Filters {
  category: boolean;
  inactive: boolean;
  removed: boolean;
}

interface BrandRow {
  data: string;
  discount: string | null;
  removed_at: number | null;
  synced_at: number;
}

const ROW_COLUMNS = 'b.data, b.discount, b.removed_at, b.synced_at';
const FTS_ROWIDS = 'SELECT rowid FROM brands_fts WHERE brands_fts MATCH ?';
const FTS_ROWID_PAGE = 'SELECT rowid FROM brands_fts WHERE brands_fts MATCH ? AND rowid > ? ORDER BY rowid LIMIT ?';
const CATEGORY_MEMBERS = 'SELECT brand_seq FROM brand_categories WHERE category = ?';
/**
 * From this many FTS matches on, building their byte map (~0.1 µs a match) and walking the
 * listing beats gathering and sorting them (~0.5 µs a match, measured at 10k–100k brands).
 */
const LISTING_MIN_MATCHES = 50;
/**
 * Fewer matches than LISTING_MIN_MATCHES, gathered from FTS and sorted: brands the words name
 * (ftsNamedQuery) first, then ACTIVE first, then by folded title. The named set is read once
 * for the statement (a constant IN list), never checked row by row.
 */
const TEXT_MATCHES = 'brands_fts f CROSS JOIN brands o INDEXED BY brands_by_seq ON o.seq = f.rowid';
const IN_CATEGORY = ' CROSS JOIN brand_categories m ON m.brand_seq = o.seq AND m.category = @category';
const NAMED_FIRST = 'o.seq NOT IN (SELECT rowid FROM brands_fts WHERE brands_fts MATCH @named)';

/**
 * Read side of the catalog. Search never ranks with bm25 (6 ms at 10k brands, 81 ms at 100k).
 * Text search lists the brands the words name (every word starts a word of the title or a tag)
 * before those found through the description or a category; within each, and when browsing,
 * ACTIVE first, then by folded title, which an index provides. Text that matches many brands
 * walks the in-memory listing (CatalogListing) once; few matches are gathered and sorted.
 * Browsing picks its query shape from cheap candidate counts (see choosePlan). A one-letter
 * prefix and a rare word both stay under a millisecond or so of CPU at 100k brands.
 */
export class CatalogReader {
  private readonly cache = new Map<string, Statement>();
  private categoryCounts: CategoryCount[] | null = null;
  private listing: CatalogListing | null = null;
  /** Bumped by every write, so a listing loaded across event-loop turns is dropped if stale. */
  private generation = 0;
  /** Told apart from other readers' generations (another environment's catalog) in listing versions. */
  private readonly instance = `${Date.now().toString(36)}${(readerCount++).toString(36)}`;
  private columns: { version: string; read: Promise<CatalogListingColumns | null> } | null = null;

  constructor(private readonly db: Db) {}

  /** Changes with every write: the page's copy of the listing columns is current while it matches. */
  listingVersion(): string {
    return `${this.instance}.${this.generation}`;
  }

  /**
   * The listing columns (catalog.listing), read once per write, in pages between event-loop
   * turns; a write meanwhile starts the read again on the new catalog.
   */
  async listingColumns(): Promise<{ version: string; columns: CatalogListingColumns }> {
    for (;;) {
      const version = this.listingVersion();
      if (this.columns?.version !== version) {
        const generation = this.generation;
        // Loaded on first use: it brings zod, which a start does not need before ready.
        const read = import('./catalog-listing-columns.js').then(({ readListingColumns }) =>
          readListingColumns(this.db, () => generation !== this.generation || !this.db.open, () => nextTurn()),
        );
        this.columns = { version, read };
        // A failed read is not kept: the next call reads again.
        read.catch(() => {
          if (this.columns?.read === read) this.columns = null;
        });
      }
      const columns = await this.columns.read;
      if (columns) return { version, columns };
      if (!this.db.open) throw new Error('The catalog was closed while its listing was read');
    }
  }

  /** Called after every write: category counts are memoised because they scan every membership. */
  invalidate(): void {
    this.categoryCounts = null;
    this.listing = null;
    this.columns = null;
    this.generation++;
  }

  /**
   * Loads the in-memory listing in pages between event-loop turns (called after a sync), so
   * the first search after a large write does not load it in one block. Single-letter
   * prefixes, the most typed queries, get their match sets too, one per turn.
   */
  async warm(): Promise<void> {
    const generation = this.generation;
    const stale = () => generation !== this.generation || !this.db.open;
    try {
      if (!this.listing) {
        const listing = await CatalogListing.loadSliced(this.db, stale, () => nextTurn());
        if (!listing) return;
        this.listing = listing;
      }
      const listing = this.listing;
      const pause = async () => {
        await nextTurn();
        return !stale();
      };
      for (const letter of 'abcdefghijklmnopqrstuvwxyz0123456789') {
        if (!(await pause())) return;
        const match = ftsPrefixQuery(letter)!;
        await listing.textMatchesSliced(`fts:${match}`, this.statement(FTS_ROWID_PAGE), match, ftsNamedQuery(match), pause);
      }
    } catch {
      /* speed only: a search loads what it needs itself */
    }
  }

  get(id: string): CatalogBrand | null {
    const row = this.statement(`SELECT ${ROW_COLUMNS} FROM brands b WHERE b.id = ?`).get(id) as BrandRow | undefined;
    return row ? toCatalogBrand(row) : null;
  }

  search(query: CatalogSearchQuery): CatalogBrand[] {
    const category = query.category?.trim().toUpperCase() || null;
    const limit = Number.isFinite(query.limit) ? Math.min(MAX_LIMIT, Math.max(1, Math.floor(query.limit!))) : DEFAULT_LIMIT;
    const filters: Filters = {
      category: category !== null,
      inactive: query.includeInactive === true,
      removed: query.includeRemoved === true,
    };
    if (query.mode === 'substring') {
      const terms = substringTerms(query.text ?? '');
      if (terms.length > 0) return this.rowsInOrder(this.listingNow().substring(terms, filters, limit, this.categoryMembers(category)));
    }
    const match = query.text ? ftsPrefixQuery(query.text) : null;
    if (match) return this.rowsInOrder(this.textSeqs(match, category, filters, limit));

    const drive = this.choosePlan(category, limit);
    if (drive === 'none') return [];
    const params: Record<string, unknown> = { limit };
    if (category) params.category = category;
    const rows = this.browseStatement(drive, filters).all(params) as BrandRow[];
    return rows.map(toCatalogBrand);
  }

  categories(): CategoryCount[] {
    this.categoryCounts ??= this.statement(
      `SELECT c.category AS category, count(*) AS brands, count(*) FILTER (WHERE o.active_rank = 0) AS active
         FROM brand_categories c JOIN brands o INDEXED BY brands_by_seq ON o.seq = c.brand_seq
        WHERE o.removed_at IS NULL
        GROUP BY c.category ORDER BY c.category`,
    ).all() as CategoryCount[];
    return this.categoryCounts.map((c) => ({ ...c }));
  }

  /** Brands that cannot be sold: listed but not ACTIVE first, then no longer listed; by title. */
  unavailable(limit: number): UnavailableBrand[] {
    return this.statement(
      `SELECT id AS productId, title, status, removed_at AS removedAt, synced_at AS syncedAt
         FROM brands INDEXED BY brands_order
        WHERE active_rank = 1 OR removed_at IS NOT NULL
        ORDER BY removed_at IS NOT NULL, sort_key LIMIT ?`,
    ).all(limit) as UnavailableBrand[];
  }

  counts(): CatalogCounts {
    return this.statement(
      `SELECT count(*) FILTER (WHERE removed_at IS NULL) AS listed,
              count(*) FILTER (WHERE removed_at IS NULL AND active_rank = 0) AS active,
              count(*) FILTER (WHERE removed_at IS NOT NULL) AS removed
         FROM brands INDEXED BY brands_order`,
    ).get() as CatalogCounts;
  }

  kv(key: string): string | null {
    const value = this.statement('SELECT value FROM kv WHERE key = ?').pluck().get(key);
    return typeof value === 'string' ? value : null;
  }

  /**
   * Seqs of one page of a text search, in order. Text that matches many brands (a 1–3 letter
   * prefix) walks the in-memory listing over the byte map of its matches, named ones marked
   * (cached per query until the next write), instead of sorting every match or checking FTS
   * row by row; a category narrows the walk through its own byte map. Few matches: FTS gathers
   * them and SQLite sorts them.
   */
  private textSeqs(match: string, category: string | null, filters: Filters, limit: number): number[] {
    const listing = this.listingNow();
    const key = `fts:${match}`;
    const named = ftsNamedQuery(match);
    if (listing.hasMembers(key) || this.countUpTo(FTS_ROWIDS, match, LISTING_MIN_MATCHES) >= LISTING_MIN_MATCHES) {
      const matches = listing.textMatches(key, this.statement(FTS_ROWIDS), match, named);
      return listing.walk(matches, filters, limit, this.categoryMembers(category));
    }
    const where = ['f.brands_fts MATCH @match', ...filterConditions(filters)].join(' AND ');
    const sql = `SELECT o.seq FROM ${TEXT_MATCHES}${category ? IN_CATEGORY : ''} WHERE ${where} ORDER BY ${NAMED_FIRST}, o.active_rank, o.sort_key LIMIT @limit`;
    const params: Record<string, unknown> = { match, named, limit };
    if (category) params.category = category;
    return this.statement(sql).pluck().all(params) as number[];
  }

  /**
   * Picks the cheaper way to browse one ordered page of a category. Gathering every member and
   * sorting costs per member; walking the listing index costs per row walked, about limit /
   * density. A big category walks; a small one gathers.
   */
  private choosePlan(category: string | null, limit: number): Drive | 'none' {
    if (!category) return 'ordered';
    const n = Math.max(1, this.rowCount());
    const k = this.countUpTo('SELECT 1 FROM brand_categories WHERE category = ?', category);
    if (k === 0) return 'none';
    const walked = Math.min(n, limit / (k / n));
    const ordered = walked * (COST.walk + COST.categoryCheck);
    return ordered < k * COST.gather ? 'ordered' : 'category';
  }

  /** Rows are never deleted and seq only grows, so max(seq) is the row count, read in O(1). */
  private rowCount(): number {
    return (this.statement('SELECT max(seq) FROM brands').pluck().get() as number | null) ?? 0;
  }

  private countUpTo(candidates: string, param: string, cap = COUNT_CAP): number {
    return this.statement(`SELECT count(*) FROM (${candidates} LIMIT ${cap})`).pluck().get(param) as number;
  }

  /**
   * Two levels: the inner query picks the page of seqs using only narrow indexes
   * (brands_by_seq / brands_order), the outer one reads the wide JSON rows of that page alone.
   */
  private browseStatement(drive: Drive, f: Filters): Statement {
    // CROSS JOIN pins the join order to the plan chosen above (SQLite never reorders it).
    const from =
      drive === 'category'
        ? 'brand_categories m CROSS JOIN brands o INDEXED BY brands_by_seq ON o.seq = m.brand_seq'
        : `brands o INDEXED BY brands_order${f.category ? IN_CATEGORY : ''}`;
    const where = [...(drive === 'category' ? ['m.category = @category'] : []), ...filterConditions(f)];
    const inner = `SELECT o.seq FROM ${from} ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY o.active_rank, o.sort_key LIMIT @limit`;
    return this.statement(`SELECT ${ROW_COLUMNS} FROM brands b WHERE b.seq IN (${inner}) ORDER BY b.active_rank, b.sort_key`);
  }

  /** Byte map of a category's members, kept with the listing; null for no category. */
  private categoryMembers(category: string | null): Uint8Array | null {
    return category ? this.listingNow().members(`category:${category}`, this.statement(CATEGORY_MEMBERS), category) : null;
  }

  private listingNow(): CatalogListing {
    this.listing ??= CatalogListing.load(this.db);
    return this.listing;
  }

  /** The wide rows of `seqs`, in that order. */
  private rowsInOrder(seqs: number[]): CatalogBrand[] {
    if (seqs.length === 0) return [];
    const rows = this.statement(`SELECT b.seq, ${ROW_COLUMNS} FROM brands b WHERE b.seq IN (SELECT value FROM json_each(?))`).all(
      JSON.stringify(seqs),
    ) as (BrandRow & { seq: number })[];
    const bySeq = new Map(rows.map((r) => [r.seq, r]));
    return seqs.flatMap((seq) => {
      const row = bySeq.get(seq);
      return row ? [toCatalogBrand(row)] : [];
    });
  }

  private statement(sql: string): Statement {
    let statement = this.cache.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.cache.set(sql, statement);
    }
    return statement;
  }
}

/** The status and removal filters on brands `o`. */
function filterConditions(f: Filters): string[] {
  const conditions: string[] = [];
  if (!f.removed) conditions.push('o.removed_at IS NULL');
  if (!f.inactive) conditions.push('o.active_rank = 0');
  return conditions;
}

/** `data` was written by this module from an already-parsed PartnerBrand, so it is trusted as such. */
function toCatalogBrand(row: BrandRow): CatalogBrand {
  const brand = JSON.parse(row.data) as PartnerBrand;
  // A row stored by an older version may carry deprecated text the current rule withholds.
  brand.usageInstructionsText = usableUsageInstructions(brand.usageInstructionsText, brand);
  return {
    brand,
    removed: row.removed_at !== null,
    removedAt: row.removed_at,
    discount: row.discount === null ? null : (JSON.parse(row.discount) as BrandDiscount),
    syncedAt: row.synced_at,
  };
}
