import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuditLog } from '../../src-main/audit/audit-log.js';
import { openDatabase, type Db } from '../../src-main/db/database.js';
import { LOCK_BASE_MS, MAX_PIN_FAILURES, StaffService } from '../../src-main/staff/staff-service.js';
import { tempDir } from '../support/temp-dir.js';

// The real scrypt, watched: how much PIN work an attempt costs is the behaviour under test.
vi.mock('../../src-main/staff/pin-hash.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src-main/staff/pin-hash.js')>();
  return { ...real, verifyPin: vi.fn(real.verifyPin) };
});
const { verifyPin } = await import('../../src-main/staff/pin-hash.js');
const verifyCalls = () => vi.mocked(verifyPin).mock.calls.length;

const MANAGER_PIN = '2580';
const CASHIER_PIN = '4826';

describe('PIN attempts are rate-limited', () => {
  let dir: ReturnType<typeof tempDir>;
  let db: Db;
  let audit: AuditLog;
  let staff: StaffService;
  let now: number;
  let managerId: string;
  let cashierId: string;

  /** What a restart of the core does: the same app.db, new services with nothing in memory. */
  function restart(): void {
    db.close();
    db = openDatabase(join(dir.path, 'app.db'), 'app');
    audit = new AuditLog(db, () => now);
    staff = new StaffService(db, audit, () => now);
  }
  const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? 'OK' : r.error!.code);
  const actions = () => audit.list({ limit: 1000 }).map((e) => e.action);

  beforeEach(async () => {
    now = Date.UTC(2026, 10, 25, 9);
    dir = tempDir();
    db = openDatabase(join(dir.path, 'app.db'), 'app');
    audit = new AuditLog(db, () => now);
    staff = new StaffService(db, audit, () => now);
    const m = await staff.create({ name: 'Meera', role: 'manager', pin: MANAGER_PIN }, null);
    const c = await staff.create({ name: 'Ravi', role: 'cashier', pin: CASHIER_PIN }, null);
    if (!m.ok || !c.ok) throw new Error('create failed');
    managerId = m.value.id;
    cashierId = c.value.id;
    vi.mocked(verifyPin).mockClear();
  });
  afterEach(() => {
    db.close();
    dir.cleanup();
  });

  it('keeps an account locked across a restart of the core, until the lock runs out', async () => {
    for (let i = 0; i < MAX_PIN_FAILURES; i++) await staff.signIn(cashierId, '0000');
    restart();
    expect(code(await staff.signIn(cashierId, CASHIER_PIN))).toBe('LOCKED');
    now += LOCK_BASE_MS + 1;
    restart();
    expect(code(await staff.signIn(cashierId, CASHIER_PIN))).toBe('OK');
  });

  it('counts a burst of simultaneous guesses one by one, so a burst cannot outrun the lock', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => staff.signIn(cashierId, '0000')));
    expect(results.map(code)).toEqual([...Array(MAX_PIN_FAILURES - 1).fill('INVALID_PIN'), ...Array(12 - MAX_PIN_FAILURES + 1).fill('LOCKED')]);
    const row = db.prepare('SELECT failed_attempts FROM staff WHERE id = ?').get(cashierId) as { failed_attempts: number };
    expect(row.failed_attempts).toBe(MAX_PIN_FAILURES);
    // Once locked, a guess is refused before any PIN is hashed.
    expect(verifyCalls()).toBe(MAX_PIN_FAILURES);
  });

  it('answers an unknown or disabled staff id after the same PIN work as a real one, and records nothing', async () => {
    const auditBefore = actions().length;
    await staff.signIn(cashierId, '0000');
    const known = verifyCalls();
    expect(known).toBe(1);
    expect(code(await staff.signIn('no-such-id', '0000'))).toBe('UNKNOWN_STAFF');
    expect(verifyCalls() - known).toBe(known);

    const extra = await staff.create({ name: 'Asha', role: 'cashier', pin: '7395' }, managerId);
    if (!extra.ok) throw new Error('create failed');
    staff.disable(extra.value.id, managerId);
    const before = verifyCalls();
    // The right PIN of a disabled account gets the same answer as any other: it is not an account any more.
    expect(code(await staff.signIn(extra.value.id, '7395'))).toBe('UNKNOWN_STAFF');
    expect(verifyCalls() - before).toBe(1);

    // Only the one real failure (plus the create/disable of Asha) was written; unknown ids add no rows.
    expect(actions().slice(0, actions().length - auditBefore).sort()).toEqual(['staff.created', 'staff.disabled', 'staff.sign_in_failed']);
    const rows = db.prepare('SELECT count(*) AS n FROM staff').get() as { n: number };
    expect(rows.n).toBe(3);
  });

  describe('manager approvals (reprint, reveal) by PIN alone', () => {
    const approve = (pin: string) => staff.approveByManagerPin(pin, { what: 'reprint a receipt', for: cashierId });

    it('lock after repeated wrong PINs — the right PIN too — and say so in the audit log', async () => {
      for (let i = 1; i < MAX_PIN_FAILURES; i++) expect(code(await approve('9137'))).toBe('INVALID_PIN');
      expect(code(await approve('9137'))).toBe('LOCKED');
      const hashedBefore = verifyCalls();
      expect(code(await approve(MANAGER_PIN))).toBe('LOCKED');
      expect(verifyCalls()).toBe(hashedBefore); // refused without trying the PIN
      const failed = audit.list({ limit: 100 }).filter((e) => e.action === 'manager.approval_failed');
      expect(failed).toHaveLength(MAX_PIN_FAILURES);
      expect(failed[0]).toMatchObject({ actor: cashierId, details: { what: 'reprint a receipt', failures: MAX_PIN_FAILURES, lockedUntil: now + LOCK_BASE_MS } });
    });

    it('stay locked across a restart, then double the lock for the next run of wrong PINs', async () => {
      for (let i = 0; i < MAX_PIN_FAILURES; i++) await approve('9137');
      restart();
      expect(code(await approve(MANAGER_PIN))).toBe('LOCKED');
      now += LOCK_BASE_MS + 1;
      restart();
      // The count carries on from the log: four more wrong PINs, not five, reach the next lock.
      for (let i = 1; i < MAX_PIN_FAILURES; i++) expect(code(await approve('9137'))).toBe('INVALID_PIN');
      expect(code(await approve('9137'))).toBe('LOCKED');
      const last = audit.latest(['manager.approval_failed']);
      expect(last?.details['lockedUntil']).toBe(now + 2 * LOCK_BASE_MS);
    });

    it('are not reset by a cashier signing in between guesses, only by a right manager PIN', async () => {
      for (let i = 1; i < MAX_PIN_FAILURES; i++) await approve('9137');
      expect(code(await staff.signIn(cashierId, CASHIER_PIN))).toBe('OK');
      restart();
      expect(code(await staff.signIn(cashierId, CASHIER_PIN))).toBe('OK');
      expect(code(await approve('9137'))).toBe('LOCKED');

      now += LOCK_BASE_MS + 1;
      expect(code(await approve(MANAGER_PIN))).toBe('OK');
      expect(audit.latest(['manager.approved'])).toMatchObject({ actor: managerId, details: { what: 'reprint a receipt', for: cashierId } });
      restart();
      // After a right PIN the count starts again from zero, also after a restart.
      for (let i = 1; i < MAX_PIN_FAILURES; i++) expect(code(await approve('9137'))).toBe('INVALID_PIN');
    });

    it('count a burst of simultaneous guesses one by one', async () => {
      const results = await Promise.all(['1357', '2468', '9137', '7391', '3579', '8642', '1593'].map(approve));
      expect(results.map(code)).toEqual(['INVALID_PIN', 'INVALID_PIN', 'INVALID_PIN', 'INVALID_PIN', 'LOCKED', 'LOCKED', 'LOCKED']);
      expect(audit.list({ limit: 100 }).filter((e) => e.action === 'manager.approval_failed')).toHaveLength(MAX_PIN_FAILURES);
    });

    it('never accept a cashier’s PIN, and count it as a wrong one', async () => {
      expect(code(await approve(CASHIER_PIN))).toBe('INVALID_PIN');
      expect(audit.latest(['manager.approval_failed'])?.details['failures']).toBe(1);
    });
  });
});
