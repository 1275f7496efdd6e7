import { useEffect, useState, type FormEvent } from 'react';
import { useSession } from '../app/session-store';
import { fieldError, type BridgeError } from '../bridge/api';
import type { StaffAdminView } from '../bridge/contract';
import { Choice } from '../ui/Choice';
import { formatDateTime } from '../ui/format';
import { ErrorNotice, Loading, Success } from '../ui/Notice';
import { Table } from '../ui/Table';
import { TextField } from '../ui/TextField';
import { SectionCard } from './SectionCard';
import { useStaffAdminStore } from './staff-admin-store';
import { DisableDialog, PermissionsDialog, ResetPinDialog } from './StaffDialogs';

function AddStaff() {
  const create = useStaffAdminStore((s) => s.create);
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
          hint="4 to 8 digits; they type it with their name to sign in. Stored hashed."
          error={fieldError(error, 'pin')}
        />
      </div>
      <Choice
        legend="Role"
        name="staff-role"
        value={role}
        onChange={setRole}
        options={[
          { value: 'cashier', label: 'Cashier', hint: 'Sells, runs the drawer, sees their own totals.' },
          { value: 'manager', label: 'Manager', hint: 'Everything, and approves reprints.' },
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

type Open = { kind: 'reset' | 'permissions' | 'disable'; member: StaffAdminView } | null;

function statusText(m: StaffAdminView): string {
  if (m.status === 'disabled') return 'Disabled';
  if (m.status === 'locked') return `Locked until ${m.lockedUntil ? formatDateTime(m.lockedUntil) : 'later'} (too many wrong PINs)`;
  return m.mustChangePin ? 'Active · chooses a new PIN at next sign-in' : 'Active';
}

function permissionsText(m: StaffAdminView, total: number): string {
  if (!m.customPermissions) return `Standard for a ${m.role}`;
  return `Chosen: ${m.permissions.length} of ${total}`;
}

/** Everyone who works the counter, with what they may do, and the manager's actions on each. */
export function StaffSection() {
  const { staff, catalog, status, error, load, unlock, enable } = useStaffAdminStore();
  const me = useSession((s) => s.me?.id);
  const [open, setOpen] = useState<Open>(null);
  const [done, setDone] = useState<string | null>(null);
  const [actionError, setActionError] = useState<BridgeError | null>(null);
  useEffect(() => {
    void load();
  }, [load]);
  const finished = (message: string) => {
    setOpen(null);
    setActionError(null);
    setDone(message);
  };
  const run = (action: Promise<BridgeError | null>, message: string) =>
    void action.then((problem) => {
      if (problem) {
        setDone(null);
        setActionError(problem);
      } else finished(message);
    });

  return (
    <SectionCard id="settings-staff" title="Staff">
      {status === 'loading' && <Loading label="Loading staff…" />}
      {status === 'error' && error && <ErrorNotice error={error} title="Could not load staff" onRetry={() => void load()} />}
      {done && <Success>{done}</Success>}
      {actionError && <ErrorNotice error={actionError} title="Not done" />}
      {staff.length > 0 && (
        <Table
          caption="Staff of this counter"
          className="staff-table"
          head={
            <>
              <th scope="col">Name</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              <th scope="col">Permissions</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </>
          }
        >
          {staff.map((m) => (
            <tr key={m.id} className={m.status === 'disabled' ? 'muted' : undefined}>
              <td>
                {m.name}
                {m.id === me && <span className="muted"> (you)</span>}
              </td>
              <td>{m.role === 'manager' ? 'Manager' : 'Cashier'}</td>
              <td>{statusText(m)}</td>
              <td>{permissionsText(m, catalog?.permissions.length ?? 0)}</td>
              <td>
                <div className="staff-table__actions">
                {m.status === 'disabled' ? (
                  <button type="button" className="button button--ghost" onClick={() => run(enable(m.id), `${m.name} can sign in again.`)}>
                    Re-enable<span className="visually-hidden"> {m.name}</span>
                  </button>
                ) : (
                  <>
                    {m.status === 'locked' && (
                      <button type="button" className="button button--ghost" onClick={() => run(unlock(m.id), `${m.name} can sign in again.`)}>
                        Unlock<span className="visually-hidden"> {m.name}</span>
                      </button>
                    )}
                    {m.id !== me && (
                      <button type="button" className="button button--ghost" onClick={() => setOpen({ kind: 'reset', member: m })}>
                        Reset PIN<span className="visually-hidden"> of {m.name}</span>
                      </button>
                    )}
                    <button type="button" className="button button--ghost" onClick={() => setOpen({ kind: 'permissions', member: m })}>
                      Permissions<span className="visually-hidden"> of {m.name}</span>
                    </button>
                    {m.id !== me && (
                      <button type="button" className="button button--ghost" onClick={() => setOpen({ kind: 'disable', member: m })}>
                        Disable<span className="visually-hidden"> {m.name}</span>
                      </button>
                    )}
                  </>
                )}
                </div>
              </td>
            </tr>
          ))}
        </Table>
      )}
      <AddStaff />
      {open?.kind === 'reset' && <ResetPinDialog member={open.member} onClose={() => setOpen(null)} onDone={finished} />}
      {open?.kind === 'permissions' && <PermissionsDialog member={open.member} onClose={() => setOpen(null)} onDone={finished} />}
      {open?.kind === 'disable' && <DisableDialog member={open.member} onClose={() => setOpen(null)} onDone={finished} />}
    </SectionCard>
  );
}
