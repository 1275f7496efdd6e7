import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuditLog } from '../../src-main/audit/audit-log.js';
import { openDatabase, type Db } from '../../src-main/db/database.js';
import { MAX_PIN_FAILURES, StaffService } from '../../src-main/staff/staff-service.js';
import { tempDir } from '../support/temp-dir.js';

describe('staff lifecycle: change, reset, unlock, re-enable, named approvals', () => {
  let dir: ReturnType<typeof tempDir>;
  let db: Db;
  let audit: AuditLog;
  let staff: StaffService;
  const now = Date.UTC(2026, 10, 26, 9);
  let managerId: string;
  let cashierId: string;
  const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? 'OK' : r.error!.code);
  const audited = (action: string) => audit.list({ limit: 1000 }).filter((e) => e.action === action);

  beforeEach(async () => {
    dir = tempDir();
    db = openDatabase(join(dir.path, 'app.db'), 'app');
    audit = new AuditLog(db, () => now);
    staff = new StaffService(db, audit, () => now);
    const m = await staff.create({ name: 'Meera', role: 'manager', pin: '2580' }, null);
    const c = await staff.create({ name: 'Ravi', role: 'cashier', pin: '4826' }, null);
    if (!m.ok || !c.ok) throw new Error('create failed');
    managerId = m.value.id;
    cashierId = c.value.id;
  });
  afterEach(() => {
    db.close();
    dir.cleanup();
  });

  it('changes one’s own PIN only with the current one, to a different strong one', async () => {
    expect(code(await staff.changePin(cashierId, '0000', '7395'))).toBe('INVALID_PIN');
    expect(code(await staff.changePin(cashierId, '4826', '4826'))).toBe('SAME_PIN');
    expect(code(await staff.changePin(cashierId, '4826', '1111'))).toBe('WEAK_PIN');
    expect(code(await staff.changePin(cashierId, '4826', '7395'))).toBe('OK');
    expect(code(await staff.signIn(cashierId, '4826'))).toBe('INVALID_PIN');
    expect(code(await staff.signIn(cashierId, '7395'))).toBe('OK');
    expect(audited('staff.pin_changed')).toHaveLength(1);
  });

  it('counts wrong current PINs toward the lock, in the singular at the last try', async () => {
    for (let i = 1; i < MAX_PIN_FAILURES - 1; i++) await staff.changePin(cashierId, '0000', '7395');
    const last = await staff.changePin(cashierId, '0000', '7395');
    expect(last).toEqual({ ok: false, error: { code: 'INVALID_PIN', message: 'Wrong PIN (1 try left before a lock)' } });
    expect(code(await staff.changePin(cashierId, '0000', '7395'))).toBe('LOCKED');
  });

  it('resets a PIN to a temporary one that must be changed, and lifts a lock with it', async () => {
    for (let i = 0; i < MAX_PIN_FAILURES; i++) await staff.signIn(cashierId, '0000');
    expect(code(await staff.signIn(cashierId, '4826'))).toBe('LOCKED');
    const reset = await staff.resetPin(cashierId, '3917', managerId);
    expect(reset.ok && reset.value).toMatchObject({ mustChangePin: true, lockedUntil: null });
    const signedIn = await staff.signIn(cashierId, '3917');
    expect(signedIn.ok && signedIn.value.mustChangePin).toBe(true);
    const changed = await staff.changePin(cashierId, '3917', '7395');
    expect(changed.ok && changed.value.mustChangePin).toBe(false);
    expect(audited('staff.pin_reset')[0]).toMatchObject({ actor: managerId, details: { staffId: cashierId } });
    // The audit line never holds a PIN. (Compared value by value: ids and hashes are hex, which any four digits may occur in.)
    const values = audit.list({ limit: 1000 }).flatMap((e) => Object.entries(e.details));
    expect(values.filter(([key]) => /pin/i.test(key))).toEqual([]);
    expect(values.map(([, value]) => value)).not.toContain('3917');
    expect(values.map(([, value]) => value)).not.toContain('7395');
  });

  it('unlocks a locked account and says so when there is nothing to unlock', async () => {
    expect(staff.unlock(cashierId, managerId)).toEqual({ ok: false, error: { code: 'NOT_LOCKED', message: 'Ravi is not locked out' } });
    for (let i = 0; i < MAX_PIN_FAILURES; i++) await staff.signIn(cashierId, '0000');
    expect(code(staff.unlock(cashierId, managerId))).toBe('OK');
    expect(code(await staff.signIn(cashierId, '4826'))).toBe('OK');
    expect(audited('staff.unlocked')).toHaveLength(1);
  });

  it('re-enables a disabled member unless their name was taken meanwhile', async () => {
    expect(code(staff.disable(cashierId, managerId))).toBe('OK');
    expect(code(await staff.signIn(cashierId, '4826'))).toBe('UNKNOWN_STAFF');
    const other = await staff.create({ name: 'ravi', role: 'cashier', pin: '5913' }, managerId);
    expect(code(staff.enable(cashierId, managerId))).toBe('NAME_IN_USE');
    if (!other.ok) throw new Error('create failed');
    staff.disable(other.value.id, managerId);
    expect(code(staff.enable(cashierId, managerId))).toBe('OK');
    expect(code(staff.enable(cashierId, managerId))).toBe('NOT_DISABLED');
    expect(code(await staff.signIn(cashierId, '4826'))).toBe('OK');
  });

  it('approves by the manager’s name and PIN; wrong PINs lock approvals at the counter, never the manager’s own sign-in', async () => {
    const context = { what: 'reprint a receipt', for: cashierId };
    expect(code(await staff.approveByManagerPin('2580', context, managerId))).toBe('OK');
    expect(code(await staff.approveByManagerPin('2580', context, cashierId))).toBe('NOT_A_MANAGER');
    const wrong = await staff.approveByManagerPin('1357', context, managerId);
    expect(wrong).toEqual({ ok: false, error: { code: 'INVALID_PIN', message: 'That PIN does not match the manager chosen (4 tries left before approvals lock)' } });
    expect(audited('manager.approval_failed')[0]).toMatchObject({ actor: cashierId, details: { approverId: managerId, failures: 1 } });
    for (let i = 0; i < MAX_PIN_FAILURES - 2; i++) await staff.approveByManagerPin('1357', context, managerId);
    expect(code(await staff.approveByManagerPin('1357', context, managerId))).toBe('LOCKED');
    expect(code(await staff.approveByManagerPin('2580', context, managerId))).toBe('LOCKED');
    // Someone at the till cannot lock the manager out of signing in by guessing at approvals.
    expect(code(await staff.signIn(managerId, '2580'))).toBe('OK');
    expect(audited('manager.approved')[0]).toMatchObject({ actor: managerId, details: { what: 'reprint a receipt', for: cashierId } });
  });

  it('asks for the approver’s name when a PIN alone matches two managers', async () => {
    await staff.create({ name: 'Arjun', role: 'manager', pin: '2580' }, managerId);
    expect(await staff.approveByManagerPin('2580')).toEqual({ ok: false, error: { code: 'APPROVER_REQUIRED', message: 'Choose the approving manager’s name, then type their PIN' } });
    expect(code(await staff.approveByManagerPin('2580', undefined, managerId))).toBe('OK');
  });
});
