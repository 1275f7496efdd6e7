import type { SaleView } from '../bridge/contract';
import { formatDateTime, formatDay, formatPaise } from '../ui/format';
import './receipt-preview.css';
import { Table } from '../ui/Table';

/**
 * What the cashier sees on screen after a sale: the receipt's facts with card numbers and
 * PINs masked (last 4 only). The full credentials exist only in the printed copy.
 */
export function ReceiptPreview({ sale }: { sale: SaleView }) {
  return (
    <section className="receipt-preview" aria-label="Receipt preview (card numbers and PINs hidden)">
      <p className="receipt-preview__brand">{sale.brandTitle}</p>
      <Table
        caption="Vouchers issued"
        className="receipt-preview__vouchers"
        head={
          <>
            <th scope="col">#</th>
            <th scope="col">Amount</th>
            <th scope="col">Card number</th>
            <th scope="col">PIN</th>
            <th scope="col">Valid till</th>
          </>
        }
      >
        {sale.vouchers.map((v) => (
          <tr key={v.seq}>
            <td>{v.seq}</td>
            <td>{formatPaise(v.amountPaise)}</td>
            <td>{v.cardNumberMasked ?? '—'}</td>
            <td>{v.hasPin ? '••••••' : '—'}</td>
            <td>{formatDay(v.validTill)}</td>
          </tr>
        ))}
      </Table>
      <dl className="facts">
        <dt>Total</dt>
        <dd>{formatPaise(sale.amountPaise)}</dd>
        {sale.discountPaise > 0 && (
          <>
            <dt>Discount</dt>
            <dd>{formatPaise(sale.discountPaise)}</dd>
          </>
        )}
        <dt>Order id</dt>
        <dd>{sale.orderId ?? '—'}</dd>
        <dt>Reference</dt>
        <dd>{sale.referenceId}</dd>
        <dt>Time</dt>
        <dd>{formatDateTime(sale.updatedAt)}</dd>
      </dl>
    </section>
  );
}
