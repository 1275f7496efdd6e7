import type { Db } from '../db/database.js';
import { INACTIVE, REMOVED } from './shared/listing-search.js';
import type { CatalogListingColumns } from './shared/listing-index.js';

/** Word instances of brands_fts (term, brand seq, column), read from the index itself, so the page tokenizes nothing. */
const CREATE_INSTANCES = 'CREATE VIRTUAL TABLE IF NOT EXISTS temp.brands_fts_instances USING fts5vocab(main, brands_fts, instance)';
/** Columns whose words name a brand (catalog-text ftsNamedQuery). */
const NAMING_COLUMNS = new Set(['title', 'tags']);
/**
 * Rows per read between event-loop turns: a page of brands reads their JSON for the amount
 * rules (~2 ms per 250 here, quiet), a page of word instances ~2 ms per 2,000; the whole read of
 * 10k brands is ~190 ms of CPU, which must not hold main's event loop in one piece.
 */
const BRAND_PAGE = 250;
const INSTANCE_PAGE = 2000;
const TERMS_PER_TURN = 2000;

const BRAND_COLUMNS = `SELECT seq, id, title, status, sort_key, active_rank, removed_at IS NOT NULL, tags, categories, denomination_type,
       json_extract(data, '$.amountRestrictions.minVoucherAmount'), json_extract(data, '$.amountRestrictions.maxVoucherAmount'),
       json_extract(data, '$.amountRestrictions.denominations')
  FROM brands INDEXED BY brands_order`;
type BrandColumnsRow = [number, string, string, string, string, number, number, string, string, string, number | null, number | null, string | null];
type InstanceRow = [string, number, string];

/**
 * The catalog's listing columns for the page (catalog.listing): every brand in listing order
 * with what a result row shows, and the full-text index's words with the brands holding them.
 * Read in pages, `pause()` between them; null when `stale()` turned true meanwhile (a write).
 */
export async function readListingColumns(db: Db, stale: () => boolean, pause: () => Promise<void>): Promise<CatalogListingColumns | null> {
  const columns: CatalogListingColumns = { ids: [], titles: [], folded: [], statuses: [], flags: [], tags: [], categories: [], denominationTypes: [], amounts: [], terms: [], postings: [] };
  const positionOfSeq = new Map<number, number>();
  const first = db.prepare(`${BRAND_COLUMNS} ORDER BY active_rank, sort_key LIMIT ${BRAND_PAGE}`).raw();
  // Row-value keyset: seeks straight to the next page in the same index.
  const next = db.prepare(`${BRAND_COLUMNS} WHERE (active_rank, sort_key) > (?, ?) ORDER BY active_rank, sort_key LIMIT ${BRAND_PAGE}`).raw();
  for (let after: [number, string] | null = null; ; ) {
    if (stale()) return null;
    const page = (after ? next.all(...after) : first.all()) as BrandColumnsRow[];
    for (const [seq, id, title, status, sortKey, activeRank, removed, tags, categories, denominationType, min, max, denominations] of page) {
      positionOfSeq.set(seq, columns.ids.length);
      columns.ids.push(id);
      columns.titles.push(title);
      // sort_key is the folded title, U+0001, the id (catalog-text sortKeyOf).
      columns.folded.push(sortKey.slice(0, sortKey.indexOf('\u0001')));
      columns.statuses.push(status);
      columns.flags.push((activeRank === 0 ? 0 : INACTIVE) | (removed ? REMOVED : 0));
      columns.tags.push(tags);
      columns.categories.push(categories);
      columns.denominationTypes.push(denominationType);
      columns.amounts.push(min === null || max === null ? null : [min, max, denominations === null ? null : (JSON.parse(denominations) as number[])]);
    }
    if (page.length < BRAND_PAGE) break;
    const last = page[page.length - 1]!;
    after = [last[5], last[4]];
    await pause();
  }

  db.exec(CREATE_INSTANCES);
  const from = db.prepare(`SELECT term, doc, col FROM temp.brands_fts_instances WHERE term >= ? LIMIT ${INSTANCE_PAGE}`).raw();
  const after = db.prepare(`SELECT term, doc, col FROM temp.brands_fts_instances WHERE term > ? LIMIT ${INSTANCE_PAGE}`).raw();
  const whole = db.prepare('SELECT term, doc, col FROM temp.brands_fts_instances WHERE term = ?').raw();
  const byTerm = new Map<string, Map<number, boolean>>();
  const add = (rows: readonly InstanceRow[]) => {
    for (const [term, seq, column] of rows) {
      const position = positionOfSeq.get(seq);
      if (position === undefined) continue;
      let docs = byTerm.get(term);
      if (!docs) byTerm.set(term, (docs = new Map()));
      docs.set(position, docs.get(position) === true || NAMING_COLUMNS.has(column));
    }
  };
  // Pages in term order; a page's last term may go on past it, so it is read again from its start.
  for (let start = '', past = false; ; ) {
    await pause();
    if (stale()) return null;
    const page = (past ? after : from).all(start) as InstanceRow[];
    if (page.length < INSTANCE_PAGE) {
      add(page);
      break;
    }
    const lastTerm = page[page.length - 1]![0];
    if (page[0]![0] === lastTerm) {
      // One word in more than a page of places (a word every description has): read it whole.
      add(whole.all(lastTerm) as InstanceRow[]);
      start = lastTerm;
      past = true;
    } else {
      add(page.filter((row) => row[0] !== lastTerm));
      start = lastTerm;
      past = false;
    }
  }
  columns.terms = [...byTerm.keys()].sort();
  for (const term of columns.terms) {
    const docs = [...byTerm.get(term)!].sort((a, b) => a[0] - b[0]);
    let last = 0;
    columns.postings.push(
      docs.map(([position, named]) => {
        const coded = (position - last) * 2 + (named ? 1 : 0);
        last = position;
        return coded;
      }),
    );
    if (columns.postings.length % TERMS_PER_TURN === 0) await pause();
  }
  return stale() ? null : columns;
}
