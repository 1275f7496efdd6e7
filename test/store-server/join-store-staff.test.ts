import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/temp-dir.js';
import { startStoreForBridgeCounters, type BridgeCounter, type StoreForBridgeCounters } from './bridge-counter.js';

/**
 * A counter that was on its own with more people than its manager joins a store that has no
 * staff yet: all of them become the store's, and they sign in. A store that refuses them says
 * so at the counter's sign-in, instead of leaving a counter where nobody can sign in.
 */
describe('joining a store with no staff from a counter with several people', () => {
  let store: StoreForBridgeCounters;
  const dirs = { refused: tempDir('gv-join-refused-'), team: tempDir('gv-join-team-') };

  beforeAll(async () => {
    store = await startStoreForBridgeCounters('gv-join-staff-store-');
  }, 60_000);

  afterAll(async () => {
    await store?.close();
    for (const d of Object.values(dirs)) d.cleanup();
  });

  const storeStaff = async () =>
    (await store.server.pool.query<{ id: string; role: string; disabled: boolean }>("SELECT id, role, disabled_at IS NOT NULL AS disabled FROM staff WHERE store_id = 'main' ORDER BY name")).rows;

  it('answers the store’s refusal of the counter’s staff at sign-in, and keeps the store without staff', async () => {
    let managerId = '';
    const joined = await store.joinedCounter(dirs.refused.path, 'Till refused', async (alone) => {
      managerId = (await alone.ok('staff.setupFirstManager', { name: 'Kiran', pin: '2580' })).id;
      // The manager's id is another store's staff member (a counter moved between a chain's stores): the store refuses the set-up.
      await store.server.pool.query("INSERT INTO stores (id, name, environment, wallet_id) SELECT 'north', 'North', environment, wallet_id FROM stores WHERE id = 'main'");
      await store.server.pool.query("INSERT INTO staff (id, store_id, name, role, pin_hash, created_at) VALUES ($1, 'north', 'North boss', 'manager', 'scrypt$x', 0)", [managerId]);
    });
    const refusal = { ok: false, error: { code: 'STAFF_ID_IN_USE', message: expect.stringMatching(/^The store server did not take this counter's staff, so nobody can sign in here: /) } };
    expect(await joined.call('staff.list')).toMatchObject(refusal);
    expect(await joined.call('staff.signIn', { staffId: managerId, pin: '2580' })).toMatchObject(refusal);
    expect(await storeStaff()).toEqual([]);
    await store.closeCounter(joined);
  }, 60_000);

  it('takes the manager, a cashier and a disabled person into the store, and the manager and the cashier sign in', async () => {
    const ids = { manager: '', cashier: '', gone: '' };
    const team: BridgeCounter = await store.joinedCounter(dirs.team.path, 'Till team', async (alone) => {
      ids.manager = (await alone.ok('staff.setupFirstManager', { name: 'Meera Shah', pin: '2580' })).id;
      ids.cashier = (await alone.ok('staff.create', { name: 'Asha', role: 'cashier', pin: '1357' })).id;
      ids.gone = (await alone.ok('staff.create', { name: 'Ravi', role: 'cashier', pin: '4682' })).id;
      await alone.ok('staff.disable', { staffId: ids.gone });
    });

    const listed = await team.ok('staff.list');
    expect(listed).toMatchObject({ needsSetup: false });
    expect(listed.staff.map((s: { id: string }) => s.id)).toEqual([ids.cashier, ids.manager]);
    expect(await storeStaff()).toEqual([
      { id: ids.cashier, role: 'cashier', disabled: false },
      { id: ids.manager, role: 'manager', disabled: false },
      { id: ids.gone, role: 'cashier', disabled: true },
    ]);

    // Each is judged by the store, which opens their session there.
    expect(await team.ok('staff.signIn', { staffId: ids.manager, pin: '2580' })).toMatchObject({ id: ids.manager, role: 'manager' });
    expect(team.core.store!.client.hasStaffSession(ids.manager)).toBe(true);
    await team.ok('staff.signOut');
    expect(await team.ok('staff.signIn', { staffId: ids.cashier, pin: '1357' })).toMatchObject({ id: ids.cashier, role: 'cashier' });
    expect(team.core.store!.client.hasStaffSession(ids.cashier)).toBe(true);
    expect(await team.call('staff.signIn', { staffId: ids.gone, pin: '4682' })).toMatchObject({ ok: false, error: { code: 'UNKNOWN_STAFF' } });
  }, 60_000);
});
