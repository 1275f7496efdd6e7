import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../src-main/db/database.js';
import { ATTENTION_STATES } from '../../../src-main/orders/journal/sale-state.js';
import { SqliteSaleJournal } from '../../../src-main/orders/journal/sqlite-sale-journal.js';
import type { SaleListFilter } from '../../../src-main/contract/index.js';
import { ATTENTION_SHOWN, SalesHistory, type SaleListRow } from '../../../src-main/orders/sales/sales-history.js';
import { tempDir } from '../../support/temp-dir.js';
import { BRANDS, DAY, DAY0, HOUR, PHONES, SPECIAL, expected, fillJournal, parseCsvLine, type ModelRow } from './history-fixtures.js';

describe('the sales history over a journal of ~300 sales', () => {
  let dir: ReturnType<typeof tempDir>;
  let db: Db;
  let history: SalesHistory;
  let rows: ModelRow[];
  const byRef = (ref: string) => rows.find((r) => r.referenceId === ref)!;

  beforeAll(() => {
    dir = tempDir();
    db = openDatabase(join(dir.path, 'history.db'), 'environment');
    rows = fillJournal(new SqliteSaleJournal(db, () => DAY0), db);
    history = new SalesHistory(db);
  });
  afterAll(() => {
    db.close();
    dir.cleanup();
  });

  /** Follows `next` to the end, failing on a page that repeats a row. */
  function walk(filter: SaleListFilter, limit: number): SaleListRow[] {
    const seen: SaleListRow[] = [];
    let after: { createdAt: number; id: string } | null = null;
    for (let pages = 0; pages < 2000; pages++) {
      const page = history.list(filter, { limit, after });
      expect(page.items.length).toBeLessThanOrEqual(limit);
      seen.push(...page.items);
      if (!page.next) return seen;
      expect(page.items).toHaveLength(limit);
      after = page.next;
    }
    throw new Error('paging did not end');
  }

  it('has the data the tests rely on: 318 sales, every state, ties on created_at', () => {
    expect(rows).toHaveLength(318);
    expect(new Set(rows.map((r) => r.state)).size).toBe(8);
    const times = rows.map((r) => r.createdAt);
    expect(new Set(times).size).toBeLessThan(times.length - 50);
  });

  it('lists newest first, 50 by default, with the list item fields', () => {
    const page = history.list({});
    expect(page.items.map((i) => i.id)).toEqual(expected(rows, {}).slice(0, 50).map((r) => r.id));
    const item = page.items[0]!;
    const model = rows.find((r) => r.id === item.id)!;
    expect(item).toMatchObject({ referenceId: model.referenceId, orderId: model.orderId, state: model.state, productId: model.productId });
    expect(item).toMatchObject({ brandTitle: model.brandTitle, amountPaise: model.amountPaise, customerPhone: model.customerPhone, printCount: 0 });
    expect(history.list({}, { limit: 10_000 }).items).toHaveLength(200);
    expect(history.list({}, { limit: 0 }).items).toHaveLength(1);
  });

  it.each([1, 7, 50, 200])('keyset paging with limit %i walks every row exactly once, ties included', (limit) => {
    const walked = walk({}, limit);
    expect(new Set(walked.map((i) => i.id)).size).toBe(walked.length);
    expect(walked.map((i) => i.id)).toEqual(expected(rows, {}).map((r) => r.id));
  });

  it('pages through a run of ten sales with the same created_at without losing or repeating one', () => {
    const cluster = rows.filter((r) => r.referenceId.startsWith('POS-T-CLUSTER-'));
    const at = cluster[0]!.createdAt;
    const walked = walk({ from: at, to: at + 1 }, 3);
    expect(walked.map((i) => i.id).sort()).toEqual(cluster.map((r) => r.id).sort());
    expect(walked.map((i) => i.id)).toEqual([...walked.map((i) => i.id)].sort().reverse());
  });

  const filters: [string, SaleListFilter][] = [
    ['from/to (one day, from inclusive, to exclusive)', { from: DAY0 + DAY, to: DAY0 + 2 * DAY }],
    ['only from', { from: DAY0 + 2 * DAY + 12 * HOUR }],
    ['several states', { states: ['FAILED', 'REJECTED', 'NEEDS_SUPPORT'] }],
    ['one state', { states: ['SUCCESS'] }],
    ['productId', { productId: 'BRAND_TEA' }],
    ['phone', { phone: PHONES[0]! }],
    ['the last 4 digits of the phone', { phone: '3210' }],
    ['reference prefix', { reference: 'POS-T-01' }],
    ['everything together', { from: DAY0, to: DAY0 + 2 * DAY, states: ['SUCCESS', 'REVERSED'], productId: 'BRAND_BOOKS' }],
  ];
  it.each(filters)('filters by %s, paged', (_name, filter) => {
    const want = expected(rows, filter);
    expect(want.length).toBeGreaterThan(0);
    expect(walk(filter, 13).map((i) => i.id)).toEqual(want.map((r) => r.id));
  });

  it('finds every customer whose phone ends in the 4 digits, and only the one with all 10', () => {
    const lastFour = walk({ phone: '3210' }, 200);
    expect(new Set(lastFour.map((i) => i.customerPhone))).toEqual(new Set([PHONES[0], PHONES[4]]));
    expect(walk({ phone: PHONES[4]! }, 200).every((i) => i.customerPhone === PHONES[4])).toBe(true);
    expect(history.list({ phone: '0000' }).items).toEqual([]);
  });

  it('treats the day boundaries exactly: a sale at `from` is in, a sale at `to` is out', () => {
    const ids = walk({ from: DAY0 + DAY, to: DAY0 + 2 * DAY }, 200).map((i) => i.referenceId);
    expect(ids).toContain(SPECIAL.atDayStart);
    expect(ids).not.toContain(SPECIAL.atDayEnd);
  });

  it('searches a substring of the referenceId or of the service order id', () => {
    const target = rows.find((r) => r.orderId && r.state === 'SUCCESS')!;
    const middle = target.orderId!.slice(6, 18);
    expect(history.list({ reference: middle }).items.map((i) => i.id)).toEqual([target.id]);
    expect(history.list({ reference: middle.toUpperCase() }).items.map((i) => i.id)).toEqual([target.id]);
    expect(history.list({ reference: 'CLUSTER-7' }).items.map((i) => i.referenceId)).toEqual(['POS-T-CLUSTER-7']);
    expect(history.list({ reference: 'no-such-thing' }).items).toEqual([]);
  });

  it('takes % and _ in the search text literally, not as LIKE wildcards', () => {
    expect(history.list({ reference: '100%_OFF' }).items.map((i) => i.referenceId)).toEqual([SPECIAL.percentUnderscore]);
    expect(history.list({ reference: '1_3' }).items.map((i) => i.referenceId)).toEqual([SPECIAL.underscore]);
    expect(history.list({ reference: '%' }).items.map((i) => i.referenceId)).toEqual([SPECIAL.percentUnderscore]);
    expect(byRef(SPECIAL.wildcardLookalike)).toBeDefined();
    expect(byRef(SPECIAL.underscoreLookalike)).toBeDefined();
    expect(history.list({ reference: '\\' }).items).toEqual([]);
  });

  it('pins IN_DOUBT and NEEDS_SUPPORT sales and completed ones whose receipt is owed, oldest first', () => {
    const pinned = history.needingAttention(1_000);
    // No receipt of the fixture was printed, so every SUCCESS sale still owes one.
    const want = rows.filter((r) => ATTENTION_STATES.includes(r.state) || r.state === 'SUCCESS');
    expect(pinned.map((i) => i.id).sort()).toEqual(want.map((r) => r.id).sort());
    expect(new Set(pinned.map((i) => i.state))).toEqual(new Set(['IN_DOUBT', 'NEEDS_SUPPORT', 'SUCCESS']));
    const times = pinned.map((i) => i.createdAt);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(history.countNeedingAttention()).toBe(want.length);
  });

  it('lists only the oldest of a backlog of sales needing attention, and counts them all', () => {
    const all = history.needingAttention(1_000);
    expect(all.length).toBeGreaterThan(ATTENTION_SHOWN);
    expect(history.needingAttention()).toEqual(all.slice(0, ATTENTION_SHOWN));
    const oldest = history.needingAttention(10);
    expect(oldest).toEqual(all.slice(0, 10));
    expect(history.countNeedingAttention()).toBe(all.length);
  });

  describe('CSV export', () => {
    const HEADER =
      'created_at_ist,cashier,reference_id,order_id,state,brand,amount_inr,discount_inr,customer_pays_inr,wallet_debit_inr,voucher_count,tenders,refund_inr,customer_phone,error_code,failure_reason';
    const names: Record<string, string> = { 'cashier-1': 'Ravi Kumar' };
    const csv = (filter: SaleListFilter) => [...history.csv(filter, (id) => names[id] ?? null)].join('');
    /** India time as Intl formats it: an oracle independent of the export's own arithmetic. */
    const india = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Kolkata', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
    });
    const ist = (ms: number) => india.format(ms).replace(',', '');

    it('starts with a UTF-8 byte-order mark and the header, then one line per sale, oldest first', () => {
      const text = csv({});
      expect(text.charCodeAt(0)).toBe(0xfeff);
      const lines = text.slice(1).split('\n');
      expect(lines.pop()).toBe('');
      expect(lines[0]).toBe(HEADER);
      expect(lines).toHaveLength(rows.length + 1);
      const cells = lines.slice(1).map(parseCsvLine);
      for (const c of cells) {
        expect(c).toHaveLength(16);
        const model = byRef(c[2]!);
        expect(c[0]).toBe(ist(model.createdAt));
        expect(c[0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
        expect(c[1]).toBe('Ravi Kumar');
        expect(c[3]).toBe(model.orderId ?? '');
        expect(c[4]).toBe(model.state);
        expect(c[6]).toBe((model.amountPaise / 100).toFixed(2));
        expect(c[6]).toMatch(/^\d+\.\d{2}$/);
        expect(c.slice(7, 9)).toEqual(['0.00', c[6]]); // no discount in this journal: the customer pays the face value
        expect(c[13]).toBe(model.customerPhone ? `******${model.customerPhone.slice(-4)}` : '');
      }
      expect(cells.map((c) => byRef(c[2]!).createdAt)).toEqual(rows.map((r) => r.createdAt).sort((a, b) => a - b));
      expect(cells.find((c) => c[2] === SPECIAL.percentUnderscore)![6]).toBe('123.45');
    });

    it('writes India time, not UTC: 18:45 UTC is 00:15 the next day', () => {
      const night = parseCsvLine(csv({ reference: SPECIAL.lateNight }).split('\n')[1]!);
      const utc = new Date(byRef(SPECIAL.lateNight).createdAt);
      expect(utc.getUTCHours()).toBe(18);
      expect(night[0]).toMatch(/ 00:15:00$/);
      expect(night[0]!.slice(0, 2)).toBe(String(utc.getUTCDate() + 1).padStart(2, '0'));
      expect(csv({})).not.toMatch(/\d{2}:\d{2}:\d{2}(\.\d+)?Z/);
    });

    it('charges the wallet for sales that went through or may still, nothing for failed ones, and leaves unknown ones empty', () => {
      const cells = csv({}).slice(1).trimEnd().split('\n').slice(1).map(parseCsvLine);
      const debitByState = new Map<string, Set<string>>();
      for (const c of cells) {
        const kind = c[9] === '' ? 'empty' : c[9] === '0.00' ? 'zero' : c[9] === c[8] ? 'customer pays' : `other ${c[9]}`;
        debitByState.set(c[4]!, (debitByState.get(c[4]!) ?? new Set()).add(kind));
      }
      for (const state of ['SUCCESS', 'PROCESSING', 'NEEDS_SUPPORT']) expect([...debitByState.get(state)!], state).toEqual(['customer pays']);
      for (const state of ['FAILED', 'REJECTED', 'CANCELLED', 'REVERSED']) expect([...debitByState.get(state)!], state).toEqual(['zero']);
      expect([...debitByState.get('IN_DOUBT')!]).toEqual(['empty']);
      // No payments were recorded for these sales: no tenders, no refund, no vouchers issued.
      expect(new Set(cells.map((c) => `${c[10]}|${c[11]}|${c[12]}`))).toEqual(new Set(['0||']));
    });

    it('names a cashier the staff list does not know by the id it has', () => {
      const lines = [...history.csv({ reference: SPECIAL.morning }, () => null)].join('').split('\n');
      expect(parseCsvLine(lines[1]!)[1]).toBe('cashier-1');
    });

    it('never writes a full phone number or card data', () => {
      const text = csv({});
      for (const phone of PHONES) expect(text).not.toContain(phone);
      expect(HEADER).not.toMatch(/card|pin/i);
    });

    it('quotes cells with commas and quotes, and defuses a title that starts with =', () => {
      const lines = csv({}).split('\n');
      const tea = lines.find((l) => l.includes('Tea,'))!;
      expect(tea).toContain('"Tea, ""Coffee"" & Co"');
      expect(parseCsvLine(tea)[5]).toBe(BRANDS[1]!.title);
      const formula = lines.find((l) => l.includes('HYPERLINK'))!;
      expect(formula).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
      expect(parseCsvLine(formula)[5]).toBe(`'${BRANDS[2]!.title}`);
      for (const line of lines.slice(1, -1)) expect(parseCsvLine(line)[5]).not.toMatch(/^[=+\-@]/);
    });

    it('exports only what the filter selects', () => {
      const filter: SaleListFilter = { states: ['FAILED'], productId: 'BRAND_FUEL' };
      const lines = csv(filter).trimEnd().split('\n');
      const refs = lines.slice(1).map((l) => parseCsvLine(l)[2]);
      expect(refs.sort()).toEqual(expected(rows, filter).map((r) => r.referenceId).sort());
      expect(lines.slice(1).every((l) => parseCsvLine(l)[14] === 'E200')).toBe(true);
    });
  });

  describe('end-of-day summary', () => {
    const from = DAY0 + DAY;
    const to = DAY0 + 2 * DAY;
    const inDay = () => rows.filter((r) => r.createdAt >= from && r.createdAt < to);
    const sum = (rs: ModelRow[]) => rs.reduce((n, r) => n + r.amountPaise, 0);

    it('counts and totals every state in [from, to)', () => {
      const { byState } = history.summary(from, to);
      const states = [...new Set(inDay().map((r) => r.state))].sort();
      const want = states.map((state) => {
        const of = inDay().filter((r) => r.state === state);
        return { state, count: of.length, amountPaise: sum(of) };
      });
      expect([...byState].sort((a, b) => a.state.localeCompare(b.state))).toEqual(want);
    });

    it('ranks brands by the value of their SUCCESS sales', () => {
      const { byBrand } = history.summary(from, to);
      const success = inDay().filter((r) => r.state === 'SUCCESS');
      const want = [...new Set(success.map((r) => r.productId))].map((productId) => {
        const of = success.filter((r) => r.productId === productId);
        return { productId, brandTitle: of[0]!.brandTitle, count: of.length, amountPaise: sum(of) };
      });
      want.sort((a, b) => b.amountPaise - a.amountPaise);
      expect(byBrand).toEqual(want);
      expect(byBrand.map((b) => b.amountPaise)).toEqual([...byBrand.map((b) => b.amountPaise)].sort((a, b) => b - a));
    });

    it('buckets SUCCESS sales by hour of the day in India (UTC+05:30)', () => {
      const { byHour } = history.summary(from, to);
      const buckets = new Map<number, ModelRow[]>();
      for (const r of inDay().filter((x) => x.state === 'SUCCESS')) {
        const hour = new Date(r.createdAt + 5.5 * HOUR).getUTCHours();
        buckets.set(hour, [...(buckets.get(hour) ?? []), r]);
      }
      const want = [...buckets].sort(([a], [b]) => a - b).map(([hour, of]) => ({ hour, count: of.length, amountPaise: sum(of) }));
      expect(byHour).toEqual(want);
    });

    it('puts 18:45 UTC in the 00:00 IST hour and 02:29 UTC in the 07:00 IST hour', () => {
      const night = byRef(SPECIAL.lateNight);
      expect(history.summary(night.createdAt, night.createdAt + 1).byHour).toEqual([{ hour: 0, count: 1, amountPaise: 123_45 }]);
      const morning = byRef(SPECIAL.morning);
      expect(history.summary(morning.createdAt, morning.createdAt + 1).byHour).toEqual([{ hour: 7, count: 1, amountPaise: 123_45 }]);
    });
  });

  describe('query plans', () => {
    /** The SQL list() prepares for `filter`, with the parameters it binds. */
    function statementOf(filter: SaleListFilter, after: { createdAt: number; id: string } | null = null): { sql: string; params: unknown } {
      const captured: { sql: string; params: unknown }[] = [];
      const spy = new Proxy(db, {
        get(target, prop) {
          if (prop !== 'prepare') return Reflect.get(target, prop);
          return (sql: string) => {
            const stmt = target.prepare(sql);
            return { all: (params: unknown) => (captured.push({ sql, params }), stmt.all(params as never)) };
          };
        },
      });
      new SalesHistory(spy).list(filter, { after });
      expect(captured).toHaveLength(1);
      return captured[0]!;
    }
    const planOf = ({ sql, params }: { sql: string; params: unknown }) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params as never) as { detail: string }[]).map((r) => r.detail).join('\n');

    const cases: [string, SaleListFilter, string][] = [
      ['no filter', {}, 'sales_by_time'],
      ['states', { states: ['IN_DOUBT', 'FAILED'] }, 'sales_by_state'],
      ['productId', { productId: 'BRAND_TEA' }, 'sales_by_product'],
      ['phone', { phone: PHONES[1]! }, 'sales_by_phone'],
      ['the last 4 digits of the phone', { phone: '3210' }, 'sales_by_phone_last4'],
      ['from/to', { from: DAY0 + DAY, to: DAY0 + 2 * DAY }, 'sales_by_time'],
    ];
    it.each(cases)('list() with %s reads an index (%s), never a bare table scan', (_name, filter, index) => {
      const stmt = statementOf(filter);
      expect(stmt.sql).toMatch(/ORDER BY created_at DESC, id DESC/);
      const plan = planOf(stmt);
      expect(plan).toMatch(/USING (COVERING )?INDEX/);
      expect(plan).toContain(index);
      expect(plan).not.toMatch(/SCAN sales(?! USING (COVERING )?INDEX)/);
    });

    it('a later page also reads the index', () => {
      const first = history.list({}, { limit: 20 });
      const plan = planOf(statementOf({}, first.next));
      expect(plan).toMatch(/SEARCH sales USING (COVERING )?INDEX sales_by_time/);
    });
  });
});
