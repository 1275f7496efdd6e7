import { createHash } from 'node:crypto';
import { cpSync, existsSync, readFileSync, readdirSync, readlinkSync, realpathSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database, { SqliteError } from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../src-main/core/create-core.js';
import { openDatabase } from '../../src-main/db/database.js';
import { SCHEMAS } from '../../src-main/db/migrations/index.js';
import { memoryLogger } from '../../src-main/platform/logger.js';
import { startSandbox, type Sandbox } from '../../src-main/sandbox/server.js';
import { jsonFileBackend } from '../../src-main/settings/json-file-backend.js';
import { bridgeHarness, setUpCounter, type BridgeHarness } from '../bridge/bridge-harness.js';
import { clientFor } from '../partner-api/helpers.js';
import { fakeSecretStore } from '../support/fake-secret-store.js';
import { tempDir } from '../support/temp-dir.js';
import { catalogSyncOf } from './catalog-sync-of.js';
import { ensureShift, exactCash } from '../support/till.js';
import { cashTenders } from '../support/till.js';

/**
 * Boundary: the disk → the app's SQLite files (src-main/db/database.ts). A data file from a
 * newer app, a damaged one (random bytes, truncated, garbage in the header) or a full disk
 * must each end in a clear error that names the problem — the counter shows it rather than
 * crashing — with nothing half-written: the damaged file is left byte for byte as it was, and
 * a sale whose intent cannot be committed is not sent, not journaled, and can be made once
 * space is freed.
 */
const SEED = 6_5_2026;
const FILES = ['app.db', 'training.db', 'training-catalog.db'] as const;

describe('damaged or foreign data files at start-up', () => {
  let sandbox: Sandbox;
  let template: ReturnType<typeof tempDir>;
  const secretStore = fakeSecretStore();
  const coreIn = (dataDir: string) =>
    createCore({
      dataDir,
      secretStore,
      settingsBackend: jsonFileBackend(join(dataDir, 'settings.json')),
      trainingBaseUrl: sandbox.url,
      quietStart: true,
      logger: memoryLogger(),
    });

  beforeAll(async () => {
    sandbox = await startSandbox({ tickMs: 60_000 });
    // A data folder with a staff member, a synced catalog and a sold voucher: something to lose.
    template = tempDir();
    const core = await coreIn(template.path);
    await core.ready();
    expect((await core.staff.create({ name: 'Meera Shah', role: 'manager', pin: '2580' }, null)).ok).toBe(true);
    expect((await core.env().catalogSync.syncNow()).ok).toBe(true);
    ensureShift(core.env().shifts);
    const placed = await core.env().sales.place({ productId: 'TEST_FIXED_STANDARD', amountPaise: 50_000 }, 'test-cashier', exactCash(50_000));
    expect(placed.ok && placed.sale.state).toBe('SUCCESS');
    await core.close(); // closing the last connection folds the WAL into the main files
    for (const f of FILES) expect(existsSync(join(template.path, `${f}-wal`)), f).toBe(false);
  });
  afterAll(async () => {
    await sandbox.close();
    template.cleanup();
  });

  type Damage = { kind: 'random'; size: number; seed: number } | { kind: 'truncated'; keep: number } | { kind: 'header'; at: number; seed: number } | { kind: 'newer-schema' };
  const damageArb: fc.Arbitrary<Damage> = fc.oneof(
    fc.record({ kind: fc.constant('random' as const), size: fc.integer({ min: 0, max: 64 * 1024 }), seed: fc.nat() }),
    fc.record({ kind: fc.constant('truncated' as const), keep: fc.double({ min: 0.0001, max: 0.95, noNaN: true }) }),
    fc.record({ kind: fc.constant('header' as const), at: fc.integer({ min: 0, max: 99 }), seed: fc.nat() }),
    fc.constant({ kind: 'newer-schema' as const }),
  );

  /** Deterministic "random" bytes from fast-check's seed, so a failure replays exactly. */
  const bytes = (n: number, seed: number) => {
    const out = Buffer.alloc(n);
    let x = seed | 1;
    for (let i = 0; i < n; i++) out[i] = (x = (Math.imul(x, 1_103_515_245) + 12_345) >>> 0) >>> 24;
    return out;
  };

  function damage(path: string, d: Damage): void {
    switch (d.kind) {
      case 'random':
        // Never a valid SQLite header by accident, and never empty (an empty file is a new database).
        return writeFileSync(path, Buffer.concat([Buffer.from('not sqlite'), bytes(d.size, d.seed)]));
      case 'truncated':
        return truncateSync(path, Math.max(1, Math.floor(statSync(path).size * d.keep)));
      case 'header': {
        // Garbage over part of the 100-byte header, always touching the magic string or the page size.
        const file = readFileSync(path);
        bytes(8, d.seed).copy(file, Math.min(d.at, 15));
        file[Math.min(d.at, 15)] = file[Math.min(d.at, 15)]! ^ 0xff;
        return writeFileSync(path, file);
      }
      case 'newer-schema': {
        const db = new Database(path);
        db.pragma(`user_version = ${Math.max(...Object.values(SCHEMAS).map((steps) => steps.length)) + 7}`);
        db.close();
      }
    }
  }

  /** Files under `dir` this process still holds open (Linux: /proc/self/fd). */
  const openFilesUnder = (dir: string): string[] =>
    readdirSync('/proc/self/fd')
      .map((fd) => {
        try {
          return readlinkSync(join('/proc/self/fd', fd));
        } catch {
          return '';
        }
      })
      .filter((target) => target.startsWith(realpathSync(dir)));

  it('refuse to start with an error naming the file and the problem, and leave the file exactly as it was', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...FILES), damageArb, async (file, d) => {
        const dir = tempDir();
        try {
          cpSync(template.path, dir.path, { recursive: true });
          const path = join(dir.path, file);
          damage(path, d);
          const before = createHash('sha256').update(readFileSync(path)).digest('hex');

          // The core reports the problem as a rejected start (the shell shows it in a dialog), not a crash.
          const started = await coreIn(dir.path).then(
            async (core) => {
              await core.close();
              return null;
            },
            (error: unknown) => error as Error,
          );
          expect(started, `${file} ${JSON.stringify(d)} opened without complaint`).toBeInstanceOf(Error);
          if (d.kind === 'newer-schema') {
            expect(started!.message).toMatch(/newer version of the app .*schema \d+/);
          } else {
            expect(started!.message).toContain(file);
            expect(started!.message).toMatch(/damaged or is not a database/);
          }
          expect(started!.message).not.toMatch(/at .*\.ts:\d+/);
          // Nothing was "repaired", migrated or overwritten.
          expect(createHash('sha256').update(readFileSync(path)).digest('hex')).toBe(before);
          // A refused start leaves no database of that folder open behind it.
          expect(openFilesUnder(dir.path)).toEqual([]);
        } finally {
          dir.cleanup();
        }
      }),
      { seed: SEED, numRuns: 16 },
    );
  });
});

describe('a full disk while a sale is being placed', () => {
  let h: BridgeHarness;
  beforeAll(async () => {
    h = await bridgeHarness();
    await setUpCounter(h);
    await h.ok('sale.place', { productId: 'TEST_FIXED_STANDARD', amountPaise: 50_000, tenders: cashTenders(50_000) });
  });
  afterAll(async () => h.close());

  /** The whole order journal, row for row, and what the service has seen. */
  const journal = () => {
    const db = h.core.env().db;
    return {
      sales: db.prepare('SELECT * FROM sales ORDER BY id').all(),
      attempts: db.prepare('SELECT * FROM sale_attempts ORDER BY sale_id, seq').all(),
      vouchers: db.prepare('SELECT * FROM vouchers ORDER BY sale_id, seq').all(),
      serviceOrders: h.sandbox.state.orders.orders.size,
    };
  };

  it('refuses the sale with DISK_FULL, sends nothing, journals nothing, and sells normally once there is room', async () => {
    const db = h.core.env().db;
    // The service's brand carries long terms today, so the intent (with its brand snapshot) needs new pages.
    h.sandbox.state.catalog.get('TEST_FIXED_STANDARD')!.wire.brandDescription = 'Long terms. '.repeat(2_000);
    // SQLITE_FULL on the next page the journal needs: the file may not grow beyond its current size.
    db.pragma('wal_checkpoint(TRUNCATE)');
    expect(db.pragma('freelist_count', { simple: true })).toBe(0);
    const pages = db.pragma('page_count', { simple: true }) as number;
    expect(db.pragma(`max_page_count = ${pages}`, { simple: true })).toBe(pages);
    const before = journal();
    const auditBefore = new Set(h.core.audit.list({ limit: 1000 }).map((e) => e.seq));

    const sales = fc.sample(fc.record({ amountPaise: fc.constantFrom(10_000, 50_000, 350_000), retries: fc.integer({ min: 1, max: 3 }) }), { seed: SEED, numRuns: 3 });
    for (const { amountPaise, retries } of sales) {
      for (let i = 0; i < retries; i++) {
        const r = await h.call('sale.place', { productId: 'TEST_FIXED_STANDARD', amountPaise, tenders: cashTenders(amountPaise) });
        expect(r).toMatchObject({ ok: false, error: { code: 'DISK_FULL', message: expect.stringMatching(/disk is full/), action: expect.stringMatching(/Free some disk space.*Pending sales/) } });
      }
    }
    // Nothing half-written and nothing sent: the intent transaction rolled back before the POST.
    expect(journal()).toEqual(before);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect((await h.ok('sale.pending')).sales).toEqual([]);
    // The audit trail (app.db has room) says each attempt was never recorded, so no entry
    // points at a sale that does not exist without saying so.
    const trail = h.core.audit.list({ limit: 1000 }).filter((e) => !auditBefore.has(e.seq));
    const attempted = trail.filter((e) => e.action === 'sale.placed').map((e) => e.saleId);
    const unrecorded = new Set(trail.filter((e) => e.action === 'sale.not_recorded').map((e) => e.saleId));
    expect(attempted.length).toBeGreaterThan(0);
    expect(attempted.filter((id) => !unrecorded.has(id))).toEqual([]);

    // Space again: the same counter sells at once, exactly one order per sale.
    db.pragma('max_page_count = 1073741823');
    const sale = await h.ok('sale.place', { productId: 'TEST_FIXED_STANDARD', amountPaise: 50_000, tenders: cashTenders(50_000) });
    expect(sale.state).toBe('SUCCESS');
    expect(journal().serviceOrders).toBe(before.serviceOrders + 1);
    expect(await h.ok('audit.verify')).toMatchObject({ ok: true });
  });

  it('when the disk fills while the outcome is being saved, the sale is kept unfinished (never lost, never sent twice) and settles once there is room', async () => {
    const journalOf = h.core.env().journal;
    const original = journalOf.transition.bind(journalOf);
    // The order leaves and the service makes it; recording SUCCESS (with its vouchers) then hits a full disk.
    // Injected at the journal because which write a page-count limit trips first depends on page layout.
    let armed = true;
    journalOf.transition = ((...args: Parameters<typeof original>) => {
      if (armed && args[2] === 'SUCCESS') throw new SqliteError('database or disk is full', 'SQLITE_FULL');
      return original(...args);
    }) as typeof original;
    try {
      const before = journal();
      const r = await h.call('sale.place', { productId: 'TEST_FIXED_STANDARD', amountPaise: 75_000, tenders: cashTenders(75_000) });
      expect(r).toMatchObject({ ok: false, error: { code: 'DISK_FULL' } });
      expect(r.error.message).not.toMatch(/nothing was (sent|charged)/); // it was sent: the answer must not say otherwise
      expect(journal().serviceOrders).toBe(before.serviceOrders + 1);
      // The intent survived the failed write: the sale waits in Pending, unfinished, not failed.
      const pending = (await h.ok('sale.pending')).sales as { id: string; state: string; amountPaise: number }[];
      expect(pending).toHaveLength(1);
      expect(['INTENT', 'IN_DOUBT']).toContain(pending[0]!.state);
      expect(pending[0]!.amountPaise).toBe(75_000);

      armed = false; // space again
      const settled = await h.ok('sale.checkNow', { saleId: pending[0]!.id });
      expect(settled.state).toBe('SUCCESS');
      expect(settled.vouchers).toHaveLength(2);
      expect(journal().serviceOrders).toBe(before.serviceOrders + 1); // settled by lookup, not sent again
      expect((await h.ok('sale.pending')).sales).toEqual([]);
    } finally {
      journalOf.transition = original;
    }
  });
});

describe('a full disk in the middle of a catalog sync', () => {
  it('fails the sync as a value and leaves the previous catalog exactly as it was, still searchable', async () => {
    const sandbox = await startSandbox({ tickMs: 60_000 });
    const dir = tempDir();
    const path = join(dir.path, 'training-catalog.db');
    const db = openDatabase(path, 'catalog');
    const readDb = openDatabase(path, 'catalog');
    const client = clientFor(sandbox);
    const { repo, sync } = catalogSyncOf(client, db, { readDb });
    const rows = () => ({ brands: readDb.prepare('SELECT * FROM brands ORDER BY id').all(), kv: readDb.prepare('SELECT * FROM kv ORDER BY key').all() });
    try {
      expect((await sync.syncNow()).ok).toBe(true);
      await repo.checkpointIdle();
      const before = rows();
      const found = repo.search({ text: 'test', limit: 5 }).map((b) => b.brand.id);
      expect(found.length).toBeGreaterThan(0);

      // Tomorrow every brand has longer terms: the new catalog needs pages the disk no longer has.
      let n = 0;
      for (const id of before.brands.map((b) => (b as { id: string }).id)) {
        const record = sandbox.state.catalog.get(id);
        if (record) record.wire.brandDescription = `Updated terms ${++n}. `.repeat(40);
      }
      db.pragma('wal_checkpoint(TRUNCATE)');
      const pages = db.pragma('page_count', { simple: true }) as number;
      db.pragma(`max_page_count = ${pages}`);
      const failed = await sync.syncNow();
      expect(failed.ok).toBe(false);
      if (!failed.ok) expect(failed.error).toMatchObject({ code: 'STORE_FAILED', message: expect.stringMatching(/full/) });
      // Rolled back whole: not one brand of the half-written new catalog is visible, searches answer as before.
      expect(rows()).toEqual(before);
      expect(repo.search({ text: 'test', limit: 5 }).map((b) => b.brand.id)).toEqual(found);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');

      db.pragma('max_page_count = 1073741823');
      const again = await sync.syncNow();
      expect(again.ok && again.value.changes.updated).toBe(n);
      expect(repo.get(found[0]!)?.brand.description).toMatch(/^Updated terms/);
    } finally {
      client.close();
      await repo.checkpointIdle();
      readDb.close();
      db.close();
      await sandbox.close();
      dir.cleanup();
    }
  });
});
