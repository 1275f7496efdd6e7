import { useState, type FormEvent } from 'react';
import { PIN_RULE_HINT } from './pin-change';
import { useSession } from './session-store';
import { ErrorNotice } from '../ui/Notice';
import { PinPad } from '../ui/PinPad';
import { TextField } from '../ui/TextField';
import type { BridgeError } from '../bridge/api';

/** First launch: create the manager (name, PIN twice), then straight to selling. */
export function SetupScreen() {
  const setup = useSession((s) => s.setupFirstManager);
  const [name, setName] = useState('');
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<BridgeError | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!name.trim()) problems.name = 'Enter the manager’s name.';
    if (!/^\d{4,8}$/.test(pin)) problems.pin = 'A PIN is 4 to 8 digits.';
    else if (pin !== again) problems.again = 'The two PINs are different. Type the same PIN again.';
    setFields(problems);
    setError(null);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    const failure = await setup(name.trim(), pin);
    setBusy(false);
    if (failure) {
      const pinProblem = failure.fields?.find((f) => f.field === 'pin')?.message;
      if (pinProblem) setFields({ pin: pinProblem });
      else setError(failure);
      setPin('');
      setAgain('');
    }
  };

  return (
    <main className="gate">
      <form className="gate__card card stack" onSubmit={submit} noValidate>
        <h1>Welcome — set up this counter</h1>
        <p>Create the store manager. The manager signs in with this PIN, adds cashiers, and approves reprints.</p>
        <TextField label="Manager’s name" value={name} onChange={setName} error={fields.name} autoComplete="off" autoFocus />
        <div className="gate__pins">
          <PinPad label="Choose a PIN (4–8 digits)" value={pin} onChange={setPin} error={fields.pin} />
          <PinPad label="Type the PIN again" value={again} onChange={setAgain} error={fields.again} />
        </div>
        <p className="hint">{PIN_RULE_HINT}</p>
        {error && <ErrorNotice error={error} />}
        <button type="submit" className="button button--primary button--large" aria-disabled={busy || undefined}>
          {busy ? 'Creating…' : 'Create manager and start selling'} <kbd>Enter</kbd>
        </button>
      </form>
    </main>
  );
}
