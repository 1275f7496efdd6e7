import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Dialog } from '../ui/Dialog';
import { Success } from '../ui/Notice';
import { ChangePinForm } from './ChangePinForm';

/** The top bar's "Change my PIN": anyone signed in, at any time (for instance when someone may have seen it). */
export function ChangePinButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button--small" onClick={() => setOpen(true)}>
        Change my PIN
      </button>
      {/* Out of the top bar, whose light-on-dark button styles would reach into the dialog. */}
      {open && createPortal(<ChangePinDialog onClose={() => setOpen(false)} />, document.body)}
    </>
  );
}

function ChangePinDialog({ onClose }: { onClose: () => void }) {
  const [changed, setChanged] = useState(false);
  return (
    <Dialog title="Change my PIN" description={changed ? undefined : 'Type the PIN you sign in with now, then choose a new one.'} onClose={onClose}>
      {changed ? (
        <>
          <Success>Your PIN is changed. Sign in with the new one from now on.</Success>
          <div className="actions">
            <button type="button" className="button button--primary" onClick={onClose} data-autofocus autoFocus>
              Done <kbd>Enter</kbd>
            </button>
          </div>
        </>
      ) : (
        <ChangePinForm currentLabel="Current PIN" submitLabel="Change PIN" onDone={() => setChanged(true)}>
          <button type="button" className="button" onClick={onClose}>
            Cancel <kbd>Esc</kbd>
          </button>
        </ChangePinForm>
      )}
    </Dialog>
  );
}
