import { ChangePinForm } from './ChangePinForm';
import { useSession } from './session-store';

/**
 * Right after signing in with a PIN a manager reset: the manager knows that PIN, so its owner
 * chooses their own before anything else (main refuses every other call until then).
 */
export function ChoosePinScreen() {
  const name = useSession((s) => s.me?.name);
  const signOut = useSession((s) => s.signOut);
  return (
    <main className="gate">
      <div className="gate__card card stack">
        <h1>Choose your own PIN</h1>
        <p>
          {name ? `${name}, a` : 'A'} manager gave you a temporary PIN. Choose a PIN only you know before you start: your sales and
          approvals are recorded in your name.
        </p>
        <ChangePinForm currentLabel="Temporary PIN (from the manager)" submitLabel="Save my PIN and start">
          <button type="button" className="button" onClick={() => void signOut()}>
            Sign out
          </button>
        </ChangePinForm>
      </div>
    </main>
  );
}
