import { useEffect, type RefObject } from 'react';
import { useSale } from './sale-store';
import { pickDenomination } from './sale-draft';

const isEditable = (el: Element | null): boolean =>
  el instanceof HTMLTextAreaElement ||
  el instanceof HTMLSelectElement ||
  (el instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(el.type)) ||
  (el instanceof HTMLElement && el.isContentEditable);

/**
 * The sell screen's keys, outside text fields and dialogs (dialogs handle their own keys):
 * `/` focuses the search, digits 1–9 add one voucher of the Nth denomination (then focus
 * Review, so Enter reviews), Esc closes the brand and returns to the search.
 */
export function useSellKeys(searchRef: RefObject<HTMLInputElement | null>, reviewRef: RefObject<HTMLButtonElement | null>) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (document.querySelector('dialog[open]')) return;
      const editing = isEditable(document.activeElement);
      const sale = useSale.getState();
      if (event.key === '/' && !editing) {
        event.preventDefault();
        searchRef.current?.focus();
        searchRef.current?.select();
      } else if (/^[1-9]$/.test(event.key) && !editing && sale.draft?.fixed && sale.phase === 'editing') {
        const n = Number(event.key);
        if (n > sale.draft.denominations.length) return;
        event.preventDefault();
        sale.edit((d) => pickDenomination(d, n));
        reviewRef.current?.focus();
      } else if (event.key === 'Escape' && sale.brand && document.activeElement !== searchRef.current) {
        event.preventDefault();
        sale.closeBrand();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [searchRef, reviewRef]);
}
