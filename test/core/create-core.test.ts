import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../src-main/core/create-core.js';
import type { CoreEventMap } from '../../src-main/core/core-events.js';
import { FIXED_BRAND } from '../orders/journal/journal-fixtures.js';
import { memoryLogger } from '../../src-main/platform/logger.js';
import { startSandbox } from '../../src-main/sandbox/server.js';
import { jsonFileBackend } from '../../src-main/settings/json-file-backend.js';
import { fakeSecretStore } from '../support/fake-secret-store.js';
import { tempDir } from '../support/temp-dir.js';
import { ensureShift, exactCash } from '../support/till.js';
import { freePort } from '../support/free-port.js';

describe('the core factory', () => {
  let core: Core | null = null;
  let dir: ReturnType<typeof tempDir>;
  afterEach(async () => {
    await core?.close();
    core = null;
    dir.cleanup();
  });

  const build = async (quietStart = true) => {
    dir = tempDir();
    core = await createCore({
      dataDir: dir.path,
      secretStore: fakeSecretStore(),
      settingsBackend: jsonFileBackend(join(dir.path, 'settings.json')),
      quietStart,
    });
    return core;
  };

  it('starts a fresh machine in Training mode on an in-process sandbox, one database per environment', async () => {
    const c = await build();
    expect(await c.ready()).toEqual({ environment: 'training', recovered: 0 });
    expect(c.env().baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(existsSync(join(dir.path, 'app.db'))).toBe(true);
    expect(existsSync(join(dir.path, 'training.db'))).toBe(true);
    expect(existsSync(join(dir.path, 'staging.db'))).toBe(false);
  });

  it('syncs the catalog and reads the wallet in the background at start, announcing both', async () => {
    dir = tempDir();
    const seen: Partial<CoreEventMap> = {};
    let done: () => void = () => undefined;
    const synced = new Promise<void>((resolve) => (done = resolve));
    core = await createCore({ dataDir: dir.path, secretStore: fakeSecretStore(), settingsBackend: jsonFileBackend(join(dir.path, 's.json')) });
    core.events.subscribe((name, payload) => {
      (seen as Record<string, unknown>)[name] = payload;
      if (seen['catalog.synced'] && seen['wallet.updated']) done();
    });
    await synced;
    expect(seen['catalog.synced']).toMatchObject({ ok: true });
    expect(core.env().catalog.count().listed).toBeGreaterThan(460);
    expect(seen['wallet.updated']!.balancePaise).toBe(50_000_000);
  });

  it('closes while its start-up catalog sync and wallet read are still in flight, without writing to closed databases', async () => {
    // Found by the soak: a wallet re-read outliving close() wrote to a closed database and
    // crashed the process. A sandbox that answers slowly keeps both reads in flight at close.
    const sandbox = await startSandbox({ tickMs: 60_000 });
    try {
      for (const path of ['/v1/partners/wallet/balance', '/v1/partners/brands*']) {
        await fetch(`${sandbox.url}/__sandbox/faults`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ kind: 'delay', ms: 1500, stage: 'before', count: 5, match: { method: 'GET', path } }),
        });
      }
      dir = tempDir();
      const logger = memoryLogger();
      const rejections: unknown[] = [];
      const onRejection = (reason: unknown) => rejections.push(reason);
      process.on('unhandledRejection', onRejection);
      const c = await createCore({ dataDir: dir.path, secretStore: fakeSecretStore(), settingsBackend: jsonFileBackend(join(dir.path, 's.json')), logger, trainingBaseUrl: sandbox.url });
      await c.ready();
      await new Promise((r) => setTimeout(r, 100));
      expect(sandbox.requests.list().some((r) => r.path === '/v1/partners/wallet/balance')).toBe(false); // still held back
      await c.close();
      await new Promise((r) => setTimeout(r, 1800)); // past the held answers
      process.off('unhandledRejection', onRejection);
      expect(rejections).toEqual([]);
      expect(logger.lines.filter((l) => l.includes('background.failed') || l.includes('not open'))).toEqual([]);
    } finally {
      await sandbox.close();
    }
  });

  it('refuses to switch to an environment that is not configured, and stays where it was', async () => {
    const c = await build();
    const r = await c.settingsAdmin.switchEnvironment('staging', null);
    expect(r).toMatchObject({ ok: false });
    expect(c.env().environment).toBe('training');
  });

  it('keeps a staging client secret only in staging.db, encrypted', async () => {
    const c = await build();
    const saved = c.settingsAdmin.setCredentials({ environment: 'staging', baseUrl: 'https://staging.example.test', clientId: 'counter-7', clientSecret: 'staging-secret-do-not-leak' }, null);
    expect(saved.ok).toBe(true);
    const bytes = readFileSync(join(dir.path, 'staging.db'));
    expect(bytes.includes(Buffer.from('staging-secret-do-not-leak'))).toBe(false);
    expect(existsSync(join(dir.path, 'staging.db'))).toBe(true);
  });

  it('stages practice situations in Training mode: a dropped connection still ends in one sale', async () => {
    const c = await build();
    await c.env().catalogSync.syncNow();
    expect(await c.training.run('connection-drop')).toEqual({ ok: true });
    ensureShift(c.env().shifts);
    const placed = await c.env().sales.place({ productId: FIXED_BRAND.id, amountPaise: 50_000 }, 'test-cashier', exactCash(50_000));
    expect(placed.ok && placed.sale.state).toBe('SUCCESS');
    expect(placed.ok && c.env().journal.attempts(placed.sale.id).map((a) => a.kind)).toEqual(['place', 'lookup']);
  });

  it('closes only after the catalog checkpoint worker is done with the catalog file', async () => {
    const c = await build();
    let finishCheckpoint!: () => void;
    const checkpoint = new Promise<void>((resolve) => (finishCheckpoint = resolve));
    c.env().catalog.checkpointIdle = () => checkpoint;
    let closed = false;
    const closing = c.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(closed).toBe(false);
    finishCheckpoint();
    await closing;
    expect(closed).toBe(true);
    core = null;
  });

  it('keeps the local catalog in step with the fresh brand fetched to validate a sale', async () => {
    const c = await build();
    await c.env().catalogSync.syncNow();
    await fetch(`${c.env().baseUrl}/__sandbox/brands/${FIXED_BRAND.id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ denominations: [100, 500] }),
    });
    expect(c.env().catalog.get(FIXED_BRAND.id)!.brand.amountRestrictions!.denominations).toEqual([100, 250, 500, 1000, 2000]);
    const announced: unknown[] = [];
    c.events.subscribe((name, payload) => {
      if (name === 'catalog.brandUpdated') announced.push(payload);
    });
    const quoted = await c.env().sales.quote({ productId: FIXED_BRAND.id, amountPaise: 50_000 });
    expect(quoted.ok).toBe(true);
    expect(c.env().catalog.get(FIXED_BRAND.id)!.brand.amountRestrictions!.denominations).toEqual([100, 500]);
    // The page's copy of the listing is told; a copy that changes nothing tells it nothing.
    expect(announced).toEqual([{ brandId: FIXED_BRAND.id }]);
    expect((await c.env().sales.quote({ productId: FIXED_BRAND.id, amountPaise: 50_000 })).ok).toBe(true);
    expect(announced).toHaveLength(1);
  });

  it('in Training mode with webhooks on, the sandbox signs and delivers to our receiver, which settles a PROCESSING sale', async () => {
    const c = await build();
    c.env().credentials.put('webhook_secret', 'training-webhook-secret-123');
    const port = await freePort();
    expect(c.settings.update({ webhook: { enabled: true, port } }).ok).toBe(true);
    const started = await c.settingsAdmin.applyWebhooks();
    expect(started.listening).toBe(`http://127.0.0.1:${port}/`);
    ensureShift(c.env().shifts);
    const placed = await c.env().sales.place({ productId: 'TEST_PROCESSING_SUCCESS', amountPaise: 50_000 }, 'test-cashier', exactCash(50_000));
    if (!placed.ok) throw new Error('placing failed');
    expect(placed.sale.state).toBe('PROCESSING');
    // The receiver answers the sandbox before applying: wait for the app's own sale.updated event.
    const settled = new Promise<string>((resolve) =>
      c.events.subscribe((name, payload) => {
        if (name === 'sale.updated' && (payload as CoreEventMap['sale.updated']).saleId === placed.sale.id) resolve((payload as CoreEventMap['sale.updated']).state);
      }),
    );
    await c.training.run('skip-15-minutes');
    expect(await settled).toBe('SUCCESS');
    const sale = c.env().journal.get(placed.sale.id)!;
    expect(sale.state).toBe('SUCCESS');
    expect(c.env().journal.attempts(sale.id).map((a) => a.kind)).toEqual(['place', 'get']);
  });
});
