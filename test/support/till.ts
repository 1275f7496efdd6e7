import type { Db } from '../../src-main/db/database.js';
import type { PayWith } from '../../src-main/orders/sales/sale-service.js';
import { NO_OPEN_SHIFT, type ShiftService } from '../../src-main/till/shift-service.js';
import { TillStore } from '../../src-main/till/till-store.js';

/** The default tender: the customer pays exactly what they owe, in cash (what the 5-key sale sends). */
export const exactCash = (amountPaise: number): PayWith => ({ tenders: [{ method: 'CASH', amountPaise }] });

/** The bridge's tenders field for the same. */
export const cashTenders = (amountPaise: number) => [{ method: 'CASH' as const, amountPaise }];

/** Opens the drawer (float ₹0) unless a shift is already open; selling needs one. */
export function ensureShift(shifts: Pick<ShiftService, 'current' | 'open'>, staffId = 'test-cashier'): string {
  const open = shifts.current();
  if (open) return open.id;
  const opened = shifts.open({ openingFloatPaise: 0 }, staffId);
  if (!opened.ok) throw new Error(`could not open a shift: ${opened.message}`);
  return opened.value.id;
}

/** The till dependencies of a SaleService built by hand, over the environment file `db`, with a shift open. */
export function tillDepsWithOpenShift(db: Db, now: () => number) {
  const till = new TillStore(db);
  const shiftId = 'test-shift';
  if (!till.currentShift()) till.openShift({ id: shiftId, counter: 'Counter 1', openedBy: 'test-cashier', openedAt: now(), openingFloatPaise: 0, openingCount: null });
  return { till, currentShiftId: () => till.currentShift()?.id ?? null, noShiftMessage: NO_OPEN_SHIFT };
}
