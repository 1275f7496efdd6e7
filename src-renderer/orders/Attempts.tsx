import type { SaleAttempt } from '../bridge/contract';
import { formatDateTime } from '../ui/format';
import { Table } from '../ui/Table';

const KIND: Record<string, string> = { place: 'Order sent', lookup: 'Asked by reference', poll: 'Status check', get: 'Order fetched' };

/** Every request made for this sale, with the request id partner support asks for (shown inside Details for support). */
export function Attempts({ attempts }: { attempts: SaleAttempt[] }) {
  if (attempts.length === 0) return <p className="muted">No request has been sent for this sale.</p>;
  return (
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
  );
}
