import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogRepository } from '../../src-main/catalog/catalog-repository.js';
import { openDatabase, type Db } from '../../src-main/db/database.js';
import { kvShelf } from '../../src-main/db/kv-shelf.js';
import { OrderEngine } from '../../src-main/orders/engine/order-engine.js';
import { orderApiFor } from '../../src-main/orders/engine/partner-order-api.js';
import { SqliteSaleJournal } from '../../src-main/orders/journal/sqlite-sale-journal.js';
import { failureReasonToCode } from '../../src-main/partner-api/error-table.js';
import { createPartnerClient, type PartnerClient } from '../../src-main/partner-api/partner-client.js';
import { CardVault } from '../../src-main/platform/card-vault.js';
import { FakeClock } from '../../src-main/platform/clock.js';
import { memoryLogger } from '../../src-main/platform/logger.js';
import type { BrandWire } from '../../src-main/sandbox/catalog/brand-wire.js';
import { loadCatalogFile } from '../../src-main/sandbox/catalog/catalog-file.js';
import type { Sandbox } from '../../src-main/sandbox/server.js';
import { newSale } from '../orders/journal/journal-fixtures.js';
import { clientFor, start, startFakeService } from '../partner-api/helpers.js';
import { fakeSecretStore } from '../support/fake-secret-store.js';
import { partnerBrand } from '../support/partner-brand.js';
import { tempDir } from '../support/temp-dir.js';
import { catalogSyncOf } from './catalog-sync-of.js';

/**
 * Boundary: the Partner API's answers → our client, catalog and order engine. The service
 * (or anything between it and us) may send malformed entries, wrong types, missing fields,
 * huge strings, unknown enums, truncated JSON, an HTML error page or a 2xx with a bad body.
 *  - Catalog: a sync keeps every good brand, skips and logs every unusable entry, and a page
 *    that cannot be read leaves the previous catalog exactly as it was (never half-written).
 *  - Orders: a POST /orders answer that cannot be read is "unknown" — IN_DOUBT, settled by the
 *    by-reference lookup — never taken as a success or a failure.
 */
const SEED = 6_3_2026;
const PRODUCTS = '/v1/partners/products';

/** Real catalog entries as the sandbox serves them: the "good data" of every page. */
const GOOD: BrandWire[] = loadCatalogFile().slice(0, 120);

// ---------------------------------------------------------------------------------------------
// Catalog entries: hostile variants, each with the outcome the tolerant parser promises.

type Entry = { json: string; expect: 'keep'; id: string; check?: (b: NonNullable<ReturnType<CatalogRepository['get']>>) => void } | { json: string; expect: 'skip' };

const HUGE = 'Ω'.repeat(200_000);

/** Damage that leaves a brand unsellable or unidentifiable: the entry must be skipped. */
const FATAL: [string, (b: Record<string, unknown>) => unknown][] = [
  ['no id', (b) => void delete b.id],
  ['id object', (b) => void (b.id = { $oid: 'x' })],
  ['id empty', (b) => void (b.id = '')],
  ['id fraction', (b) => void (b.id = 1.5)],
  ['no status', (b) => void delete b.status],
  ['status number', (b) => void (b.status = 1)],
  ['no title', (b) => void delete b.title],
  ['title list', (b) => void (b.title = ['A', 'B'])],
  ['denominationType null', (b) => void (b.denominationType = null)],
  ['no cardType', (b) => void delete b.cardType],
  ['redemptionType object', (b) => void (b.redemptionType = {})],
  ['restrictions text', (b) => void (b.amountRestrictions = 'all amounts')],
  ['voucher min not a number', (b) => void ((b.amountRestrictions as Record<string, unknown> | null) ? ((b.amountRestrictions as Record<string, unknown>).minVoucherAmount = 'ten') : (b.amountRestrictions = { minVoucherAmount: 'ten' }))],
  ['no order range at all', (b) => {
    const r = (b.amountRestrictions ?? {}) as Record<string, unknown>;
    for (const k of ['minOrderAmount', 'minAmount']) delete r[k];
    b.amountRestrictions = { maxVoucherAmount: 1, minVoucherAmount: 1, maxVouchersPerOrder: 1, ...r };
  }],
  ['denominations with text', (b) => void (b.amountRestrictions = { ...(b.amountRestrictions as object), denominations: [100, 'five hundred'] })],
];

/** Damage to presentation only, or values from a newer service: kept, with a fallback. */
const TOLERATED: [string, (b: Record<string, unknown>) => unknown, ((c: NonNullable<ReturnType<CatalogRepository['get']>>) => void)?][] = [
  ['unknown status', (b) => void (b.status = 'SUSPENDED'), (c) => expect(c.brand.status).toBe('SUSPENDED')],
  ['unknown denominationType', (b) => void (b.denominationType = 'RANGE'), (c) => expect(c.brand.denominationType).toBe('RANGE')],
  ['unknown cardType', (b) => void (b.cardType = 'QR_CODE')],
  ['unknown redemptionType', (b) => void (b.redemptionType = 'TELEPORT')],
  ['huge description', (b) => void (b.brandDescription = HUGE), (c) => expect(c.brand.description?.length).toBe(HUGE.length)],
  ['logoUrl number', (b) => void (b.logoUrl = 5), (c) => expect(c.brand.logoUrl).toBeNull()],
  ['tags text', (b) => void (b.tags = 'gift'), (c) => expect(c.brand.tags).toEqual(['gift'])],
  ['tags mixed', (b) => void (b.tags = [1, 'ok', null]), (c) => expect(c.brand.tags).toEqual(['ok'])],
  ['tnc text', (b) => void (b.tncDetailed = 'see website'), (c) => expect(c.brand.tncSections).toBeNull()],
  ['howTo object', (b) => void (b.howToUseInstructions = { step: 1 }), (c) => expect(c.brand.howToUse).toEqual([])],
  ['terms number', (b) => void (b.termsAndConditions = 7), (c) => expect(c.brand.termsAndConditions).toEqual([])],
  ['balance flag text', (b) => void (b.canBalanceBeFetched = 'yes'), (c) => expect(c.brand.canBalanceBeFetched).toBe(false)],
  ['expiry text', (b) => void (b.voucherExpiryInMonths = 'twelve'), (c) => expect(c.brand.voucherExpiryInMonths).toBeNull()],
  ['amounts as text', (b) => void (b.amountRestrictions = b.amountRestrictions && { ...(b.amountRestrictions as object), maxVouchersPerOrder: '7' })],
  ['extra fields', (b) => void Object.assign(b, { internalMargin: 0.07, nested: { deep: [1, 2, 3] } })],
  ['null category lists', (b) => void Object.assign(b, { category: null, categories: null, tags: null }), (c) => expect(c.brand.categories).toEqual([])],
];

const NOT_OBJECTS = ['null', '42', '"brand"', '[]', 'true', '[{"id":"x"}]'];

let hostileNo = 0;
function hostileEntry(base: BrandWire, kind: 'fatal' | 'tolerated' | 'not-object' | 'proto', pick: number): Entry {
  const b = structuredClone(base) as unknown as Record<string, unknown>;
  const id = `HOSTILE-${++hostileNo}`;
  b.id = id;
  if (kind === 'not-object') return { json: NOT_OBJECTS[pick % NOT_OBJECTS.length]!, expect: 'skip' };
  if (kind === 'fatal') {
    FATAL[pick % FATAL.length]![1](b);
    return { json: JSON.stringify(b), expect: 'skip' };
  }
  if (kind === 'proto') {
    // A "__proto__" key in the JSON text becomes an own property when parsed; it must not leak into objects.
    const json = JSON.stringify(b).replace(/^\{/, '{"__proto__":{"polluted":true,"status":"ACTIVE"},');
    return { json, expect: 'keep', id };
  }
  const [, damage, check] = TOLERATED[pick % TOLERATED.length]!;
  damage(b);
  return { json: JSON.stringify(b), expect: 'keep', id, check };
}

// ---------------------------------------------------------------------------------------------
// A tiny service that serves a scripted catalog, page by page, and can break one page.

type PageFault = 'html-502' | 'html-200' | 'truncated' | 'empty-200' | 'not-a-list' | 'bad-cursor' | 'socket-cut';

interface Script {
  entries: string[];
  fault: { page: number; kind: PageFault; cut: number } | null;
}

function pageBody(entries: string[], pageNo: number, limit: number): string {
  const slice = entries.slice((pageNo - 1) * limit, pageNo * limit);
  const next = pageNo * limit < entries.length ? `{"pageNo":${pageNo + 1},"limit":${limit}}` : 'null';
  return `{"data":[${slice.join(',')}],"nextCursor":${next}}`;
}

function answerPage(res: ServerResponse, script: Script, pageNo: number, limit: number): void {
  const body = pageBody(script.entries, pageNo, limit);
  const json = (status: number, text: string): void => void res.writeHead(status, { 'Content-Type': 'application/json' }).end(text);
  const fault = script.fault && script.fault.page === pageNo ? script.fault : null;
  if (!fault) return json(200, body);
  const html = '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>';
  switch (fault.kind) {
    case 'html-502':
      return void res.writeHead(502, { 'Content-Type': 'text/html' }).end(html);
    case 'html-200':
      return void res.writeHead(200, { 'Content-Type': 'text/html' }).end(html);
    case 'truncated':
      return json(200, body.slice(0, Math.max(1, fault.cut % body.length)));
    case 'empty-200':
      return json(200, '');
    case 'not-a-list':
      return json(200, JSON.stringify([{ data: [] }, { error: 'oops' }, { data: 'brands' }][fault.cut % 3]));
    case 'bad-cursor':
      return json(200, body.replace(/"nextCursor":.*}$/, '"nextCursor":{"pageNo":"next","limit":null}}'));
    case 'socket-cut':
      // Headers promise the whole page; half of it arrives, then the connection drops.
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) });
      res.write(body.slice(0, Math.floor(body.length / 2)));
      return void res.socket?.destroy();
  }
}

describe('catalog sync against hostile catalog pages', () => {
  let script: Script = { entries: [], fault: null };
  let service: Awaited<ReturnType<typeof startFakeService>>;
  let client: PartnerClient;
  // One catalog file for every run: each run starts with a clean sync, which is the point of reference.
  let dir: ReturnType<typeof tempDir>;
  let db: Db;

  beforeAll(async () => {
    dir = tempDir();
    db = openDatabase(join(dir.path, 'training-catalog.db'), 'catalog');
    service = await startFakeService((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname !== PRODUCTS) return void res.writeHead(404).end();
      answerPage(res, script, Number(url.searchParams.get('pageNo')), Number(url.searchParams.get('limit')));
    });
    client = clientFor(service);
  });
  afterAll(async () => {
    client.close();
    await service.close();
    db.close();
    dir.cleanup();
  });

  const newSync = (db: Db) => catalogSyncOf(client, db, { pageSize: 10 });
  /** Everything the catalog database holds, row for row. */
  const snapshot = (db: Db) => ({
    brands: db.prepare('SELECT * FROM brands ORDER BY id').all(),
    kv: db.prepare("SELECT * FROM kv WHERE key NOT LIKE 'secret:%' ORDER BY key").all(),
    pages: db.prepare('SELECT * FROM catalog_pages ORDER BY page_no').all(),
  });

  const goodIds = fc.uniqueArray(fc.integer({ min: 0, max: GOOD.length - 1 }), { minLength: 1, maxLength: 60 });
  const hostile = fc.array(
    fc.record({
      kind: fc.constantFrom<'fatal' | 'tolerated' | 'not-object' | 'proto' | 'duplicate'>('fatal', 'fatal', 'tolerated', 'tolerated', 'not-object', 'proto', 'duplicate'),
      pick: fc.nat(),
      at: fc.nat(),
    }),
    { maxLength: 12 },
  );
  const faultArb = fc.option(
    fc.record({
      page: fc.nat(),
      kind: fc.constantFrom<PageFault>('html-502', 'html-200', 'truncated', 'empty-200', 'not-a-list', 'bad-cursor', 'socket-cut'),
      cut: fc.nat(),
    }),
    { nil: null, freq: 2 },
  );

  it('keeps the good brands, skips and logs the unusable ones, and a broken page leaves the previous catalog untouched', async () => {
    const tally = { synced: 0, refused: 0, skipped: 0, kept: 0 };
    await fc.assert(
      fc.asyncProperty(goodIds, goodIds, hostile, faultArb, async (before, after, bad, fault) => {
        {
          // The catalog the counter already has: a clean earlier sync.
          script = { entries: before.map((i) => JSON.stringify(GOOD[i])), fault: null };
          const first = newSync(db);
          expect((await first.sync.syncNow()).ok).toBe(true);
          const previous = snapshot(db);

          // Today's list: good brands with hostile entries mixed in, maybe one broken page.
          const entries: Entry[] = after.map((i) => ({ json: JSON.stringify(GOOD[i]), expect: 'keep' as const, id: GOOD[i]!.id }));
          for (const h of bad) {
            // The same brand listed twice (a paging glitch upstream): stored once, the sync goes on.
            const twin = h.kind === 'duplicate' ? GOOD[after[h.pick % after.length]!]! : null;
            const entry: Entry = twin ? { json: JSON.stringify({ ...twin, title: `${twin.title} (again)` }), expect: 'keep', id: twin.id } : hostileEntry(GOOD[h.pick % GOOD.length]!, h.kind as Exclude<typeof h.kind, 'duplicate'>, h.pick);
            entries.splice(h.at % (entries.length + 1), 0, entry);
          }
          const pages = Math.max(1, Math.ceil(entries.length / 10));
          // The broken page is one the list really has (the first, the last or one between).
          script = { entries: entries.map((e) => e.json), fault: fault && { ...fault, page: 1 + (fault.page % pages) } };
          const { repo, sync, logger } = newSync(db);
          const result = await sync.syncNow();

          if (script.fault) {
            // One unreadable page: the sync fails as a value and the catalog is exactly as before.
            expect(result.ok).toBe(false);
            if (!result.ok) expect(result.error).toMatchObject({ code: 'PAGE_FETCH_FAILED', pageNo: script.fault.page, message: expect.stringMatching(/^Page \d+ could not be fetched: .{5,}/) });
            expect(snapshot(db)).toEqual(previous);
            tally.refused++;
            return;
          }
          expect(result.ok, JSON.stringify(result)).toBe(true);
          const kept = entries.filter((e): e is Extract<Entry, { expect: 'keep' }> => e.expect === 'keep');
          const skipped = entries.length - kept.length;
          const keptIds = [...new Set(kept.map((e) => e.id))].sort();
          if (result.ok) expect(result.value).toMatchObject({ brands: keptIds.length, skipped });
          // Listed now: exactly the kept entries; every brand of the earlier list that is gone is marked removed.
          const listed = (db.prepare('SELECT id FROM brands WHERE removed_at IS NULL ORDER BY id').pluck().all() as string[]).sort();
          expect(listed).toEqual(keptIds);
          for (const i of before) if (!keptIds.includes(GOOD[i]!.id)) expect(repo.get(GOOD[i]!.id)?.removed).toBe(true);
          for (const e of kept) {
            const stored = repo.get(e.id);
            expect(stored, e.id).not.toBeNull();
            e.check?.(stored!);
          }
          // Each skipped entry is logged (up to the per-sync cap) with its position and a reason.
          const warnings = logger.lines.map((l) => JSON.parse(l)).filter((l) => l.event === 'catalog.sync.skipped');
          expect(warnings).toHaveLength(Math.min(skipped, 20));
          for (const w of warnings) expect(w).toMatchObject({ level: 'warn', index: expect.any(Number), reason: expect.any(String) });
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
          tally.synced++;
          tally.skipped += skipped;
          tally.kept += kept.length;
        }
      }),
      { seed: SEED, numRuns: 16 },
    );
    expect(tally.synced, JSON.stringify(tally)).toBeGreaterThan(4);
    expect(tally.refused, JSON.stringify(tally)).toBeGreaterThan(3);
    expect(tally.skipped, JSON.stringify(tally)).toBeGreaterThan(10);
  });
});

describe('every client call against random answers', () => {
  let answer: { status: number; body: string; contentType: string } = { status: 200, body: '{}', contentType: 'application/json' };
  let service: Awaited<ReturnType<typeof startFakeService>>;
  let client: PartnerClient;
  beforeAll(async () => {
    service = await startFakeService((_req, res) => void res.writeHead(answer.status, { 'Content-Type': answer.contentType }).end(answer.body));
    client = clientFor(service, { retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 1 } });
  });
  afterAll(async () => {
    client.close();
    await service.close();
  });

  const calls: [string, () => Promise<{ ok: boolean; error?: { code: string; message: string } }>][] = [
    ['listBrandsPage', () => client.listBrandsPage(1, 10)],
    ['getBrand', () => client.getBrand('TEST_FIXED_STANDARD')],
    ['getOrder', () => client.getOrder('ord_1')],
    ['getOrderByReference', () => client.getOrderByReference('REF-1')],
    ['getVoucher', () => client.getVoucher('v_1')],
    ['resendDelivery', () => client.resendDelivery('ord_1', ['SMS'])],
    ['getWalletBalance', () => client.getWalletBalance()],
  ];
  const bodies = fc.oneof(
    fc.json({ maxDepth: 3 }),
    fc.string({ maxLength: 200 }),
    fc.constantFrom('', '<html><body>Bad Gateway</body></html>', '{"balance":', '{"balance":"lots"}', '{"error":{"code":"E999","message":"new"}}', '{"success":"yes"}', '[]', 'null', `"${'x'.repeat(300_000)}"`),
  );

  it('answers with a value, never a throw, and never reads garbage as data', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...calls), fc.oneof(fc.constant(200), fc.constant(201), fc.constant(404), fc.integer({ min: 200, max: 599 })), bodies, fc.constantFrom('application/json', 'text/html', 'text/plain'), async ([name, call], status, body, contentType) => {
        answer = { status, body, contentType };
        const result = await call();
        if (!result.ok) {
          expect(result.error, name).toMatchObject({ code: expect.stringMatching(/^[A-Z0-9_]+$/), message: expect.any(String) });
          expect(result.error!.message.length).toBeGreaterThan(5);
          expect(result.error!.message).not.toContain('x'.repeat(1000));
          return;
        }
        // Accepted: only a 2xx (or the by-reference 404 = "no such order"), whose body really parsed as that endpoint's shape.
        if (name === 'getOrderByReference' && status === 404) {
          expect((result as { value?: unknown }).value).toBeNull();
          return;
        }
        expect(status >= 200 && status <= 299, `${name} took HTTP ${status} ${body.slice(0, 80)} as data`).toBe(true);
        expect(() => JSON.parse(body)).not.toThrow();
      }),
      { seed: SEED, numRuns: 120 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Orders: a proxy in front of the real sandbox garbles the answer to POST /orders (the order
// really is created, or really fails, behind it). The engine must not believe the garble.

type Garble = 'truncated' | 'html' | 'empty' | 'not-an-order' | 'no-id' | 'other-reference' | 'vouchers-broken' | 'huge' | 'array' | 'status-204';

function garble(kind: Garble, real: string, cut: number): { status: number; body: string } {
  const order = JSON.parse(real) as Record<string, unknown>;
  switch (kind) {
    case 'truncated':
      return { status: 201, body: real.slice(0, Math.max(1, cut % real.length)) };
    case 'html':
      return { status: 200, body: '<html><body><h1>Service Temporarily Unavailable</h1></body></html>' };
    case 'empty':
      return { status: 201, body: '' };
    case 'not-an-order':
      return { status: 201, body: JSON.stringify({ ok: true }) };
    case 'no-id':
      return { status: 201, body: JSON.stringify({ ...order, id: undefined }) };
    case 'other-reference':
      // Well-formed, but the answer to some other order, claiming the opposite outcome.
      return { status: 201, body: JSON.stringify({ ...order, referenceId: `OTHER-${cut}`, status: order.status === 'SUCCESS' ? 'FAILED' : 'SUCCESS', failureReason: 'Voucher generation failed' }) };
    case 'vouchers-broken':
      return { status: 201, body: JSON.stringify({ ...order, status: 'SUCCESS', vouchers: [{ cardType: 7, cardNumber: 4111111111111111, amount: 'lots' }] }) };
    case 'huge':
      return { status: 201, body: `{"id":"${'x'.repeat(2_000_000)}` };
    case 'array':
      return { status: 201, body: JSON.stringify([order]) };
    case 'status-204':
      return { status: 204, body: '' };
  }
}

describe('an order answer that cannot be read', () => {
  let sandbox: Sandbox;
  let proxy: { url: string; close(): Promise<void> };
  /** What the proxy does to the next POST /orders answer and the next N by-reference lookups. */
  let plan: { order: { kind: Garble; cut: number } | null; lookupsToGarble: number } = { order: null, lookupsToGarble: 0 };
  let dir: ReturnType<typeof tempDir>;
  let db: Db;
  let engine: OrderEngine;
  let journal: SqliteSaleJournal;
  let client: PartnerClient;

  beforeAll(async () => {
    sandbox = await start();
    proxy = await startProxy(sandbox.url, async (req, upstream) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (req.method === 'POST' && path === '/v1/partners/orders' && plan.order && upstream.status >= 200 && upstream.status < 300) {
        const g = plan.order;
        plan.order = null;
        return garble(g.kind, upstream.body, g.cut);
      }
      if (path.startsWith('/v1/partners/orders/by-reference/') && plan.lookupsToGarble > 0) {
        plan.lookupsToGarble--;
        return { status: 200, body: '{"id": "ord_' };
      }
      return upstream;
    });
    dir = tempDir();
    db = openDatabase(join(dir.path, 'training.db'), 'environment');
    const clock = new FakeClock(sandbox.state.clock.now());
    client = createPartnerClient({ baseUrl: proxy.url, credentials: async () => ({ clientId: 'sandbox-staging-client', clientSecret: 'sandbox-staging-secret' }), clock, logger: memoryLogger(), sleep: async () => {} });
    journal = new SqliteSaleJournal(db, () => clock.now());
    engine = new OrderEngine({ journal, api: orderApiFor(() => client), clock, logger: memoryLogger(), vault: CardVault.open(fakeSecretStore(), kvShelf(db)), newRequestId: randomUUID, failureCode: failureReasonToCode });
    await engine.start();
  });
  afterAll(async () => {
    engine.stop();
    client.close();
    db.close();
    await proxy.close();
    await sandbox.close();
    dir.cleanup();
  });

  const garbles = fc.constantFrom<Garble>('truncated', 'html', 'empty', 'not-an-order', 'no-id', 'other-reference', 'vouchers-broken', 'huge', 'array', 'status-204');
  /** A brand the sandbox sells at once, and one whose orders fail at once (debit reversed). */
  const brands = fc.constantFrom(
    { brand: partnerBrand(), truth: 'SUCCESS' as const },
    { brand: partnerBrand({ id: 'TEST_E200_GENERATION_FAILED', title: 'Test · E200' }, { denominations: [100, 500], minVoucherAmount: 100 }), truth: 'FAILED' as const },
  );

  it('is IN_DOUBT, never a success or a failure, until the by-reference lookup settles it with the truth', async () => {
    await fc.assert(
      fc.asyncProperty(garbles, fc.nat(), brands, fc.boolean(), async (kind, cut, { brand, truth }, lookupFailsFirst) => {
        const sale = newSale({ brand, denomination: 500 });
        const ordersBefore = sandbox.state.orders.orders.size;
        plan = { order: { kind, cut }, lookupsToGarble: lookupFailsFirst ? 1 : 0 };

        let record = await engine.placeSale(sale);
        const attempts = () => journal.attempts(sale.id);
        // The answer was not believed: the send is recorded as unknown, and a lookup followed.
        expect(attempts()[0]).toMatchObject({ kind: 'place', outcome: expect.stringMatching(/^unknown /) });
        expect(attempts().some((a) => a.kind === 'lookup')).toBe(true);
        if (lookupFailsFirst) {
          // The lookup's answer was unreadable too: still in doubt, neither sold nor failed.
          expect(record.state).toBe('IN_DOUBT');
          record = (await engine.checkNow(sale.id))!;
        }
        expect(record.state).toBe(truth);
        // Exactly one order exists for the reference, the one the service really made.
        expect(sandbox.state.orders.orders.size).toBe(ordersBefore + 1);
        expect(attempts().filter((a) => a.kind === 'place')).toHaveLength(1);
        if (truth === 'SUCCESS') expect(journal.vouchers(sale.id)).toHaveLength(1);
      }),
      { seed: SEED, numRuns: 30 },
    );
  });
});

/** A pass-through proxy to `target` whose answers `rewrite` may replace. */
async function startProxy(
  target: string,
  rewrite: (req: IncomingMessage, upstream: { status: number; body: string }) => Promise<{ status: number; body: string }>,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && !['host', 'connection', 'content-length'].includes(k)) headers[k] = v;
        const upstream = await fetch(`${target}${req.url}`, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
        const answer = await rewrite(req, { status: upstream.status, body: await upstream.text() });
        res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(answer.status === 204 ? undefined : answer.body);
      })().catch(() => res.socket?.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
