import { PrintReceipt } from '../receipt/PrintReceipt';
import type { OrderDetail } from '../bridge/contract';
import { useOrderDetailStore } from './order-detail-store';

/**
 * Reprint from the order's page, with the counter's own print flow (src-renderer/receipt): the
 * first print is the cashier's; every later copy needs a manager's PIN and says DUPLICATE #n.
 */
export function ReprintReceipt({ detail }: { detail: OrderDetail }) {
  const refresh = useOrderDetailStore((s) => s.refresh);
  return (
    <div>
      <h3>Receipt</h3>
      <p className="muted">
        {detail.printCount === 0
          ? 'Not printed yet.'
          : `Printed ${detail.printCount} ${detail.printCount === 1 ? 'time' : 'times'}. Reprints are written to the audit log.`}
      </p>
      <PrintReceipt sale={detail} onPrinted={() => void refresh()} />
    </div>
  );
}
