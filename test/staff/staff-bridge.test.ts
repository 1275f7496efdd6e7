import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bridgeHarness, setUpCounter, type BridgeHarness } from '../bridge/bridge-harness.js';
import { cashTenders } from '../support/till.js';

describe('staff lifecycle through the bridge', () => {
  let h: BridgeHarness;
  let ids: { managerId: string; cashierId: string };

  beforeEach(async () => {
    h = await bridgeHarness();
    ids = await setUpCounter(h);
  });
  afterEach(async () => h.close());

  it('lets a person whose PIN was reset do nothing but choose a new one', async () => {
    expect(await h.ok('staff.resetPin', { staffId: ids.cashierId, newPin: '3917' })).toMatchObject({ status: 'active', mustChangePin: true });
    expect(await h.ok('staff.signIn', { staffId: ids.cashierId, pin: '3917' })).toMatchObject({ mustChangePin: true });
    expect(await h.ok('staff.session')).toMatchObject({ signedIn: true, mustChangePin: true });
    const refused = await h.call('sale.place', { productId: 'TEST_FIXED_STANDARD', amountPaise: 50_000, tenders: cashTenders(50_000) });
    expect(refused).toMatchObject({ ok: false, error: { code: 'PIN_CHANGE_REQUIRED' } });
    expect(h.sandbox.requests.list().filter((r) => r.method === 'POST' && r.path === '/v1/partners/orders')).toHaveLength(0);

    expect(await h.call('staff.changePin', { currentPin: '3917', newPin: '3917' })).toMatchObject({ ok: false, error: { code: 'SAME_PIN', fields: [{ field: 'newPin' }] } });
    expect(await h.ok('staff.changePin', { currentPin: '3917', newPin: '7395' })).toMatchObject({ mustChangePin: false });
    expect(await h.ok('sale.place', { productId: 'TEST_FIXED_STANDARD', amountPaise: 50_000, tenders: cashTenders(50_000) })).toMatchObject({ state: 'SUCCESS' });
  });

  it('shows the manager who is locked or disabled, and lets them unlock and re-enable', async () => {
    for (let i = 0; i < 5; i++) await h.call('staff.signIn', { staffId: ids.cashierId, pin: '0000' });
    await h.ok('staff.signIn', { staffId: ids.managerId, pin: '2580' });
    const listed = (await h.ok('staff.manage')).staff as { id: string; status: string; lockedUntil: number | null }[];
    expect(listed.find((s) => s.id === ids.cashierId)).toMatchObject({ status: 'locked', lockedUntil: expect.any(Number) });
    expect(await h.ok('staff.unlock', { staffId: ids.cashierId })).toMatchObject({ status: 'active', lockedUntil: null });
    await h.ok('staff.disable', { staffId: ids.cashierId });
    expect((await h.ok('staff.list')).staff.map((s: { id: string }) => s.id)).not.toContain(ids.cashierId);
    expect((await h.ok('staff.manage')).staff.find((s: { id: string }) => s.id === ids.cashierId)).toMatchObject({ status: 'disabled' });
    expect(await h.ok('staff.enable', { staffId: ids.cashierId })).toMatchObject({ status: 'active' });
    expect(await h.ok('staff.signIn', { staffId: ids.cashierId, pin: '4826' })).toMatchObject({ id: ids.cashierId });
    expect(await h.call('staff.manage')).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  });

  it('takes a reprint approval by the manager’s name and PIN', async () => {
    await h.ok('staff.signIn', { staffId: ids.cashierId, pin: '4826' });
    const sale = await h.ok('sale.place', { productId: 'TEST_FIXED_STANDARD', amountPaise: 50_000, tenders: cashTenders(50_000) });
    await h.ok('receipt.print', { saleId: sale.id });
    expect(await h.call('receipt.print', { saleId: sale.id, managerPin: '4826', approverId: ids.cashierId })).toMatchObject({ ok: false, error: { code: 'NOT_A_MANAGER' } });
    expect(await h.ok('receipt.print', { saleId: sale.id, managerPin: '2580', approverId: ids.managerId })).toMatchObject({ copy: 2, approvedByName: 'Meera Shah' });
  });
});
