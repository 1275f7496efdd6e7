import { create } from 'zustand';
import { api, type BridgeError } from '../app/api';
import type { CatalogBrand, CategoryCount } from '../bridge/api-types';

export interface RecentBrand {
  id: string;
  title: string;
}

const RECENTS_KEY = 'pos.recentBrands';
const RECENTS_MAX = 8;
const SEARCH_LIMIT = 60;
export const SEARCH_DEBOUNCE_MS = 80;

type Status = 'idle' | 'loading' | 'ready' | 'error';

interface CatalogState {
  text: string;
  category: string | null;
  results: CatalogBrand[];
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
  search(): Promise<void>;
  /** Runs a search that is waiting for the typing to pause, now; resolves when the list is current. */
  flush(): Promise<void>;
  loadCategories(): Promise<void>;
  loadRecents(): Promise<void>;
  rememberSold(brand: RecentBrand): void;
  /** Back to browsing (empty search, no category): recent brands show again. */
  clearQuery(): void;
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

let searchSeq = 0;
let debounce: ReturnType<typeof setTimeout> | null = null;

export const useCatalog = create<CatalogState>()((set, get) => ({
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
    if (debounce) clearTimeout(debounce);
    // Typing shows "searching" at once; the call goes out when the typing pauses.
    set({ status: 'loading' });
    debounce = setTimeout(() => void get().search(), SEARCH_DEBOUNCE_MS);
  },

  setCategory(category) {
    set({ category });
    if (debounce) clearTimeout(debounce);
    void get().search();
  },

  async search() {
    const seq = ++searchSeq;
    const { text, category } = get();
    set({ status: 'loading' });
    const payload: Record<string, unknown> = { includeInactive: true, limit: SEARCH_LIMIT };
    if (text.trim()) payload.text = text.trim().slice(0, 100);
    if (category) payload.category = category;
    const result = await api('catalog.search', payload);
    // A newer keystroke already asked again: this answer is stale, drop it.
    if (seq !== searchSeq) return;
    if (result.ok) set({ results: result.data.brands, status: 'ready', error: null });
    else set({ status: 'error', error: result.error });
  },

  async flush() {
    if (get().status !== 'loading') return;
    if (debounce) clearTimeout(debounce);
    debounce = null;
    await get().search();
  },

  async loadCategories() {
    set({ categoriesStatus: 'loading' });
    const result = await api('catalog.categories');
    set(result.ok ? { categories: result.data.categories, categoriesStatus: 'ready' } : { categoriesStatus: 'error' });
  },

  async loadRecents() {
    const recents = get().recents;
    const found = await Promise.all(recents.map((r) => api('catalog.brand', { productId: r.id })));
    const recentBrands = found.flatMap((r) => (r.ok ? [r.data] : []));
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
    if (debounce) clearTimeout(debounce);
    void get().search();
  },

  reset() {
    if (debounce) clearTimeout(debounce);
    searchSeq++;
    set({ text: '', category: null, results: [], status: 'idle', error: null });
  },
}));

/** Why a brand cannot be sold now, or null when it can. */
export function unavailableReason(entry: CatalogBrand): string | null {
  if (entry.removed) return 'Removed from the catalog — no longer sold';
  if (entry.brand.status !== 'ACTIVE') return `${entry.brand.status === 'INACTIVE' ? 'Inactive' : entry.brand.status} — cannot be sold now`;
  if (!entry.brand.amountRestrictions) return 'No amount rules from the service — cannot be ordered';
  return null;
}
