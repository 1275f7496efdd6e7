import { useEffect, type RefObject } from 'react';
import { useSale } from './sale-store';
import { pickDenomination } from './sale-draft';

const isEditable = (el: Element | null): boolean =>
  el instanceof HTMLTextAreaElement ||
  el instanceof HTMLSelectElement ||
  (el instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(el.type)) ||
  (el instanceof HTMLElement && el.isContentEditable);

/**
 * The sell screen's keys, outside dialogs (dialogs handle their own keys): `/` outside text
 * fields focuses the search, and in the search box it is not typed (search words are letters
 * and digits, so a `/` finds nothing); digits 1–9 outside text fields add one voucher of the
 * Nth denomination (then focus Review, so Enter reviews); Esc closes the brand and returns to
 * the search, from the search box too.
 */
export function useSellKeys(searchRef: RefObject<HTMLInputElement | null>, reviewRef: RefObject<HTMLButtonElement | null>) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (document.querySelector('dialog[open]')) return;
      const editing = isEditable(document.activeElement);
      const inSearch = searchRef.current !== null && document.activeElement === searchRef.current;
      const sale = useSale.getState();
      if (event.key === '/' && (!editing || inSearch)) {
        event.preventDefault();
        if (inSearch) return;
        searchRef.current?.focus();
        searchRef.current?.select();
      } else if (/^[1-9]$/.test(event.key) && !editing && sale.draft?.fixed && sale.phase === 'editing') {
        const n = Number(event.key);
        if (n > sale.draft.denominations.length) return;
        event.preventDefault();
        sale.edit((d) => pickDenomination(d, n));
        reviewRef.current?.focus();
      } else if (event.key === 'Escape' && sale.brand) {
        event.preventDefault();
        sale.closeBrand();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [searchRef, reviewRef]);
}
