import type { SyncProgress } from '../catalog/catalog-types.js';
import type { SaleState } from '../orders/journal/sale-state.js';
import type { Environment } from '../settings/settings-schema.js';
import type { SaleView } from './sale.js';
import type { ShiftView } from './shift.js';
import type { StaffRole } from './staff.js';
import type { WalletView } from './wallet.js';

/** Everything main pushes to the renderer, by name, with what each carries. */
export interface EventMap {
  /** A sale moved; carries the sale's view so a screen need not ask again. */
  'sale.updated': { saleId: string; state: SaleState; sale: SaleView };
  'catalog.progress': SyncProgress;
  /** Ends a sync (on demand, daily or at start-up): always after that sync's last progress event. */
  'catalog.synced': { ok: boolean; brands: number | null; message: string | null };
  /** A brand changed outside a sync (a webhook, or the fresh copy a sale fetched): its status, amounts or discount. */
  'catalog.brandUpdated': { brandId: string };
  'wallet.updated': WalletView;
  'session.changed': { signedIn: boolean; role: StaffRole | null; reason: string | null };
  'environment.changed': { environment: Environment };
  /** The counter's drawer opened, moved cash, or closed (null: no open shift). */
  'shift.changed': { shift: ShiftView | null };
}

export type EventName = keyof EventMap;
