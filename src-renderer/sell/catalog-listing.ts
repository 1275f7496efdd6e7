import { ListingIndex } from '../../src-main/catalog/shared/listing-index';
import { api } from '../bridge/api';

/**
 * The page's copy of the catalog's listing columns (catalog.listing), which lets the Sell
 * screen answer a search in the keystroke's own frame with main's own rules (ListingIndex).
 * Loaded after the first paint, and checked again when main announces a change (a sync, a
 * brand updated by a webhook): `version` makes an unchanged catalog cost one short answer.
 * Until it is here, and from the news until the check answers, main answers searches.
 */
let index: ListingIndex | null = null;
let version: string | undefined;
/** False from a change's news until the copy is checked against main again. */
let current = false;
let loading: Promise<boolean> | null = null;
/** News came while a check was in flight: its answer may predate the change, so it is checked once more. */
let newsDuringCheck = false;
/** Bumped by forgetListing(): a load started before it is dropped. */
let generation = 0;

/** The index when it answers for the catalog main holds now; null otherwise. */
export function currentListing(): ListingIndex | null {
  return current ? index : null;
}

/** Brings the copy up to date with main; resolves true when the index in use changed. */
export function refreshListing(): Promise<boolean> {
  if (!loading) {
    const checking = check().finally(() => {
      if (loading === checking) loading = null;
    });
    loading = checking;
  }
  return loading;
}

/** Asks main until an answer comes with no news meanwhile: a burst of changes costs two checks, not one each. */
async function check(): Promise<boolean> {
  const gen = generation;
  const wasCurrent = current;
  let changed = false;
  for (;;) {
    newsDuringCheck = false;
    const result = await api('catalog.listing', version === undefined ? {} : { since: version });
    if (gen !== generation) return false;
    if (!result.ok) break;
    if (result.data.columns) {
      index = new ListingIndex(result.data.columns);
      warmFirstLetters(index);
      changed = true;
    }
    version = result.data.version;
    if (!newsDuringCheck) {
      current = index !== null;
      break;
    }
  }
  return changed || current !== wasCurrent;
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

/** The catalog changed in main: stop answering from the copy until it is checked again. */
export function listingOutdated(): void {
  current = false;
  if (loading) newsDuringCheck = true;
}

/** Drops the copy (the counter was reset): nothing is answered from it until loaded again. */
export function forgetListing(): void {
  index = null;
  version = undefined;
  current = false;
  loading = null;
  newsDuringCheck = false;
  generation++;
}
