import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ErrorNotice } from '../ui/Notice';
import { TextField } from '../ui/TextField';
import { checkPinChange, NO_PROBLEMS, PIN_RULE_HINT, pinChangeProblems, pinDigits, type PinChangeEntry, type PinChangeField, type PinChangeProblems } from './pin-change';
import { useSession } from './session-store';

const EMPTY: PinChangeEntry = { currentPin: '', newPin: '', again: '' };

interface Props {
  /** How the PIN the person has now is called: the manager's temporary one, or their own. */
  currentLabel: string;
  submitLabel: string;
  /** After main took the new PIN (the session store already holds the person's new state). */
  onDone?: () => void;
  /** Buttons beside the submit one (Cancel, Sign out). */
  children?: ReactNode;
}

/**
 * The PIN the person has now, the new one twice, then `staff.changePin`. Main's refusals show
 * beside the field they concern; the field is emptied and focused for the next try.
 */
export function ChangePinForm({ currentLabel, submitLabel, onDone, children }: Props) {
  const changePin = useSession((s) => s.changePin);
  const [entry, setEntry] = useState<PinChangeEntry>(EMPTY);
  const [problems, setProblems] = useState<PinChangeProblems>(NO_PROBLEMS);
  const [busy, setBusy] = useState(false);
  const refs = { currentPin: useRef<HTMLInputElement>(null), newPin: useRef<HTMLInputElement>(null), again: useRef<HTMLInputElement>(null) };

  const show = (found: PinChangeProblems) => {
    setProblems(found);
    const first = (['currentPin', 'newPin', 'again'] as const).find((f) => found.fields[f]);
    if (!first) return;
    // A wrong current PIN is typed again; a refused new PIN is chosen again, both times.
    const cleared: Partial<PinChangeEntry> = first === 'currentPin' ? { currentPin: '' } : { newPin: '', again: '' };
    setEntry((e) => ({ ...e, ...cleared }));
    refs[first === 'again' ? 'newPin' : first].current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const local = checkPinChange(entry);
    if (local) return show(local);
    setBusy(true);
    const refusal = await changePin(entry.currentPin, entry.newPin);
    setBusy(false);
    if (refusal) return show(pinChangeProblems(refusal));
    setProblems(NO_PROBLEMS);
    onDone?.();
  };

  const field = (name: PinChangeField, label: string, extra: { hint?: string; autoFocus?: boolean } = {}) => (
    <TextField
      label={label}
      type="password"
      inputMode="numeric"
      autoComplete={name === 'currentPin' ? 'current-password' : 'new-password'}
      maxLength={8}
      value={entry[name]}
      onChange={(v) => setEntry((e) => ({ ...e, [name]: pinDigits(v) }))}
      error={problems.fields[name]}
      hint={extra.hint}
      inputRef={refs[name]}
      readOnly={busy}
      data-autofocus={extra.autoFocus ? '' : undefined}
      autoFocus={extra.autoFocus}
    />
  );

  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate>
      {field('currentPin', currentLabel, { autoFocus: true })}
      {field('newPin', 'New PIN (4–8 digits)', { hint: PIN_RULE_HINT })}
      {field('again', 'New PIN again')}
      {problems.form && <ErrorNotice error={problems.form} title="PIN not changed" />}
      <div className="actions">
        <button type="submit" className="button button--primary" aria-disabled={busy || undefined}>
          {busy ? 'Saving…' : submitLabel} <kbd>Enter</kbd>
        </button>
        {children}
      </div>
    </form>
  );
}
