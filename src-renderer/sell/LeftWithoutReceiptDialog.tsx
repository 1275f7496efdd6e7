import { useState, type FormEvent } from 'react';
import { Dialog } from '../ui/Dialog';
import { formatPaise } from '../ui/format';
import { PinPad } from '../ui/PinPad';
import { TextField } from '../ui/TextField';

export interface ReceiptWaiverApproval {
  managerPin?: string;
  reason?: string;
}

interface Props {
  sale: { brandTitle: string; amountPaise: number; referenceId: string };
  /** A cashier asks for a manager's PIN; a signed-in manager approves by being signed in. */
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
  const [pin, setPin] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (askPin && !/^\d{4,8}$/.test(pin)) return setError('A PIN is 4 to 8 digits');
    setBusy(true);
    const problem = await onSubmit({ ...(askPin ? { managerPin: pin } : {}), ...(reason.trim() ? { reason: reason.trim() } : {}) });
    setBusy(false);
    if (problem) {
      setError(problem);
      setPin('');
    }
  };

  return (
    <Dialog
      title="Customer left without receipt"
      onClose={onCancel}
      description={
        <p>
          {sale.brandTitle} {formatPaise(sale.amountPaise)}, reference <code>{sale.referenceId}</code>: paid for and issued, but the receipt with the voucher
          was never printed. Recording this takes it off the Sell screen; {askPin ? 'a manager approves it with their PIN' : 'it is recorded in your name'}.
        </p>
      }
    >
      <form onSubmit={submit} className="stack">
        <TextField label="Reason (optional)" value={reason} onChange={setReason} maxLength={200} autoFocus={!askPin} data-autofocus={askPin ? undefined : ''} />
        {askPin && <PinPad label="Manager PIN" value={pin} onChange={setPin} error={error} autoFocus disabled={busy} />}
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
