import type { SaleAttempt } from '../bridge/contract';
import { formatCount, formatDateTime } from '../ui/format';
import { Table } from '../ui/Table';

const KIND: Record<string, string> = { place: 'Order sent', lookup: 'Asked by reference', poll: 'Status check', get: 'Order fetched' };

/**
 * Every request made for this sale, with the request id partner support asks for (shown inside
 * Details for support). Another counter's sale with a long history lists its first and newest
 * requests: `leftOut` says how many between them only the counter that sold it holds.
 */
export function Attempts({ attempts, leftOut }: { attempts: SaleAttempt[]; leftOut?: number }) {
  if (attempts.length === 0) return <p className="muted">No request has been sent for this sale.</p>;
  return (
    <>
      {leftOut !== undefined && (
        <p className="muted">The first and the newest requests are listed: {formatCount(leftOut)} in between (see the # column) are kept only by the counter that sold it.</p>
      )}
      <Table
        caption="Each time the app asked the service about this sale"
        showCaption
        head={
          <>
            <th scope="col">#</th>
            <th scope="col">What</th>
            <th scope="col">When</th>
            <th scope="col">Outcome</th>
            <th scope="col">Request id</th>
          </>
        }
      >
        {attempts.map((a) => (
          <tr key={a.seq}>
            <td>{a.seq}</td>
            <td>{KIND[a.kind] ?? a.kind}</td>
            <td>{formatDateTime(a.startedAt, { seconds: true })}</td>
            <td>{a.outcome ?? (a.finishedAt === null ? 'No answer' : '—')}</td>
            <td>
              <code className="select-all">{a.requestId}</code>
            </td>
          </tr>
        ))}
      </Table>
    </>
  );
}
