import { useEffect, useState, type FormEvent } from 'react';
import { fieldError, type BridgeError } from '../../bridge/api';
import { Dialog } from '../../ui/Dialog';
import { Choice, Field } from '../common/Field';
import { ErrorNote, Loading, Success } from '../common/Notice';
import type { StaffMemberView } from '../../bridge/contract';
import { useStaffStore } from '../stores/staff-store';

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
    <form className="mgr-form" onSubmit={(e) => void submit(e)} aria-labelledby="mgr-add-staff" noValidate>
      <h3 id="mgr-add-staff">Add a person</h3>
      <div className="mgr-grid-2">
        <Field label="Name" value={name} onValue={setName} maxLength={60} autoComplete="off" error={fieldError(error, 'name')} />
        <Field
          label="PIN"
          type="password"
          inputMode="numeric"
          value={pin}
          onValue={(v) => setPin(v.replace(/\D/g, ''))}
          maxLength={8}
          autoComplete="new-password"
          hint="4 to 8 digits; they type it to sign in. Stored hashed."
          error={fieldError(error, 'pin')}
        />
      </div>
      <Choice
        legend="Role"
        name="mgr-staff-role"
        value={role}
        onValue={setRole}
        options={[
          { value: 'cashier', label: 'Cashier', hint: 'Sells and prints.' },
          { value: 'manager', label: 'Manager', hint: 'Also orders, wallet, settings and approvals.' },
        ]}
      />
      <button type="submit" className="mgr-btn mgr-btn-primary">
        Add person
      </button>
      {added && <Success>{added}</Success>}
      {generic && <ErrorNote error={generic} title="Not added" />}
    </form>
  );
}

function DisableDialog({ member, onClose }: { member: StaffMemberView; onClose: () => void }) {
  const disable = useStaffStore((s) => s.disable);
  const [error, setError] = useState<BridgeError | null>(null);
  return (
    <Dialog title={`Disable ${member.name}?`} description="They can no longer sign in. Their past sales and audit entries stay." onClose={onClose}>
      {error && <ErrorNote error={error} title="Not disabled" />}
      <div className="mgr-actions">
        <button
          type="button"
          className="mgr-btn mgr-btn-danger"
          onClick={() =>
            void disable(member.id).then((problem) => {
              if (problem) setError(problem);
              else onClose();
            })
          }
        >
          Disable {member.name}
        </button>
        <button type="button" className="mgr-btn" onClick={onClose} data-autofocus>
          Keep
        </button>
      </div>
    </Dialog>
  );
}

export function StaffSection() {
  const { staff, me, status, error, load } = useStaffStore();
  const [disabling, setDisabling] = useState<StaffMemberView | null>(null);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section id="mgr-set-staff" className="mgr-card mgr-settings-section" aria-labelledby="mgr-set-staff-title">
      <h2 id="mgr-set-staff-title">Staff</h2>
      {status === 'loading' && <Loading label="Loading staff…" />}
      {status === 'error' && error && <ErrorNote error={error} title="Could not load staff" onRetry={() => void load()} />}
      {staff.length > 0 && (
        <table className="mgr-table">
          <caption className="mgr-sr">People who can sign in</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Role</th>
              <th scope="col">
                <span className="mgr-sr">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {staff.map((m) => (
              <tr key={m.id}>
                <td>
                  {m.name}
                  {m.id === me && <span className="mgr-muted"> (you)</span>}
                </td>
                <td>{m.role === 'manager' ? 'Manager' : 'Cashier'}</td>
                <td>
                  {m.id !== me && (
                    <button type="button" className="mgr-btn mgr-btn-quiet" onClick={() => setDisabling(m)}>
                      Disable<span className="mgr-sr"> {m.name}</span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <AddStaff />
      {disabling && <DisableDialog member={disabling} onClose={() => setDisabling(null)} />}
    </section>
  );
}
