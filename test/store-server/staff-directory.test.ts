import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src-main/sandbox/server.js';
import type { StoreServer } from '../../src-main/store-server/server.js';
import { firstManagerPush, staffRow } from './staff-rows.js';
import { pairedCounter, signInAtStore, sql, staffWithPin, startClusterStore, startStore, type ClusterStore, type Counter } from './store-harness.js';

/**
 * Staff are store-wide: one first manager per store, however many counters set one up at
 * once; after that only staff holding manageStaff change staff, and anyone else may change
 * their own PIN and nothing more.
 */
describe('the store’s staff directory', () => {
  let clusterStore: ClusterStore;
  let sandbox: Sandbox;
  let server: StoreServer;
  let databaseUrl: string;
  let one: Counter;
  let two: Counter;

  /** A staff change sent by `c` for `staffId` (with the session the store opened for them there, if any). */
  const put = (c: Counter, body: unknown, staffId?: string) => c.call('/store/v1/staff', { method: 'PUT', body, staffId });
  const staffInDb = async () => sql<{ id: string; role: string; pin_hash: string; permissions: string | null; name: string }>(databaseUrl, 'SELECT id, role, pin_hash, permissions, name FROM staff ORDER BY created_at, id');

  beforeAll(async () => {
    clusterStore = await startClusterStore('staff');
    ({ sandbox, server, databaseUrl } = clusterStore);
    one = await pairedCounter(server, 'Counter 1');
    two = await pairedCounter(server, 'Counter 2');
  }, 60_000);

  afterAll(() => clusterStore?.close(), 30_000);

  it('before a manager exists takes only the first-manager set-up, and from two counters at once exactly one', async () => {
    // Without the set-up flag nobody could have authorised a change: refused.
    const unflagged = await put(one, { rows: [staffRow({ role: 'manager' })] });
    expect(unflagged.status).toBe(403);
    expect(unflagged.json.error.code).toBe('FORBIDDEN');
    // A set-up names an active manager.
    expect((await put(one, { rows: [staffRow({ role: 'cashier' })], firstManager: true })).status).toBe(400);
    expect((await put(one, { rows: [staffRow({ role: 'manager', disabled_at: Date.now() })], firstManager: true })).status).toBe(400);
    expect(await staffInDb()).toEqual([]);

    const meera = await staffWithPin('1357', { role: 'manager', name: 'Meera' });
    const ravi = await staffWithPin('1357', { role: 'manager', name: 'Ravi' });
    const [a, b] = await Promise.all([put(one, firstManagerPush(meera)), put(two, firstManagerPush(ravi))]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.json.error).toEqual({ code: 'STORE_HAS_MANAGER', message: 'This store has a manager already: sign in with their name and PIN' });
    const staff = await staffInDb();
    expect(staff).toHaveLength(1);
    expect([meera.id, ravi.id]).toContain(staff[0]!.id);

    // And later, too.
    const late = await put(one, firstManagerPush(staffRow({ role: 'manager', name: 'Late' })));
    expect(late.status).toBe(409);
    expect(await staffInDb()).toHaveLength(1);
    // Both counters see the one manager.
    const listed = await two.call('/store/v1/staff');
    expect(listed.json.staff.map((s: { id: string }) => s.id)).toEqual([staff[0]!.id]);
  });

  it('lets only staff with manageStaff change staff; a cashier may change their own PIN and nothing else', async () => {
    const [manager] = await staffInDb();
    // Named without a session at the store, the manager is nobody: the counter's word is not taken.
    expect((await put(one, { rows: [staffRow({ role: 'cashier', name: 'Unsigned' })] }, manager!.id)).status).toBe(403);
    await signInAtStore(one, manager!.id, '1357');
    const asha = await staffWithPin('2468', { role: 'cashier', name: 'Asha' });
    expect((await put(one, { rows: [asha] }, manager!.id)).status).toBe(200);
    await signInAtStore(two, asha.id, '2468');
    // Her session is good only at the counter where she typed her PIN.
    const elsewhere = await one.call('/store/v1/staff', { method: 'PUT', body: { rows: [{ ...asha, pin_hash: 'new-pin-hash' }] }, headers: { 'X-Staff-Session': two.sessions.get(asha.id)! } });
    expect(elsewhere.status).toBe(403);

    const refusals = [
      // Someone else's row, or a new one.
      { rows: [staffRow({ role: 'cashier', name: 'New' })] },
      { rows: [{ ...asha, id: manager!.id, name: manager!.name, role: 'manager' as const, pin_hash: 'taken-over' }] },
      // Her own row, raised to manager or given manageStaff, renamed or disabled.
      { rows: [{ ...asha, role: 'manager' as const }] },
      { rows: [{ ...asha, permissions: JSON.stringify(['manageStaff']) }] },
      { rows: [{ ...asha, name: 'Asha the Great' }] },
      { rows: [{ ...asha, disabled_at: Date.now() }] },
      // Her own row with another alongside it.
      { rows: [{ ...asha, pin_hash: 'new-pin-hash' }, staffRow({ role: 'cashier', name: 'Friend' })] },
    ];
    for (const push of refusals) {
      const refused = await put(two, push, asha.id);
      expect(refused.status, JSON.stringify(push)).toBe(403);
      expect(refused.json.error).toEqual({ code: 'FORBIDDEN', message: 'Only staff with the manageStaff permission may change staff' });
    }
    // A name that is no one's may not create itself either.
    const ghost = staffRow({ role: 'manager', name: 'Ghost' });
    expect((await put(two, { rows: [ghost] }, ghost.id)).status).toBe(403);
    // Nor with no one named at all.
    expect((await put(two, { rows: [staffRow()] })).status).toBe(403);
    const before = await staffInDb();
    expect(before.map((s) => s.id).sort()).toEqual([manager!.id, asha.id].sort());
    expect(before.find((s) => s.id === asha.id)).toMatchObject({ role: 'cashier', pin_hash: asha.pin_hash, permissions: null, name: 'Asha' });

    // Her own PIN: taken.
    const ownPin = await put(two, { rows: [{ ...asha, pin_hash: 'new-pin-hash', must_change_pin: false }] }, asha.id);
    expect(ownPin.status).toBe(200);
    expect((await staffInDb()).find((s) => s.id === asha.id)!.pin_hash).toBe('new-pin-hash');

    // Given manageStaff by the manager, she may change staff.
    const granted = { ...asha, pin_hash: 'new-pin-hash', permissions: JSON.stringify(['manageStaff', 'lookUpOrders']) };
    expect((await put(one, { rows: [granted] }, manager!.id)).status).toBe(200);
    expect((await put(two, { rows: [staffRow({ role: 'cashier', name: 'Hired by Asha' })] }, asha.id)).status).toBe(200);
  });

  it('refuses a row whose id is another store’s staff member instead of answering ok for nothing', async () => {
    const other = await startStore(sandbox, databaseUrl, { storeId: 'north' });
    try {
      const northTill = await pairedCounter(other, 'North till', 'north');
      const northBoss = staffRow({ role: 'manager', name: 'North boss' });
      expect((await put(northTill, firstManagerPush(northBoss))).status).toBe(200);
      const [manager] = await staffInDb();
      const clash = await put(one, { rows: [{ ...northBoss, name: 'Renamed from main' }] }, manager!.id);
      expect(clash.status).toBe(409);
      expect(clash.json.error.code).toBe('STAFF_ID_IN_USE');
      const [kept] = await sql<{ name: string; store_id: string }>(databaseUrl, 'SELECT name, store_id FROM staff WHERE id = $1', [northBoss.id]);
      expect(kept).toEqual({ name: 'North boss', store_id: 'north' });
    } finally {
      await other.close();
    }
  });
});
