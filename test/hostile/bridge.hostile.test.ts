import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORE_METHODS, METHODS, type CoreMethodName } from '../../src-main/contract/index.js';
import { settingsSchema } from '../../src-main/settings/settings-schema.js';
import { bridgeHarness, setUpCounter, type BridgeHarness } from '../bridge/bridge-harness.js';

/**
 * Boundary: the renderer (untrusted web content) → the bridge. test/bridge/bridge-contract
 * sends a fixed list of bad payloads; here fast-check sends random values and near misses of
 * valid payloads (one field of the wrong type, too long, missing, an extra or prototype key)
 * to every method, and hostile-but-well-formed arguments (unknown ids, FTS operators, SQL
 * fragments, settings that do not validate) to the handlers behind them. Every answer must be
 * an error value with a code and a sentence, the process must not see an unhandled rejection,
 * and nothing may change: all three databases row for row, the settings file, the session,
 * and the service's orders.
 */
const SEED = 6_2_2026;

let h: BridgeHarness;
let saleId: string;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => void unhandled.push(reason);

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  h = await bridgeHarness();
  await setUpCounter(h); // the manager stays signed in: role checks pass, so payloads reach the handlers
  // A settled sale re-reads the wallet in the background; wait for it so it cannot land mid-property.
  const walletRead = new Promise<void>((resolve) => {
    const stop = h.bridge.subscribe((name) => {
      if (name === 'wallet.updated') {
        stop();
        resolve();
      }
    });
  });
  saleId = (await h.ok('sale.place', { productId: 'TEST_FIXED_STANDARD', amountPaise: 50_000, tenders: [{ method: 'CASH', amountPaise: 50_000 }] })).id;
  await walletRead;
  watchers = ['app.db', 'training.db', 'training-catalog.db'].map((f) => new Database(join(h.dataDir, f), { readonly: true, fileMustExist: true }));
  // The sale's references reach the search index just after its commit (the journal's deferred
  // catch-up): let that land first, so it is not taken for a change a hostile call made.
  const pending = watchers[1]!.prepare('SELECT count(*) FROM sales_ref_search_pending').pluck();
  for (let waited = 0; pending.get() !== 0; waited += 20) {
    if (waited > 5_000) throw new Error('the search index did not catch up with the fixture sale');
    await new Promise((r) => setTimeout(r, 20));
  }
});
afterAll(async () => {
  for (const w of watchers) w.close();
  await h.close();
  process.off('unhandledRejection', onUnhandled);
});

/** Every table of every database file, the settings file, who is signed in, and what the service has seen. */
function snapshot() {
  const files = ['app.db', 'training.db', 'training-catalog.db'].map((f) => {
    const db = new Database(join(h.dataDir, f), { readonly: true, fileMustExist: true });
    try {
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '%fts%' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[];
      return Object.fromEntries(tables.map((t) => [t, (db.prepare(`SELECT * FROM "${t}"`).all() as unknown[]).map((r) => JSON.stringify(r)).sort()]));
    } finally {
      db.close();
    }
  });
  return {
    files,
    settings: settingsFile(),
    live: h.core.settings.get(),
    orders: h.sandbox.state.orders.orders.size,
    ledger: h.sandbox.state.wallet.ledger.length,
  };
}

/**
 * Commits by any connection, per file: PRAGMA data_version on a connection of our own moves
 * whenever another connection commits, so a case that writes anything is caught at once.
 */
let watchers: Database.Database[] = [];
const writes = () => watchers.map((db) => db.pragma('data_version', { simple: true }) as number);

/** Where two snapshots differ (table and changed rows), for a readable failure. */
function diff(a: ReturnType<typeof snapshot>, b: ReturnType<typeof snapshot>): string[] {
  const out: string[] = [];
  a.files.forEach((file, i) => {
    for (const table of new Set([...Object.keys(file), ...Object.keys(b.files[i]!)])) {
      const before = new Set(file[table]);
      const added = (b.files[i]![table] ?? []).filter((r) => !before.has(r));
      const after = new Set(b.files[i]![table]);
      const gone = (file[table] ?? []).filter((r) => !after.has(r));
      if (added.length || gone.length) out.push(`${table}: +${added.join(' +').slice(0, 300)} -${gone.join(' -').slice(0, 300)}`);
    }
  });
  for (const k of ['settings', 'orders', 'ledger'] as const) if (JSON.stringify(a[k]) !== JSON.stringify(b[k])) out.push(k);
  return out;
}

const settingsFile = () => (existsSync(join(h.dataDir, 'settings.json')) ? readFileSync(join(h.dataDir, 'settings.json'), 'utf8') : null);

const session = async () => (await h.bridge.invoke('staff.session', {})) as { ok: true; data: unknown };

/** One valid payload per method: the starting point of the near misses. */
const VALID: Record<CoreMethodName, Record<string, unknown>> = {
  'app.info': {},
  'staff.list': {},
  'staff.setupFirstManager': { name: 'Meera Shah', pin: '2580' },
  'staff.signIn': { staffId: 'x', pin: '2580' },
  'staff.signOut': {},
  'staff.session': {},
  'staff.changePin': { currentPin: '2580', newPin: '4826' },
  'staff.manage': {},
  'staff.create': { name: 'Ravi', role: 'cashier', pin: '4826' },
  'staff.resetPin': { staffId: 'x', newPin: '4826' },
  'staff.unlock': { staffId: 'x' },
  'staff.enable': { staffId: 'x' },
  'staff.setPermissions': { staffId: 'x', permissions: ['sell', 'lookUpOrders'] },
  'staff.disable': { staffId: 'x' },
  'catalog.search': { text: 'test', category: 'FOOD', includeInactive: true, limit: 10 },
  'catalog.listing': { since: 'x.1' },
  'catalog.categories': {},
  'catalog.brand': { productId: 'TEST_FIXED_STANDARD' },
  'catalog.status': {},
  'catalog.unavailable': { limit: 50 },
  'catalog.image': { productId: 'TEST_FIXED_STANDARD', kind: 'logo' },
  'catalog.syncNow': {},
  'sale.quote': { productId: 'TEST_FIXED_STANDARD', amountPaise: 50_000, lines: [{ denominationPaise: 50_000, quantity: 1 }], discountPaise: 0, customer: { name: 'A', phoneNumber: '9876543210', email: 'a@b.in' }, delivery: { recipientType: 'SELF', recipientPhoneNumber: '9876543210' }, tenders: [{ method: 'CASH', amountPaise: 50_000, receivedPaise: 60_000 }] },
  'sale.place': { productId: 'TEST_FIXED_STANDARD', amountPaise: 50_000, tenders: [{ method: 'UPI', amountPaise: 20_000, reference: '412345678901' }, { method: 'CASH', amountPaise: 30_000 }] },
  'sale.get': { saleId: 'x' },
  'sale.pending': {},
  'sale.retry': { saleId: 'x', tenders: [{ method: 'CARD', amountPaise: 50_000, reference: '4321' }] },
  'sale.refund': { saleId: 'x' },
  'sale.resolveReview': { saleId: 'x', decision: 'REFUND', note: 'customer came back', managerPin: '2580' },
  'shift.open': { openingFloatPaise: 500_000, count: [{ denominationPaise: 50_000, quantity: 10 }] },
  'shift.current': {},
  'shift.cashMovement': { kind: 'PAY_IN', amountPaise: 10_000, reason: 'change from the bank' },
  'shift.xReport': {},
  'shift.close': { countedCashPaise: 500_000, count: [{ denominationPaise: 50_000, quantity: 10 }], note: 'ok' },
  'shift.report': { shiftId: 'x' },
  'report.endOfDay': { day: '2026-11-26' },
  'sale.checkNow': { saleId: 'x' },
  'sale.markLeftWithoutReceipt': { saleId: 'x', managerPin: '2580', reason: 'left in a hurry' },
  'receipt.print': { saleId: 'x', managerPin: '2580', approverId: 'm' },
  'voucher.reveal': { saleId: 'x', seq: 1, managerPin: '2580', approverId: 'm' },
  'voucher.balance': { saleId: 'x', seq: 1 },
  'orders.list': { filter: { from: 0, to: 1, states: ['SUCCESS'], productId: 'x', reference: 'x', phone: '9876543210' }, after: { createdAt: 1, id: 'x' }, limit: 5 },
  'orders.attention': {},
  'orders.detail': { saleId: 'x' },
  'store.status': {},
  'store.counters': {},
  'store.revokeCounter': { counterId: '8f8c2c6e-3a59-4a57-9d7e-1f0d6a1b2c3d' },
  'store.join': { url: 'http://127.0.0.1:9', pairingCode: 'ABCD-EFGH-JKLM', counterName: 'Counter 2' },
  'orders.exportCsv': { filter: {} },
  'orders.summary': { from: 0, to: 1 },
  'delivery.resend': { saleId: 'x', channels: ['SMS'] },
  'wallet.view': {},
  'wallet.refresh': {},
  'wallet.recordTopUp': { amountPaise: 100_000, reference: 'NEFT-1', at: 1 },
  'wallet.statement': { before: 1, limit: 10 },
  'settings.get': {},
  'settings.update': { store: { name: 'X' } },
  'settings.setCredentials': { environment: 'staging', baseUrl: 'https://staging.example.com', clientId: 'c', clientSecret: 's' },
  'settings.switchEnvironment': { environment: 'training' },
  'selfCheck.run': {},
  'audit.verify': {},
  'settings.setWebhookSecret': { secret: '0123456789abcdef' },
  'webhook.apply': {},
  'training.scenarios': {},
  'training.run': { scenario: 'low-wallet' },
  'webhooks.unrecognised': {},
  'webhooks.reprocess': { id: 1 },
  'webhooks.reprocessAll': {},
  'webhooks.dismiss': { id: 1 },
};

const METHOD_NAMES = Object.keys(CORE_METHODS) as CoreMethodName[];
const HUGE = 'x'.repeat(100_000);

/** A valid payload with one thing wrong, or any value at all. */
function malformed(method: CoreMethodName): fc.Arbitrary<unknown> {
  const valid = VALID[method];
  const keys = Object.keys(valid);
  const anything = fc.anything({ maxDepth: 3, withBigInt: true, withDate: true, withTypedArray: true, withSparseArray: true, withNullPrototype: true, withBoxedValues: true });
  const nearMisses: fc.Arbitrary<unknown>[] = [
    fc.record({ key: fc.constantFrom('unexpected', '__proto__', 'constructor', 'role', 'toString'), value: anything }).map(({ key, value }) => {
      const out = { ...valid };
      Object.defineProperty(out, key, { value, enumerable: true, configurable: true, writable: true });
      return out;
    }),
  ];
  if (keys.length > 0) {
    const key = fc.constantFrom(...keys);
    nearMisses.push(
      fc.record({ key, value: fc.oneof(anything, fc.constantFrom(HUGE, -1, 1.5, Number.NaN, Infinity, '', [], {}, null, true, '9'.repeat(400))) }).map(({ key: k, value }) => ({ ...valid, [k]: value })),
      key.map((k) => Object.fromEntries(Object.entries(valid).filter(([name]) => name !== k))),
      fc.record({ key, depth: fc.integer({ min: 50, max: 2_000 }) }).map(({ key: k, depth }) => {
        // Deep nesting: a parser must not overflow its stack on it.
        let v: unknown = 'deep';
        for (let i = 0; i < depth; i++) v = [v];
        return { ...valid, [k]: v };
      }),
    );
  }
  return fc.oneof(anything, ...nearMisses).filter((p) => !CORE_METHODS[method].input.safeParse(p ?? {}).success);
}

function expectErrorValue(r: unknown, context: string): asserts r is { ok: false; error: { code: string; message: string } } {
  expect(r, context).toMatchObject({ ok: false, error: { code: expect.stringMatching(/^[A-Z][A-Z0-9_]+$/), message: expect.any(String) } });
  const error = (r as { error: { code: string; message: string } }).error;
  expect(error.message.length, context).toBeGreaterThan(5);
  expect(error.code, `${context}: a handler threw`).not.toBe('INTERNAL');
  expect(JSON.stringify(error), context).not.toMatch(/at .*\.[jt]s:\d+|node_modules|SqliteError/);
  // Problems name fields; they never echo a 100 KB value (or a secret) back to the screen.
  expect(JSON.stringify(error).length, context).toBeLessThan(4_000);
}

describe('malformed payloads for every bridge method', () => {
  it('are refused with BAD_REQUEST and field problems, and change nothing', async () => {
    const arb = fc.constantFrom(...METHOD_NAMES).chain((method) => fc.tuple(fc.constant(method), fc.array(malformed(method), { minLength: 1, maxLength: 4 })));
    const before = snapshot();
    const who = await session();
    await fc.assert(
      fc.asyncProperty(arb, async ([method, payloads]) => {
        for (const payload of payloads) {
          const r = await h.bridge.invoke(method, payload); // resolves: the bridge never throws
          expectErrorValue(r, method);
          expect(r.error.code).toBe('BAD_REQUEST');
          expect((r.error as { fields?: unknown[] }).fields?.length).toBeGreaterThan(0);
        }
      }),
      { seed: SEED, numRuns: 200 },
    );
    expect(snapshot()).toEqual(before);
    expect(await session()).toEqual(who);
    expect(unhandled).toEqual([]);
  });

  it('unknown and prototype method names are refused without running anything', async () => {
    const before = snapshot();
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ maxLength: 80 }), fc.constantFrom('__proto__', 'constructor', 'hasOwnProperty', 'valueOf', 'sale.place ', 'SALE.PLACE', 'sale.place\u0000', 'printer.print')), fc.anything({ maxDepth: 2 }), async (name, payload) => {
        // The shell's printing methods are known names too: this host answers them NOT_IN_BROWSER (bridge-shell-methods.test.ts).
        fc.pre(!Object.hasOwn(METHODS, name));
        const r = await h.bridge.invoke(name, payload);
        expectErrorValue(r, JSON.stringify(name));
        expect(r.error.code).toBe('UNKNOWN_METHOD');
        expect(r.error.message.length).toBeLessThan(120); // a megabyte of method name is not echoed back
      }),
      { seed: SEED, numRuns: 150 },
    );
    expect(snapshot()).toEqual(before);
  });
});

describe('well-formed but hostile arguments reach the handlers', () => {
  const ids = fc.oneof(
    fc.string({ minLength: 1, maxLength: 100 }),
    fc.constantFrom("' OR 1=1 --", '%', '_', '*', '../../etc/passwd', '\u0000', 'TEST_FIXED_STANDARD', 'null', 'undefined', '__proto__', 'constructor', '😀'.repeat(25)),
  );
  /** Characters that mean something to FTS5, LIKE or SQL. */
  const ftsText = fc.string({ unit: fc.constantFrom(...'"*^():-+.,\'%_\\/ aBzé0'.split(''), 'NEAR', 'AND', 'OR', 'NOT', ' '), maxLength: 30 }).filter((t) => t.length <= 100);

  const cases: fc.Arbitrary<[CoreMethodName, Record<string, unknown>]> = fc.oneof(
    ids.map((id) => ['sale.get', { saleId: id }] as [CoreMethodName, Record<string, unknown>]),
    ids.map((id) => ['sale.retry', { saleId: id }] as [CoreMethodName, Record<string, unknown>]),
    ids.map((id) => ['sale.checkNow', { saleId: id }] as [CoreMethodName, Record<string, unknown>]),
    ids.map((id) => ['orders.detail', { saleId: id }] as [CoreMethodName, Record<string, unknown>]),
    fc.tuple(ids, fc.integer({ min: 1, max: 10_000 })).map(([id, seq]) => ['voucher.balance', { saleId: id, seq }] as [CoreMethodName, Record<string, unknown>]),
    fc.tuple(ids, fc.uniqueArray(fc.constantFrom('EMAIL', 'SMS', 'WHATSAPP'), { minLength: 1 })).map(([id, channels]) => ['delivery.resend', { saleId: id, channels }] as [CoreMethodName, Record<string, unknown>]),
    ids.map((id) => ['staff.disable', { staffId: id }] as [CoreMethodName, Record<string, unknown>]),
    ids.map((id) => ['catalog.brand', { productId: id }] as [CoreMethodName, Record<string, unknown>]),
    ids.map((id) => ['receipt.print', { saleId: id }] as [CoreMethodName, Record<string, unknown>]),
    fc.record({ text: ftsText, limit: fc.integer({ min: 1, max: 200 }) }).map((q) => ['catalog.search', q] as [CoreMethodName, Record<string, unknown>]),
    fc.record({ reference: ftsText.filter((t) => t.length >= 1), productId: ids }, { requiredKeys: [] }).map((filter) => ['orders.list', { filter }] as [CoreMethodName, Record<string, unknown>]),
    fc.record({ from: fc.integer(), to: fc.integer() }).map((r) => ['orders.summary', r] as [CoreMethodName, Record<string, unknown>]),
    fc
      .record({ productId: ids, amountPaise: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 100_000_000_000 })), discountPaise: fc.integer({ min: 0, max: 100_000_000_000 }) })
      .map((s) => ['sale.quote', s] as [CoreMethodName, Record<string, unknown>]),
    // A day that is no date (31 April, month 13) or has not begun: refused before anything is asked or recorded.
    fc
      .oneof(
        fc.record({ y: fc.integer({ min: 1000, max: 9999 }), m: fc.integer({ min: 13, max: 99 }), d: fc.integer({ min: 1, max: 28 }) }),
        fc.record({ y: fc.integer({ min: 1000, max: 9999 }), m: fc.constantFrom(2, 4, 6, 9, 11), d: fc.integer({ min: 31, max: 99 }) }),
        fc.record({ y: fc.integer({ min: 2100, max: 9999 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }) }),
      )
      .map(({ y, m, d }) => ['report.endOfDay', { day: `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}` }] as [CoreMethodName, Record<string, unknown>]),
    // A top-up dated in the future or before 1970.
    fc
      .record({ amountPaise: fc.integer({ min: 1, max: 100_000_000_000 }), reference: ftsText.filter((t) => t.trim().length > 0 && t.length <= 60), at: fc.oneof(fc.integer({ min: Date.now() + 86_400_000, max: Number.MAX_SAFE_INTEGER }), fc.integer({ min: Number.MIN_SAFE_INTEGER, max: -1 })) })
      .map((t) => ['wallet.recordTopUp', t] as [CoreMethodName, Record<string, unknown>]),
    // A sale the service cannot take: an unknown brand, or an amount no listed voucher adds up to.
    fc.oneof(ids.filter((id) => !id.startsWith('TEST_')).map((productId) => ({ productId, amountPaise: 50_000 })), fc.constantFrom(1, 12_345, 99_999, 100_000_000_000).map((amountPaise) => ({ productId: 'TEST_FIXED_STANDARD', amountPaise }))).map(
      (s) => ['sale.place', s] as [CoreMethodName, Record<string, unknown>],
    ),
  );

  it('answer with an error value (or a read-only answer) and change nothing', async () => {
    const before = snapshot();
    const who = await session();
    await fc.assert(
      fc.asyncProperty(cases, async ([method, payload]) => {
        // The one real sale is fair game only where the handler merely reads it.
        if ('saleId' in payload && payload.saleId === saleId && method !== 'sale.get' && method !== 'orders.detail') return;
        const was = writes();
        const r = (await h.bridge.invoke(method, payload)) as { ok: boolean };
        expect(writes(), `${method} ${JSON.stringify(payload).slice(0, 200)} wrote: ${diff(before, snapshot()).join('\n')}`).toEqual(was);
        if (!r.ok) expectErrorValue(r, `${method} ${JSON.stringify(payload).slice(0, 200)}`);
        else expect(['catalog.search', 'orders.list', 'orders.summary', 'sale.quote', 'catalog.brand', 'sale.get', 'orders.detail']).toContain(method);
      }),
      { seed: SEED, numRuns: 150 },
    );
    expect(snapshot()).toEqual(before);
    expect(await session()).toEqual(who);
    expect(unhandled).toEqual([]);
  });

  it('settings.update with random patches: invalid ones change nothing, accepted ones leave valid settings', async () => {
    const sections = Object.keys(h.core.settings.get());
    const patch = fc.oneof(
      fc.dictionary(fc.constantFrom(...sections, 'unknown', '__proto__'), fc.anything({ maxDepth: 2 }), { minKeys: 1, maxKeys: 3 }),
      fc.record({ section: fc.constantFrom(...sections), value: fc.dictionary(fc.string({ maxLength: 12 }), fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)), { maxKeys: 3 }) }).map(({ section, value }) => ({ [section]: value })),
    );
    await fc.assert(
      fc.asyncProperty(patch, async (p) => {
        const was = { writes: writes(), file: settingsFile(), live: h.core.settings.get() };
        const r = (await h.bridge.invoke('settings.update', p)) as { ok: boolean };
        if (!r.ok) {
          expectErrorValue(r, JSON.stringify(p).slice(0, 200));
          expect({ writes: writes(), file: settingsFile(), live: h.core.settings.get() }).toEqual(was);
          return;
        }
        // Accepted: what is live and what is on disk are the same, and both still pass the schema.
        const live = h.core.settings.get();
        expect(settingsSchema.safeParse(live).success).toBe(true);
        expect(JSON.parse(readFileSync(join(h.dataDir, 'settings.json'), 'utf8'))).toEqual(JSON.parse(JSON.stringify(live)));
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { seed: SEED, numRuns: 100 },
    );
    expect(unhandled).toEqual([]);
  });
});
