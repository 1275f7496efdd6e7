import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreServer } from '../../src-main/store-server/server.js';
import { LAST_ACTIVE_MANAGER, type StoreStaffRow } from '../../src-main/store-link/store-wire.js';
import { firstManagerPush, staffRow } from './staff-rows.js';
import { pairedCounter, signInAtStore, sql, staffWithPin, startClusterStore, type ClusterStore, type Counter } from './store-harness.js';

/**
 * The store keeps an active manager whatever its counters send, at once or one after another,
 * and a first set-up (which needs nobody signed in) is taken only by a store that has no staff.
 */
describe('the store’s managers', () => {
  let clusterStore: ClusterStore;
  let server: StoreServer;
  let databaseUrl: string;
  let one: Counter;
  let two: Counter;
  let team: Record<'meera' | 'ravi' | 'asha', StoreStaffRow>;

  const put = (c: Counter, body: unknown, staffId?: string) => c.call('/store/v1/staff', { method: 'PUT', body, staffId });
  const activeManagers = async () =>
    (await sql<{ id: string }>(databaseUrl, "SELECT id FROM staff WHERE role = 'manager' AND disabled_at IS NULL ORDER BY id")).map((r) => r.id);
  const disabled = (row: StoreStaffRow) => ({ ...row, disabled_at: Date.now() });

  beforeAll(async () => {
    clusterStore = await startClusterStore('staff_managers');
    ({ server, databaseUrl } = clusterStore);
    one = await pairedCounter(server, 'Counter 1');
    two = await pairedCounter(server, 'Counter 2');
    team = {
      meera: await staffWithPin('2580', { role: 'manager', name: 'Meera' }),
      ravi: await staffWithPin('2580', { role: 'manager', name: 'Ravi' }),
      // A cashier given managing staff: she may disable either manager.
      asha: await staffWithPin('1357', { role: 'cashier', name: 'Asha', permissions: JSON.stringify(['sell', 'manageStaff']) }),
    };
  }, 60_000);

  afterAll(() => clusterStore?.close(), 30_000);

  it('takes a joining counter’s whole staff as the first set-up, then no other set-up', async () => {
    // Nothing in it is an active manager: refused.
    expect((await put(one, { rows: [team.asha, disabled(team.meera)], firstManager: true })).status).toBe(400);
    expect((await put(one, { rows: [team.meera, team.ravi, team.asha], firstManager: true })).status).toBe(200);
    expect(await activeManagers()).toEqual([team.meera.id, team.ravi.id].sort());

    const late = await put(two, { rows: [staffRow({ role: 'manager', name: 'Late' }), staffRow({ name: 'Late cashier' })], firstManager: true });
    expect(late.status).toBe(409);
    expect(late.json.error.code).toBe('STORE_HAS_MANAGER');
  });

  it('refuses, of two counters disabling the store’s two managers at the same moment, the one that comes second', async () => {
    await signInAtStore(one, team.asha.id, '1357');
    await signInAtStore(two, team.asha.id, '1357');
    const [a, b] = await Promise.all([put(one, { rows: [disabled(team.meera)] }, team.asha.id), put(two, { rows: [disabled(team.ravi)] }, team.asha.id)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((a.status === 409 ? a : b).json.error).toEqual(LAST_ACTIVE_MANAGER);
    expect(await activeManagers()).toHaveLength(1);
  });

  it('refuses, one after another, disabling the last active manager or making them a cashier', async () => {
    const [last] = await activeManagers();
    const row = last === team.meera.id ? team.meera : team.ravi;
    for (const rows of [[disabled(row)], [{ ...row, role: 'cashier' as const }], [disabled(row), staffRow({ name: 'New cashier' })]]) {
      const refused = await put(one, { rows }, team.asha.id);
      expect(refused.status, JSON.stringify(rows)).toBe(409);
      expect(refused.json.error).toEqual(LAST_ACTIVE_MANAGER);
    }
    // With another manager added in the same push, it is taken.
    const successor = staffRow({ role: 'manager', name: 'Successor' });
    expect((await put(one, { rows: [disabled(row), successor] }, team.asha.id)).status).toBe(200);
    expect(await activeManagers()).toEqual([successor.id]);
  });

  it('refuses a first set-up from any counter once the store has staff, even with no active manager left', async () => {
    // A store without an active manager (its database changed by hand, say): no counter takes it over.
    await sql(databaseUrl, "UPDATE staff SET disabled_at = 1 WHERE role = 'manager'");
    const takeover = await put(two, firstManagerPush(staffRow({ role: 'manager', name: 'Intruder' })));
    expect(takeover.status).toBe(409);
    expect(takeover.json.error.code).toBe('STORE_HAS_MANAGER');
    expect(await activeManagers()).toEqual([]);
  });
});
