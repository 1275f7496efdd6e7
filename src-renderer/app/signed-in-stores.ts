import { useCatalogStatusStore } from '../catalog/catalog-status-store';
import { useShift } from '../drawer/shift-store';
import { useEndOfDay } from '../endofday/end-of-day-store';
import { useAttentionStore } from '../orders/attention-store';
import { useOrderDetailStore } from '../orders/order-detail-store';
import { useOrdersStore } from '../orders/orders-store';
import { useSummaryStore } from '../orders/summary-store';
import { useCatalog } from '../sell/catalog-store';
import { usePending } from '../sell/pending-store';
import { useSale } from '../sell/sale-store';
import { useShiftGate } from '../sell/shift-gate-store';
import { useSettingsStore } from '../settings/settings-store';
import { useStoreCounters } from '../store/store-counters-store';
import { useWallet } from '../wallet/wallet-store';

/**
 * What the shell needs from the first moment of a session: sales left unfinished (even before a
 * reload) for the Pending strip, the wallet for the low-balance banner, the drawer for the
 * header's "Drawer open since …", and the settings (under B2C the sell screen requires the
 * customer's details).
 */
export function loadSignedInStores(sells: boolean): void {
  if (sells) {
    void usePending.getState().load();
    void useShift.getState().load();
  }
  void useWallet.getState().start();
  void useSettingsStore.getState().load();
}

/** Clears everything a signed-in person saw: the next person, or the next environment, starts clean. */
export function resetSignedInStores(): void {
  useSale.getState().reset();
  useCatalog.getState().reset();
  usePending.getState().reset();
  useWallet.getState().reset();
  useSettingsStore.getState().reset();
  useOrdersStore.getState().reset();
  useAttentionStore.getState().reset();
  useOrderDetailStore.getState().close();
  useSummaryStore.getState().reset();
  useCatalogStatusStore.getState().reset();
  useShift.getState().reset();
  useShiftGate.getState().reset();
  useEndOfDay.getState().reset();
  useStoreCounters.getState().reset();
}
