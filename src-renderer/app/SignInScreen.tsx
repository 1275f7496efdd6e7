import { useRef, useState, type FormEvent } from 'react';
import { useSession } from '../stores/session-store';
import { ErrorNotice } from '../ui/Notice';
import { PinPad } from '../ui/PinPad';
import type { BridgeError } from '../bridge/api';

/** Start of a shift: pick your name, enter your PIN (keypad or keyboard), Enter signs in. */
export function SignInScreen() {
  const staff = useSession((s) => s.staff);
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
      <form className="gate__card stack" onSubmit={submit} noValidate>
        <h1>Sign in</h1>
        {endedBecause && (
          <p className="notice notice--info" role="status">
            {endedBecause === 'locked after inactivity' ? 'The counter was locked after a while with no activity. Sign in again.' : 'You were signed out.'}
          </p>
        )}
        <fieldset className="staff-pick">
          <legend>Who are you?</legend>
          {staff.length === 0 && <p>No staff accounts are active. Ask the manager.</p>}
          <div className="staff-pick__names">
            {staff.map((s) => (
              <label key={s.id} className={`staff-pick__name ${staffId === s.id ? 'staff-pick__name--chosen' : ''}`}>
                <input
                  type="radio"
                  name="staff"
                  value={s.id}
                  checked={staffId === s.id}
                  onChange={() => {
                    setStaffId(s.id);
                    setError(null);
                    pinRef.current?.focus();
                  }}
                />
                <span>{s.name}</span>
                <span className="staff-pick__role">{s.role === 'manager' ? 'Manager' : 'Cashier'}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <PinPad label="PIN" value={pin} onChange={setPin} inputRef={pinRef} autoFocus={staff.length === 1} />
        {error && <ErrorNotice error={error} />}
        <button type="submit" className="button button--primary button--large" aria-disabled={busy || undefined}>
          {busy ? 'Signing in…' : 'Sign in'} <kbd>Enter</kbd>
        </button>
      </form>
    </main>
  );
}
