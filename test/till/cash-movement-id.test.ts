import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuditLog } from '../../src-main/audit/audit-log.js';
import { migrate, openDatabase, type Db } from '../../src-main/db/database.js';
import { SCHEMAS } from '../../src-main/db/migrations/index.js';
import { DEFAULT_SETTINGS } from '../../src-main/settings/settings-schema.js';
import { MOVEMENT_ID_IN_USE, MOVEMENT_IN_CLOSED_SHIFT, NO_OPEN_SHIFT, ShiftService } from '../../src-main/till/shift-service.js';
import { TillStore } from '../../src-main/till/till-store.js';
import { tempDir } from '../support/temp-dir.js';

const CASHIER = 'cashier-1';
const ID = '3b0f6c1e-6a57-4d8c-9a51-2f7c3f0f5e11';
const OTHER_ID = 'c9a3e0a4-1f7b-4b8e-8f0d-6f5d2a9b7c42';

/**
 * `shift.cashMovement`'s `movementId`: the page's own id for a pay-in or pay-out, so Confirm sent
 * again (an answer lost, a second press, a retry after an error whose write happened) records
 * the movement once. Against the service and the environment file itself.
 */
describe('a cash movement under the page’s id is recorded once', () => {
  let dir: { path: string; cleanup(): void };
  let envDb: Db;
  let appDb: Db;
  let shifts: ShiftService;
  let audit: AuditLog;
  let now = 1_764_000_000_000;

  const build = () => {
    audit = new AuditLog(appDb, () => now);
    shifts = new ShiftService({ store: new TillStore(envDb), audit, now: () => now++, staffName: () => 'Ravi Kumar', settings: () => DEFAULT_SETTINGS, training: false });
  };
  const rows = () => envDb.prepare('SELECT id, movement_id AS movementId, kind, amount_paise AS amountPaise, reason FROM cash_movements ORDER BY rowid').all();
  const audited = (action: string) => audit.list({ limit: 1000 }).filter((e) => e.action === action);
  const ok = <T>(result: { ok: true; value: T } | { ok: false; code: string; message: string }): T => {
    if (!result.ok) throw new Error(`refused: ${result.code} ${result.message}`);
    return result.value;
  };

  beforeEach(() => {
    dir = tempDir();
    envDb = openDatabase(join(dir.path, 'training.db'), 'environment');
    appDb = openDatabase(join(dir.path, 'app.db'), 'app');
    build();
    ok(shifts.open({ openingFloatPaise: 100_000 }, CASHIER));
  });
  afterEach(() => {
    envDb.close();
    appDb.close();
    dir.cleanup();
  });

  it('records one movement when the same id comes twice, and answers both calls alike', () => {
    const first = ok(shifts.cashMovement({ kind: 'PAY_IN', amountPaise: 5_000, reason: 'Change from the bank', movementId: ID }, CASHIER));
    const again = ok(shifts.cashMovement({ kind: 'PAY_IN', amountPaise: 5_000, reason: 'Change from the bank', movementId: ID }, CASHIER));
    expect(again).toEqual(first);
    expect(first).toMatchObject({ expectedCashPaise: 105_000, movements: [{ kind: 'PAY_IN', amountPaise: 5_000 }] });
    expect(rows()).toEqual([expect.objectContaining({ movementId: ID, kind: 'PAY_IN', amountPaise: 5_000 })]);
    expect(audited('shift.cash_movement')).toHaveLength(1);
    expect(audited('shift.cash_movement')[0]!.details).toMatchObject({ movementId: ID });
    expect(audited('shift.cash_movement_repeated').map((e) => e.details)).toEqual([{ shiftId: first.id, movementId: ID }]);
  });

  it('refuses the same id with another kind, amount or reason, and changes nothing', () => {
    const first = ok(shifts.cashMovement({ kind: 'PAY_OUT', amountPaise: 20_000, reason: 'Courier', movementId: ID }, CASHIER));
    const auditBefore = audit.list({ limit: 1000 });
    for (const changed of [
      { kind: 'PAY_IN' as const, amountPaise: 20_000, reason: 'Courier' },
      { kind: 'PAY_OUT' as const, amountPaise: 20_001, reason: 'Courier' },
      { kind: 'PAY_OUT' as const, amountPaise: 20_000, reason: 'Courier charges' },
    ]) {
      expect(shifts.cashMovement({ ...changed, movementId: ID }, CASHIER)).toEqual({ ok: false, code: 'MOVEMENT_ID_IN_USE', message: MOVEMENT_ID_IN_USE });
    }
    expect(rows()).toHaveLength(1);
    expect(shifts.current()).toEqual(first);
    expect(audit.list({ limit: 1000 })).toEqual(auditBefore);
  });

  it('records every call made without an id, as before, and each new id once', () => {
    const move = { kind: 'PAY_IN' as const, amountPaise: 1_000, reason: 'Coins' };
    ok(shifts.cashMovement(move, CASHIER));
    ok(shifts.cashMovement(move, CASHIER));
    ok(shifts.cashMovement({ ...move, movementId: ID }, CASHIER));
    const last = ok(shifts.cashMovement({ ...move, movementId: OTHER_ID }, CASHIER));
    expect(last.expectedCashPaise).toBe(104_000);
    expect(rows().map((r) => (r as { movementId: string | null }).movementId)).toEqual([null, null, ID, OTHER_ID]);
    expect(audited('shift.cash_movement')).toHaveLength(4);
  });

  it('answers the repeat of a pay-out that emptied the drawer, rather than refuse it as more than the drawer holds', () => {
    const first = ok(shifts.cashMovement({ kind: 'PAY_OUT', amountPaise: 100_000, reason: 'Bank deposit', movementId: ID }, CASHIER));
    expect(first.expectedCashPaise).toBe(0);
    expect(ok(shifts.cashMovement({ kind: 'PAY_OUT', amountPaise: 100_000, reason: 'Bank deposit', movementId: ID }, CASHIER))).toEqual(first);
    expect(rows()).toHaveLength(1);
  });

  it('keeps the id on disk: the repeat is recognised after a restart, and in the next shift is refused as recorded in the closed one', () => {
    const openedAt = shifts.current()!.openedAt;
    ok(shifts.cashMovement({ kind: 'PAY_IN', amountPaise: 5_000, reason: 'Change', movementId: ID }, CASHIER));
    envDb.close();
    envDb = openDatabase(join(dir.path, 'training.db'), 'environment');
    build();
    expect(ok(shifts.cashMovement({ kind: 'PAY_IN', amountPaise: 5_000, reason: 'Change', movementId: ID }, CASHIER)).expectedCashPaise).toBe(105_000);
    expect(rows()).toHaveLength(1);

    ok(shifts.close({ countedCashPaise: 105_000 }, CASHIER));
    const next = ok(shifts.open({ openingFloatPaise: 10_000 }, CASHIER));
    const message = MOVEMENT_IN_CLOSED_SHIFT({ kind: 'PAY_IN', amountPaise: 5_000 }, { openedByName: 'Ravi Kumar', openedAt });
    expect(shifts.cashMovement({ kind: 'PAY_IN', amountPaise: 5_000, reason: 'Change', movementId: ID }, CASHIER)).toEqual({ ok: false, code: 'MOVEMENT_IN_CLOSED_SHIFT', message });
    expect(rows()).toHaveLength(1);
    expect(shifts.current()).toEqual(next);
  });

  it('a repeat after the drawer was closed says the movement stands in the closed shift, not that the drawer is not open', () => {
    const openedAt = shifts.current()!.openedAt;
    ok(shifts.cashMovement({ kind: 'PAY_IN', amountPaise: 5_000, reason: 'Change from the bank', movementId: ID }, CASHIER));
    ok(shifts.close({ countedCashPaise: 105_000 }, CASHIER));
    const auditBefore = audit.list({ limit: 1000 });

    const again = shifts.cashMovement({ kind: 'PAY_IN', amountPaise: 5_000, reason: 'Change from the bank', movementId: ID }, CASHIER);
    expect(again).toMatchObject({ ok: false, code: 'MOVEMENT_IN_CLOSED_SHIFT' });
    const { message } = again as { message: string };
    expect(message).toBe(MOVEMENT_IN_CLOSED_SHIFT({ kind: 'PAY_IN', amountPaise: 5_000 }, { openedByName: 'Ravi Kumar', openedAt }));
    expect(message).toMatch(/^This pay-in of ₹50(\.00)? was already recorded, in the shift Ravi Kumar opened on \d\d\/\d\d\/\d{4} \d\d:\d\d, which is now closed; nothing more was recorded\./);
    expect(message).not.toContain(NO_OPEN_SHIFT);
    // Another amount under that id is still MOVEMENT_ID_IN_USE; a new movement with no drawer open is NO_OPEN_SHIFT.
    expect(shifts.cashMovement({ kind: 'PAY_IN', amountPaise: 6_000, reason: 'Change from the bank', movementId: ID }, CASHIER)).toMatchObject({ code: 'MOVEMENT_ID_IN_USE' });
    expect(shifts.cashMovement({ kind: 'PAY_IN', amountPaise: 5_000, reason: 'Change from the bank', movementId: OTHER_ID }, CASHIER)).toMatchObject({ code: 'NO_OPEN_SHIFT' });
    expect(rows()).toHaveLength(1);
    expect(audit.list({ limit: 1000 })).toEqual(auditBefore);
  });

  it('holds each id once in the file, whatever writes it', () => {
    ok(shifts.cashMovement({ kind: 'PAY_IN', amountPaise: 5_000, reason: 'Change', movementId: ID }, CASHIER));
    const shiftId = shifts.currentId()!;
    const insert = envDb.prepare("INSERT INTO cash_movements (id, movement_id, shift_id, kind, amount_paise, reason, staff_id, at) VALUES (?, ?, ?, 'PAY_IN', 1, 'x', 's', 1)");
    expect(() => insert.run('m-2', ID, shiftId)).toThrow(/UNIQUE/);
    insert.run('m-3', null, shiftId);
    insert.run('m-4', null, shiftId);
    expect(rows()).toHaveLength(3);
  });
});

describe('environment schema 11 on a file that has pay-ins and pay-outs', () => {
  it('keeps them, with no page id', () => {
    const dir = tempDir();
    try {
      const path = join(dir.path, 'production.db');
      const old = new Database(path);
      migrate(old, SCHEMAS.environment.slice(0, 10));
      old.exec(`INSERT INTO shifts (id, counter, opened_by, opened_at, opening_float_paise) VALUES ('s1', 'Counter 1', 'c', 1, 0);
        INSERT INTO cash_movements (id, shift_id, kind, amount_paise, reason, staff_id, at) VALUES ('m1', 's1', 'PAY_IN', 500, 'Coins', 'c', 2), ('m2', 's1', 'PAY_OUT', 200, 'Milk', 'c', 3);`);
      old.close();
      const db = openDatabase(path, 'environment');
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMAS.environment.length);
      expect(new TillStore(db).movements('s1')).toEqual([
        { id: 'm1', movementId: null, shiftId: 's1', kind: 'PAY_IN', amountPaise: 500, reason: 'Coins', staffId: 'c', at: 2 },
        { id: 'm2', movementId: null, shiftId: 's1', kind: 'PAY_OUT', amountPaise: 200, reason: 'Milk', staffId: 'c', at: 3 },
      ]);
      db.close();
    } finally {
      dir.cleanup();
    }
  });
});
