import type { BrandListPage, KnownEntry, PartnerBrand, SplitBrandPage } from '../partner-api/types.js';
import { brandColumns, contentHash, type BrandColumns } from './catalog-text.js';

/**
 * A brand as a replacement diffs it: its id and content hash, and the columns of its row,
 * derived only if it is written.
 */
export interface IncomingBrand {
  readonly id: string;
  readonly hash: string;
  columns(): BrandColumns;
}

/** A parsed brand, hashed when first asked (a whole list handed to `add` is hashed brand by brand, between the writer's pauses). */
export function incomingBrand(brand: PartnerBrand): IncomingBrand {
  let hash: string | undefined;
  return {
    id: brand.id,
    get hash() {
      return (hash ??= contentHash(brand));
    },
    columns() {
      return brandColumns(brand, this.hash);
    },
  };
}

type Skipped = BrandListPage['skipped'][number];

/**
 * What a products page's entries were read into ahead of the write, off the main thread
 * (brand-page-prep-worker.ts): per entry, its row's columns (with its content hash), or why it
 * was skipped; undefined for an entry not read ahead (its bytes matched the entry the last sync
 * saw at its place, so the writer will most likely take it unparsed).
 */
export type PreparedEntries = readonly (BrandColumns | Skipped | undefined)[];

/**
 * A split page whose changed entries are being read ahead: `prepared` settles after the split
 * itself (null: not read ahead after all); `read` still parses any entry on the spot.
 */
export interface PreparedBrandPage extends SplitBrandPage {
  readonly prepared: Promise<PreparedEntries | null>;
}

function isPrepared(split: SplitBrandPage): split is PreparedBrandPage {
  return 'prepared' in split;
}

/**
 * The entries `wanted` picks, in page order, as brands to diff (each with its index) or skipped
 * ones: taken from what was read ahead where there is one, parsed now otherwise. Until what was
 * read ahead is in, `whileWaiting` is called once per event-loop turn (work done in small slices;
 * false: none left).
 */
export async function readIncoming(
  split: SplitBrandPage,
  wanted: (index: number) => boolean,
  whileWaiting: () => boolean = () => false,
): Promise<{ brands: (IncomingBrand & { index: number })[]; skipped: Skipped[] }> {
  const brands: (IncomingBrand & { index: number })[] = [];
  const skipped: Skipped[] = [];
  if (isPrepared(split)) {
    let ready = false;
    void split.prepared.then(() => (ready = true));
    // An answer already in settles in this turn's microtasks: no slice is taken for it.
    await null;
    while (!ready && whileWaiting()) await new Promise((resolve) => setImmediate(resolve));
  }
  const prepared = (isPrepared(split) ? await split.prepared : null) ?? [];
  const rest = new Set<number>();
  for (let index = 0; index < split.entryHashes.length; index++) {
    if (!wanted(index)) continue;
    const entry = prepared[index];
    if (entry === undefined) rest.add(index);
    else if ('reason' in entry) skipped.push(entry);
    else brands.push({ id: entry.id, hash: entry.hash, index, columns: () => entry });
  }
  if (rest.size > 0) {
    const read = split.read((index) => rest.has(index));
    for (const { brand, index } of read.brands) brands.push(Object.assign(incomingBrand(brand), { index }));
    skipped.push(...read.skipped);
    brands.sort((a, b) => a.index - b.index);
    skipped.sort((a, b) => a.index - b.index);
  }
  return { brands, skipped };
}

/**
 * Reads ahead the entries of a split page that did not match the entry the last sync saw at
 * their place (`known`): parsed, validated, hashed and turned into row columns, all that a
 * write needs short of the write. Pure: the worker runs it on pages the main thread fetched.
 */
export function prepareEntries(split: SplitBrandPage, known: readonly KnownEntry[] | null): PreparedEntries {
  const prepared: (BrandColumns | Skipped | undefined)[] = new Array<undefined>(split.entryHashes.length).fill(undefined);
  const read = split.read((index) => known?.[index]?.hash !== split.entryHashes[index]);
  for (const { brand, index } of read.brands) {
    try {
      prepared[index] = brandColumns(brand, contentHash(brand));
    } catch {
      // Left to the main thread, whose write refuses the page with the error.
    }
  }
  for (const entry of read.skipped) prepared[entry.index] = entry;
  return prepared;
}
