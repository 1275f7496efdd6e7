import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORE_METHODS } from '../../src-main/contract/index.js';
import { ROLE_PRESETS } from '../../src-main/staff/permission-presets.js';
import { bridgeHarness, setUpCounter, type BridgeHarness } from './bridge-harness.js';

/** Payloads a compromised or buggy renderer might send. */
const HOSTILE: unknown[] = [
  null,
  42,
  'string',
  [],
  { unexpected: true },
  { productId: 5, amountPaise: '100' },
  { saleId: { $ne: null } },
  { pin: '1'.repeat(1000) },
  { amountPaise: -1, productId: 'TEST_FIXED_STANDARD' },
  { amountPaise: 1e308, productId: 'TEST_FIXED_STANDARD' },
  { __proto__: { role: 'manager' } },
];

describe('the bridge choke point', () => {
  let h: BridgeHarness;
  let managerId: string;
  beforeAll(async () => {
    h = await bridgeHarness();
    ({ managerId } = await setUpCounter(h));
  });
  afterAll(async () => h.close());

  const stateCounts = () => ({
    sales: (h.core.env().db.prepare('SELECT count(*) AS n FROM sales').get() as { n: number }).n,
    audit: h.core.audit.list({ limit: 1000 }).length,
    orders: h.sandbox.state.orders.orders.size,
    staff: h.core.staff.list().length,
  });

  it('refuses an unknown method', async () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'sale.placeAll', '']) {
      const r = await h.call(name, {});
      expect(r.ok, name).toBe(false);
      expect(r.error.code).toBe('UNKNOWN_METHOD');
    }
  });

  it('answers malformed payloads for every method with BAD_REQUEST and changes nothing', async () => {
    const before = stateCounts();
    let refused = 0;
    for (const method of Object.keys(CORE_METHODS)) {
      for (const payload of HOSTILE) {
        const r = await h.call(method, payload);
        if (r.ok) continue; // e.g. {} happens to be valid for methods without arguments
        expect(typeof r.error.code).toBe('string');
        expect(r.error.message.length).toBeGreaterThan(5);
        expect(JSON.stringify(r.error)).not.toMatch(/at .*\.ts:\d+/); // no stack traces
        refused += 1;
      }
    }
    expect(refused).toBeGreaterThan(Object.keys(CORE_METHODS).length * 5);
    const after = stateCounts();
    expect(after.sales).toBe(before.sales);
    expect(after.orders).toBe(before.orders);
    expect(after.staff).toBe(before.staff);
  });

  it('will not set up a second "first" manager', async () => {
    const r = await h.call('staff.setupFirstManager', { name: 'Intruder', pin: '9137' });
    expect(r).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  });

  it('needs a signed-in session for cashier methods and a manager for manager methods, checked in main', async () => {
    await h.ok('staff.signOut');
    const signedOut = await h.call('catalog.search', { text: 'test' });
    expect(signedOut).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    const staff = (await h.ok('staff.list')).staff as { id: string; role: string }[];
    const cashier = staff.find((s) => s.role === 'cashier')!;
    await h.ok('staff.signIn', { staffId: cashier.id, pin: '4826' });
    expect((await h.call('catalog.search', { text: 'test' })).ok).toBe(true);
    for (const method of Object.entries(CORE_METHODS).filter(([, m]) => m.access !== 'none' && m.access !== 'signedIn' && !ROLE_PRESETS.cashier.includes(m.access)).map(([name]) => name)) {
      const r = await h.call(method, method === 'settings.update' ? { store: { name: 'X' } } : {});
      if (r.ok === false && r.error.code === 'BAD_REQUEST') continue; // argument checks come first
      expect(r, method).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    }
    await h.ok('staff.signIn', { staffId: managerId, pin: '2580' });
    expect((await h.call('orders.attention', {})).ok).toBe(true);
  });

  it('locks on time, without waiting for the next call, and says why', async () => {
    const reasons: (string | null)[] = [];
    const stop = h.bridge.subscribe((name, payload) => {
      if (name === 'session.changed') reasons.push((payload as { reason: string | null }).reason);
    });
    await h.ok('staff.signIn', { staffId: managerId, pin: '2580' });
    h.clock.advance(9 * 60_000);
    expect((await h.ok('staff.session')).signedIn).toBe(true);
    await h.ok('wallet.view'); // activity moves the deadline
    h.clock.advance(9 * 60_000);
    expect((await h.ok('staff.session')).signedIn).toBe(true);
    h.clock.advance(2 * 60_000);
    expect(reasons.at(-1)).toBe('locked after inactivity');
    expect((await h.ok('staff.session')).signedIn).toBe(false);
    stop();
  });

  it('locks the session after the configured idle time', async () => {
    await h.ok('staff.signIn', { staffId: managerId, pin: '2580' });
    h.clock.advance(11 * 60_000);
    const r = await h.call('wallet.view', {});
    expect(r).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    expect((await h.ok('staff.session')).signedIn).toBe(false);
    // Signing in again counts as activity: the next call must not lock at once.
    await h.ok('staff.signIn', { staffId: managerId, pin: '2580' });
    expect((await h.call('wallet.view', {})).ok).toBe(true);
  });
});
