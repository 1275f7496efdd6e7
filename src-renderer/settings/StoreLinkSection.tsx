import { useState } from 'react';
import { can, useSession } from '../app/session-store';
import type { StoreStatus } from '../bridge/contract';
import { useStoreStatus } from '../store/store-status-store';
import { formatCount, formatDateTime } from '../ui/format';
import { Loading } from '../ui/Notice';
import { JoinStoreSection } from './JoinStoreSection';
import { SectionCard } from './SectionCard';
import { StoreCountersSection } from './StoreCountersSection';

const ENVIRONMENT_NAME = { staging: 'Staging', production: 'Production' } as const;
const REFUSED_KIND: Record<string, string> = { sales: 'Sale', till: 'Till record', vouchers: 'Vouchers of sale' };

/** A store's counter: which store, which counter, which server, and whether it answers now. */
function LinkedStore({ status }: { status: StoreStatus & { store: NonNullable<StoreStatus['store']> } }) {
  const load = useStoreStatus((s) => s.load);
  const [checking, setChecking] = useState(false);
  const { store } = status;
  const checkNow = async () => {
    setChecking(true);
    await load();
    setChecking(false);
  };
  return (
    <SectionCard
      id="settings-store-link"
      title="Store server"
      intro={<p>This counter is one of a store’s counters: it sells through the store server, which holds the voucher service’s credentials (this counter keeps none of its own).</p>}
    >
      <dl className="facts">
        <dt>Store</dt>
        <dd>{store.storeId}</dd>
        <dt>This counter</dt>
        <dd>{store.counterName}</dd>
        <dt>Store server</dt>
        <dd>{store.url}</dd>
        <dt>Sells in</dt>
        <dd>{ENVIRONMENT_NAME[store.environment]}</dd>
        <dt>Right now</dt>
        <dd>
          <span role="status">
            {status.reachable ? (
              <span className="store-reach--ok">✓ The store server answers.</span>
            ) : (
              <>
                <span className="store-reach--bad">✕ The store server does not answer.</span> {status.message}
              </>
            )}
          </span>
        </dd>
        <dt>Sales waiting to be sent</dt>
        <dd>{status.outbox === 0 ? 'None: the store has every sale of this counter.' : `${formatCount(status.outbox)}, sent as soon as the store server takes them.`}</dd>
        {status.refused.length > 0 && (
          <>
            <dt>Refused by the store server</dt>
            <dd>
              <p>Kept on this counter and offered again every few minutes; the store’s Orders and End of day lack them until it takes them. The records after them are sent.</p>
              <ul>
                {status.refused.map((r) => (
                  <li key={`${r.kind}:${r.id}`}>
                    {REFUSED_KIND[r.kind] ?? r.kind} <code>{r.id}</code> since {formatDateTime(r.since)}: {r.message} ({r.code})
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
      </dl>
      <div className="actions">
        <button type="button" className="button" onClick={() => void checkNow()} disabled={checking}>
          {checking ? 'Checking…' : 'Check again'}
        </button>
      </div>
    </SectionCard>
  );
}

/**
 * Settings › Connection › Store: on a counter on its own, joining a store; on a store's counter,
 * the store it belongs to and, for whoever manages the connection, the store's counters.
 */
export function StoreLinkSection({ defaultCounterName }: { defaultCounterName: string }) {
  const status = useStoreStatus((s) => s.status);
  const me = useSession((s) => s.me);
  const manages = can(me, 'manageConnection');
  if (!status) return <Loading label="Asking whether this counter belongs to a store…" />;
  if (!status.linked || !status.store) {
    if (manages) return <JoinStoreSection defaultCounterName={defaultCounterName} />;
    return (
      <SectionCard id="settings-store-link" title="Store server">
        <p>This counter sells on its own. Someone who may manage the connection can join it to a store here.</p>
      </SectionCard>
    );
  }
  return (
    <>
      <LinkedStore status={{ ...status, store: status.store }} />
      {manages && <StoreCountersSection />}
    </>
  );
}
