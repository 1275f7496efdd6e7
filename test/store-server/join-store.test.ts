import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPairingCode } from '../../src-main/store-server/counters/counter-credentials.js';
import type { StoreServer } from '../../src-main/store-server/server.js';
import { REACHABLE_FOR_MS, STORE_AWAY } from '../../src-main/store-link/store-connection.js';
import { STORE_LINK_FILE } from '../../src-main/store-link/store-link-file.js';
import { tempDir } from '../support/temp-dir.js';
import { startStoreForBridgeCounters, type StoreForBridgeCounters } from './bridge-counter.js';

/**
 * The desktop's Settings → Connection → Join a store: a counter that was on its own (with its
 * staff and a sale in Training) joins with a pairing code through the bridge, and from its
 * next start it is the store's counter — its staff became the store's, and a second counter
 * signs the same manager in.
 */
describe('joining a store from a counter that was on its own', () => {
  let store: StoreForBridgeCounters;
  let server: StoreServer;
  const dirs = { one: tempDir('gv-join-one-'), two: tempDir('gv-join-two-') };

  beforeAll(async () => {
    store = await startStoreForBridgeCounters('gv-join-store-');
    server = store.server;
  }, 60_000);

  afterAll(async () => {
    await store?.close();
    for (const d of Object.values(dirs)) d.cleanup();
  });

  const counter = (dataDir: string) => store.counter(dataDir);

  it('keeps the credential sealed, sells in the store’s environment after a restart, and shares its staff', async () => {
    const alone = await counter(dirs.one.path);
    const manager = await alone.ok('staff.setupFirstManager', { name: 'Meera Shah', pin: '2580' });
    expect(await alone.ok('store.status')).toMatchObject({ linked: false });

    const wrong = await alone.call('store.join', { url: server.url, pairingCode: 'AAAA-BBBB-CCCC', counterName: 'Till 1' });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'STORE_JOIN_FAILED' } });
    expect(wrong.error.message).toMatch(/pairing code is not valid/);

    const code = await newPairingCode(server.pool, 'main');
    const joined = await alone.ok('store.join', { url: server.url, pairingCode: code, counterName: 'Till 1' });
    expect(joined).toMatchObject({ joined: true, storeId: 'main', restartRequired: true });
    const onDisk = readFileSync(join(dirs.one.path, STORE_LINK_FILE), 'utf8');
    const stored = await server.pool.query<{ id: string }>('SELECT id FROM counters');
    expect(onDisk).toContain(stored.rows[0]!.id);
    // Only the hash is at the server and only the sealed form on disk: the credential is in neither as text.
    expect(onDisk).not.toMatch(/"credential"/);
    await store.closeCounter(alone);

    const one = await counter(dirs.one.path);
    // The store names and codes its counters: this one's receipts and referenceIds say Till 1, C1.
    expect(await one.ok('app.info')).toMatchObject({ environment: 'staging', training: false, store: { counter: 'Till 1', counterCode: 'C1' } });
    expect(await one.ok('store.status')).toMatchObject({ linked: true, reachable: true, store: { storeId: 'main', counterName: 'Till 1' } });
    // Its staff became the store's: the manager set up before joining is the store's manager.
    const listed = await one.ok('staff.list');
    expect(listed).toMatchObject({ needsSetup: false });
    const storeStaff = await server.pool.query<{ id: string; role: string }>('SELECT id, role FROM staff');
    expect(storeStaff.rows).toEqual([{ id: manager.id, role: 'manager' }]);
    // A Training environment is refused: the counter sells through the store only.
    await one.ok('staff.signIn', { staffId: manager.id, pin: '2580' });
    const training = await one.call('settings.switchEnvironment', { environment: 'training' });
    expect(training.ok).toBe(false);

    // A second counter, joined with its own code, signs the same manager in and sees the counters.
    const two = await counter(dirs.two.path);
    const secondCode = await newPairingCode(server.pool, 'main');
    await two.ok('staff.setupFirstManager', { name: 'Arjun', pin: '1357' }).catch(() => undefined);
    await two.ok('store.join', { url: server.url, pairingCode: secondCode, counterName: 'Till 2' });
    await store.closeCounter(two);
    const twoAgain = await counter(dirs.two.path);
    expect((await twoAgain.ok('app.info')).store).toMatchObject({ counter: 'Till 2', counterCode: 'C2' });
    const seen = await twoAgain.ok('staff.list');
    // The store had staff already: this counter's own manager from before is disabled here, the store's is listed.
    expect(seen.staff.map((s: { id: string }) => s.id)).toEqual([manager.id]);
    await twoAgain.ok('staff.signIn', { staffId: manager.id, pin: '2580' });
    const counters = await twoAgain.ok('store.counters');
    expect(counters.counters.map((c: { name: string }) => c.name).sort()).toEqual(['Till 1', 'Till 2']);

    // A manager revokes Till 1 from Till 2: Till 1's next call to the store is refused.
    const tillOne = counters.counters.find((c: { name: string }) => c.name === 'Till 1').id;
    expect(await twoAgain.call('store.revokeCounter', { counterId: counters.self })).toMatchObject({ ok: false });
    await twoAgain.ok('store.revokeCounter', { counterId: tillOne });
    const refused = await one.call('store.counters');
    expect(refused).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
    // Till 1 says so: the store answers, but not to it.
    expect(await one.ok('store.status')).toMatchObject({ linked: true, reachable: true, revoked: true, message: expect.stringMatching(/^The store revoked this counter/) });
    expect(await twoAgain.ok('store.status')).toMatchObject({ reachable: true, revoked: false, message: null });

    // The store server goes away: the status gives the cause alone (the screen's banner says
    // what it means), and a sale is refused at once with the cause and what it means.
    await server.close();
    await new Promise((r) => setTimeout(r, REACHABLE_FOR_MS + 50));
    const away = await twoAgain.ok('store.status');
    expect(away).toMatchObject({ reachable: false, message: expect.stringMatching(new RegExp(`^The store server \\(${server.url}\\) cannot be reached: .+\\.$`)) });
    expect(away.message).not.toContain(STORE_AWAY);
    const quote = await twoAgain.call('sale.quote', { productId: 'TEST_FIXED_STANDARD', amountPaise: 100_000 });
    expect(quote).toMatchObject({ ok: false, error: { code: 'STORE_UNREACHABLE', message: `${away.message} ${STORE_AWAY}` } });
  }, 120_000);
});
