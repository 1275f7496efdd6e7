/**
 * `npm run audit:verify -- <data folder | app.db>`: checks the audit log's hash chain from a
 * terminal, without starting the app (a manager or an auditor may run it on a copy of a
 * counter's data folder). It opens the database read-only, so running it can never change
 * the evidence it checks.
 *
 * Exit codes: 0 the chain is intact, 1 it is broken (the first bad row is named), 2 the
 * database cannot be opened or is not the app's database.
 */
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { verifyAuditChain } from './audit-log.js';

export const EXIT_OK = 0;
export const EXIT_BROKEN = 1;
export const EXIT_CANNOT_OPEN = 2;

/** The triggers that make the table append-only; their absence is tampering even when the chain still adds up. */
const TRIGGERS = ['audit_log_no_update', 'audit_log_no_delete'];

export interface VerifyOutcome {
  code: 0 | 1 | 2;
  lines: string[];
}

/** A data folder holds app.db (where the audit log lives); a file path is taken as the database itself. */
export function resolveDatabasePath(target: string): string {
  const path = resolve(target);
  return existsSync(path) && statSync(path).isDirectory() ? join(path, 'app.db') : path;
}

export function verifyAuditFile(target: string): VerifyOutcome {
  const path = resolveDatabasePath(target);
  if (!existsSync(path)) return { code: EXIT_CANNOT_OPEN, lines: [`Cannot open ${path}: no such file`] };

  let db: Database.Database;
  try {
    // fileMustExist: better-sqlite3 would otherwise create an empty database at a mistyped path.
    db = new Database(path, { readonly: true, fileMustExist: true });
  } catch (error) {
    return { code: EXIT_CANNOT_OPEN, lines: [`Cannot open ${path}: ${(error as Error).message}`] };
  }
  try {
    let triggers: string[];
    try {
      // The first read is where SQLite notices a file that is not a database at all.
      const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'audit_log'").get();
      if (!table) return { code: EXIT_CANNOT_OPEN, lines: [`Cannot open ${path}: it has no audit log (is it the app's app.db?)`] };
      triggers = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'audit_log'").all() as { name: string }[]).map((t) => t.name);
    } catch (error) {
      return { code: EXIT_CANNOT_OPEN, lines: [`Cannot open ${path}: ${(error as Error).message}`] };
    }

    let result;
    try {
      result = verifyAuditChain(db);
    } catch (error) {
      // A page damaged in the middle of the table surfaces only while walking it.
      return { code: EXIT_BROKEN, lines: [`BROKEN: ${path}: the audit log could not be read to the end: ${(error as Error).message}`] };
    }
    if (!result.ok) {
      return {
        code: EXIT_BROKEN,
        lines: [`BROKEN at row ${result.brokenAt}: ${result.reason}`, `${result.entries} row(s) before it verified; ${path}`],
      };
    }
    const missing = TRIGGERS.filter((t) => !triggers.includes(t));
    if (missing.length > 0) {
      return {
        code: EXIT_BROKEN,
        lines: [`BROKEN: the append-only trigger(s) ${missing.join(', ')} were removed`, `${result.entries} row(s) checked; the chain itself adds up; ${path}`],
      };
    }
    const head = db.prepare('SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1').get() as { seq: number; hash: string } | undefined;
    // A chain cannot show rows cut off its end; the last row's hash, noted elsewhere, can.
    const headLine = head ? `last row ${head.seq}, hash ${head.hash}` : 'the log is empty';
    return { code: EXIT_OK, lines: [`OK: ${result.entries} row(s) checked, chain intact (${headLine})`, path] };
  } finally {
    db.close();
  }
}

const USAGE = 'Usage: npm run audit:verify -- <data folder | path to app.db>';

export function main(argv: readonly string[]): number {
  const args = argv.filter((a) => a !== '--');
  if (args.length !== 1 || args[0] === '--help' || args[0] === '-h') {
    console.error(USAGE);
    return EXIT_CANNOT_OPEN;
  }
  const outcome = verifyAuditFile(args[0]!);
  const print = outcome.code === EXIT_OK ? console.log : console.error;
  for (const line of outcome.lines) print(line);
  return outcome.code;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2));
}
