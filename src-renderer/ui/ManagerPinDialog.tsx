import { useState, type FormEvent } from 'react';
import { Dialog } from './Dialog';
import { PinPad } from './PinPad';

interface Props {
  /** What the manager approves, e.g. "reprint this receipt". */
  purpose: string;
  /** Resolves to an error sentence to show, or null when approved. */
  onSubmit: (pin: string) => Promise<string | null>;
  onCancel: () => void;
}

/** Asks a manager to approve a protected action with their PIN, at the counter. */
export function ManagerPinDialog({ purpose, onSubmit, onCancel }: Props) {
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4,8}$/.test(pin)) return setError('A PIN is 4 to 8 digits');
    setBusy(true);
    const problem = await onSubmit(pin);
    setBusy(false);
    if (problem) {
      setError(problem);
      setPin('');
    }
  };

  return (
    <Dialog title="Manager approval" onClose={onCancel} description={<p>A manager’s PIN is needed to {purpose}.</p>}>
      <form onSubmit={submit} className="stack">
        <PinPad label="Manager PIN" value={pin} onChange={setPin} error={error} autoFocus disabled={busy} />
        <div className="actions">
          <button type="button" className="button" onClick={onCancel}>
            Cancel <kbd>Esc</kbd>
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Checking…' : 'Approve'} <kbd>Enter</kbd>
          </button>
        </div>
      </form>
    </Dialog>
  );
}
