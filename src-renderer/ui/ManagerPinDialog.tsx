import { useEffect, useMemo, useRef, useState, type FormEvent, type RefObject } from 'react';
import { approversIn, defaultApprover } from '../app/approvers';
import { useSession } from '../app/session-store';
import { useStaffStore } from '../app/staff-store';
import { Choice } from './Choice';
import { Dialog } from './Dialog';
import { PinPad } from './PinPad';

/** What a protected call carries beside its own input (contract/staff.ts `approval`). */
export interface ManagerApproval {
  managerPin: string;
  /** Absent only when the counter knows no manager to name (the staff list did not load). */
  approverId?: string;
}

export interface Approval {
  /** The approval to send, or null after showing what is missing. */
  read(): ManagerApproval | null;
  /** Main's refusal (wrong PIN, locked, not a manager): shown beside the PIN, which is emptied. */
  refused(message: string): void;
  fields: {
    approvers: { id: string; name: string }[];
    approverId: string | null;
    choose(id: string): void;
    pin: string;
    setPin(pin: string): void;
    pinRef: RefObject<HTMLInputElement | null>;
    error: { at: 'approver' | 'pin'; message: string } | null;
  };
}

/**
 * The approving manager's name and PIN, as the dialogs that ask for an approval hold them. The
 * staff list is read again on opening, so a manager added since sign-in is there to choose.
 */
export function useApproval(): Approval {
  const staff = useStaffStore((s) => s.staff);
  const signedInId = useSession((s) => s.me?.id ?? null);
  const approvers = useMemo(() => approversIn(staff), [staff]);
  const [chosen, setChosen] = useState<string | null>(null);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<Approval['fields']['error']>(null);
  const pinRef = useRef<HTMLInputElement>(null);
  // A name chosen and then gone from a fresher list (disabled meanwhile) is chosen no more.
  const approverId = chosen !== null && approvers.some((a) => a.id === chosen) ? chosen : defaultApprover(approvers, signedInId);

  useEffect(() => {
    void useStaffStore.getState().load();
  }, []);

  return {
    read() {
      if (approvers.length > 0 && !approverId) {
        setError({ at: 'approver', message: 'Choose the name of the manager who approves.' });
        // To the names, where a screen reader reads the group with this sentence.
        pinRef.current?.form?.querySelector<HTMLInputElement>('input[name="approver"]')?.focus();
        return null;
      }
      if (!/^\d{4,8}$/.test(pin)) {
        setError({ at: 'pin', message: 'A PIN is 4 to 8 digits.' });
        return null;
      }
      setError(null);
      return approverId ? { managerPin: pin, approverId } : { managerPin: pin };
    },
    refused(message) {
      setError({ at: 'pin', message });
      setPin('');
      pinRef.current?.focus();
    },
    fields: {
      approvers,
      approverId,
      choose: (id) => {
        setChosen(id);
        setError(null);
        pinRef.current?.focus();
      },
      pin,
      setPin,
      pinRef,
      error,
    },
  };
}

/** The approver's name (tiles; the only manager is already chosen) and their PIN on the PIN pad. */
export function ApprovalFields({ approval, disabled }: { approval: Approval; disabled?: boolean }) {
  const { approvers, approverId, choose, pin, setPin, pinRef, error } = approval.fields;
  return (
    <>
      {approvers.length > 0 && (
        <Choice
          legend="Approving manager"
          name="approver"
          value={approverId}
          options={approvers.map((a) => ({ value: a.id, label: a.name }))}
          error={error?.at === 'approver' ? error.message : undefined}
          onChange={choose}
          autoFocus={approverId === null}
        />
      )}
      {/* The names may still be on their way (the list is read again on opening): the PIN is typed meanwhile. */}
      <PinPad
        label="Manager PIN"
        value={pin}
        onChange={setPin}
        error={error?.at === 'pin' ? error.message : null}
        inputRef={pinRef}
        autoFocus={approverId !== null || approvers.length === 0}
        disabled={disabled}
      />
    </>
  );
}

interface Props {
  /** What the manager approves, e.g. "reprint this receipt". */
  purpose: string;
  /** Resolves to main's sentence when it refused, or null when approved. */
  onSubmit: (approval: ManagerApproval) => Promise<string | null>;
  onCancel: () => void;
}

/** Asks a manager to approve a protected action at the counter, by their name and PIN. */
export function ManagerPinDialog({ purpose, onSubmit, onCancel }: Props) {
  const approval = useApproval();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const given = approval.read();
    if (!given) return;
    setBusy(true);
    const problem = await onSubmit(given);
    setBusy(false);
    if (problem) approval.refused(problem);
  };

  return (
    <Dialog title="Manager approval" onClose={onCancel} description={<p>A manager is needed to {purpose}: choose their name, then they type their PIN.</p>}>
      <form onSubmit={(e) => void submit(e)} className="stack" noValidate>
        <ApprovalFields approval={approval} disabled={busy} />
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
