import type { Db } from '../db/database.js';
import { INACTIVE, REMOVED } from './shared/listing-search.js';
import type { CatalogListingColumns } from './shared/listing-index.js';

/** Word instances of brands_fts (term, brand seq, column), read from the index itself, so the page tokenizes nothing. */
const CREATE_TERMS = 'CREATE VIRTUAL TABLE IF NOT EXISTS temp.brands_fts_instances USING fts5vocab(main, brands_fts, instance)';
/** Columns whose words name a brand (catalog-text ftsNamedQuery). */
const NAMING_COLUMNS = new Set(['title', 'tags']);

type BrandColumnsRow = [number, string, string, string, string, number, number, string, string, string, number | null, number | null, string | null];

/**
 * The catalog's listing columns for the page (catalog.listing): every brand in listing order
 * with what a result row shows, and the full-text index's words with the brands holding them.
 * One read of the catalog: ~10k brands take tens of milliseconds; the reader memoises the
 * result until the next write.
 */
export function readListingColumns(db: Db): CatalogListingColumns {
  const rows = db
    .prepare(
      `SELECT seq, id, title, status, sort_key, active_rank, removed_at IS NOT NULL, tags, categories, denomination_type,
              json_extract(data, '$.amountRestrictions.minVoucherAmount'), json_extract(data, '$.amountRestrictions.maxVoucherAmount'),
              json_extract(data, '$.amountRestrictions.denominations')
         FROM brands INDEXED BY brands_order ORDER BY active_rank, sort_key`,
    )
    .raw()
    .all() as BrandColumnsRow[];
  const columns: CatalogListingColumns = { ids: [], titles: [], folded: [], statuses: [], flags: [], tags: [], categories: [], denominationTypes: [], amounts: [], terms: [], postings: [] };
  const positionOfSeq = new Map<number, number>();
  for (const [seq, id, title, status, sortKey, activeRank, removed, tags, categories, denominationType, min, max, denominations] of rows) {
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

  db.exec(CREATE_TERMS);
  const instances = db.prepare('SELECT term, doc, col FROM temp.brands_fts_instances').raw().iterate() as IterableIterator<[string, number, string]>;
  const byTerm = new Map<string, Map<number, boolean>>();
  for (const [term, seq, column] of instances) {
    const position = positionOfSeq.get(seq);
    if (position === undefined) continue;
    let docs = byTerm.get(term);
    if (!docs) byTerm.set(term, (docs = new Map()));
    docs.set(position, docs.get(position) === true || NAMING_COLUMNS.has(column));
  }
  columns.terms = [...byTerm.keys()].sort();
  columns.postings = columns.terms.map((term) => {
    const docs = [...byTerm.get(term)!].sort((a, b) => a[0] - b[0]);
    let last = 0;
    return docs.map(([position, named]) => {
      const coded = (position - last) * 2 + (named ? 1 : 0);
      last = position;
      return coded;
    });
  });
  return columns;
}
