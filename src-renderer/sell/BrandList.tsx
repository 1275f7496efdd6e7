import { memo, useEffect, useMemo, useState, type KeyboardEvent, type RefObject } from 'react';
import type { ListedBrand } from '../../src-main/catalog/shared/listing-index';
import { afterPaint } from '../ui/after-paint';
import { unavailableReason } from './brand-availability';
import { useCatalog } from './catalog-store';
import { categoryName } from '../ui/category-names';
import { formatRupees } from '../ui/format';
import { Empty, ErrorNotice, Loading } from '../ui/Notice';
import { BrandLogo } from './BrandLogo';

interface Props {
  listRef: RefObject<HTMLDivElement | null>;
  selectedId: string | null;
  onPick: (entry: ListedBrand) => void;
  onLeaveTop: () => void;
}

/** Nothing typed and no category: the cashier is browsing, and recent brands come first. */
const isBrowsing = (text: string, category: string | null) => text.trim() === '' && category === null;

function splitRecents(browsing: boolean, results: ListedBrand[], recentBrands: ListedBrand[]): { recents: ListedBrand[]; results: ListedBrand[] } {
  const recents = browsing ? recentBrands : [];
  const recentIds = new Set(recents.map((r) => r.brand.id));
  return { recents, results: results.filter((r) => !recentIds.has(r.brand.id)) };
}

/** What the list shows now: recent brands first when nothing is typed, then the results. */
export function visibleBrands(state: { text: string; category: string | null; results: ListedBrand[]; recentBrands: ListedBrand[] }): { recents: ListedBrand[]; results: ListedBrand[] } {
  return splitRecents(isBrowsing(state.text, state.category), state.results, state.recentBrands);
}

function priceHint(entry: ListedBrand): string {
  const r = entry.brand.amountRestrictions;
  if (!r) return '';
  if (entry.brand.denominationType === 'FIXED' && r.denominations?.length) return r.denominations.slice(0, 5).map(formatRupees).join(' · ');
  return `${formatRupees(r.minVoucherAmount)} – ${formatRupees(r.maxVoucherAmount)}`;
}

/** Memoised: a keystroke re-renders the list, but an item only when its brand or selection changed. */
const BrandItem = memo(function BrandItem({ entry, selected, onPick }: { entry: ListedBrand; selected: boolean; onPick: (e: ListedBrand) => void }) {
  const reason = unavailableReason(entry);
  const b = entry.brand;
  return (
    <li>
      <button
        type="button"
        className="brand-item"
        data-brand-item=""
        aria-disabled={reason ? true : undefined}
        aria-current={selected || undefined}
        onClick={() => !reason && onPick(entry)}
      >
        <BrandLogo productId={b.id} kind="thumbnail" title={b.title} size="small" decorative />
        <span className="brand-item__text">
          <span className="brand-item__title">{b.title}</span>
          <span className="brand-item__meta">{reason ?? `${b.categories.map(categoryName).slice(0, 2).join(', ')} · ${priceHint(entry)}`}</span>
        </span>
      </button>
    </li>
  );
});

/** Rows drawn in a keystroke's frame before the list's height is known: a tall window's worth. */
const ROWS_BEFORE_MEASURED = 16;
/** .brand-item's min-height plus the list's gap, in px: the shortest a row can be. */
const MIN_ROW_PX = 60 + 5;

/** How many rows fit in the list's box (at least one more, for a partly shown last row); follows window resizes. */
function useRowsInView(listRef: RefObject<HTMLDivElement | null>): number {
  const [rows, setRows] = useState(ROWS_BEFORE_MEASURED);
  useEffect(() => {
    const measure = () => {
      const height = listRef.current?.clientHeight ?? 0;
      if (height > 0) setRows(Math.ceil(height / MIN_ROW_PX) + 1);
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [listRef]);
  return rows;
}

/**
 * The rows in view first, the rest after the frame is painted: a keystroke's frame draws only
 * what the cashier can see, and the rest of the list (for scrolling and ↓) follows a frame later.
 */
function useRowsInViewFirst<T>(items: T[], inView: number): T[] {
  const [whole, setWhole] = useState<T[] | null>(null);
  useEffect(() => {
    if (items.length <= inView) return;
    return afterPaint(() => setWhole(items));
  }, [items, inView]);
  return useMemo(() => (whole === items || items.length <= inView ? items : items.slice(0, inView)), [whole, items, inView]);
}

export function BrandList({ listRef, selectedId, onPick, onLeaveTop }: Props) {
  // Field by field: the list re-renders for what it shows, not for every change in the store.
  const text = useCatalog((s) => s.text);
  const category = useCatalog((s) => s.category);
  const found = useCatalog((s) => s.results);
  const recentBrands = useCatalog((s) => s.recentBrands);
  const status = useCatalog((s) => s.status);
  const error = useCatalog((s) => s.error);
  const search = useCatalog((s) => s.search);
  const browsing = isBrowsing(text, category);
  const { recents, results } = useMemo(() => splitRecents(browsing, found, recentBrands), [browsing, found, recentBrands]);
  const rowsInView = useRowsInView(listRef);
  const drawn = useRowsInViewFirst(results, Math.max(0, rowsInView - recents.length));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(listRef.current?.querySelectorAll<HTMLElement>('[data-brand-item]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
    const move = (to: number) => {
      event.preventDefault();
      if (to < 0) return onLeaveTop();
      items[Math.min(to, items.length - 1)]?.focus();
    };
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(items.length - 1);
  };

  return (
    <div className="brand-list" ref={listRef} onKeyDown={onKeyDown}>
      {recents.length > 0 && (
        <section aria-labelledby="recent-heading">
          <h2 id="recent-heading" className="list-heading">
            Recent brands
          </h2>
          <ul className="brand-items">
            {recents.map((e) => (
              <BrandItem key={e.brand.id} entry={e} selected={e.brand.id === selectedId} onPick={onPick} />
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="results-heading" aria-busy={status === 'loading'}>
        <h2 id="results-heading" className="list-heading">
          {!browsing ? `Brands found: ${results.length}` : 'All brands'}
        </h2>
        {status === 'error' && error ? (
          <ErrorNotice error={error} title="The brand list could not be loaded" onRetry={() => void search()} />
        ) : status === 'loading' && results.length === 0 ? (
          <Loading label="Searching the catalog…" />
        ) : results.length === 0 && status === 'ready' ? (
          <Empty>{text.trim() ? `No brand matches “${text.trim()}”. Check the spelling or try a category.` : 'No brands in the catalog yet. A manager can sync it from the Catalog screen.'}</Empty>
        ) : (
          <ul className="brand-items">
            {drawn.map((e) => (
              <BrandItem key={e.brand.id} entry={e} selected={e.brand.id === selectedId} onPick={onPick} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
