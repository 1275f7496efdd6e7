import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuditLog } from '../../src-main/audit/audit-log.js';
import { openDatabase, type Db } from '../../src-main/db/database.js';
import { bridgeHarness, setUpCounter } from '../bridge/bridge-harness.js';
import { tempDir } from '../support/temp-dir.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const CLI = join(ROOT, 'src-main', 'audit', 'verify-cli.ts');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The command as a user runs it: a separate process, judged by its exit code and words. */
function run(command: string, args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd: ROOT, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}
const verify = (...args: string[]) => run(TSX, [CLI, ...args]);

describe('npm run audit:verify', () => {
  let dir: ReturnType<typeof tempDir>;
  let dbPath: string;

  /** A data folder's app.db, built by the real migrations, with `n` chained entries. */
  function writeLog(n: number, path = dbPath): void {
    const db = openDatabase(path, 'app');
    const log = new AuditLog(db, () => 1_700_000_000_000);
    for (let i = 1; i <= n; i++) log.append({ actor: 'manager-1', action: 'receipt.reprinted', saleId: `sale-${i}`, details: { copy: i + 1, note: `entry-${i}` } });
    db.close(); // checkpoints the WAL, so the rows are in the file itself
  }
  /** Tampering as someone with the file would do it: bypass the app, drop what is in the way. */
  function tamper(sql: string): void {
    const db: Db = openDatabase(dbPath, 'app');
    db.exec('DROP TRIGGER audit_log_no_update; DROP TRIGGER audit_log_no_delete;');
    db.exec(sql);
    // Put the triggers back, so the chain alone has to catch it.
    db.exec(`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
             CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;`);
    db.close();
  }

  beforeEach(() => {
    dir = tempDir('gv-audit-cli-');
    dbPath = join(dir.path, 'app.db');
  });
  afterEach(() => dir.cleanup());

  it('passes an intact log given the data folder, through the package script, and says how many rows and the head', async () => {
    writeLog(6);
    const r = await run('npm', ['run', '--silent', 'audit:verify', '--', dir.path]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^OK: 6 row\(s\) checked, chain intact \(last row 6, hash [0-9a-f]{64}\)/);
  });

  it('verifies the data folder of a real core in use, agreeing with the app’s own check', async () => {
    const h = await bridgeHarness();
    try {
      const { cashierId } = await setUpCounter(h);
      await h.ok('staff.signIn', { staffId: cashierId, pin: '4826' });
      const own = h.core.audit.verify();
      expect(own.ok && own.entries).toBeGreaterThan(1);
      const r = await verify(h.dataDir);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(`OK: ${own.entries} row(s) checked`);
    } finally {
      await h.close();
    }
  });

  it('reads a log the running app holds open (WAL) and changes nothing in the file', async () => {
    writeLog(3);
    const db = openDatabase(dbPath, 'app');
    new AuditLog(db, () => 1).append({ actor: 'x', action: 'staff.signed_in', details: { role: 'cashier' } });
    const before = readFileSync(dbPath);
    try {
      const r = await verify(dbPath);
      expect(r.stdout).toMatch(/^OK: 4 row\(s\) checked/);
      expect(r.code).toBe(0);
      // Read-only: the command did not checkpoint or write the main file under the running app.
      expect(readFileSync(dbPath).equals(before)).toBe(true);
    } finally {
      db.close();
    }
  });

  it('names the row whose details were edited behind the app', async () => {
    writeLog(5);
    tamper(`UPDATE audit_log SET details = '{"copy":99,"note":"entry-3"}' WHERE seq = 3`);
    const r = await verify(dbPath);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/BROKEN at row 3: row content does not match its hash/);
    expect(r.stderr).toMatch(/2 row\(s\) before it verified/);
  });

  it('names the gap when a middle row is deleted', async () => {
    writeLog(5);
    tamper('DELETE FROM audit_log WHERE seq = 2');
    const r = await verify(dbPath);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/BROKEN at row 3: row 2 is missing/);
  });

  it('catches a forged row whose own hash was recomputed, by the next row’s link', async () => {
    writeLog(4);
    // The forger knows the formula (it is in the source) and re-hashes row 2 after editing it;
    // row 3 still points at the old hash, so the chain breaks there.
    const db = openDatabase(dbPath, 'app');
    const row = db.prepare('SELECT * FROM audit_log WHERE seq = 2').get() as Record<string, any>;
    db.close();
    const details = { copy: 1, note: 'entry-2' };
    const forged = createHash('sha256').update(JSON.stringify([row.seq, row.at, row.actor, row.action, row.sale_id, details, row.prev_hash])).digest('hex');
    tamper(`UPDATE audit_log SET details = '${JSON.stringify(details)}', hash = '${forged}' WHERE seq = 2`);
    const r = await verify(dbPath);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/BROKEN at row 3: link to the previous row does not match/);
  });

  it('catches bytes patched in the file itself', async () => {
    writeLog(4);
    const bytes = readFileSync(dbPath);
    const at = bytes.indexOf(Buffer.from('entry-2'));
    expect(at).toBeGreaterThan(0);
    bytes.write('entry-9', at); // same length, so SQLite still reads the page
    writeFileSync(dbPath, bytes);
    const r = await verify(dbPath);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/BROKEN at row 2: row content does not match its hash/);
  });

  it('treats removed append-only triggers as tampering even when the chain adds up', async () => {
    writeLog(2);
    const db = openDatabase(dbPath, 'app');
    db.exec('DROP TRIGGER audit_log_no_delete');
    db.close();
    const r = await verify(dbPath);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/audit_log_no_delete were removed/);
  });

  it('exits 2 with a clear message for a missing file, a file that is not a database, or another database', async () => {
    const missing = await verify(join(dir.path, 'nope', 'app.db'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/Cannot open .*nope.*app\.db: no such file/);

    const emptyFolder = await verify(dir.path); // a data folder without app.db
    expect(emptyFolder.code).toBe(2);
    expect(emptyFolder.stderr).toMatch(/no such file/);

    const junk = join(dir.path, 'junk.db');
    writeFileSync(junk, Buffer.alloc(8192, 0x41));
    const corrupt = await verify(junk);
    expect(corrupt.code).toBe(2);
    expect(corrupt.stderr).toMatch(/Cannot open .*junk\.db: .*not a database/);

    // One of the app's own databases, but an environment's: its schema has no audit log.
    const other = join(dir.path, 'training.db');
    openDatabase(other, 'environment').close();
    const notApp = await verify(other);
    expect(notApp.code).toBe(2);
    expect(notApp.stderr).toMatch(/has no audit log/);
    // Nothing was created at the mistyped path.
    expect(() => statSync(join(dir.path, 'nope'))).toThrow();
  });

  it('exits 2 with the usage when not given exactly one path', async () => {
    const r = await verify();
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Usage: npm run audit:verify -- <data folder/);
  });
});
