import { useRef, useState } from 'react';
import { api, type BridgeError } from '../bridge/api';
import type { OrderDetail } from '../bridge/contract';
import { useSession } from '../app/session-store';
import { paidPaise, refundStep } from '../sell/outcome-text';
import { usePending } from '../sell/pending-store';
import { Choice } from '../ui/Choice';
import { formatPaise } from '../ui/format';
import { ErrorNotice, Notice } from '../ui/Notice';
import { TextField } from '../ui/TextField';
import { useOrderDetailStore } from './order-detail-store';

type Decision = 'REFUND' | 'KEEP';

/**
 * A completed sale the service cancelled or reversed afterwards (payment state MANAGER_REVIEW):
 * its vouchers are void but may have reached the customer. A manager decides with the customer
 * — give the money back from this drawer, or keep it (the vouchers were delivered and used) —
 * with a note, then confirms (sale.resolveReview, once). A cashier is told a manager must decide.
 */
export function ReviewDecision({ detail }: { detail: OrderDetail }) {
  const isManager = useSession((s) => s.me?.role === 'manager');
  const refresh = useOrderDetailStore((s) => s.refresh);
  const [decision, setDecision] = useState<Decision | null>(null);
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [noteError, setNoteError] = useState<string | undefined>();
  const [error, setError] = useState<BridgeError | null>(null);
  const [busy, setBusy] = useState(false);
  // A second press before the first one's answer re-renders is no second decision.
  const sending = useRef(false);
  const amount = formatPaise(paidPaise(detail));

  if (!isManager) {
    return (
      <Notice tone="warning" role="note" title="A manager must decide">
        <p>
          The service cancelled this sale after its vouchers were issued. The customer paid {amount}. Call the manager: they decide whether the money is given back or
          the customer keeps the vouchers.
        </p>
      </Notice>
    );
  }

  const review = () => {
    if (!decision) return;
    if (!note.trim()) return setNoteError('Write why (a note is required)');
    setNoteError(undefined);
    setConfirming(true);
  };

  const record = async () => {
    if (sending.current || !decision) return;
    sending.current = true;
    setBusy(true);
    setError(null);
    const result = await api('sale.resolveReview', { saleId: detail.id, decision, note: note.trim() });
    sending.current = false;
    setBusy(false);
    if (!result.ok) {
      setConfirming(false);
      return setError(result.error);
    }
    usePending.getState().dismiss(detail.id);
    await refresh();
  };

  return (
    <div className="stack">
      <h3>Decide about the customer’s {amount}</h3>
      <p>The service cancelled this sale after its vouchers were issued (they may have reached the customer by SMS or e-mail). Decide with the customer:</p>
      <Choice<Decision>
        legend="Decision"
        name={`review-${detail.id}`}
        value={decision}
        onChange={(value) => {
          setDecision(value);
          setConfirming(false);
        }}
        options={[
          { value: 'REFUND', label: `Give ${amount} back`, hint: 'From this drawer, the way they paid. The vouchers stay void.' },
          { value: 'KEEP', label: 'Keep the payment', hint: 'The customer keeps the vouchers (e.g. they were delivered and used).' },
        ]}
      />
      <TextField label="Note (why)" value={note} onChange={setNote} error={noteError} maxLength={200} required />
      {error && <ErrorNotice error={error} title="The decision was not recorded" />}
      {confirming && decision ? (
        <div className="stack" role="group" aria-label="Confirm the decision">
          {decision === 'REFUND' ? (
            <>
              <p>Give back, then confirm:</p>
              <ul aria-label="What to give back">
                {(detail.payment?.tenders ?? []).map((t, i) => (
                  <li key={i}>{refundStep(t)}</li>
                ))}
              </ul>
            </>
          ) : (
            <p>The payment stays the sale’s. This cannot be changed afterwards.</p>
          )}
          <button type="button" className={decision === 'REFUND' ? 'button button--danger' : 'button'} onClick={() => void record()} aria-disabled={busy || undefined}>
            {busy ? 'Recording…' : decision === 'REFUND' ? `Confirm: given back ${amount}` : 'Confirm: keep the payment'}
          </button>
          <button type="button" className="button button--ghost" onClick={() => setConfirming(false)}>
            Back
          </button>
        </div>
      ) : (
        <button type="button" className="button" onClick={review} aria-disabled={!decision || undefined}>
          Record the decision…
        </button>
      )}
    </div>
  );
}

/** A decision on record, as the order's page says it. */
export function ReviewDecided({ detail }: { detail: OrderDetail }) {
  const d = detail.reviewDecision;
  if (!d) return null;
  return (
    <p className="muted">
      {d.decision === 'REFUND' ? 'A manager decided to give the money back' : 'A manager decided the customer keeps the vouchers and the payment stays the sale’s'} ({d.byName}
      ): “{d.note}”
    </p>
  );
}
