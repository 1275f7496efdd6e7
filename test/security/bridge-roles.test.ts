import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CORE_METHODS, type CoreMethodName } from '../../src-main/contract/index.js';
import { ROLE_PRESETS } from '../../src-main/staff/permission-presets.js';
import { bridgeHarness, setUpCounter, type BridgeHarness } from '../bridge/bridge-harness.js';
import { samplePayloads } from '../bridge/sample-payloads.js';
import { cashTenders } from '../support/till.js';

const ALL = Object.keys(CORE_METHODS) as CoreMethodName[];
/** Methods that need someone signed in. */
const signedInMethods = () => ALL.filter((m) => CORE_METHODS[m].access !== 'none');
/** Methods that need a permission a cashier's preset does not hold: the manager's. */
const beyondCashier = () =>
  ALL.filter((m) => {
    const access = CORE_METHODS[m].access;
    return access !== 'none' && access !== 'signedIn' && !ROLE_PRESETS.cashier.includes(access);
  });

describe('roles are checked in main for every method of the contract', () => {
  let h: BridgeHarness;
  let ids: { saleId: string; managerId: string; cashierId: string };
  let samples: Record<CoreMethodName, unknown>;

  beforeAll(async () => {
    h = await bridgeHarness();
    const staff = await setUpCounter(h);
    await h.ok('staff.signIn', { staffId: staff.cashierId, pin: '4826' });
    const sale = await h.ok('sale.place', { productId: 'TEST_FIXED_STANDARD', amountPaise: 100_000, tenders: cashTenders(100_000) });
    ids = { saleId: sale.id, ...staff };
    samples = samplePayloads(ids);
  });
  afterAll(async () => h.close());

  /**
   * Watches every way a handler reaches the core: each method of the per-domain services the
   * bridge uses, the staff and settings services, the audit log — and `core.env()`, which no
   * handler should use at all. A refused call must touch none of them.
   */
  function watchCore() {
    const domains = ['app', 'catalog', 'sales', 'shifts', 'orders', 'wallet', 'settingsAdmin', 'training', 'webhookEvents'] as const;
    const serviceSpies = domains.flatMap((domain) => {
      // Each service is a plain object of functions.
      const service = h.core[domain] as unknown as Record<string, (...args: unknown[]) => unknown>;
      return Object.keys(service).map((name) => vi.spyOn(service, name).mockName(`${domain}.${name}`));
    });
    const spies = [
      ...serviceSpies,
      vi.spyOn(h.core, 'env').mockName('env'),
      vi.spyOn(h.core.settings, 'update').mockName('settings.update'),
      vi.spyOn(h.core.staff, 'create').mockName('staff.create'),
      vi.spyOn(h.core.staff, 'disable').mockName('staff.disable'),
      vi.spyOn(h.core.staff, 'changePin').mockName('staff.changePin'),
      vi.spyOn(h.core.staff, 'resetPin').mockName('staff.resetPin'),
      vi.spyOn(h.core.staff, 'unlock').mockName('staff.unlock'),
      vi.spyOn(h.core.staff, 'enable').mockName('staff.enable'),
      vi.spyOn(h.core.staff, 'setPermissions').mockName('staff.setPermissions'),
      vi.spyOn(h.core.staff, 'approveByManagerPin').mockName('staff.approveByManagerPin'),
      vi.spyOn(h.core.audit, 'append').mockName('audit.append'),
      vi.spyOn(h.core.audit, 'verify').mockName('audit.verify'),
    ];
    const events: string[] = [];
    const stop = h.bridge.subscribe((name) => events.push(name));
    const snapshot = () => ({
      settings: JSON.stringify(h.core.settings.get()),
      staff: JSON.stringify(h.core.staff.list()),
      audit: h.core.audit.list({ limit: 1 })[0]?.seq,
      orders: h.sandbox.state.orders.orders.size,
    });
    const before = snapshot();
    return {
      /** Names of the watched functions that ran, with the events emitted; [] when nothing ran. */
      touched(): string[] {
        const ran = spies.filter((s) => s.mock.calls.length > 0).map((s) => s.getMockName());
        stop();
        for (const s of spies) s.mockRestore();
        expect(snapshot()).toEqual(before);
        return [...ran, ...events.map((e) => `event ${e}`)];
      },
    };
  }

  /** Every one of `methods` answers `code`, and no handler reached the core. */
  async function expectRefusedAndInert(methods: CoreMethodName[], code: string): Promise<void> {
    const watch = watchCore();
    for (const method of methods) {
      expect(await h.call(method, samples[method]), method).toMatchObject({ ok: false, error: { code } });
    }
    expect(watch.touched()).toEqual([]);
  }

  it('has a payload its schema accepts for every method (so the role check is what refuses)', () => {
    expect(Object.keys(samples).sort()).toEqual(Object.keys(CORE_METHODS).sort());
    for (const method of Object.keys(CORE_METHODS) as CoreMethodName[]) {
      expect(CORE_METHODS[method].input.safeParse(samples[method]).success, method).toBe(true);
    }
    // Enough of each kind that the loops below prove something.
    expect(beyondCashier().length).toBeGreaterThan(15);
    expect(signedInMethods().length - beyondCashier().length).toBeGreaterThan(10);
  });

  it('has a watch that sees a handler run (so an empty list below means something)', async () => {
    const watch = watchCore();
    expect((await h.call('wallet.view', {})).ok).toBe(true);
    expect(watch.touched()).toEqual(['wallet.view']);
  });

  it('refuses a cashier every manager method, and nothing runs', async () => {
    expect((await h.ok('staff.session')).role).toBe('cashier');
    await expectRefusedAndInert(beyondCashier(), 'FORBIDDEN');
    // The cashier is still signed in: a refusal is not a sign-out.
    expect((await h.ok('staff.session')).role).toBe('cashier');
  });

  it('refuses a signed-out counter every cashier and manager method, and nothing runs', async () => {
    await h.ok('staff.signOut');
    await expectRefusedAndInert(signedInMethods(), 'UNAUTHENTICATED');
  });

  it('refuses an idle-locked manager every cashier and manager method, and nothing runs', async () => {
    await h.ok('staff.signIn', { staffId: ids.managerId, pin: '2580' });
    expect((await h.call('settings.get', {})).ok).toBe(true);
    const idle = h.core.settings.get().staff.lockAfterIdleMinutes * 60_000;
    h.clock.advance(idle + 1);
    await expectRefusedAndInert(signedInMethods(), 'UNAUTHENTICATED');
  });

  it('refuses a manager signed out, and a sign-in with a wrong PIN does not open the session', async () => {
    await h.ok('staff.signIn', { staffId: ids.managerId, pin: '2580' });
    await h.ok('staff.signOut');
    expect(await h.call('staff.signIn', { staffId: ids.managerId, pin: '9137' })).toMatchObject({ ok: false, error: { code: 'INVALID_PIN' } });
    await expectRefusedAndInert(beyondCashier(), 'UNAUTHENTICATED');
  });

  it('lets a cashier through a manager-approved action only with a manager PIN, never their own', async () => {
    await h.ok('staff.signIn', { staffId: ids.cashierId, pin: '4826' });
    const reveal = await h.call('voucher.reveal', { saleId: ids.saleId, seq: 1, managerPin: '4826' });
    expect(reveal).toMatchObject({ ok: false, error: { code: 'INVALID_PIN' } });
    const audited = h.core.audit.latest(['manager.approval_failed', 'voucher.revealed']);
    expect(audited).toMatchObject({ action: 'manager.approval_failed', actor: ids.cashierId });
  });

  it('lets a cashier Check now once per 30 s per sale (audited); a press too soon is RATE_LIMITED with the wait and nothing else runs; a manager never waits', async () => {
    expect(CORE_METHODS['sale.checkNow'].access).toBe('sell');
    await h.ok('staff.signIn', { staffId: ids.cashierId, pin: '4826' });
    expect((await h.ok('sale.checkNow', { saleId: ids.saleId })).id).toBe(ids.saleId);
    expect(h.core.audit.latest(['sale.checked'])).toMatchObject({ actor: ids.cashierId, saleId: ids.saleId });

    h.clock.advance(12_000);
    const watch = watchCore();
    const refused = await h.call('sale.checkNow', { saleId: ids.saleId });
    expect(refused).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } });
    expect(refused.error.message).toMatch(/check it again in 18 s\./);
    // The facade is asked (the limit lives behind it); no audit line, no event, no request to the service.
    expect(watch.touched()).toEqual(['sales.checkNow']);

    await h.ok('staff.signIn', { staffId: ids.managerId, pin: '2580' });
    await h.ok('sale.checkNow', { saleId: ids.saleId });
    await h.ok('sale.checkNow', { saleId: ids.saleId });
    expect(h.core.audit.latest(['sale.checked'])).toMatchObject({ actor: ids.managerId });

    await h.ok('staff.signIn', { staffId: ids.cashierId, pin: '4826' });
    expect(await h.call('sale.checkNow', { saleId: ids.saleId })).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED', message: expect.stringMatching(/in 30 s\./) } });
    h.clock.advance(30_000);
    await h.ok('sale.checkNow', { saleId: ids.saleId });
    expect(h.core.audit.latest(['sale.checked'])).toMatchObject({ actor: ids.cashierId });
  });
});
