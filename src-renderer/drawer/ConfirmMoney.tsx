import { useRef, useState, type ReactNode } from 'react';
import { fieldError, type BridgeError } from '../bridge/api';
import { outcomeUnknown } from '../bridge/outcome-unknown';
import { useFreshPress } from '../sell/useFreshPress';
import { Dialog } from '../ui/Dialog';
import { useFocusAfterAttempt } from '../ui/focus-problem';
import { ErrorNotice } from '../ui/Notice';
import './confirm-money.css';

interface Props {
  title: string;
  /** What will happen, with the amounts, in the words the cashier checks against the drawer. */
  children: ReactNode;
  confirmLabel: string;
  /** Resolves to the error to show in the dialog, or null when done (the dialog then closes). */
  onConfirm: () => Promise<BridgeError | null>;
  onCancel: () => void;
  /**
   * What to do when the answer was lost (it may have been recorded): how to tell, and why
   * Confirm again is safe — the call carries an id, or main refuses a second one.
   */
  ifOutcomeUnknown: string;
}

/**
 * The second look before cash moves: nothing is recorded until the cashier confirms. Enter on
 * the form opens it with Confirm focused, so only a fresh press counts (sell/useFreshPress.ts):
 * a held or doubled Enter does not record the money unseen. A refusal about a field of the form
 * closes the dialog (the form shows it there, and focuses that field: ui/focus-problem.ts); any
 * other is shown here, announced, with focus on Confirm to try again or Esc to go back.
 */
export function ConfirmMoney({ title, children, confirmLabel, onConfirm, onCancel, ifOutcomeUnknown }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<BridgeError | null>(null);
  const fresh = useFreshPress(!busy);
  const bodyRef = useRef<HTMLDivElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  // A refusal shown here leaves focus on Confirm (or where it was), never on a disabled Go back or the body.
  const attempting = useFocusAfterAttempt(busy, bodyRef, confirmRef);
  const confirm = async () => {
    if (busy) return;
    attempting();
    setBusy(true);
    setError(null);
    const problem = await onConfirm();
    setBusy(false);
    if (problem) setError(problem);
  };
  return (
    <Dialog title={title} onClose={busy ? undefined : onCancel}>
      <div ref={bodyRef} aria-busy={busy} {...fresh}>
        <div className="confirm-money">{children}</div>
        {error && <ConfirmRefusal error={error} ifOutcomeUnknown={ifOutcomeUnknown} />}
        <div className="actions">
          <button type="button" className="button" onClick={onCancel} disabled={busy}>
            Go back <kbd>Esc</kbd>
          </button>
          <button ref={confirmRef} type="button" className="button button--primary" onClick={() => void confirm()} aria-disabled={busy || undefined} data-autofocus="">
            {busy ? 'Recording…' : confirmLabel}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

/**
 * Why Confirm did not end: a refusal main gave before writing anything says nothing was
 * recorded; a lost answer or a failure partway says the outcome is not known, and what to do.
 */
export function ConfirmRefusal({ error, ifOutcomeUnknown }: { error: BridgeError; ifOutcomeUnknown: string }) {
  if (!outcomeUnknown(error)) return <ErrorNotice error={error} title="Nothing was recorded" />;
  return (
    <ErrorNotice error={error} title="Not known whether this was recorded">
      <p className="notice__action">{ifOutcomeUnknown}</p>
    </ErrorNotice>
  );
}

/**
 * Main's refusal of a confirmed amount, sorted for the form behind the dialog: the problems
 * main tied to `fields` (the form's own names → main's field names), or null when none was.
 */
export function fieldProblems<K extends string>(error: BridgeError, fields: Record<K, string>): Partial<Record<K, string>> | null {
  const found: Partial<Record<K, string>> = {};
  for (const [key, field] of Object.entries(fields) as [K, string][]) {
    const problem = fieldError(error, field);
    if (problem) found[key] = problem;
  }
  return Object.keys(found).length > 0 ? found : null;
}
