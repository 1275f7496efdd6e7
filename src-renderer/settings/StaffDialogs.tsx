import { useState, type FormEvent } from 'react';
import { fieldError, type BridgeError } from '../bridge/api';
import type { Permission, StaffAdminView } from '../bridge/contract';
import { Dialog } from '../ui/Dialog';
import { ErrorNotice } from '../ui/Notice';
import { TextField } from '../ui/TextField';
import { useStaffAdminStore } from './staff-admin-store';

const digits = (v: string) => v.replace(/\D/g, '').slice(0, 8);

/** A temporary PIN the manager hands over; its owner must choose their own at the next sign-in. */
export function ResetPinDialog({ member, onClose, onDone }: { member: StaffAdminView; onClose: () => void; onDone: (message: string) => void }) {
  const resetPin = useStaffAdminStore((s) => s.resetPin);
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<BridgeError | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4,8}$/.test(pin)) return setError({ code: 'INVALID', message: 'A PIN is 4 to 8 digits.', fields: [{ field: 'newPin', message: 'A PIN is 4 to 8 digits.' }] });
    if (pin !== again) return setError({ code: 'INVALID', message: 'The two PINs are not the same.', fields: [{ field: 'again', message: 'The two PINs are not the same.' }] });
    const problem = await resetPin(member.id, pin);
    if (problem) return setError(problem.fields?.length ? problem : { ...problem, fields: [{ field: 'newPin', message: problem.message }] });
    onDone(`${member.name} has a temporary PIN. Tell it to them in person; they choose their own when they next sign in.`);
  };
  return (
    <Dialog title={`Reset ${member.name}’s PIN`} description="For a forgotten PIN, or one others may know. It also unlocks the account." onClose={onClose}>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <TextField label="Temporary PIN" type="password" inputMode="numeric" autoComplete="new-password" value={pin} onChange={(v) => setPin(digits(v))} error={fieldError(error, 'newPin')} data-autofocus />
        <TextField label="Type it again" type="password" inputMode="numeric" autoComplete="new-password" value={again} onChange={(v) => setAgain(digits(v))} error={fieldError(error, 'again')} />
        <div className="actions">
          <button type="submit" className="button button--primary">
            Reset PIN
          </button>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** What one person may do: each permission named as it reads on the counter. */
export function PermissionsDialog({ member, onClose, onDone }: { member: StaffAdminView; onClose: () => void; onDone: (message: string) => void }) {
  const { catalog, setPermissions } = useStaffAdminStore();
  const [chosen, setChosen] = useState<Set<Permission>>(new Set(member.permissions));
  const [error, setError] = useState<BridgeError | null>(null);
  if (!catalog) return null;
  const save = async (permissions: Permission[] | null) => {
    const problem = await setPermissions(member.id, permissions);
    if (problem) return setError(problem);
    onDone(permissions === null ? `${member.name} has the ${member.role}’s permissions again.` : `${member.name}’s permissions are saved.`);
  };
  const toggle = (p: Permission, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(p);
    else next.delete(p);
    setChosen(next);
  };
  return (
    <Dialog title={`What ${member.name} may do`} description={`A ${member.role} starts with the ${member.role}’s permissions; change them for this person here.`} onClose={onClose}>
      <fieldset className="permission-list">
        <legend className="visually-hidden">Permissions</legend>
        {catalog.permissions.map((p) => (
          <label key={p.id} className="check">
            <input type="checkbox" checked={chosen.has(p.id)} onChange={(e) => toggle(p.id, e.target.checked)} />
            {p.name}
          </label>
        ))}
      </fieldset>
      {error && <ErrorNotice error={error} title="Not saved" />}
      <div className="actions">
        <button type="button" className="button button--primary" onClick={() => void save(catalog.permissions.map((p) => p.id).filter((p) => chosen.has(p)))} data-autofocus>
          Save permissions
        </button>
        <button type="button" className="button" onClick={() => void save(null)}>
          Use the {member.role}’s permissions
        </button>
        <button type="button" className="button button--ghost" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}

/** Disable (they can no longer sign in) or bring back someone disabled. */
export function DisableDialog({ member, onClose, onDone }: { member: StaffAdminView; onClose: () => void; onDone: (message: string) => void }) {
  const disable = useStaffAdminStore((s) => s.disable);
  const [error, setError] = useState<BridgeError | null>(null);
  return (
    <Dialog title={`Disable ${member.name}?`} description="They can no longer sign in. Their past sales and audit entries stay, and a manager can re-enable them." onClose={onClose}>
      {error && <ErrorNotice error={error} title="Not disabled" />}
      <div className="actions">
        <button
          type="button"
          className="button button--danger"
          onClick={() =>
            void disable(member.id).then((problem) => {
              if (problem) setError(problem);
              else onDone(`${member.name} can no longer sign in.`);
            })
          }
        >
          Disable {member.name}
        </button>
        <button type="button" className="button" onClick={onClose} data-autofocus>
          Keep
        </button>
      </div>
    </Dialog>
  );
}
