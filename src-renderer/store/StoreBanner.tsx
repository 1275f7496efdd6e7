import { can, useSession } from '../app/session-store';
import { formatCount } from '../ui/format';
import { useStoreStatus } from './store-status-store';
import './store.css';

/**
 * On every screen of a store's counter while its store server does not answer: selling stops
 * (main refuses new sales at once) and what is pending stays on this counter. It goes by
 * itself when the server answers again (the status is asked every few seconds). The first line
 * is what the counter needs; main's reason and the server's address follow where there is room.
 */
export function StoreBanner() {
  const status = useStoreStatus((s) => s.status);
  const me = useSession((s) => s.me);
  if (!status?.linked) return null;
  if (status.revoked) {
    return (
      <div className="store-banner" role="alert">
        <p>
          <strong>This counter was revoked by the store</strong> — it cannot sell. {can(me, 'manageConnection') ? 'Pair it again with a new pairing code.' : 'Tell the manager.'}
        </p>
        <p className="store-banner__detail">{status.message}</p>
      </div>
    );
  }
  if (status.reachable !== false) return null;
  const waiting = status.outbox;
  return (
    <div className="store-banner" role="alert">
      <p>
        <strong>Store server not answering</strong> — no new sales until it is back; pending sales are kept on this counter.{' '}
        {can(me, 'manageConnection') ? 'Check that the store server is running and that this computer can reach it.' : 'Tell the manager.'}
      </p>
      <p className="store-banner__detail">
        {status.message}
        {waiting > 0 && ` ${formatCount(waiting)} ${waiting === 1 ? 'sale is' : 'sales are'} waiting to be sent to it.`} Checking again every few seconds.
      </p>
    </div>
  );
}
