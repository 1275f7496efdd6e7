import { create } from 'zustand';
import { api, type BridgeError } from '../bridge/api';
import type { CatalogBrand, CategoryCount } from '../bridge/contract';
import type { ListedBrand } from '../../src-main/catalog/shared/listing-index';
import { rankByMatch } from './brand-match';
import { currentListing, forgetListing, listingOutdated, refreshListing } from './catalog-listing';
import { AnswerCache, catalogQuery, SEARCH_LIMIT, type CatalogQuery } from './catalog-query';

export interface RecentBrand {
  id: string;
  title: string;
}

const RECENTS_KEY = 'pos.recentBrands';
const RECENTS_MAX = 8;

type Status = 'idle' | 'loading' | 'ready' | 'error';

interface CatalogState {
  text: string;
  category: string | null;
  /** The search's answer ranked by where the words matched (brand-match.ts): named brands first. */
  results: ListedBrand[];
  /** 'loading': the list does not answer the text and category yet (aria-busy on the list). */
  status: Status;
  error: BridgeError | null;
  categories: CategoryCount[];
  categoriesStatus: Status;
  /** Last brands sold at this counter, newest first (ids and titles only). */
  recents: RecentBrand[];
  /** Recent brands resolved against the catalog, so their status shows (INACTIVE, removed). */
  recentBrands: CatalogBrand[];
  setText(text: string): void;
  setCategory(category: string | null): void;
  /** Asks main again for the current text and category (first load, Try again). */
  search(): Promise<void>;
  /** Resolves once the list answers the current text and category (or failed to). */
  flush(): Promise<void>;
  loadCategories(): Promise<void>;
  /** Fetches the listing columns the page searches itself (after the first paint; again after a sync). */
  loadListing(): Promise<void>;
  /** The whole brand behind a listed one, for the sale panel: held, or asked of main. */
  fullBrand(entry: ListedBrand): Promise<{ ok: true; brand: CatalogBrand } | { ok: false; error: BridgeError }>;
  loadRecents(): Promise<void>;
  rememberSold(brand: RecentBrand): void;
  /** Back to browsing (empty search, no category): recent brands show again. */
  clearQuery(): void;
  /** The catalog changed in main (a sync): answers held here are no longer trusted. */
  catalogChanged(): void;
  /** Main changed one brand outside a sync (a webhook): as catalogChanged, and recent brands show its new status. */
  brandUpdated(brandId: string): void;
  reset(): void;
}

function readRecents(): RecentBrand[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(RECENTS_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((r): r is RecentBrand => typeof r?.id === 'string' && typeof r?.title === 'string').slice(0, RECENTS_MAX);
  } catch {
    return [];
  }
}

/**
 * Search as you type, answered in the page: once the listing columns are here (catalog-listing.ts)
 * the list for any text whose words are plain ASCII is worked out in the keystroke's own task
 * with main's rules, and painted in its frame; nothing is sent. Otherwise main answers: at most
 * one search in flight, the latest text sent when the answer is back, and recent answers kept,
 * so one that already tells the list for the new text exactly (see catalog-query.ts) is shown at once.
 */
const answers = new AnswerCache();
let inFlight = false;
/** The last ranking, so an unchanged answer keeps its array (the list re-renders on a new one). */
let lastRanked: { brands: readonly ListedBrand[]; key: string; ranked: ListedBrand[] } | null = null;
/** Whole brands main sent (answers, recents, opened brands), by id, until the catalog changes. */
const wholeBrands = new Map<string, CatalogBrand>();

/** Main's order and the page's both list named brands first; what the page shows is ranked finer. */
function ranked(brands: readonly ListedBrand[], query: CatalogQuery): ListedBrand[] {
  const same = lastRanked?.key === query.key && lastRanked.brands.length === brands.length && lastRanked.brands.every((b, i) => b === brands[i]);
  if (!same) lastRanked = { brands, key: query.key, ranked: rankByMatch([...brands], query.terms) };
  return lastRanked!.ranked;
}

function holdWhole(brands: readonly CatalogBrand[]): void {
  for (const b of brands) wholeBrands.set(b.brand.id, b);
}

/** The list for `query` from the page's listing index; null when it cannot tell it. */
function fromListing(query: CatalogQuery): ListedBrand[] | null {
  const listing = currentListing();
  if (!listing || !listing.answers(query.text)) return null;
  const payload = { text: query.text, category: query.category ?? undefined, includeInactive: true, limit: SEARCH_LIMIT };
  return listing.search(payload).map((position) => listing.row(position));
}
/** Bumped by reset(): an answer to a search made before it is dropped. */
let generation = 0;

export const useCatalog = create<CatalogState>()((set, get) => {
  const current = () => catalogQuery(get().text, get().category);

  /** Brings the list up to date with the text and category: from the last answer, or by asking main. */
  const update = (force = false) => {
    const query = current();
    const answer = fromListing(query) ?? (force ? null : answers.answer(query));
    if (answer) {
      const known = ranked(answer, query);
      if (get().results !== known || get().status !== 'ready') set({ results: known, status: 'ready', error: null });
      return Promise.resolve();
    }
    if (get().status !== 'loading') set({ status: 'loading' });
    return inFlight ? Promise.resolve() : ask(query);
  };

  const ask = async (query: CatalogQuery): Promise<void> => {
    const gen = generation;
    inFlight = true;
    const payload: Record<string, unknown> = { includeInactive: true, limit: SEARCH_LIMIT };
    if (query.text) payload.text = query.text;
    if (query.category) payload.category = query.category;
    const result = await api('catalog.search', payload);
    if (gen !== generation) return;
    inFlight = false;
    if (result.ok) {
      answers.put({ query, brands: result.data.brands, limit: SEARCH_LIMIT });
      holdWhole(result.data.brands);
    }
    if (current().key === query.key) {
      if (result.ok) set({ results: ranked(result.data.brands, query), status: 'ready', error: null });
      else set({ status: 'error', error: result.error });
      return;
    }
    // The text moved on while this was in flight: answer it from here, or ask for it now.
    await update();
  };

  return {
    text: '',
    category: null,
    results: [],
    status: 'idle',
    error: null,
    categories: [],
    categoriesStatus: 'idle',
    recents: readRecents(),
    recentBrands: [],

    setText(text) {
      set({ text });
      void update();
    },

    setCategory(category) {
      set({ category });
      void update();
    },

    search() {
      return update(true);
    },

    flush() {
      if (get().status !== 'loading') return Promise.resolve();
      return new Promise<void>((resolve) => {
        const off = useCatalog.subscribe((s) => {
          if (s.status === 'loading') return;
          off();
          resolve();
        });
      });
    },

    async loadCategories() {
      set({ categoriesStatus: 'loading' });
      const result = await api('catalog.categories');
      set(result.ok ? { categories: result.data.categories, categoriesStatus: 'ready' } : { categoriesStatus: 'error' });
    },

    async loadListing() {
      if (await refreshListing()) void update();
    },

    async fullBrand(entry) {
      const held = wholeBrands.get(entry.brand.id);
      if (held) return { ok: true, brand: held };
      const result = await api('catalog.brand', { productId: entry.brand.id });
      if (!result.ok) return { ok: false, error: result.error };
      holdWhole([result.data]);
      return { ok: true, brand: result.data };
    },

    async loadRecents() {
      const recents = get().recents;
      const found = await Promise.all(recents.map((r) => api('catalog.brand', { productId: r.id })));
      const recentBrands = found.flatMap((r) => (r.ok ? [r.data] : []));
      holdWhole(recentBrands);
      if (recents === get().recents) set({ recentBrands });
    },

    rememberSold(brand) {
      const recents = [brand, ...get().recents.filter((r) => r.id !== brand.id)].slice(0, RECENTS_MAX);
      try {
        localStorage.setItem(RECENTS_KEY, JSON.stringify(recents));
      } catch {
        // Private mode or a full quota: recents then last only for this session.
      }
      set({ recents });
      void get().loadRecents();
    },

    clearQuery() {
      if (get().text === '' && get().category === null) return;
      set({ text: '', category: null });
      void update();
    },

    catalogChanged() {
      answers.clear();
      wholeBrands.clear();
      listingOutdated();
      // The Sell screen has searched since sign-in: its copy of the listing is checked again now.
      if (get().status !== 'idle') void get().loadListing();
    },

    brandUpdated(brandId) {
      get().catalogChanged();
      if (get().recentBrands.some((b) => b.brand.id === brandId)) void get().loadRecents();
    },

    reset() {
      generation++;
      inFlight = false;
      answers.clear();
      wholeBrands.clear();
      forgetListing();
      set({ text: '', category: null, results: [], status: 'idle', error: null });
    },
  };
});
