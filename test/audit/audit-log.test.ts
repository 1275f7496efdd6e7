import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuditLog } from '../../src-main/audit/audit-log.js';
import { openDatabase, type Db } from '../../src-main/db/database.js';
import { tempDir } from '../support/temp-dir.js';

describe('the audit log', () => {
  let dir: ReturnType<typeof tempDir>;
  let db: Db;
  let log: AuditLog;
  let now = 1_000;

  beforeEach(() => {
    dir = tempDir();
    db = openDatabase(join(dir.path, 'pos.db'), 'app');
    log = new AuditLog(db, () => now++);
  });
  afterEach(() => {
    db.close();
    dir.cleanup();
  });

  const fill = (n: number) => {
    for (let i = 0; i < n; i++) log.append({ actor: 'manager-1', action: 'receipt.reprinted', saleId: `sale-${i}`, details: { copy: i + 1 } });
  };

  it('chains each entry to the previous one and verifies', () => {
    fill(5);
    const entries = log.list({ limit: 10 }).reverse();
    expect(entries.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    for (let i = 1; i < entries.length; i++) expect(entries[i]!.prevHash).toBe(entries[i - 1]!.hash);
    expect(log.verify()).toEqual({ ok: true, entries: 5 });
  });

  it('cannot be changed through SQL while its triggers stand', () => {
    fill(2);
    expect(() => db.prepare("UPDATE audit_log SET actor = 'x' WHERE seq = 1").run()).toThrow(/append-only/);
    expect(() => db.prepare('DELETE FROM audit_log WHERE seq = 2').run()).toThrow(/append-only/);
  });

  it('detects a row edited behind its back', () => {
    fill(4);
    db.exec('DROP TRIGGER audit_log_no_update');
    db.prepare(`UPDATE audit_log SET details = '{"copy":99}' WHERE seq = 3`).run();
    expect(log.verify()).toMatchObject({ ok: false, brokenAt: 3, reason: 'row content does not match its hash' });
  });

  it('detects a deleted row and a re-hashed forgery that breaks the link', () => {
    fill(4);
    db.exec('DROP TRIGGER audit_log_no_delete');
    db.prepare('DELETE FROM audit_log WHERE seq = 2').run();
    expect(log.verify()).toMatchObject({ ok: false, brokenAt: 3, reason: 'row 2 is missing' });
  });

  it('filters by sale and pages backwards', () => {
    fill(6);
    expect(log.list({ saleId: 'sale-2' }).map((e) => e.seq)).toEqual([3]);
    expect(log.list({ beforeSeq: 4, limit: 2 }).map((e) => e.seq)).toEqual([3, 2]);
  });
});
