import { useCallback, useEffect, useRef, useState } from 'react';
import type { ListedBrand } from '../../src-main/catalog/shared/listing-index';
import type { BridgeError } from '../bridge/api';
import { unavailableReason } from './brand-availability';
import { useCatalog } from './catalog-store';
import { useSale } from './sale-store';
import { brandForEnter } from './brand-match';
import { catalogQuery } from './catalog-query';
import { afterPaint } from '../ui/after-paint';
import { Empty, ErrorNotice } from '../ui/Notice';
import { BrandList, visibleBrands } from './BrandList';
import { BrandPanel } from './BrandPanel';
import { BrandSearch } from './BrandSearch';
import { CategoryChips } from './CategoryChips';
import { ConfirmDialog } from './ConfirmDialog';
import { PendingStrip } from './PendingStrip';
import './sell.css';
import { ResultDialog } from './ResultDialog';
import { ShiftGate } from './ShiftGate';
import { useShiftGate } from './shift-gate-store';
import { useSellKeys } from './useSellKeys';

/** Typing paused this long: the brand Enter would open is fetched whole. */
const PREFETCH_AFTER_MS = 120;

/**
 * The cashier's screen. A repeat sale of a recent FIXED brand, keyboard only, from here to
 * the printer: Enter (first recent brand) · digit (denomination) · Enter (review) · Enter
 * (confirm, a fresh press) · Enter (print) — five keys; focus starts in the search box.
 */
export function SellScreen() {
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const reviewRef = useRef<HTMLButtonElement>(null);
  const brand = useSale((s) => s.brand);
  const phase = useSale((s) => s.phase);
  const result = useSale((s) => s.result);
  const selectBrand = useSale((s) => s.selectBrand);
  // Not yet known (undefined): the screen is shown as usual; main refuses a sale without a shift anyway.
  const noShift = useShiftGate((s) => s.shift === null);
  useSellKeys(searchRef, reviewRef);

  useEffect(() => {
    void useShiftGate.getState().load();
    // The lists are asked for once the search box is painted: their answers, and the rows they
    // draw, would otherwise land ahead of that first frame. Then the listing columns (≈ 2 MB at
    // 10k brands), which make search answer in the page.
    return afterPaint(() => {
      const catalog = useCatalog.getState();
      void catalog.search();
      void catalog.loadCategories();
      void catalog.loadRecents();
      void catalog.loadListing();
    });
  }, []);

  // The brand Enter would open, fetched whole once typing pauses, so Enter opens it at once.
  const results = useCatalog((s) => s.results);
  useEffect(() => {
    const first = results.find((entry) => unavailableReason(entry) === null);
    if (!first) return;
    const timer = setTimeout(() => void useCatalog.getState().fullBrand(first), PREFETCH_AFTER_MS);
    return () => clearTimeout(timer);
  }, [results]);

  const brandId = brand?.brand.id ?? null;
  useEffect(() => {
    if (brandId === null && !noShift) searchRef.current?.focus();
  }, [brandId, noShift]);

  /** Why the last brand picked could not be opened; cleared by the next pick. */
  const [openError, setOpenError] = useState<BridgeError | null>(null);
  const picks = useRef(0);
  // Stable, so memoised list items stay untouched. A listed brand carries only what its row
  // shows: the sale panel gets the whole brand (held from main's answers, or asked for).
  const pick = useCallback(
    async (entry: ListedBrand) => {
      const mine = ++picks.current;
      setOpenError(null);
      const whole = await useCatalog.getState().fullBrand(entry);
      if (mine !== picks.current) return;
      if (whole.ok) selectBrand(whole.brand);
      else setOpenError(whole.error);
    },
    [selectBrand],
  );
  const onPick = useCallback((entry: ListedBrand) => void pick(entry), [pick]);
  /** Enter in the search box: true when it opened a brand (brand-match.ts says which). */
  const pickFirst = async (): Promise<boolean> => {
    await useCatalog.getState().flush();
    const catalog = useCatalog.getState();
    const { recents, results } = visibleBrands(catalog);
    const first = brandForEnter([...recents, ...results], catalogQuery(catalog.text, catalog.category).terms);
    if (first) await pick(first);
    return first !== null;
  };

  return (
    <div className="sell">
      <h1 className="visually-hidden">Sell</h1>
      <PendingStrip />
      {noShift ? (
        <ShiftGate />
      ) : (
        <div className="sell__columns">
          <section className="sell__browse card" aria-label="Brands">
            <BrandSearch inputRef={searchRef} onPickFirst={pickFirst} onFocusList={() => listRef.current?.querySelector<HTMLElement>('[data-brand-item]')?.focus()} />
            <CategoryChips />
            <BrandList listRef={listRef} selectedId={brandId} onPick={onPick} onLeaveTop={() => searchRef.current?.focus()} />
          </section>
          <section className="sell__panel card" aria-label="Sale">
            {brand ? (
              <BrandPanel reviewRef={reviewRef} />
            ) : (
              <div className="sell__start">
                {openError && <ErrorNotice error={openError} title="That brand could not be opened" />}
                <Empty>
                  Pick a brand to start a sale: type its name, or press <kbd>Enter</kbd> for the first one listed.
                </Empty>
              </div>
            )}
          </section>
        </div>
      )}
      {(phase === 'confirm' || phase === 'placing') && <ConfirmDialog />}
      {result && <ResultDialog />}
    </div>
  );
}
