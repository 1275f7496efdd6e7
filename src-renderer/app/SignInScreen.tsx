import { useRef, useState, type FormEvent } from 'react';
import { useSession } from './session-store';
import { useStaffStore } from './staff-store';
import { Choice } from '../ui/Choice';
import { ErrorNotice, Notice } from '../ui/Notice';
import { PinPad } from '../ui/PinPad';
import type { BridgeError } from '../bridge/api';

/** Start of a shift: pick your name, enter your PIN (keypad or keyboard), Enter signs in. */
export function SignInScreen() {
  const staff = useStaffStore((s) => s.staff);
  const endedBecause = useSession((s) => s.endedBecause);
  const signIn = useSession((s) => s.signIn);
  const [staffId, setStaffId] = useState<string | null>(staff.length === 1 ? staff[0]!.id : null);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<BridgeError | null>(null);
  const [busy, setBusy] = useState(false);
  const pinRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!staffId) return setError({ code: 'PICK_NAME', message: 'Choose your name first.' });
    if (!/^\d{4,8}$/.test(pin)) return setError({ code: 'PIN', message: 'Enter your PIN (4 to 8 digits).' });
    setBusy(true);
    const failure = await signIn(staffId, pin);
    setBusy(false);
    if (failure) {
      setError(failure);
      setPin('');
      pinRef.current?.focus();
    }
  };

  return (
    <main className="gate">
      <form className="gate__card card stack" onSubmit={submit} noValidate>
        <h1>Sign in</h1>
        {endedBecause && (
          <Notice tone="info" role="status">
            <p>{endedBecauseText(endedBecause)}</p>
          </Notice>
        )}
        <Choice
          legend="Who are you?"
          name="staff"
          value={staffId}
          options={staff.map((s) => ({ value: s.id, label: s.name, hint: s.role === 'manager' ? 'Manager' : 'Cashier' }))}
          empty={<p>No staff accounts are active. Ask the manager.</p>}
          onChange={(id) => {
            setStaffId(id);
            setError(null);
            pinRef.current?.focus();
          }}
        />
        <PinPad label="PIN" value={pin} onChange={setPin} inputRef={pinRef} autoFocus={staff.length === 1} />
        {error && <ErrorNotice error={error} />}
        <button type="submit" className="button button--primary button--large" aria-disabled={busy || undefined}>
          {busy ? 'Signing in…' : 'Sign in'} <kbd>Enter</kbd>
        </button>
      </form>
    </main>
  );
}

/** Why the last session ended, in words: main's own sentence when it gave one (the store server asking for the PIN again). */
function endedBecauseText(reason: string): string {
  if (reason === 'locked after inactivity') return 'The counter was locked after a while with no activity. Sign in again.';
  if (reason === 'signed out') return 'You were signed out.';
  return `${reason} Sign in again with your PIN.`;
}
