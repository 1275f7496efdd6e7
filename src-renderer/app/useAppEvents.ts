import { useEffect } from 'react';
import { usePending } from '../sell/pending-store';
import { useCatalog } from '../stores/catalog-store';
import { useSale } from '../stores/sale-store';
import { useSession } from '../stores/session-store';
import { onEvent } from '../bridge/api';

/** Clears everything a signed-in person saw: the next person starts clean. */
export function resetSellStores(): void {
  useSale.getState().reset();
  useCatalog.getState().reset();
  usePending.getState().reset();
}

/**
 * Main's events, wired once for the whole app: the session (lock, sign-out), the environment
 * (training ↔ staging), and sale updates for the Pending strip and the result dialog.
 */
export function useAppEvents(): void {
  useEffect(() => {
    const offs = [
      onEvent('session.changed', (e) => {
        if (!e.signedIn) resetSellStores();
        void useSession.getState().sessionChanged(e.signedIn, e.reason);
      }),
      onEvent('environment.changed', () => {
        resetSellStores();
        void useSession.getState().refreshInfo();
        if (useSession.getState().me) void usePending.getState().load();
      }),
      // The event carries the sale's view: the strip and the result dialog update without asking again.
      onEvent('sale.updated', ({ sale }) => {
        usePending.getState().saleChanged(sale);
        useSale.getState().saleChanged(sale);
      }),
      onEvent('catalog.synced', () => {
        useCatalog.getState().catalogChanged();
        if (useSession.getState().me) void useCatalog.getState().loadCategories();
      }),
    ];
    return () => offs.forEach((off) => off());
  }, []);
}
