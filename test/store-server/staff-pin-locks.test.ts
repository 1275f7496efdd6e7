import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src-main/db/database.js';
import { MAX_PIN_FAILURES } from '../../src-main/staff/pin-lock.js';
import type { StoreServer } from '../../src-main/store-server/server.js';
import { tempDir } from '../support/temp-dir.js';
import { startStoreForBridgeCounters, type BridgeCounter, type StoreForBridgeCounters } from './bridge-counter.js';
import { pairedCounter } from './store-harness.js';

/**
 * Wrong PINs are counted by the store, across its counters: someone guessing a PIN cannot get
 * a fresh set of tries by walking to the next till. A manager lifts the lock at any counter,
 * and a counter whose store server is away still counts on its own.
 */
describe('wrong-PIN locks across a store’s counters', () => {
  let store: StoreForBridgeCounters;
  let server: StoreServer;
  const dirs = { one: tempDir('gv-locks-one-'), two: tempDir('gv-locks-two-') };
  let one: BridgeCounter;
  let two: BridgeCounter;
  let managerId: string;
  let cashierId: string;
  const signIn = (c: BridgeCounter, staffId: string, pin: string) => c.call('staff.signIn', { staffId, pin });
  const storeLock = async (staffId: string) =>
    (await server.pool.query<{ failed_attempts: number; locked_until: string | null }>('SELECT failed_attempts, locked_until FROM staff WHERE id = $1', [staffId])).rows[0]!;

  beforeAll(async () => {
    store = await startStoreForBridgeCounters('gv-locks-store-');
    server = store.server;
    one = await store.joinedCounter(dirs.one.path, 'Till 1', async (c) => {
      managerId = (await c.ok('staff.setupFirstManager', { name: 'Meera Shah', pin: '2580' })).id;
    });
    await one.ok('staff.signIn', { staffId: managerId, pin: '2580' });
    cashierId = (await one.ok('staff.create', { name: 'Ravi Kumar', role: 'cashier', pin: '1357' })).id;
    await one.ok('staff.signOut');
    two = await store.joinedCounter(dirs.two.path, 'Till 2', async (c) => {
      await c.ok('staff.setupFirstManager', { name: 'Till Two Setup', pin: '4680' });
    });
    // The second counter takes the store's staff (its own set-up manager is disabled there).
    await two.ok('staff.list');
  }, 120_000);

  afterAll(async () => {
    await store?.close();
    for (const d of Object.values(dirs)) d.cleanup();
  });

  it('counts wrong PINs typed at two counters as one count, and the lock holds at both', async () => {
    for (let i = 1; i < MAX_PIN_FAILURES - 1; i++) {
      expect(await signIn(one, cashierId, '9999')).toMatchObject({ ok: false, error: { code: 'INVALID_PIN', message: expect.stringContaining(`${MAX_PIN_FAILURES - i}`) } });
    }
    // At the other counter the count goes on where the first left it.
    expect(await signIn(two, cashierId, '9999')).toMatchObject({ ok: false, error: { code: 'INVALID_PIN', message: 'Wrong PIN (1 try left before a lock)' } });
    expect(await signIn(two, cashierId, '9999')).toMatchObject({ ok: false, error: { code: 'LOCKED', message: expect.stringMatching(/locked for 5 minutes/) } });
    // The right PIN at the first counter meets the store's lock.
    expect(await signIn(one, cashierId, '1357')).toMatchObject({ ok: false, error: { code: 'LOCKED' } });
    const lock = await storeLock(cashierId);
    expect(lock.failed_attempts).toBe(MAX_PIN_FAILURES);
    expect(Number(lock.locked_until)).toBeGreaterThan(Date.now());
    // The store's audit names the counters the guesses came from, and never a PIN.
    const audit = await server.pool.query<{ action: string; details: unknown }>("SELECT action, details FROM store_audit WHERE action IN ('staff.sign_in_failed', 'staff.locked') ORDER BY id");
    expect(audit.rows.map((r) => r.action)).toEqual([...Array(MAX_PIN_FAILURES - 1).fill('staff.sign_in_failed'), 'staff.locked']);
    expect(JSON.stringify(audit.rows)).not.toContain('9999');

    // A manager at the second counter sees the lock and lifts it for the whole store.
    await two.ok('staff.signIn', { staffId: managerId, pin: '2580' });
    const listed = await two.ok('staff.manage');
    expect(listed.staff.find((s: { id: string }) => s.id === cashierId)).toMatchObject({ status: 'locked' });
    expect(await two.ok('staff.unlock', { staffId: cashierId })).toMatchObject({ id: cashierId, status: 'active' });
    expect(await storeLock(cashierId)).toEqual({ failed_attempts: 0, locked_until: null });
    expect(await two.call('staff.unlock', { staffId: cashierId })).toMatchObject({ ok: false, error: { code: 'NOT_LOCKED' } });
    await two.ok('staff.signOut');
    expect(await one.ok('staff.signIn', { staffId: cashierId, pin: '1357' })).toMatchObject({ id: cashierId });
    await one.ok('staff.signOut');
  }, 60_000);

  it('counts every one of a burst of guesses from both counters at once', async () => {
    const guesses = [one, one, one, two, two].map((c) => signIn(c, cashierId, '8642'));
    const answers = await Promise.all(guesses);
    expect(answers.every((a) => a.ok === false)).toBe(true);
    expect(answers.filter((a) => a.error.code === 'LOCKED')).toHaveLength(1);
    expect((await storeLock(cashierId)).failed_attempts).toBe(MAX_PIN_FAILURES);
    // A manager's reset of the PIN starts the count again, at the store too.
    await one.ok('staff.signIn', { staffId: managerId, pin: '2580' });
    await one.ok('staff.resetPin', { staffId: cashierId, newPin: '2468' });
    await one.ok('staff.signOut');
    expect(await storeLock(cashierId)).toEqual({ failed_attempts: 0, locked_until: null });
    expect(await two.ok('staff.signIn', { staffId: cashierId, pin: '2468' })).toMatchObject({ id: cashierId, mustChangePin: true });
    await two.ok('staff.signOut');
  }, 60_000);

  it('refuses a malformed PIN check or unlock clearly and changes nothing', async () => {
    const raw = await pairedCounter(server, 'Till 3');
    const before = await storeLock(cashierId);
    for (const body of [{}, { staffId: cashierId }, { staffId: cashierId, pin: 1357, purpose: null }, { staffId: cashierId, pin: '', purpose: null }, { staffId: cashierId, pin: '1'.repeat(33), purpose: null }, { staffId: cashierId, pin: '1357', purpose: null, extra: 1 }]) {
      const refused = await raw.call('/store/v1/staff/pin-check', { body });
      expect(refused.status).toBe(400);
      expect(refused.json.error.code).toBe('VALIDATION_FAILED');
    }
    expect((await raw.call('/store/v1/staff/pin-check', { raw: '{"staffId":' })).status).toBe(400);
    // Unlocking needs a manager of this store signed in at the store (naming one is not enough).
    expect((await raw.call('/store/v1/staff/unlock', { body: { staffId: cashierId } })).status).toBe(403);
    expect((await raw.call('/store/v1/staff/unlock', { body: { staffId: cashierId }, staffId: cashierId })).status).toBe(403);
    expect(await storeLock(cashierId)).toEqual(before);
    // An id the store does not know is judged like any other (same work), and counts nothing.
    expect((await raw.call('/store/v1/staff/pin-check', { body: { staffId: 'no-such-person', pin: '1357', purpose: null } })).json).toEqual({ kind: 'unknown' });
  }, 30_000);

  it('lets a manager lift, at the counter, a lock the counter counted while the store was away (the store never saw it)', async () => {
    // As the counter leaves it after five wrong PINs judged on its own: locked here, counted apart.
    const until = Date.now() + 5 * 60_000;
    const appDb = openDatabase(join(dirs.one.path, 'app.db'), 'app');
    appDb
      .prepare('UPDATE staff SET offline_failures = ?, offline_locked_until = ?, failed_attempts = ?, locked_until = ? WHERE id = ?')
      .run(MAX_PIN_FAILURES, until, MAX_PIN_FAILURES, until, cashierId);
    appDb.close();
    expect((await storeLock(cashierId)).locked_until).toBeNull();
    await one.ok('staff.signIn', { staffId: managerId, pin: '2580' });
    // The store answers that it has no lock to lift; the counter lifts its own all the same.
    expect(await one.call('staff.unlock', { staffId: cashierId })).toMatchObject({ ok: true });
    await one.ok('staff.signOut');
    // (A manager gave Ravi a new PIN in the test before.)
    expect(await signIn(one, cashierId, '2468')).toMatchObject({ ok: true });
    await one.ok('staff.signOut');
  }, 30_000);

  it('counts at the counter alone while the store server is away', async () => {
    await server.close();
    expect(await signIn(one, cashierId, '9999')).toMatchObject({ ok: false, error: { code: 'INVALID_PIN', message: `Wrong PIN (${MAX_PIN_FAILURES - 1} tries left before a lock)` } });
    expect(await signIn(one, cashierId, '2468')).toMatchObject({ ok: true });
  }, 30_000);
});
