import type { SaleRecord } from '../orders/journal/sale-record.js';
import type { SyncProgress } from '../catalog/catalog-sync.js';
import type { WalletView } from '../wallet/wallet-service.js';

/** Everything main pushes to the renderer; the bridge contract lists the same names. */
export interface CoreEventMap {
  'sale.updated': { saleId: string; state: SaleRecord['state'] };
  'catalog.progress': SyncProgress;
  'catalog.synced': { ok: boolean; brands: number | null; message: string | null };
  'wallet.updated': WalletView;
  'session.changed': { signedIn: boolean; role: 'cashier' | 'manager' | null; reason: string | null };
  'environment.changed': { environment: string };
}

export type CoreEventName = keyof CoreEventMap;
export type CoreListener = <K extends CoreEventName>(name: K, payload: CoreEventMap[K]) => void;

export class CoreEvents {
  private readonly listeners = new Set<CoreListener>();

  emit<K extends CoreEventName>(name: K, payload: CoreEventMap[K]): void {
    for (const listener of this.listeners) {
      try {
        listener(name, payload);
      } catch {
        // A broken subscriber (a closed window) must not stop the core.
      }
    }
  }

  subscribe(listener: CoreListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
