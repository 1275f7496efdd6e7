import { useEffect } from 'react';
import { onEvent } from '../bridge/api';
import { useCatalogStatusStore } from '../catalog/catalog-status-store';
import { useShift } from '../drawer/shift-store';
import { useAttentionStore } from '../orders/attention-store';
import { useOrderDetailStore } from '../orders/order-detail-store';
import { useOrdersStore } from '../orders/orders-store';
import { useCatalog } from '../sell/catalog-store';
import { usePending } from '../sell/pending-store';
import { useSale } from '../sell/sale-store';
import { useShiftGate } from '../sell/shift-gate-store';
import { useWallet } from '../wallet/wallet-store';
import { useSession } from './session-store';

/**
 * Main's events, wired to the stores in this one place for the whole app (no store or screen
 * subscribes on its own); returns the unsubscribe. A store that only a screen reads decides for
 * itself whether an event is worth a call (e.g. the attention list only once it was shown).
 */
export function wireAppEvents(): () => void {
  const offs = [
    // Signing out unmounts the shell, which clears the signed-in stores (AppShell).
    onEvent('session.changed', (e) => void useSession.getState().sessionChanged(e.signedIn, e.reason)),
    // A new environment re-keys the shell: its stores are cleared and loaded again (AppShell).
    onEvent('environment.changed', () => void useSession.getState().refreshInfo()),
    // The event carries the sale's view: the strip and the result dialog update without asking again.
    onEvent('sale.updated', ({ saleId, state, sale }) => {
      usePending.getState().saleChanged(sale);
      useSale.getState().saleChanged(sale);
      useOrdersStore.getState().patchState(saleId, state);
      useAttentionStore.getState().saleChanged();
      useOrderDetailStore.getState().saleChanged(saleId);
      useShift.getState().saleChanged();
    }),
    onEvent('catalog.progress', (progress) => useCatalogStatusStore.getState().progressed(progress)),
    onEvent('catalog.synced', (e) => {
      useCatalog.getState().catalogChanged();
      if (useSession.getState().me) void useCatalog.getState().loadCategories();
      useCatalogStatusStore.getState().synced(e);
    }),
    onEvent('catalog.brandUpdated', ({ brandId }) => useCatalog.getState().brandUpdated(brandId)),
    onEvent('wallet.updated', (view) => useWallet.getState().updated(view)),
    // The drawer opened, moved cash or closed (this screen or another): one shift for the Sell
    // screen's gate, the top bar and the Drawer screen; the Drawer's own calls see the news.
    onEvent('shift.changed', ({ shift }) => {
      useShiftGate.getState().set(shift);
      useShift.getState().changed();
    }),
  ];
  return () => offs.forEach((off) => off());
}

export function useAppEvents(): void {
  useEffect(wireAppEvents, []);
}
