import { ListingIndex } from '../../src-main/catalog/shared/listing-index';
import { api } from '../bridge/api';

/**
 * The page's copy of the catalog's listing columns (catalog.listing), which lets the Sell
 * screen answer a search in the keystroke's own frame with main's own rules (ListingIndex).
 * Loaded after the first paint, and checked again when a sync announces itself: `version`
 * makes an unchanged catalog cost one short answer. Until it is here, and from a sync's news
 * until the check answers, main answers searches.
 */
let index: ListingIndex | null = null;
let version: string | undefined;
/** False from a catalog.synced event until the copy is checked against main again. */
let current = false;
let loading: Promise<boolean> | null = null;
/** Bumped by forgetListing(): a load started before it is dropped. */
let generation = 0;

/** The index when it answers for the catalog main holds now; null otherwise. */
export function currentListing(): ListingIndex | null {
  return current ? index : null;
}

/** Brings the copy up to date with main; resolves true when the index in use changed. */
export function refreshListing(): Promise<boolean> {
  loading ??= (async () => {
    const gen = generation;
    const result = await api('catalog.listing', version === undefined ? {} : { since: version });
    if (gen !== generation) return false;
    loading = null;
    if (!result.ok) return false;
    const wasCurrent = current;
    if (result.data.columns) {
      index = new ListingIndex(result.data.columns);
      warmFirstLetters(index);
    }
    version = result.data.version;
    current = index !== null;
    return Boolean(result.data.columns) || current !== wasCurrent;
  })();
  return loading;
}

/** Characters a search most often starts with: their matches are worked out ahead, one per task, off any keystroke's frame. */
const FIRST_CHARACTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';

function warmFirstLetters(warming: ListingIndex, at = 0): void {
  if (at >= FIRST_CHARACTERS.length || warming !== index) return;
  setTimeout(() => {
    warming.search({ text: FIRST_CHARACTERS[at]!, includeInactive: true, limit: 1 });
    warmFirstLetters(warming, at + 1);
  }, 0);
}

/** A sync changed the catalog in main: stop answering from the copy until it is checked again. */
export function listingOutdated(): void {
  current = false;
  // A load in flight may have been answered before the sync: its answer is not trusted either.
  loading = null;
  generation++;
}

/** Drops the copy (the counter was reset): nothing is answered from it until loaded again. */
export function forgetListing(): void {
  index = null;
  version = undefined;
  current = false;
  loading = null;
  generation++;
}
