import { useEffect, useRef, useState } from 'react';
import type { BridgeError } from '../bridge/api';
import type { StoreCounterView } from '../bridge/contract';
import { counterLabels, useStoreCounters } from '../store/store-counters-store';
import { Dialog } from '../ui/Dialog';
import { formatDateTime } from '../ui/format';
import { Empty, ErrorNotice, Loading, Notice, Success } from '../ui/Notice';
import { Table } from '../ui/Table';
import { SectionCard } from './SectionCard';

/** Revoking is for a counter lost, stolen or replaced: said before it is done, and it cannot be undone here. */
function RevokeDialog({ counter, label, onClose, onDone }: { counter: StoreCounterView; label: string; onClose: () => void; onDone: (message: string) => void }) {
  const revoke = useStoreCounters((s) => s.revoke);
  // A refusal reloads the list: when it shows the counter revoked already (elsewhere), there is nothing left to confirm.
  const revokedAlready = useStoreCounters((s) => s.counters.find((c) => c.id === counter.id)?.revokedAt ?? null);
  const [error, setError] = useState<BridgeError | null>(null);
  const [busy, setBusy] = useState(false);
  const nothingToDo = error !== null && revokedAlready !== null;
  const closeRef = useRef<HTMLButtonElement>(null);
  // The Revoke button goes with nothing left to revoke: the keyboard lands on Close, not on the page.
  useEffect(() => {
    if (nothingToDo) closeRef.current?.focus();
  }, [nothingToDo]);
  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    const problem = await revoke(counter.id);
    setBusy(false);
    if (problem) setError(problem);
    else onDone(`${label} is revoked: it can no longer sell through the store server.`);
  };
  return (
    <Dialog
      title={`Revoke ${label}?`}
      description="It can no longer sell through the store server or see the store’s orders; the sales it made stay in the store’s records. To use it again, pair it with a new code."
      onClose={busy ? undefined : onClose}
    >
      {error && <ErrorNotice error={error} title="Not revoked" />}
      {nothingToDo && (
        <Notice tone="info" role="status">
          <p>
            The store lists {label} as revoked since {formatDateTime(revokedAlready)}.
          </p>
        </Notice>
      )}
      <div className="actions">
        {!nothingToDo && (
          <button type="button" className="button button--danger" onClick={() => void confirm()} aria-disabled={busy || undefined}>
            {busy ? 'Revoking…' : `Revoke ${label}`}
          </button>
        )}
        <button type="button" className="button" onClick={onClose} data-autofocus disabled={busy} ref={closeRef}>
          {nothingToDo ? 'Close' : 'Keep'}
        </button>
      </div>
    </Dialog>
  );
}

/** The store's counters as its store server lists them; a manager revokes one lost or replaced. */
export function StoreCountersSection() {
  const { counters, self, status, error, load } = useStoreCounters();
  const [revoking, setRevoking] = useState<StoreCounterView | null>(null);
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => {
    void load();
  }, [load]);
  const labels = counterLabels(counters);

  return (
    <SectionCard id="settings-store-counters" title="Counters of this store" intro={<p>Every counter paired with the store server. Revoke one that was lost, stolen or replaced.</p>}>
      {status === 'loading' && <Loading label="Asking the store server for its counters…" />}
      {status === 'error' && error && <ErrorNotice error={error} title="Could not list the store’s counters" onRetry={() => void load()} />}
      {done && <Success>{done}</Success>}
      {status === 'ready' && counters.length === 0 && <Empty title="No counters listed">The store server lists no counter yet.</Empty>}
      {counters.length > 0 && (
        <Table
          caption="Counters of this store"
          className="store-counters"
          head={
            <>
              <th scope="col">Counter</th>
              <th scope="col">Paired</th>
              <th scope="col">Last seen</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </>
          }
        >
          {counters.map((c) => {
            const label = labels.get(c.id) ?? c.name;
            return (
              <tr key={c.id} className={c.revokedAt ? 'muted' : undefined}>
                <td>
                  {label}
                  {c.id === self && <span className="muted"> (this counter)</span>}
                </td>
                <td>{formatDateTime(c.pairedAt)}</td>
                <td>{c.lastSeenAt === null ? 'Never' : formatDateTime(c.lastSeenAt)}</td>
                <td>{c.revokedAt ? `Revoked ${formatDateTime(c.revokedAt)}` : 'Active'}</td>
                <td>
                  {c.id === self ? (
                    <span className="muted">Revoke it from another counter</span>
                  ) : (
                    !c.revokedAt && (
                      <button
                        type="button"
                        className="button button--ghost"
                        onClick={() => {
                          setDone(null);
                          setRevoking(c);
                        }}
                      >
                        Revoke<span className="visually-hidden"> {label}</span>
                      </button>
                    )
                  )}
                </td>
              </tr>
            );
          })}
        </Table>
      )}
      {revoking && (
        <RevokeDialog
          counter={revoking}
          label={labels.get(revoking.id) ?? revoking.name}
          onClose={() => setRevoking(null)}
          onDone={(message) => {
            setRevoking(null);
            setDone(message);
          }}
        />
      )}
    </SectionCard>
  );
}
