import { useEffect, useState, type FormEvent } from 'react';
import { useSession } from '../app/session-store';
import { fieldError, type BridgeError } from '../bridge/api';
import { Dialog } from '../ui/Dialog';
import { Choice } from '../ui/Choice';
import { TextField } from '../ui/TextField';
import { ErrorNotice, Loading, Success } from '../ui/Notice';
import type { StaffMemberView } from '../bridge/contract';
import { SectionCard } from './SectionCard';
import { useStaffStore } from '../app/staff-store';
import { Table } from '../ui/Table';

function AddStaff() {
  const create = useStaffStore((s) => s.create);
  const [name, setName] = useState('');
  const [role, setRole] = useState<'cashier' | 'manager'>('cashier');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<BridgeError | null>(null);
  const [added, setAdded] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAdded(null);
    const fields = [
      !name.trim() && { field: 'name', message: 'Enter a name.' },
      !/^\d{4,8}$/.test(pin) && { field: 'pin', message: 'A PIN is 4 to 8 digits.' },
    ].filter((f): f is { field: string; message: string } => Boolean(f));
    if (fields.length) return setError({ code: 'INVALID', message: fields[0]!.message, fields });
    const problem = await create({ name: name.trim(), role, pin });
    setError(problem);
    if (!problem) {
      setAdded(`${name.trim()} can now sign in as ${role === 'manager' ? 'a manager' : 'a cashier'}.`);
      setName('');
      setPin('');
    }
  };
  const generic = error && !error.fields?.length ? error : null;
  return (
    <form className="form" onSubmit={(e) => void submit(e)} aria-labelledby="add-staff" noValidate>
      <h4 id="add-staff">Add a person</h4>
      <div className="form-grid">
        <TextField label="Name" value={name} onChange={setName} maxLength={60} autoComplete="off" error={fieldError(error, 'name')} />
        <TextField
          label="PIN"
          type="password"
          inputMode="numeric"
          value={pin}
          onChange={(v) => setPin(v.replace(/\D/g, ''))}
          maxLength={8}
          autoComplete="new-password"
          hint="4 to 8 digits; they type it to sign in. Stored hashed."
          error={fieldError(error, 'pin')}
        />
      </div>
      <Choice
        legend="Role"
        name="staff-role"
        value={role}
        onChange={setRole}
        options={[
          { value: 'cashier', label: 'Cashier', hint: 'Sells and prints.' },
          { value: 'manager', label: 'Manager', hint: 'Also orders, wallet, settings and approvals.' },
        ]}
      />
      <button type="submit" className="button button--primary">
        Add person
      </button>
      {added && <Success>{added}</Success>}
      {generic && <ErrorNotice error={generic} title="Not added" />}
    </form>
  );
}

function DisableDialog({ member, onClose }: { member: StaffMemberView; onClose: () => void }) {
  const disable = useStaffStore((s) => s.disable);
  const [error, setError] = useState<BridgeError | null>(null);
  return (
    <Dialog title={`Disable ${member.name}?`} description="They can no longer sign in. Their past sales and audit entries stay." onClose={onClose}>
      {error && <ErrorNotice error={error} title="Not disabled" />}
      <div className="actions">
        <button
          type="button"
          className="button button--danger"
          onClick={() =>
            void disable(member.id).then((problem) => {
              if (problem) setError(problem);
              else onClose();
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

export function StaffSection() {
  const { staff, status, error, load } = useStaffStore();
  const me = useSession((s) => s.me?.id);
  const [disabling, setDisabling] = useState<StaffMemberView | null>(null);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <SectionCard id="settings-staff" title="Staff">
      {status === 'loading' && <Loading label="Loading staff…" />}
      {status === 'error' && error && <ErrorNotice error={error} title="Could not load staff" onRetry={() => void load()} />}
      {staff.length > 0 && (
        <Table
          caption="People who can sign in"
          head={
            <>
              <th scope="col">Name</th>
              <th scope="col">Role</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </>
          }
        >
          {staff.map((m) => (
            <tr key={m.id}>
              <td>
                {m.name}
                {m.id === me && <span className="muted"> (you)</span>}
              </td>
              <td>{m.role === 'manager' ? 'Manager' : 'Cashier'}</td>
              <td>
                {m.id !== me && (
                  <button type="button" className="button button--ghost" onClick={() => setDisabling(m)}>
                    Disable<span className="visually-hidden"> {m.name}</span>
                  </button>
                )}
              </td>
            </tr>
          ))}
        </Table>
      )}
      <AddStaff />
      {disabling && <DisableDialog member={disabling} onClose={() => setDisabling(null)} />}
    </SectionCard>
  );
}
