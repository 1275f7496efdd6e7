import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuditLog } from '../../src-main/audit/audit-log.js';
import { openDatabase, type Db } from '../../src-main/db/database.js';
import { pinProblem } from '../../src-main/staff/pin-hash.js';
import { LOCK_BASE_MS, MAX_PIN_FAILURES, StaffService } from '../../src-main/staff/staff-service.js';
import { tempDir } from '../support/temp-dir.js';

describe('staff accounts and PINs', () => {
  let dir: ReturnType<typeof tempDir>;
  let db: Db;
  let audit: AuditLog;
  let staff: StaffService;
  let now = Date.UTC(2026, 10, 25, 9);

  beforeEach(() => {
    dir = tempDir();
    db = openDatabase(join(dir.path, 'pos.db'), 'app');
    audit = new AuditLog(db, () => now);
    staff = new StaffService(db, audit, () => now);
  });
  afterEach(() => {
    db.close();
    dir.cleanup();
  });

  it('refuses weak PINs with a reason', () => {
    expect(pinProblem('12')).toMatch(/4 to 8 digits/);
    expect(pinProblem('1111')).toMatch(/repeated/);
    expect(pinProblem('1234')).toMatch(/consecutive/);
    expect(pinProblem('4321')).toMatch(/consecutive/);
    expect(pinProblem('12a4')).toMatch(/digits/);
    expect(pinProblem('2580')).toBeNull();
  });

  it('stores PINs only as scrypt hashes', async () => {
    const created = await staff.create({ name: '  Meera   Shah ', role: 'manager', pin: '2580' }, null);
    expect(created.ok && created.value.name).toBe('Meera Shah');
    const row = db.prepare('SELECT pin_hash FROM staff').get() as { pin_hash: string };
    expect(row.pin_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(row.pin_hash).not.toContain('2580');
  });

  it('signs in with the right PIN and audits it', async () => {
    const m = await staff.create({ name: 'Ravi', role: 'cashier', pin: '4826' }, null);
    if (!m.ok) throw new Error('create failed');
    const ok = await staff.signIn(m.value.id, '4826');
    expect(ok.ok).toBe(true);
    expect(audit.list().map((e) => e.action)).toContain('staff.signed_in');
  });

  it('locks an account after repeated wrong PINs, longer each time', async () => {
    const m = await staff.create({ name: 'Ravi', role: 'cashier', pin: '4826' }, null);
    if (!m.ok) throw new Error('create failed');
    for (let i = 1; i < MAX_PIN_FAILURES; i++) {
      const r = await staff.signIn(m.value.id, '0000');
      expect(r.ok === false && r.error.code).toBe('INVALID_PIN');
    }
    const locked = await staff.signIn(m.value.id, '0000');
    expect(locked.ok === false && locked.error.code).toBe('LOCKED');
    const evenRight = await staff.signIn(m.value.id, '4826');
    expect(evenRight.ok === false && evenRight.error.code).toBe('LOCKED');
    now += LOCK_BASE_MS + 1;
    for (let i = 0; i < MAX_PIN_FAILURES; i++) await staff.signIn(m.value.id, '0000');
    const row = db.prepare('SELECT locked_until FROM staff').get() as { locked_until: number };
    expect(row.locked_until - now).toBe(2 * LOCK_BASE_MS);
    expect(audit.list({ limit: 50 }).filter((e) => e.action === 'staff.locked')).toHaveLength(2);
  });

  it('approves protected actions only with a manager PIN', async () => {
    await staff.create({ name: 'Meera', role: 'manager', pin: '2580' }, null);
    await staff.create({ name: 'Ravi', role: 'cashier', pin: '4826' }, null);
    expect((await staff.approveByManagerPin('4826')).ok).toBe(false);
    const approved = await staff.approveByManagerPin('2580');
    expect(approved.ok && approved.value.role).toBe('manager');
  });

  it('lets two people share a PIN without saying so, keeps names unique, and never removes the last manager', async () => {
    const m = await staff.create({ name: 'Meera', role: 'manager', pin: '2580' }, null);
    // Refusing a PIN "already in use" would tell the cashier someone's PIN: people are told apart by name.
    const shared = await staff.create({ name: 'Ravi', role: 'cashier', pin: '2580' }, null);
    expect(shared.ok).toBe(true);
    const sameName = await staff.create({ name: ' meera ', role: 'cashier', pin: '4826' }, null);
    expect(sameName).toEqual({ ok: false, error: { code: 'NAME_IN_USE', message: 'There is already someone called meera; add a surname or an initial' } });
    if (!m.ok || !shared.ok) throw new Error('create failed');
    expect((await staff.signIn(shared.value.id, '2580')).ok).toBe(true);
    const last = staff.disable(m.value.id, m.value.id);
    expect(last.ok === false && last.error.code).toBe('LAST_MANAGER');
  });
});

describe('wrong-PIN counts taken from a store', () => {
  let dir: ReturnType<typeof tempDir>;
  let db: Db;
  let staff: StaffService;
  const now = Date.UTC(2026, 10, 25, 9);

  beforeEach(() => {
    dir = tempDir();
    db = openDatabase(join(dir.path, 'pos.db'), 'app');
    staff = new StaffService(db, new AuditLog(db, () => now), () => now);
  });
  afterEach(() => {
    db.close();
    dir.cleanup();
  });

  it('keeps wrong PINs counted here while the store was away, and otherwise takes the store’s count and locks, unlocks included', async () => {
    const created = await staff.create({ name: 'Ravi Kumar', role: 'cashier', pin: '1357' }, null);
    if (!created.ok) throw new Error('not created');
    const id = created.value.id;
    const lockRow = () => db.prepare('SELECT failed_attempts, locked_until FROM staff WHERE id = ?').get(id) as { failed_attempts: number; locked_until: number | null };
    // A store's counter whose store server cannot be asked: it judges on its own.
    staff.judgePinsWith(async () => null);
    for (let i = 0; i < MAX_PIN_FAILURES; i++) await staff.signIn(id, '9999');
    expect(await staff.signIn(id, '1357')).toMatchObject({ ok: false, error: { code: 'LOCKED' } });
    const lockedHere = lockRow();

    // Back online, the store (which saw none of those) reports a clean count: the lock stays.
    staff.replica.applyLocks([{ id, failedAttempts: 0, lockedUntil: null }]);
    expect(lockRow()).toEqual(lockedHere);
    expect(await staff.signIn(id, '1357')).toMatchObject({ ok: false, error: { code: 'LOCKED' } });

    // A longer lock met at another counter is taken, its count raised by the wrong PINs typed here.
    const later = lockedHere.locked_until! + LOCK_BASE_MS;
    staff.replica.applyLocks([{ id, failedAttempts: MAX_PIN_FAILURES + 1, lockedUntil: later }]);
    expect(lockRow()).toEqual({ failed_attempts: 2 * MAX_PIN_FAILURES + 1, locked_until: later });

    // A manager unlocks here: nothing counted offline is left, and the store's word is taken whole again.
    expect(staff.unlock(id, 'manager').ok).toBe(true);
    staff.replica.applyLocks([{ id, failedAttempts: 2, lockedUntil: null }]);
    expect(lockRow()).toEqual({ failed_attempts: 2, locked_until: null });
    // An unlock at another counter (the store's count back to 0) is taken too.
    staff.replica.applyLocks([{ id, failedAttempts: 0, lockedUntil: null }]);
    expect(lockRow()).toEqual({ failed_attempts: 0, locked_until: null });
  });

  it('counts as its own only the wrong PINs it judged: a lock copied from the store, met here while the store is away, is lifted by an unlock elsewhere', async () => {
    const created = await staff.create({ name: 'Asha Rao', role: 'cashier', pin: '1357' }, null);
    if (!created.ok) throw new Error('not created');
    const id = created.value.id;
    const lockRow = () => db.prepare('SELECT failed_attempts, locked_until FROM staff WHERE id = ?').get(id);
    const storeLock = now + LOCK_BASE_MS;
    staff.replica.applyLocks([{ id, failedAttempts: MAX_PIN_FAILURES, lockedUntil: storeLock }]);
    staff.judgePinsWith(async () => null);
    expect(await staff.signIn(id, '9999')).toMatchObject({ ok: false, error: { code: 'LOCKED' } });
    // Unlocked at another counter: the store's clean figures are taken whole.
    staff.replica.applyLocks([{ id, failedAttempts: 0, lockedUntil: null }]);
    expect(lockRow()).toEqual({ failed_attempts: 0, locked_until: null });
  });

  it('forgets the wrong PINs counted here once a manager gives a new PIN', async () => {
    const created = await staff.create({ name: 'Dev Patel', role: 'cashier', pin: '1357' }, null);
    if (!created.ok) throw new Error('not created');
    const id = created.value.id;
    staff.judgePinsWith(async () => null);
    for (let i = 0; i < MAX_PIN_FAILURES; i++) await staff.signIn(id, '9999');
    expect((await staff.resetPin(id, '2468', 'manager')).ok).toBe(true);
    staff.replica.applyLocks([{ id, failedAttempts: 0, lockedUntil: null }]);
    expect(db.prepare('SELECT failed_attempts, locked_until FROM staff WHERE id = ?').get(id)).toEqual({ failed_attempts: 0, locked_until: null });
  });
});
