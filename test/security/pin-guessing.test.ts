import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PIN_FAILURES } from '../../src-main/staff/staff-service.js';
import { bridgeHarness, setUpCounter, type BridgeHarness } from '../bridge/bridge-harness.js';
import { cashTenders } from '../support/till.js';

/**
 * A cashier (or a compromised page) guessing PINs through the bridge: the manager PIN that
 * unlocks a reveal or a reprint, and another person's sign-in. Both stop after a few tries
 * and nothing is revealed meanwhile.
 */
describe('guessing PINs through the bridge', () => {
  let h: BridgeHarness;
  let ids: { managerId: string; cashierId: string };
  let saleId: string;
  const revealed = () => h.core.audit.list({ limit: 1000 }).filter((e) => e.action === 'voucher.revealed').length;

  beforeAll(async () => {
    h = await bridgeHarness();
    ids = await setUpCounter(h);
    await h.ok('staff.signIn', { staffId: ids.cashierId, pin: '4826' });
    saleId = (await h.ok('sale.place', { productId: 'TEST_FIXED_STANDARD', amountPaise: 100_000, tenders: cashTenders(100_000) })).id;
  });
  afterAll(async () => h.close());

  it('locks manager approvals after a burst of wrong PINs sent at once, even for the right PIN, and reveals nothing', async () => {
    const guesses = ['1357', '2468', '9137', '7391', '3579', '8642', '1593', '7531'];
    const answers = await Promise.all(guesses.map((managerPin) => h.call('voucher.reveal', { saleId, seq: 1, managerPin })));
    const codes = answers.map((a) => a.error?.code);
    expect(codes.filter((c) => c === 'INVALID_PIN')).toHaveLength(MAX_PIN_FAILURES - 1);
    expect(codes.filter((c) => c === 'LOCKED')).toHaveLength(guesses.length - MAX_PIN_FAILURES + 1);
    expect(await h.call('voucher.reveal', { saleId, seq: 1, managerPin: '2580' })).toMatchObject({ ok: false, error: { code: 'LOCKED' } });
    expect(await h.call('receipt.print', { saleId })).toMatchObject({ ok: true }); // the cashier's own first print still works
    expect(await h.call('receipt.print', { saleId, managerPin: '2580' })).toMatchObject({ ok: false, error: { code: 'LOCKED' } });
    expect(revealed()).toBe(0);
    // Five failures, each with who asked and for what; the lock says until when.
    const failed = h.core.audit.list({ limit: 1000 }).filter((e) => e.action === 'manager.approval_failed');
    expect(failed).toHaveLength(MAX_PIN_FAILURES);
    expect(failed.every((e) => e.actor === ids.cashierId)).toBe(true);

    // When the lock runs out, the manager's PIN works again.
    const until = failed[0]!.details['lockedUntil'] as number;
    h.clock.advance(until - h.clock.now() + 1);
    expect((await h.ok('staff.session')).role).toBe('cashier'); // a 5-minute lock is shorter than the idle lock
    expect(await h.call('voucher.reveal', { saleId, seq: 1, managerPin: '2580' })).toMatchObject({ ok: true });
    expect(revealed()).toBe(1);
  });

  it('locks the manager’s own sign-in after wrong PINs, without signing anyone in', async () => {
    await h.ok('staff.signOut');
    for (let i = 1; i < MAX_PIN_FAILURES; i++) {
      expect(await h.call('staff.signIn', { staffId: ids.managerId, pin: '9137' })).toMatchObject({ ok: false, error: { code: 'INVALID_PIN' } });
    }
    expect(await h.call('staff.signIn', { staffId: ids.managerId, pin: '9137' })).toMatchObject({ ok: false, error: { code: 'LOCKED' } });
    expect(await h.call('staff.signIn', { staffId: ids.managerId, pin: '2580' })).toMatchObject({ ok: false, error: { code: 'LOCKED' } });
    expect((await h.ok('staff.session')).signedIn).toBe(false);
    // An id that is not on the list gets its own answer and opens nothing.
    expect(await h.call('staff.signIn', { staffId: 'not-a-member', pin: '2580' })).toMatchObject({ ok: false, error: { code: 'UNKNOWN_STAFF' } });
    expect((await h.ok('staff.session')).signedIn).toBe(false);
  });
});
