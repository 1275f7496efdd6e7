import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CatalogRepository } from '../../src-main/catalog/catalog-repository.js';
import type { BrandPageSource } from '../../src-main/catalog/catalog-page-source.js';
import { CatalogSync } from '../../src-main/catalog/catalog-sync.js';
import { BRAND_READER_VERSION } from '../../src-main/partner-api/accepted-bytes.js';
import type { PartnerClient } from '../../src-main/partner-api/partner-client.js';
import { FakeClock } from '../../src-main/platform/clock.js';
import { memoryLogger } from '../../src-main/platform/logger.js';
import { loadCatalogFile } from '../../src-main/sandbox/catalog/catalog-file.js';
import { brandForWire } from '../../src-main/sandbox/catalog/catalog-store.js';
import { clientFor, startFakeService } from '../partner-api/helpers.js';
import { assertSearchIndexConsistent, tempDatabase } from './fixtures.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { pagePrepWorkerBuild } from '../../electron.vite.config.js';
import { BrandPagePrep, PAGE_PREP_BUNDLE_FILE } from '../../src-main/catalog/brand-page-prep-host.js';
import { tempDir } from '../support/temp-dir.js';

/**
 * A changed page is split into its brands' bytes, and a brand whose bytes hash as the bytes its
 * stored row was written from is taken as that row, unparsed. Every scenario runs twice, through
 * the real partner client: once so (`listBrandsPageSplit`, as the app is wired) and once with
 * each changed page parsed whole (`listBrandsPageIfChanged`, the reference), and both catalogs
 * must end the same, with the same summaries and the same skipped entries logged.
 */
const PAGE = 100;
const PRODUCTS = '/v1/partners/products';

const wires = loadCatalogFile()
  .slice(0, 250)
  .map((wire) => brandForWire(wire, 'http://127.0.0.1:4010', 'as-stored') as unknown as Record<string, unknown>);

/** The service's list, as page bodies: `entries` serialised one by one, so a test can set any entry's exact bytes. */
let entries: Buffer[] = [];
let service: Awaited<ReturnType<typeof startFakeService>>;
let client: PartnerClient;

beforeAll(async () => {
  service = await startFakeService((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const pageNo = Number(url.searchParams.get('pageNo'));
    const limit = Number(url.searchParams.get('limit'));
    if (url.pathname !== PRODUCTS) return void res.writeHead(404).end();
    const from = (pageNo - 1) * limit;
    const next = from + limit < entries.length ? `{"pageNo":${pageNo + 1},"limit":${limit}}` : 'null';
    const data = Buffer.concat(entries.slice(from, from + limit).flatMap((e, i) => (i === 0 ? [e] : [Buffer.from(','), e])));
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(Buffer.concat([Buffer.from('{"data":['), data, Buffer.from(`],"nextCursor":${next}}`)]));
  });
  client = clientFor(service);
});
afterAll(async () => {
  client.close();
  await service.close();
});

const dbs: ReturnType<typeof tempDatabase>[] = [];
const repos: CatalogRepository[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const repo of repos.splice(0)) await repo.checkpointIdle();
  for (const db of dbs.splice(0)) db.cleanup();
});

/**
 * `split`: every changed page comes split on the main thread; `whole`: parsed whole (the
 * reference); or split by `via`, a client whose pages are split (and read ahead) in a worker, as
 * environment-context wires it.
 */
function catalog(mode: 'split' | 'whole' | { via: PartnerClient }, env = tempDatabase()) {
  dbs.push(env);
  const repo = new CatalogRepository(env.db);
  repos.push(repo);
  const logger = memoryLogger();
  const answer = <T>(r: { ok: true; value: T; requestIds: string[] } | { ok: false; error: { code: string; message: string } }) =>
    r.ok ? { ok: true as const, value: r.value, requestId: r.requestIds[0] ?? '' } : { ok: false as const, error: r.error };
  const splitting = mode === 'whole' ? null : mode === 'split' ? client : mode.via;
  const source: BrandPageSource = {
    listBrandsPage: async (pageNo, limit) => answer(await client.listBrandsPage(pageNo, limit)),
    ...(splitting
      ? { listBrandsPageSplit: async (pageNo, limit, knownHash, knownEntries, options) => answer(await splitting.listBrandsPageSplit(pageNo, limit, knownHash, knownEntries, options)) }
      : { listBrandsPageIfChanged: async (pageNo, limit, knownHash, options) => answer(await client.listBrandsPageIfChanged(pageNo, limit, knownHash, options)) }),
  };
  const sync = new CatalogSync({ source, repo, clock: new FakeClock(Date.UTC(2026, 10, 1)), logger, pageSize: PAGE });
  const skippedLogged = () => logger.lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.event === 'catalog.sync.skipped').map((l) => [l.pageNo, l.index, l.id, l.reason]);
  return { env, repo, sync, skippedLogged, logger };
}

/**
 * How many list entries went through JSON.parse while `fn` ran: a whole page counts its `data`,
 * an entry parsed alone counts one (by its id, in `ids`).
 */
async function entriesParsed<T>(fn: () => Promise<T>): Promise<{ result: T; count: number; ids: string[] }> {
  const parse = vi.spyOn(JSON, 'parse');
  try {
    const result = await fn();
    let count = 0;
    const ids: string[] = [];
    for (const r of parse.mock.results) {
      const value = r.value as unknown;
      if (!value || typeof value !== 'object') continue;
      const { data, id, title } = value as { data?: unknown; id?: unknown; title?: unknown };
      if (Array.isArray(data)) count += data.length;
      else if (typeof id === 'string' && title !== undefined) {
        count++;
        ids.push(id);
      }
    }
    return { result, count, ids };
  } finally {
    parse.mockRestore();
  }
}

const bytesOf = (wire: unknown) => Buffer.from(JSON.stringify(wire));
const allIds = () => [...new Set(wires.map((w) => String(w.id)))];

/** Syncs both catalogs; they must agree on the summary, every stored brand and the skipped entries logged. */
async function syncBoth(split: ReturnType<typeof catalog>, whole: ReturnType<typeof catalog>) {
  const parsed = await entriesParsed(() => split.sync.syncNow());
  const reference = await whole.sync.syncNow();
  expect(parsed.result.ok).toBe(true);
  const strip = (r: typeof reference) => (r.ok ? { ...r.value, durationMs: 0 } : r);
  expect(strip(parsed.result)).toEqual(strip(reference));
  for (const id of allIds()) expect(split.repo.get(id), id).toEqual(whole.repo.get(id));
  expect(split.skippedLogged()).toEqual(whole.skippedLogged());
  assertSearchIndexConsistent(split.env.db);
  return { summary: parsed.result.ok ? parsed.result.value : null, parsed: parsed.count, ids: parsed.ids };
}

/** Both catalogs synced once from the service's whole list, entry by entry as `wires` serialise. */
async function syncedFromService() {
  entries = wires.map(bytesOf);
  const split = catalog('split');
  const whole = catalog('whole');
  await syncBoth(split, whole);
  return { split, whole };
}

describe('a changed page: only the brands whose bytes changed are parsed', () => {
  it('one byte of one brand changed: exactly that brand is parsed, the rest taken as stored', async () => {
    entries = wires.map(bytesOf);
    const split = catalog('split');
    const whole = catalog('whole');
    expect((await syncBoth(split, whole)).parsed).toBe(250);
    expect((await syncBoth(split, whole)).parsed).toBe(0);

    const target = wires[150]!;
    const text = entries[150]!.toString('utf8');
    const at = text.indexOf(String(target.title)) + 1;
    const changedByte = String.fromCharCode(text.charCodeAt(at) === 0x78 ? 0x79 : 0x78);
    entries[150] = Buffer.from(text.slice(0, at) + changedByte + text.slice(at + 1));
    const changed = await syncBoth(split, whole);
    expect(changed).toMatchObject({ parsed: 1, ids: [target.id], summary: { brands: 250, changes: { updated: 1, unchanged: 249 } } });
    expect(split.repo.get(String(target.id))?.brand.title).not.toBe(target.title);

    // The page is recorded again: the next sync parses nothing.
    expect((await syncBoth(split, whole)).parsed).toBe(0);
  });

  it('a brand moved to another place or another page is still known by its bytes, and kept as its own row', async () => {
    const { split, whole } = await syncedFromService();
    // Swap a brand of page 1 with one of page 3, and two neighbours on page 2.
    [entries[5], entries[240]] = [entries[240]!, entries[5]!];
    [entries[120], entries[121]] = [entries[121]!, entries[120]!];
    const moved = await syncBoth(split, whole);
    expect(moved).toMatchObject({ parsed: 0, summary: { brands: 250, removed: 0, changes: { unchanged: 250 } } });
  });

  it('a brand rewritten by a webhook is parsed and validated again at the next sync, though its bytes did not change', async () => {
    const { split, whole } = await syncedFromService();
    const id = String(wires[42]!.id);
    const update = { brandId: id, status: 'INACTIVE', denominationType: null, denominations: null, amountRestrictions: null };
    expect(split.repo.applyBrandUpdate(update)).toMatchObject({ ok: true, value: { changed: true } });
    whole.repo.applyBrandUpdate(update);

    const after = await syncBoth(split, whole);
    expect(after).toMatchObject({ parsed: 1, ids: [id], summary: { changes: { updated: 1, unchanged: 249 } } });
    expect(split.repo.get(id)?.brand.status).toBe(wires[42]!.status);
  });

  it('a hostile page: an invalid brand among byte-identical ones is refused as before, and the page parsed again next time', async () => {
    const { split, whole } = await syncedFromService();
    // Entry 130 becomes an invalid copy of its brand; entry 131 an invalid twin of the untouched brand 132.
    entries[130] = bytesOf({ ...wires[130], title: 42 });
    entries[131] = bytesOf({ ...wires[132], amountRestrictions: 'none' });
    const hostile = await syncBoth(split, whole);
    expect(hostile).toMatchObject({ parsed: 2, summary: { brands: 248, skipped: 2, removed: 2 } });
    expect(split.repo.get(String(wires[130]!.id))?.removed).toBe(true);
    expect(split.repo.get(String(wires[132]!.id))?.removed).toBe(false);
    // A page with a refused entry is not recorded: parsed (and its refusals logged) every time.
    expect((await syncBoth(split, whole)).parsed).toBe(2);
  });

  it('the same bytes twice in a page, and a changed copy of a known brand beside its known bytes: each counted as before', async () => {
    const { split, whole } = await syncedFromService();
    entries[10] = entries[20]!;
    entries[30] = bytesOf({ ...wires[31], title: 'Another copy' });
    const repeated = await syncBoth(split, whole);
    expect(repeated.summary).toMatchObject({ brands: 248, removed: 2, changes: { duplicates: 2 } });
    // The bytes sent twice and the changed copy are parsed (3); the copy carries the id of brand 31,
    // taken by its bytes, so page 1 is then read whole (100), as without bytes hashes.
    expect(repeated.parsed).toBe(103);
  });

  it('a removed brand that comes back with the bytes it had is restored', async () => {
    const { split, whole } = await syncedFromService();
    const gone = entries.splice(60, 1);
    expect((await syncBoth(split, whole)).summary).toMatchObject({ removed: 1 });
    entries.splice(60, 0, ...gone);
    const back = await syncBoth(split, whole);
    expect(back.summary).toMatchObject({ brands: 250, changes: { restored: 1 } });
    expect(split.repo.get(String(wires[60]!.id))?.removed).toBe(false);
  });

  it('bytes an older reader accepted are read again: every brand is parsed once, then known by its bytes', async () => {
    const { split, whole } = await syncedFromService();
    await split.repo.checkpointIdle();
    const tagged = (column: string, table: string) => split.env.db.prepare(`SELECT count(*) FROM ${table} WHERE ${column} LIKE ?`).pluck().get(`${BRAND_READER_VERSION}.%`);
    expect([tagged('raw_hash', 'brands'), tagged('hash', 'catalog_pages')]).toEqual([250, 3]);
    // As an app whose reader was one version older would have left the file.
    const older = (column: string, table: string) =>
      split.env.db.prepare(`UPDATE ${table} SET ${column} = '${BRAND_READER_VERSION - 1}.' || substr(${column}, instr(${column}, '.') + 1) WHERE ${column} IS NOT NULL`).run().changes;
    expect(older('raw_hash', 'brands')).toBe(250);
    expect(older('hash', 'catalog_pages')).toBe(3);
    expect((await syncBoth(split, whole)).parsed).toBe(250);
    expect((await syncBoth(split, whole)).parsed).toBe(0);
  });

  it('a catalog written before bytes were hashed: its brands are parsed once more, then known by their bytes', async () => {
    entries = wires.map(bytesOf);
    const env = tempDatabase();
    const before = catalog('whole', env);
    const whole = catalog('whole');
    await syncBoth(before, whole);
    await before.repo.checkpointIdle();
    const split = catalog('split', env);

    const renamed = (i: number, title: string) => (entries[i] = bytesOf({ ...wires[i], title }));
    renamed(110, 'First rename');
    // Pages 1 and 3 are byte for byte as recorded; page 2's brands have no bytes hash yet.
    expect((await syncBoth(split, whole)).parsed).toBe(100);
    renamed(111, 'Second rename');
    expect(await syncBoth(split, whole)).toMatchObject({ parsed: 1, ids: [wires[111]!.id], summary: { changes: { updated: 1 } } });
  });
});

describe('a garbled page record (the file changed outside the app)', () => {
  const garbled: [column: 'entries' | 'ids', value: string][] = [
    ['entries', 'not json'],
    ['entries', '{"0":[1,"h"]}'],
    ['entries', '[[1.5,"h"]]'],
    ['ids', 'not json'],
    ['ids', '{"0":"b"}'],
    ['ids', '[1,2]'],
  ];

  it.each(garbled)('%s = %s: that page is fetched and read as if unrecorded, recorded anew, and the next sync is back to normal', async (column, value) => {
    const { split, whole } = await syncedFromService();
    for (const { env } of [split, whole]) expect(env.db.prepare(`UPDATE catalog_pages SET ${column} = ? WHERE page_no = 2`).run(value).changes).toBe(1);

    const splitCalls = vi.spyOn(client, 'listBrandsPageSplit');
    const wholeCalls = vi.spyOn(client, 'listBrandsPageIfChanged');
    // Per request: the page and whether it was asked with a recorded hash.
    const asked = (spy: typeof splitCalls | typeof wholeCalls) => spy.mock.calls.map(([pageNo, , knownHash]) => [pageNo, knownHash !== null]);
    const splitRun = await entriesParsed(() => split.sync.syncNow());
    const wholeRun = await entriesParsed(() => whole.sync.syncNow());
    for (const run of [splitRun, wholeRun]) expect(run.result).toMatchObject({ ok: true, value: { brands: 250, removed: 0, changes: { unchanged: 250 } } });
    expect(asked(splitCalls)).toEqual([[1, true], [2, false], [3, true]]);
    expect(asked(wholeCalls)).toEqual([[1, true], [2, false], [3, true]]);
    // Page 2 is read again: parsed whole, or split with each entry known by its bytes.
    expect(wholeRun.count).toBe(100);
    expect(splitRun.count).toBe(0);

    splitCalls.mockClear();
    wholeCalls.mockClear();
    expect((await syncBoth(split, whole)).parsed).toBe(0);
    expect(asked(splitCalls)).toEqual([[1, true], [2, true], [3, true]]);
    expect(asked(wholeCalls)).toEqual([[1, true], [2, true], [3, true]]);
    for (const { logger } of [split, whole]) expect(logger.lines.filter((l) => /page-records-stale|sync\.failed/.test(l))).toEqual([]);
  });
});

describe('a brand rewritten while a sync records the bytes its unchanged rows were read from', () => {
  /**
   * A catalog written before bytes were hashed (every raw_hash NULL), now synced with split pages;
   * without page records, so every page is read and every unchanged row's bytes hash recorded after the commit.
   */
  async function withoutBytesHashes() {
    entries = wires.map(bytesOf);
    const env = tempDatabase();
    const before = catalog('whole', env);
    await before.sync.syncNow();
    await before.repo.checkpointIdle();
    env.db.exec('DELETE FROM catalog_pages');
    expect(env.db.prepare('SELECT count(*) FROM brands WHERE raw_hash IS NOT NULL').pluck().get()).toBe(0);
    return catalog('split', env);
  }
  const rawHashOf = (split: ReturnType<typeof catalog>, id: string) => split.env.db.prepare('SELECT raw_hash FROM brands WHERE id = ?').pluck().get(id);
  // Brand 42 (page 1): unchanged in the list, so the sync records its bytes hash after the commit.
  const id = String(wires[42]!.id);
  const update = { brandId: id, status: 'INACTIVE', denominationType: null, denominations: null, amountRestrictions: null };

  it.each(['during a page fetch, inside the sync’s transaction', 'after the commit, before the bytes hashes are recorded'])(
    '%s: the row keeps no bytes hash, and the next sync parses that brand again',
    async (when) => {
      const split = await withoutBytesHashes();
      const writer = split.repo['writer'];
      const applied: boolean[] = [];
      if (when.startsWith('during')) {
        // A renamed brand on page 1 opens the sync's transaction; page 3 is asked for once pages 1 and 2 are diffed.
        entries[5] = bytesOf({ ...wires[5], title: 'Renamed' });
        const fetchPage = client.listBrandsPageSplit.bind(client);
        vi.spyOn(client, 'listBrandsPageSplit').mockImplementation((pageNo, ...rest) => {
          if (pageNo === 3 && applied.length === 0) applied.push(writer.replacing && split.repo.applyBrandUpdate(update).ok);
          return fetchPage(pageNo, ...rest);
        });
      } else {
        const record = writer.stored.recordRawHashes.bind(writer.stored);
        vi.spyOn(writer.stored, 'recordRawHashes').mockImplementation((...args) => {
          applied.push(!writer.replacing && split.repo.applyBrandUpdate(update).ok);
          return record(...args);
        });
      }
      expect(await split.sync.syncNow()).toMatchObject({ ok: true });
      expect(applied).toEqual([true]);
      expect(split.repo.get(id)?.brand.status).toBe('INACTIVE');
      expect(rawHashOf(split, id)).toBeNull();
      // Every other row was read from the same bytes and keeps their hash.
      expect(split.env.db.prepare('SELECT count(*) FROM brands WHERE raw_hash IS NULL').pluck().get()).toBe(1);

      vi.restoreAllMocks();
      const next = await entriesParsed(() => split.sync.syncNow());
      expect(next).toMatchObject({ ids: [id], result: { ok: true, value: { changes: { updated: 1 } } } });
      expect(split.repo.get(id)?.brand.status).toBe(wires[42]!.status);
      expect(rawHashOf(split, id)).not.toBeNull();
    },
  );

  it('recording them fails: the sync still succeeds, one warn line says so (no brand data), and the next sync records them', async () => {
    const split = await withoutBytesHashes();
    split.env.db.exec("CREATE TRIGGER refuse_raw_hash BEFORE UPDATE OF raw_hash ON brands WHEN NEW.raw_hash IS NOT NULL BEGIN SELECT RAISE(ABORT, 'disk refused'); END");
    expect(await split.sync.syncNow()).toMatchObject({ ok: true, value: { changes: { unchanged: 250 } } });
    const warned = split.logger.lines.filter((l) => l.includes('"level":"warn"'));
    expect(warned.map((l) => JSON.parse(l) as Record<string, unknown>)).toMatchObject([{ event: 'catalog.raw-hashes.failed', rows: 250, notRecorded: 250, error: { message: 'disk refused' } }]);
    for (const wire of wires) expect(warned.join('')).not.toContain(String(wire.id));
    expect(split.env.db.prepare('SELECT count(*) FROM brands WHERE raw_hash IS NULL').pluck().get()).toBe(250);

    split.env.db.exec('DROP TRIGGER refuse_raw_hash');
    split.env.db.exec('DELETE FROM catalog_pages');
    await split.sync.syncNow();
    expect(split.env.db.prepare('SELECT count(*) FROM brands WHERE raw_hash IS NULL').pluck().get()).toBe(0);
  });
});

describe('pages split in a worker (BrandPagePrep), as the app is wired', () => {
  const preps: BrandPagePrep[] = [];
  const clients: PartnerClient[] = [];
  afterEach(() => {
    for (const prep of preps.splice(0)) prep.close();
    for (const c of clients.splice(0)) c.close();
  });
  /** A catalog whose client splits pages with `prep` (its worker started first unless `cold`). */
  async function workerCatalog(options: ConstructorParameters<typeof BrandPagePrep>[0] = {}, cold = false) {
    const prepLogger = memoryLogger();
    const prep = new BrandPagePrep({ logger: prepLogger, ...options });
    preps.push(prep);
    if (!cold) await prep.warmUp();
    const via = clientFor(service, { splitBrandPage: prep.split });
    clients.push(via);
    return { prep, prepLogger, ...catalog({ via }) };
  }
  const events = (logger: ReturnType<typeof memoryLogger>) => logger.lines.map((l) => JSON.parse(l) as { event: string; level: string }).filter((l) => l.event.startsWith('catalog.page-prep'));

  it('stores what a sync parsing every page whole stores, through first sync, changes, moves, refusals and repeats, with no entry parsed on the main thread', async () => {
    entries = wires.map(bytesOf);
    const worked = await workerCatalog();
    expect(worked.prep.state).toBe('ready');
    const whole = catalog('whole');
    expect((await syncBoth(worked, whole)).parsed).toBe(0);
    expect((await syncBoth(worked, whole)).parsed).toBe(0);

    entries[150] = bytesOf({ ...wires[150], title: 'Renamed in the list' });
    [entries[5], entries[240]] = [entries[240]!, entries[5]!];
    entries[130] = bytesOf({ ...wires[130], title: 42 });
    expect(await syncBoth(worked, whole)).toMatchObject({ parsed: 0, summary: { brands: 249, skipped: 1, changes: { updated: 1 } } });

    // The same bytes twice and a changed copy of a brand taken by its bytes: page 1 is read whole,
    // its entries not read ahead (they matched the last sync's) parsed on the main thread.
    entries[10] = entries[20]!;
    entries[30] = bytesOf({ ...wires[31], title: 'Another copy' });
    expect((await syncBoth(worked, whole)).summary).toMatchObject({ changes: { duplicates: 2 } });
    expect(events(worked.prepLogger)).toEqual([]);
  });

  it('splits on the main thread until its worker is ready, and ends an idle worker (the next sync starts it again)', async () => {
    entries = wires.map(bytesOf);
    const worked = await workerCatalog({ idleMs: 50 }, true);
    expect(worked.prep.state).toBe('stopped');
    const whole = catalog('whole');
    // Its first page starts the worker, and is split (and parsed) here meanwhile.
    expect((await syncBoth(worked, whole)).parsed).toBeGreaterThan(0);
    // The worker must first come up (seconds on a loaded 2-core machine), then idle 50 ms.
    await vi.waitFor(() => expect(worked.prep.state).toBe('stopped'), { timeout: 15_000, interval: 20 });
    entries[150] = bytesOf({ ...wires[150], title: 'Renamed in the list' });
    await syncBoth(worked, whole);
    expect(['starting', 'ready']).toContain(worked.prep.state);
  });

  it('a worker that cannot start: one warn line, and every page is split on the main thread', async () => {
    entries = wires.map(bytesOf);
    const worked = await workerCatalog({ script: () => null });
    expect(worked.prep.state).toBe('unavailable');
    const whole = catalog('whole');
    expect((await syncBoth(worked, whole)).parsed).toBe(250);
    entries[150] = bytesOf({ ...wires[150], title: 'Renamed in the list' });
    expect((await syncBoth(worked, whole)).parsed).toBe(1);
    expect(events(worked.prepLogger)).toMatchObject([{ event: 'catalog.page-prep.unavailable', level: 'warn' }]);
  });

  it('a worker that answers a page with an error, then dies between its two answers to the next: those pages and every later one are split on the main thread, nothing lost', async () => {
    entries = wires.map(bytesOf);
    const faulty = new URL('./fixtures/faulty-page-prep-worker.mjs', import.meta.url);
    const worked = await workerCatalog({ script: () => ({ file: faulty }) });
    expect(worked.prep.state).toBe('ready');
    const whole = catalog('whole');
    // Page 1 read ahead in the worker, page 2 refused there (split here), page 3 split there, its entries lost with the worker.
    expect(await syncBoth(worked, whole)).toMatchObject({ parsed: 150, summary: { brands: 250, changes: { inserted: 250 } } });
    expect(worked.prep.state).toBe('unavailable');
    expect(events(worked.prepLogger)).toMatchObject([{ event: 'catalog.page-prep.unavailable', level: 'warn' }]);
    entries[150] = bytesOf({ ...wires[150], title: 'Renamed in the list' });
    expect(await syncBoth(worked, whole)).toMatchObject({ parsed: 1, summary: { changes: { updated: 1 } } });
  });

  it('the built worker (pagePrepWorkerBuild, as the app ships it, run as an eval’d script) splits and reads ahead the same', async () => {
    const out = tempDir('gv-page-prep-build-');
    try {
      await build(pagePrepWorkerBuild(out.path));
      const script = readFileSync(join(out.path, PAGE_PREP_BUNDLE_FILE), 'utf8');
      entries = wires.map(bytesOf);
      const worked = await workerCatalog({ script: () => ({ eval: script }) });
      expect(worked.prep.state).toBe('ready');
      const whole = catalog('whole');
      expect((await syncBoth(worked, whole)).parsed).toBe(0);
      entries[150] = bytesOf({ ...wires[150], title: 'Renamed in the list' });
      expect(await syncBoth(worked, whole)).toMatchObject({ parsed: 0, summary: { changes: { updated: 1 } } });
    } finally {
      out.cleanup();
    }
  }, 60_000);
});
