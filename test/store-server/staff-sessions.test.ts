import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src-main/sandbox/server.js';
import type { StoreServer } from '../../src-main/store-server/server.js';
import { CORE_METHODS } from '../../src-main/contract/index.js';
import { PERMISSIONS, type Permission } from '../../src-main/contract/permissions.js';
import { STORE_ANSWERS, type StoreServedMethod } from '../../src-main/store-link/store-wire.js';
import { samplePayloads } from '../bridge/sample-payloads.js';
import { tempDir } from '../support/temp-dir.js';
import { startStoreForBridgeCounters, type BridgeCounter, type StoreForBridgeCounters } from './bridge-counter.js';
import { eventually, lastSeq, newRef, orderBody, orderPosts, pairedCounter, placeOrder, relayedRow, signInAtStore, startStore, type Counter } from './store-harness.js';

/**
 * The store takes who is at a counter from the session it opened when their PIN was right
 * there, never from the counter's word: a relayed sale needs a seller signed in at the store
 * who may sell, and every shared view a signed-in person who may see it.
 */
describe('staff sessions at the store', () => {
  let store: StoreForBridgeCounters;
  let sandbox: Sandbox;
  let server: StoreServer;
  const dirs = { one: tempDir('gv-sessions-one-') };
  let one: BridgeCounter;
  let managerId: string;
  let cashierId: string;
  let brand: { productId: string; amountPaise: number };

  const openSessions = async (staffId: string) =>
    (await server.pool.query<{ counter_id: string }>('SELECT counter_id FROM staff_sessions WHERE staff_id = $1 AND ended_at IS NULL AND expires_at > now()', [staffId])).rows;
  const salesOn = (c: BridgeCounter) => (c.core.env().db.prepare('SELECT COUNT(*) AS n FROM sales').get() as { n: number }).n;
  const sell = (c: BridgeCounter) => c.call('sale.place', { productId: brand.productId, amountPaise: brand.amountPaise, tenders: [{ method: 'CASH', amountPaise: brand.amountPaise }] });

  beforeAll(async () => {
    store = await startStoreForBridgeCounters('gv-sessions-store-');
    ({ sandbox, server } = store);
    one = await store.joinedCounter(dirs.one.path, 'Till 1', async (alone) => {
      managerId = (await alone.ok('staff.setupFirstManager', { name: 'Meera Shah', pin: '2580' })).id;
    });
    await one.ok('staff.signIn', { staffId: managerId, pin: '2580' });
    cashierId = (await one.ok('staff.create', { name: 'Ravi Kumar', role: 'cashier', pin: '1357' })).id;
    await one.ok('staff.signOut');
    const wire = [...sandbox.state.catalog.list({})].map((r) => r.wire).find((b) => b.id === 'TEST_FIXED_STANDARD')!;
    brand = { productId: wire.id, amountPaise: Math.round(wire.amountRestrictions!.denominations![0]! * 100) };
  }, 120_000);

  afterAll(async () => {
    await store?.close();
    for (const d of Object.values(dirs)) d.cleanup();
  });

  it('opens a session at the store on a right sign-in PIN, sells with it, and ends it when the person signs out', async () => {
    expect(await openSessions(cashierId)).toEqual([]);
    await one.ok('staff.signIn', { staffId: cashierId, pin: '1357' });
    expect(await openSessions(cashierId)).toEqual([{ counter_id: one.core.store!.view().counterId }]);
    await one.ok('shift.open', { openingFloatPaise: 0 });
    const sale = await sell(one);
    expect(sale).toMatchObject({ ok: true, data: { state: 'SUCCESS' } });
    // The store journaled the sale as this counter's; the seller was checked there, not taken on the counter's word.
    expect(await relayedRow(server.databaseUrl, sale.data.referenceId)).toMatchObject({ counter_id: one.core.store!.view().counterId, order_status: 'SUCCESS' });
    await one.ok('staff.signOut');
    await eventually('the store ends the session at sign-out', async () => (await openSessions(cashierId)).length === 0);
  }, 60_000);

  it('refuses a sale at once, journaling nothing, from someone signed in while the store server was away; signing in again sells', async () => {
    const port = Number(new URL(server.url).port);
    await server.close();
    // The counter judges the PIN alone: signed in here, unknown at the store.
    await one.ok('staff.signIn', { staffId: cashierId, pin: '1357' });
    server = store.server = await startStore(sandbox, { dataDir: store.storeDir }, { port });
    await eventually('the store answers again', async () => (await fetch(`${server.url}/health`).catch(() => null))?.ok);
    const before = salesOn(one);
    const seq = lastSeq(sandbox);
    const refused = await sell(one);
    expect(refused).toMatchObject({ ok: false, error: { code: 'STAFF_SIGN_IN_NEEDED', message: expect.stringMatching(/does not know who is signed in/), action: 'Sign out, then sign in again with your PIN.' } });
    expect(salesOn(one)).toBe(before);
    expect(orderPosts(sandbox, seq)).toBe(0);
    // Only the PIN can mend it: the counter signs the person out, saying why.
    expect(await one.ok('staff.session')).toEqual({ signedIn: false });
    // A shared view says the same, rather than taking the counter's word for who is asking
    // (here the store ended the manager's session itself, as at a PIN reset or after 12 hours).
    await one.ok('staff.signIn', { staffId: managerId, pin: '2580' });
    await server.pool.query('UPDATE staff_sessions SET ended_at = now() WHERE staff_id = $1', [managerId]);
    const reasons: (string | null)[] = [];
    const stop = one.core.events.subscribe((name, event) => {
      if (name === 'session.changed') reasons.push((event as { reason: string | null }).reason);
    });
    expect(await one.call('store.counters', {})).toMatchObject({ ok: false, error: { code: 'STAFF_SIGN_IN_NEEDED' } });
    stop();
    expect(reasons).toEqual([expect.stringMatching(/does not know who is signed in/)]);
    expect(await one.ok('staff.session')).toEqual({ signedIn: false });
    await one.ok('staff.signIn', { staffId: cashierId, pin: '1357' });
    expect(await sell(one)).toMatchObject({ ok: true, data: { state: 'SUCCESS' } });
    await one.ok('staff.signOut');
  }, 90_000);

  it('settles a sale the store refuses because it ended the seller’s session as refused, with the money owed back and nothing sent', async () => {
    await one.ok('staff.signIn', { staffId: cashierId, pin: '1357' });
    // The store ends her session after the counter checked it (as a PIN reset elsewhere or the 12 hours would).
    await server.pool.query('UPDATE staff_sessions SET ended_at = now() WHERE staff_id = $1', [cashierId]);
    const seq = lastSeq(sandbox);
    const sale = await sell(one);
    expect(sale).toMatchObject({ ok: true, data: { state: 'REJECTED', errorCode: 'STAFF_SIGN_IN_NEEDED', paymentState: 'REFUND_DUE' } });
    expect(orderPosts(sandbox, seq)).toBe(0);
    expect(await relayedRow(server.databaseUrl, sale.data.referenceId)).toBeUndefined();
    await one.ok('staff.signOut');
  }, 60_000);

  describe('relayed orders and shared views, as the wire sees them', () => {
    let till: Counter;
    let other: Counter;

    beforeAll(async () => {
      till = await pairedCounter(server, 'Raw till');
      other = await pairedCounter(server, 'Other till');
    });

    it('refuses a new order with no session, or with someone else’s, and journals and sends nothing', async () => {
      const seq = lastSeq(sandbox);
      const ref = newRef('NOSELLER');
      const bare = await placeOrder(till, orderBody(ref));
      expect(bare.status).toBe(403);
      expect(bare.json.error.code).toBe('STAFF_SIGN_IN_NEEDED');
      await signInAtStore(till, cashierId, '1357');
      // Ravi's session is good at the till where he typed his PIN, not at another one.
      const borrowed = await other.call('/partner/v1/partners/orders', { body: orderBody(ref), headers: { 'X-Staff-Session': till.sessions.get(cashierId)! } });
      expect(borrowed.status).toBe(403);
      expect(await relayedRow(server.databaseUrl, ref)).toBeUndefined();
      expect(orderPosts(sandbox, seq)).toBe(0);
      expect((await placeOrder(till, orderBody(ref))).status).toBe(201);
    });

    it('answers a reference it has already taken even when the seller has since left, and refuses a new one', async () => {
      const ref = newRef('KNOWN');
      expect((await placeOrder(till, orderBody(ref))).status).toBe(201);
      expect((await till.call('/store/v1/staff/sign-out', { method: 'POST', headers: { 'X-Staff-Session': till.sessions.get(cashierId)! } })).json).toEqual({ ended: true });
      const seq = lastSeq(sandbox);
      const copy = await placeOrder(till, orderBody(ref));
      expect([200, 201]).toContain(copy.status);
      expect(copy.json.referenceId).toBe(ref);
      expect((await placeOrder(till, orderBody(newRef('AFTER')))).json.error.code).toBe('STAFF_SIGN_IN_NEEDED');
      expect(orderPosts(sandbox, seq)).toBe(0);
      till.sessions.delete(cashierId);
    });

    it('checks the seller’s permission at the store, and ends their sessions when a manager resets their PIN', async () => {
      await signInAtStore(till, cashierId, '1357');
      await one.ok('staff.signIn', { staffId: managerId, pin: '2580' });
      await one.ok('staff.setPermissions', { staffId: cashierId, permissions: ['lookUpOrders'] });
      const refused = await placeOrder(till, orderBody(newRef('NOSELL')));
      expect(refused.status).toBe(403);
      expect(refused.json.error.code).toBe('STAFF_NOT_PERMITTED');
      await one.ok('staff.setPermissions', { staffId: cashierId, permissions: ['sell', 'lookUpOrders'] });
      expect((await placeOrder(till, orderBody(newRef('SELLAGAIN')))).status).toBe(201);
      await one.ok('staff.resetPin', { staffId: cashierId, newPin: '8642' });
      expect(await openSessions(cashierId)).toEqual([]);
      expect((await placeOrder(till, orderBody(newRef('AFTERRESET')))).json.error.code).toBe('STAFF_SIGN_IN_NEEDED');
      await one.ok('staff.signOut');
    }, 60_000);

    it('asks, for each contract method it serves, exactly the permission the contract declares for it', async () => {
      const payloads = samplePayloads({ saleId: crypto.randomUUID(), managerId, cashierId });
      // The PIN the test before gave them.
      await signInAtStore(till, cashierId, '8642');
      await one.ok('staff.signIn', { staffId: managerId, pin: '2580' });
      for (const method of Object.keys(STORE_ANSWERS) as StoreServedMethod[]) {
        const needed = CORE_METHODS[method].access as Permission;
        expect(PERMISSIONS, method).toContain(needed);
        const ask = () => till.call(`/store/v1/contract/${method}`, { body: payloads[method], staffId: cashierId });
        await one.ok('staff.setPermissions', { staffId: cashierId, permissions: PERMISSIONS.filter((p) => p !== needed) });
        const refused = await ask();
        expect(refused.status, method).toBe(403);
        expect(refused.json.error.code, method).toBe('STAFF_NOT_PERMITTED');
        await one.ok('staff.setPermissions', { staffId: cashierId, permissions: [needed] });
        // Let through: answered, or refused for what was asked (no such sale or counter), never for who asked.
        const let_ = await ask();
        expect([200, 404], `${method} ${JSON.stringify(let_.json)}`).toContain(let_.status);
      }
      await one.ok('staff.setPermissions', { staffId: cashierId, permissions: null });
      await one.ok('staff.signOut');
    }, 60_000);

    it('opens no session for a PIN given as an approval, nor for a wrong one', async () => {
      const approval = await till.call('/store/v1/staff/pin-check', { body: { staffId: managerId, pin: '2580', purpose: 'approve reprint' } });
      expect(approval.json).toEqual({ kind: 'right', lock: { failedAttempts: 0, lockedUntil: null }, approval: { token: expect.any(String), expiresAt: expect.any(Number) } });
      const wrong = await till.call('/store/v1/staff/pin-check', { body: { staffId: managerId, pin: '0000', purpose: null } });
      expect(wrong.json.kind).toBe('wrong');
      expect(wrong.json.session).toBeUndefined();
      expect((await openSessions(managerId)).map((s) => s.counter_id)).not.toContain(till.id);
    });

    it('reveals another counter’s voucher only on an approval the store judged at the asking counter, used once', async () => {
      await signInAtStore(till, managerId, '2580');
      const reveal = (c: Counter, approval: string) =>
        c.call('/store/v1/vouchers/reveal', { body: { saleId: crypto.randomUUID(), seq: 1, approvedBy: managerId, approval }, staffId: managerId });
      const approve = async (c: Counter) => (await c.call('/store/v1/staff/pin-check', { body: { staffId: managerId, pin: '2580', purpose: 'show a card number or PIN' } })).json.approval.token as string;
      // Named, but never approved at the store: the counter's word is not taken.
      expect((await reveal(till, 'A'.repeat(43))).json.error.code).toBe('APPROVAL_NEEDED');
      // Approved at another counter: no good here.
      expect((await reveal(till, await approve(other))).json.error.code).toBe('APPROVAL_NEEDED');
      // Approved here: taken once (no such sale, so nothing to show), then spent.
      const token = await approve(till);
      expect((await reveal(till, token)).json.error.code).toBe('NOT_FOUND');
      expect((await reveal(till, token)).json.error.code).toBe('APPROVAL_NEEDED');
    });

    it('takes the person asking for a shared view from their session, never from a name', async () => {
      expect((await till.call('/store/v1/contract/store.counters', { body: {}, headers: { 'X-Staff-Id': managerId } })).status).toBe(403);
      await signInAtStore(till, managerId, '2580');
      const listed = await till.call('/store/v1/contract/store.counters', { body: {}, staffId: managerId });
      expect(listed.status).toBe(200);
      expect(listed.json.counters.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining([till.id, other.id]));
    });
  });
});
