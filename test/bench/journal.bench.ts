import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { migrate, openDatabase, type Db } from '../../src-main/db/database.js';
import { SCHEMAS } from '../../src-main/db/migrations/index.js';
import { SqliteSaleJournal } from '../../src-main/orders/journal/sqlite-sale-journal.js';
import { SalesHistory } from '../../src-main/orders/sales/sales-history.js';
import { tempDir } from '../support/temp-dir.js';
import { now, paired, row, seeded, type BenchRow } from './stats.js';

const DAY = 86_400_000;
const START = Date.UTC(2024, 0, 1);
const STATES = ['SUCCESS', 'SUCCESS', 'SUCCESS', 'SUCCESS', 'SUCCESS', 'SUCCESS', 'FAILED', 'REJECTED', 'PROCESSING', 'NEEDS_SUPPORT'];

export interface PlanCheck {
  query: string;
  plan: string[];
  /** No full-table SCAN: every access goes through an index. */
  usesIndex: boolean;
  /** Every access is a SEARCH (a seek); a SCAN of a whole index walks every row of it. */
  seeks: boolean;
}

/** `count` orders spread evenly over `days` days, deterministic; one prepared INSERT, 50k per transaction. */
function fill(db: Db, count: number, days: number): string[] {
  const rand = seeded(2024);
  const insert = db.prepare(`INSERT INTO sales (id, reference_id, state, product_id, brand_title, brand_snapshot, payload,
    amount_paise, customer_phone, order_id, created_at, placed_at, updated_at)
    VALUES (?, ?, ?, ?, ?, '{}', '{}', ?, ?, ?, ?, ?, ?)`);
  const refs: string[] = [];
  const step = (days * DAY) / count;
  const batch = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const ref = `POS-${Math.floor(rand() * 2 ** 48).toString(36)}-${i.toString(36)}`;
      if (i % 1000 === 0) refs.push(ref);
      const state = STATES[Math.floor(rand() * STATES.length)]!;
      const brand = Math.floor(rand() * 450);
      const at = START + Math.floor(i * step);
      const phone = rand() < 0.3 ? `9${String(Math.floor(rand() * 1e9)).padStart(9, '0')}` : null;
      const orderId = state === 'REJECTED' ? null : `ord_${i.toString(36)}`;
      insert.run(`s${String(i).padStart(8, '0')}`, ref, state, `BRAND_${brand}`, `Brand ${brand}`, 10_000 * (1 + Math.floor(rand() * 50)), phone, orderId, at, at, at);
    }
  });
  for (let i = 0; i < count; i += 50_000) batch(i, Math.min(count, i + 50_000));
  return refs;
}

/** A db whose statements record the SQL and arguments they run with, for EXPLAIN QUERY PLAN. */
function recording(db: Db, seen: Map<string, unknown[]>): Db {
  return new Proxy(db, {
    get(target, prop) {
      if (prop !== 'prepare') return Reflect.get(target, prop, target) as unknown;
      return (sql: string) => {
        const stmt = target.prepare(sql);
        const wrap = (name: 'all' | 'get' | 'iterate') => {
          const real = (stmt[name] as (...a: unknown[]) => unknown).bind(stmt);
          (stmt as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
            seen.set(sql, args);
            return real(...args);
          };
        };
        wrap('all');
        wrap('get');
        wrap('iterate');
        return stmt;
      };
    },
  });
}

function planOf(db: Db, sql: string, args: unknown[]): PlanCheck {
  // A SELECT of scalar subqueries only (the attention count) reads its one constant row from no table.
  const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[]).map((r) => r.detail).filter((d) => d !== 'SCAN CONSTANT ROW');
  // Every table access must be a SEARCH or a SCAN of an index (covering or not). A full-text
  // table answering a MATCH (`VIRTUAL TABLE INDEX n:M…`) is a seek in its own index.
  // The queue of search entries not yet in the trigram index (schema 8) is read whole by
  // design: it holds only the sales of the last moments, not the journal.
  // A partial index holds only the rows its WHERE names (the stuck sales, the owed receipts):
  // walking it whole reads the answer and nothing else, as a seek does.
  const partial = new Set(db.prepare<[], string>("SELECT il.name FROM sqlite_schema t, pragma_index_list(t.name) il WHERE t.type = 'table' AND il.partial = 1").pluck().all());
  const partialWalk = (d: string) => partial.has(/^SCAN \S+ USING (?:COVERING )?INDEX (\S+)$/.exec(d)?.[1] ?? '');
  const ftsMatch = (d: string) => /^SCAN \S+ VIRTUAL TABLE INDEX \d+:M/.test(d) || d === 'SCAN sales_ref_search_pending' || partialWalk(d);
  const usesIndex = plan.every((d) => !/^SCAN /.test(d) || /USING (COVERING )?INDEX/.test(d) || ftsMatch(d)) && plan.some((d) => /INDEX|PRIMARY KEY/.test(d) || ftsMatch(d));
  const seeks = usesIndex && plan.every((d) => !/^SCAN /.test(d) || ftsMatch(d));
  return { query: sql.replace(/\s+/g, ' ').slice(0, 120), plan, usesIndex, seeks };
}

export async function benchJournal(count: number, reps: number, log: (s: string) => void): Promise<{ rows: BenchRow[]; plans: PlanCheck[] }> {
  const dir = tempDir('gv-bench-journal-');
  const path = join(dir.path, 'journal.db');
  // Filled at schema 1, then opened as the app opens it: the upgrade's backfill (the search
  // index over every reference) runs once in bulk, as it does for a counter's existing data,
  // instead of row by row through the triggers, and its time at this size is reported.
  const days = Math.round(count / 1000); // ≈ 1,000 orders a day, ≈ 30k a month
  const t0 = now();
  // BENCH_JOURNAL_FIXTURE=<file>: the schema-1 fill is kept there and copied on later runs (it
  // takes minutes at 1M); the file's name carries the count, so another size builds its own.
  const cached = process.env.BENCH_JOURNAL_FIXTURE ? `${process.env.BENCH_JOURNAL_FIXTURE}.${count}.db` : null;
  let refs: string[];
  if (cached && existsSync(cached)) {
    copyFileSync(cached, path);
    const copy = new Database(path, { readonly: true });
    try {
      refs = copy.prepare<[], string>("SELECT reference_id FROM sales WHERE substr(id, -3) = '000' ORDER BY id").pluck().all();
    } finally {
      copy.close();
    }
  } else {
    const old = new Database(path);
    try {
      old.pragma('journal_mode = WAL');
      migrate(old, SCHEMAS.environment.slice(0, 1));
      refs = fill(old, count, days);
      if (cached) old.exec(`VACUUM INTO '${cached.replace(/'/g, "''")}'`);
    } catch (error) {
      dir.cleanup();
      throw error;
    } finally {
      old.close();
    }
  }
  const t1 = now();
  const db = openDatabase(path, 'environment');
  const rows: BenchRow[] = [];
  const seen = new Map<string, unknown[]>();
  try {
    // A busy afternoon's receipts not yet printed: the only rows the owed-receipt index holds
    // (sales completed before schema 4 are never owed, so the upgrade marked none).
    db.exec("UPDATE sales SET receipt_owed = 1 WHERE id IN (SELECT id FROM sales WHERE state = 'SUCCESS' ORDER BY created_at DESC LIMIT 20)");
    db.exec('ANALYZE');
    log(`  journal: ${count} orders over ${days} days in ${((t1 - t0) / 1000).toFixed(1)} s (schema 1), upgraded to schema ${SCHEMAS.environment.length} in ${((now() - t1) / 1000).toFixed(1)} s`);
    const history = new SalesHistory(recording(db, seen));
    const journal = new SqliteSaleJournal(db, () => Date.now());
    const rand = seeded(99);
    const dayAt = (i: number) => START + Math.floor(((i * 7919) % (days - 40)) + 5) * DAY;
    const g = 'journal';
    const label = `at ${count.toLocaleString('en')} orders`;

    const daySeek = db.prepare('SELECT id FROM sales WHERE created_at >= ? AND created_at < ? ORDER BY created_at DESC, id DESC LIMIT 51');
    let r = await paired(reps, (i) => history.list({ from: dayAt(i), to: dayAt(i) + DAY }), (i) => daySeek.all(dayAt(i), dayAt(i) + DAY));
    rows.push(row(g, `first page of a day ${label}`, r.subject, r.baseline, 'index seek, same 51 ids'));

    const weekSeek = db.prepare("SELECT id FROM sales WHERE created_at >= ? AND created_at < ? AND state IN ('NEEDS_SUPPORT') ORDER BY created_at DESC, id DESC LIMIT 51");
    r = await paired(
      reps,
      (i) => history.list({ from: dayAt(i), to: dayAt(i) + 7 * DAY, states: ['NEEDS_SUPPORT'] }),
      (i) => weekSeek.all(dayAt(i), dayAt(i) + 7 * DAY),
    );
    rows.push(row(g, `first page, 7 days + status ${label}`, r.subject, r.baseline, 'index seek, same ids'));

    const monthCount = db.prepare('SELECT count(*) AS n FROM sales WHERE created_at >= ? AND created_at < ?');
    r = await paired(Math.ceil(reps / 4), (i) => history.summary(dayAt(i), dayAt(i) + 30 * DAY), (i) => monthCount.get(dayAt(i), dayAt(i) + 30 * DAY));
    rows.push(row(g, `month summary (count+sum by state/brand/hour) ${label}`, r.subject, r.baseline, 'covering-index count(*) of the month'));

    const monthIds = db.prepare('SELECT id FROM sales WHERE created_at >= ? AND created_at < ? ORDER BY created_at, id');
    const drain = (it: Iterable<unknown>) => {
      let n = 0;
      for (const _ of it) n++;
      return n;
    };
    r = await paired(Math.ceil(reps / 20), (i) => drain(history.csv({ from: dayAt(i), to: dayAt(i) + 30 * DAY }, () => 'Ravi Kumar')), (i) => drain(monthIds.iterate(dayAt(i), dayAt(i) + 30 * DAY)), 2);
    rows.push(row(g, `month CSV export (≈30k rows) ${label}`, r.subject, r.baseline, 'index walk of the same ids'));

    const refSeek = db.prepare('SELECT rowid FROM sales WHERE reference_id = ?');
    const ref = (i: number) => refs[Math.floor(rand() * refs.length + Math.abs(i)) % refs.length]!;
    r = await paired(reps, (i) => journal.getByReference(ref(i)), (i) => refSeek.get(ref(i)));
    rows.push(row(g, `reference lookup exact ${label}`, r.subject, r.baseline, 'unique-index seek, rowid only'));

    r = await paired(Math.ceil(reps / 20), (i) => history.list({ reference: ref(i).slice(4, 10) }), (i) => refSeek.get(ref(i)), 2);
    rows.push(row(g, `reference lookup substring ${label}`, r.subject, r.baseline, 'unique-index seek (exact)'));

    // What the Sell screen asks on every sign-in and closed sale (the owed receipts), and the
    // manager on opening Orders (the attention list: this data's 10% stuck sales, and the owed receipts).
    const owedSeek = db.prepare('SELECT id FROM sales WHERE receipt_owed = 1');
    r = await paired(reps, () => journal.unprinted(), () => owedSeek.all());
    rows.push(row(g, `counter's owed receipts (20) ${label}`, r.subject, r.baseline, 'partial-index seek, ids only'));
    const stuckSeek = db.prepare("SELECT id FROM sales WHERE state IN ('IN_DOUBT', 'NEEDS_SUPPORT') ORDER BY created_at, id");
    r = await paired(Math.ceil(reps / 20), () => history.needingAttention(), () => stuckSeek.all(), 2);
    rows.push(row(g, `attention list (stuck + 20 owed receipts) ${label}`, r.subject, r.baseline, 'index seek, stuck ids only'));
    // The health screen's line counts the same list, without reading it.
    const stuckCount = db.prepare("SELECT count(*) FROM sales WHERE state IN ('IN_DOUBT', 'NEEDS_SUPPORT')");
    r = await paired(reps, () => history.countNeedingAttention(), () => stuckCount.get());
    rows.push(row(g, `attention count (health line) ${label}`, r.subject, r.baseline, 'index count of the stuck states'));
    // Once more through a recording journal, for its plan (the timed one is left unwrapped).
    new SqliteSaleJournal(recording(db, seen), () => Date.now()).unprinted();

    const plans = [...seen.entries()].map(([sql, args]) => planOf(db, sql, args));
    plans.push(planOf(db, 'SELECT * FROM sales WHERE reference_id = ?', [refs[0]]));
    return { rows, plans };
  } finally {
    db.close();
    dir.cleanup();
  }
}
