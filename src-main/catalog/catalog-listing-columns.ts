import { z } from 'zod';
import type { Db } from '../db/database.js';
import { encodePosting, joinTexts, MAX_POSTING_CHARS, POSTINGS_SEPARATOR } from './shared/listing-codec.js';
import { INACTIVE, PRINTABLE_ASCII, REMOVED } from './shared/listing-search.js';
import type { CatalogListingColumns, ListingAmounts, ListingKind } from './shared/listing-index.js';

/** Word instances of brands_fts, read from the index itself, so the page tokenizes nothing. */
const CREATE_INSTANCES = 'CREATE VIRTUAL TABLE IF NOT EXISTS temp.brands_fts_instances USING fts5vocab(main, brands_fts, instance)';
/**
 * Per term, its instances as `seq * 2 + 1` where the column names the brand (title, tags:
 * catalog-text ftsNamedQuery), else `seq * 2`. One row per term, in term order: marshalling a
 * row per instance into JS cost 3–5 times as much (measured at 100k brands, ~900k instances).
 */
const TERM_PAGE_AFTER = `SELECT term, group_concat(doc * 2 + (col IN ('title', 'tags'))) FROM temp.brands_fts_instances WHERE term > ? GROUP BY term LIMIT ?`;
/**
 * Rows per read between event-loop turns: a page of brands ~2 ms per 250 here (quiet), a page
 * of terms a few ms per 500 at 100k brands (and sliced within, SLICE_MS); the whole read must not
 * hold main's event loop in one piece.
 */
const BRAND_PAGE = 250;
const TERM_PAGE = 500;
/** Longest stretch of work on a page of terms before an event-loop turn. */
const SLICE_MS = 8;
const COMMA = 0x2c;
const ZERO = 0x30;

const BRAND_COLUMNS = `SELECT seq, id, title, status, sort_key, active_rank, removed_at IS NOT NULL, tags, categories, denomination_type,
       json_extract(data, '$.amountRestrictions.minVoucherAmount'), json_extract(data, '$.amountRestrictions.maxVoucherAmount'),
       json_extract(data, '$.amountRestrictions.denominations')
  FROM brands INDEXED BY brands_order`;
type BrandColumnsRow = [number, string, string, string, string, number, number, string, string, string, number | null, number | null, string | null];
const denominationList = z.array(z.number());

/**
 * The catalog's listing columns for the page (catalog.listing): every brand in listing order
 * with what a result row shows, and the full-text index's words with the brands holding them,
 * in the encodings of listing-codec.ts. Read in pages, `pause()` between them; null when
 * `stale()` turned true meanwhile (a write).
 */
export async function readListingColumns(db: Db, stale: () => boolean, pause: () => Promise<void>): Promise<CatalogListingColumns | null> {
  const ids: string[] = [];
  const titles: string[] = [];
  const folded: [number, string][] = [];
  const tagLists: string[] = [];
  const kind: number[] = [];
  const kinds: ListingKind[] = [];
  const kindOf = new Map<string, number>();
  const maxSeq = (db.prepare('SELECT coalesce(max(seq), 0) FROM brands').pluck().get() as number) + 1;
  const positionOfSeq = new Int32Array(maxSeq).fill(-1);
  const first = db.prepare(`${BRAND_COLUMNS} ORDER BY active_rank, sort_key LIMIT ${BRAND_PAGE}`).raw();
  // Row-value keyset: seeks straight to the next page in the same index.
  const next = db.prepare(`${BRAND_COLUMNS} WHERE (active_rank, sort_key) > (?, ?) ORDER BY active_rank, sort_key LIMIT ${BRAND_PAGE}`).raw();
  for (let after: [number, string] | null = null; ; ) {
    if (stale()) return null;
    const page = (after ? next.all(...after) : first.all()) as BrandColumnsRow[];
    for (const [seq, id, title, status, sortKey, activeRank, removed, tags, categories, denominationType, min, max, denominations] of page) {
      const position = ids.length;
      // A brand added after maxSeq was read is a write: stale() says so before the answer goes.
      if (seq < maxSeq) positionOfSeq[seq] = position;
      ids.push(id);
      titles.push(title);
      // sort_key is the folded title, U+0001, the id (catalog-text sortKeyOf).
      const foldedTitle = sortKey.slice(0, sortKey.indexOf('\u0001'));
      if (!PRINTABLE_ASCII.test(title) || foldedTitle !== title.toLowerCase()) folded.push([position, foldedTitle]);
      tagLists.push(tags);
      const flags = (activeRank === 0 ? 0 : INACTIVE) | (removed ? REMOVED : 0);
      const key = `${status}\u0000${denominationType}\u0000${flags}\u0000${categories}\u0000${min}\u0000${max}\u0000${denominations}`;
      let k = kindOf.get(key);
      if (k === undefined) {
        k = kinds.length;
        kindOf.set(key, k);
        const amounts: ListingAmounts | null = min === null || max === null ? null : [min, max, denominations === null ? null : denominationList.parse(JSON.parse(denominations))];
        kinds.push([status, denominationType, flags, categories, amounts]);
      }
      kind.push(k);
    }
    if (page.length < BRAND_PAGE) break;
    const last = page[page.length - 1]!;
    after = [last[5], last[4]];
    await pause();
  }

  const postings = new PostingsWriter(ids.length);
  db.exec(CREATE_INSTANCES);
  const termPage = db.prepare(TERM_PAGE_AFTER).raw();
  for (let after = ''; ; ) {
    await pause();
    if (stale()) return null;
    const page = termPage.all(after, TERM_PAGE) as [string, string][];
    let sliceStart = performance.now();
    for (const [term, instances] of page) {
      // "seq*2+named,seq*2+named,…" read digit by digit: no array of pieces.
      let value = 0;
      for (let i = 0; i <= instances.length; i++) {
        const code = i < instances.length ? instances.charCodeAt(i) : COMMA;
        if (code !== COMMA) {
          value = value * 10 + (code - ZERO);
          continue;
        }
        const seq = Math.floor(value / 2);
        const position = seq < maxSeq ? positionOfSeq[seq]! : -1;
        if (position >= 0) postings.add(position, value % 2 === 1);
        value = 0;
      }
      postings.endTerm(term);
      // A page may hold words in every brand ('gift'): it is worked through in slices too.
      if (performance.now() - sliceStart > SLICE_MS) {
        await pause();
        if (stale()) return null;
        sliceStart = performance.now();
      }
    }
    if (page.length < TERM_PAGE) break;
    after = page[page.length - 1]![0];
  }
  // Joining 100k strings is ~10 ms a column: a turn between them.
  const words = postings.finish();
  await pause();
  const idColumn = joinTexts(ids);
  await pause();
  const titleColumn = joinTexts(titles);
  await pause();
  const tagColumn = joinTexts(tagLists);
  if (stale()) return null;
  return { count: ids.length, ids: idColumn, titles: titleColumn, folded, tags: tagColumn, kind, kinds, terms: joinTexts(words.terms), postings: words.postings };
}

/** Code units per String.fromCharCode call (its arguments go on the stack). */
const CHARS_PER_CALL = 4096;

/** Gathers word instances term by term into encoded posting lists. */
class PostingsWriter {
  private readonly terms: string[] = [];
  private readonly lists: string[] = [];
  private positions: number[] = [];
  /** Per position while a term is gathered: 0 absent, 1 found, 2 found in a naming column. */
  private readonly state: Uint8Array;
  /** One term's encoded list, as UTF-16 code units: at most MAX_POSTING_CHARS per brand. */
  private readonly codes: Uint16Array;

  constructor(brands: number) {
    this.state = new Uint8Array(brands);
    this.codes = new Uint16Array(Math.max(1, brands) * MAX_POSTING_CHARS);
  }

  add(position: number, named: boolean): void {
    const was = this.state[position]!;
    if (was === 0) this.positions.push(position);
    if (was !== 2) this.state[position] = named ? 2 : 1;
  }

  /** The positions added since the last call hold `term`. */
  endTerm(term: string): void {
    const count = this.positions.length;
    if (count === 0) return;
    const codes = this.codes;
    let at = 0;
    let last = 0;
    const put = (position: number) => {
      at = encodePosting((position - last) * 2 + (this.state[position] === 2 ? 1 : 0), codes, at);
      this.state[position] = 0;
      last = position;
    };
    // A word in a good share of the brands: walking the marks in order beats sorting its positions.
    if (count * 8 > this.state.length) {
      for (let position = 0; position < this.state.length; position++) if (this.state[position] !== 0) put(position);
    } else {
      for (const position of Int32Array.from(this.positions).sort()) put(position);
    }
    let list = '';
    for (let i = 0; i < at; i += CHARS_PER_CALL) list += String.fromCharCode(...codes.subarray(i, Math.min(at, i + CHARS_PER_CALL)));
    this.terms.push(term);
    this.lists.push(list);
    this.positions = [];
  }

  finish(): { terms: string[]; postings: string } {
    // FTS5 orders terms by their UTF-8 bytes, the page by UTF-16 units: they differ only past U+FFFF.
    let sorted = true;
    for (let i = 1; i < this.terms.length && sorted; i++) sorted = this.terms[i - 1]! < this.terms[i]!;
    if (sorted) return { terms: this.terms, postings: this.lists.join(POSTINGS_SEPARATOR) };
    const order = this.terms.map((_, i) => i).sort((a, b) => (this.terms[a]! < this.terms[b]! ? -1 : 1));
    return { terms: order.map((i) => this.terms[i]!), postings: order.map((i) => this.lists[i]!).join(POSTINGS_SEPARATOR) };
  }
}
