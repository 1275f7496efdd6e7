import { useState, type FormEvent } from 'react';
import { Dialog } from '../ui/Dialog';
import { formatPaise } from '../ui/format';
import { ApprovalFields, useApproval, type ManagerApproval } from '../ui/ManagerPinDialog';
import { TextField } from '../ui/TextField';

/** A cashier's request carries a manager's approval; a signed-in manager's carries none. */
export interface ReceiptWaiverApproval extends Partial<ManagerApproval> {
  reason?: string;
}

interface Props {
  sale: { brandTitle: string; amountPaise: number; referenceId: string };
  /** A cashier asks for a manager's name and PIN; a signed-in manager approves by being signed in. */
  askPin: boolean;
  /** Resolves to main's sentence when it refused, or null when recorded. */
  onSubmit: (approval: ReceiptWaiverApproval) => Promise<string | null>;
  onCancel: () => void;
}

/**
 * A manager records that the customer of a completed sale left without the receipt (the
 * voucher itself): the sale stops being pinned as owed. Who approved and when go to the journal
 * and the audit log; the reason is optional.
 */
export function LeftWithoutReceiptDialog({ sale, askPin, onSubmit, onCancel }: Props) {
  const approval = useApproval();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const given = askPin ? approval.read() : {};
    if (!given) return;
    setBusy(true);
    const problem = await onSubmit({ ...given, ...(reason.trim() ? { reason: reason.trim() } : {}) });
    setBusy(false);
    if (problem && askPin) approval.refused(problem);
    else setError(problem);
  };

  return (
    <Dialog
      title="Customer left without receipt"
      onClose={onCancel}
      description={
        <p>
          {sale.brandTitle} {formatPaise(sale.amountPaise)}, reference <code>{sale.referenceId}</code>: paid for and issued, but the receipt with the voucher
          was never printed. Recording this takes it off the Sell screen; {askPin ? 'a manager approves it with their name and PIN' : 'it is recorded in your name'}.
        </p>
      }
    >
      <form onSubmit={submit} className="stack">
        <TextField label="Reason (optional)" value={reason} onChange={setReason} maxLength={200} autoFocus={!askPin} data-autofocus={askPin ? undefined : ''} />
        {askPin && <ApprovalFields approval={approval} disabled={busy} />}
        {!askPin && error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        <div className="actions">
          <button type="button" className="button" onClick={onCancel}>
            Cancel <kbd>Esc</kbd>
          </button>
          <button type="submit" className="button button--primary" aria-disabled={busy || undefined}>
            {busy ? 'Recording…' : 'Record'} <kbd>Enter</kbd>
          </button>
        </div>
      </form>
    </Dialog>
  );
}
