import { useState } from 'react';
import { api } from '../bridge/api';
import type { SaleView } from '../bridge/contract';
import { formatTime } from '../ui/format';
import { usePending } from './pending-store';
import { useSale } from './sale-store';

/**
 * "Check now" for a sale the service has not settled. Main limits a cashier to one check of a
 * sale every 30 s and answers RATE_LIMITED with the wait; `note` says that, or when it asked.
 */
export function useCheckNow(sale: SaleView): { check(): Promise<void>; busy: boolean; note: string | null } {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const check = async () => {
    if (busy) return;
    setBusy(true);
    setNote(null);
    const result = await api('sale.checkNow', { saleId: sale.id });
    setBusy(false);
    if (!result.ok) return setNote(`${result.error.message}${result.error.action ? ` ${result.error.action}` : ''}`);
    // A settled sale re-renders the dialog in its new state; an unchanged one says when it was asked.
    useSale.getState().saleChanged(result.data);
    usePending.getState().saleChanged(result.data);
    if (result.data.state === sale.state) setNote(`Checked at ${formatTime(Date.now())}: the service has not settled it yet.`);
  };
  return { check, busy, note };
}
