import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORE_METHODS, type CoreMethodName } from '../../src-main/contract/index.js';
import { PERMISSIONS, type Permission } from '../../src-main/contract/permissions.js';
import { bridgeHarness, setUpCounter, type BridgeHarness } from '../bridge/bridge-harness.js';
import { samplePayloads } from '../bridge/sample-payloads.js';
import { cashTenders } from '../support/till.js';

/** One harmless call per permission: it reaches its handler when the permission is held. */
const PROBES: Record<Permission, { method: CoreMethodName; payload: unknown }> = {
  sell: { method: 'shift.current', payload: {} },
  lookUpOrders: { method: 'orders.attention', payload: {} },
  reprintWithApproval: { method: 'voucher.reveal', payload: { saleId: 'no-such-sale', seq: 1, managerPin: '1357' } },
  resendDelivery: { method: 'delivery.resend', payload: { saleId: 'no-such-sale', channels: ['SMS'] } },
  seeOwnTotals: { method: 'shift.xReport', payload: {} },
  seeAllTotals: { method: 'orders.summary', payload: { from: 0, to: 1 } },
  manageStaff: { method: 'staff.manage', payload: {} },
  settings: { method: 'audit.verify', payload: {} },
  manageConnection: { method: 'webhooks.unrecognised', payload: {} },
  goLive: { method: 'settings.switchEnvironment', payload: { environment: 'training' } },
};

const methodsNeeding = (permission: Permission) => (Object.keys(CORE_METHODS) as CoreMethodName[]).filter((m) => CORE_METHODS[m].access === permission);

describe('named permissions, checked by the bridge for every permission', () => {
  let h: BridgeHarness;
  let ids: { managerId: string; cashierId: string; saleId: string };
  let samples: Record<CoreMethodName, unknown>;
  /** Staff ids by name; everyone shares one PIN, which is allowed. */
  const people = new Map<string, string>();

  beforeAll(async () => {
    h = await bridgeHarness();
    const staff = await setUpCounter(h);
    const sale = await h.ok('sale.place', { productId: 'TEST_FIXED_STANDARD', amountPaise: 50_000, tenders: cashTenders(50_000) });
    ids = { ...staff, saleId: sale.id };
    samples = samplePayloads(ids);
    for (const permission of PERMISSIONS) {
      for (const [name, granted] of [
        [`Lacks ${permission}`, PERMISSIONS.filter((p) => p !== permission)],
        [`Only ${permission}`, [permission]],
      ] as const) {
        const member = await h.ok('staff.create', { name, role: 'cashier', pin: '4826' });
        await h.ok('staff.setPermissions', { staffId: member.id, permissions: granted });
        people.set(name, member.id);
      }
    }
  });
  afterAll(async () => h.close());

  const as = (name: string) => h.ok('staff.signIn', { staffId: people.get(name)!, pin: '4826' });

  it('declares every permission on at least one method, and each probe needs its permission', () => {
    for (const permission of PERMISSIONS) {
      expect(methodsNeeding(permission).length, permission).toBeGreaterThan(0);
      expect(CORE_METHODS[PROBES[permission].method].access, permission).toBe(permission);
    }
  });

  it.each(PERMISSIONS)('refuses everyone without %s every method that needs it, naming the permission, and runs nothing', async (permission) => {
    await as(`Lacks ${permission}`);
    expect((await h.ok('staff.session')).permissions).not.toContain(permission);
    const auditBefore = h.core.audit.list({ limit: 1 })[0]!.seq;
    for (const method of methodsNeeding(permission)) {
      const r = await h.call(method, samples[method]);
      expect(r, method).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', permission } });
    }
    expect(h.core.audit.list({ limit: 1 })[0]!.seq).toBe(auditBefore);
  });

  it.each(PERMISSIONS)('lets someone holding only %s through to the handler', async (permission) => {
    await as(`Only ${permission}`);
    const { method, payload } = PROBES[permission];
    const r = await h.call(method, payload);
    if (!r.ok) expect(['FORBIDDEN', 'UNAUTHENTICATED', 'BAD_REQUEST'], `${method}: ${JSON.stringify(r.error)}`).not.toContain(r.error.code);
  });

  it('lets the settings permission change the shop’s settings but not the connection: the service’s address never without its credentials, the webhook receiver only with manageConnection', async () => {
    const settingsNow = () => h.core.settingsAdmin.view().settings;
    const before = settingsNow();
    await as('Only settings');
    expect(await h.call('settings.update', { production: { baseUrl: 'http://attacker.example', clientId: 'x' } })).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    expect(await h.call('settings.update', { staging: { baseUrl: 'http://attacker.example', clientId: 'x' } })).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    expect(await h.call('settings.update', { webhook: { enabled: true, host: '0.0.0.0', port: 8443 } })).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN', permission: 'manageConnection', message: expect.stringContaining('manage the connection') },
    });
    expect(settingsNow()).toEqual(before);
    expect(await h.ok('settings.update', { receipt: { footer: 'Thank you' } })).toMatchObject({ settings: { receipt: { footer: 'Thank you' } } });

    // A manager, who may do both, still changes the address only with its credentials.
    await h.ok('staff.signIn', { staffId: ids.managerId, pin: '2580' });
    expect(await h.call('settings.update', { production: { baseUrl: 'https://elsewhere.example', clientId: 'x' } })).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    expect(await h.ok('settings.update', { webhook: { enabled: false, host: '127.0.0.1', port: 8443 } })).toMatchObject({ settings: { webhook: { port: 8443 } } });
    expect(settingsNow().production).toEqual(before.production);
    // And Production's address only over https: its secret and card data never travel in clear.
    const inClear = await h.call('settings.setCredentials', { environment: 'production', baseUrl: 'http://partner.example', clientId: 'x', clientSecret: 'production-secret' });
    expect(inClear).toMatchObject({ ok: false, error: { code: 'INVALID_SETTINGS', message: expect.stringContaining('https://') } });
    expect(settingsNow().production).toEqual(before.production);
  });

  it('gives a manager’s choice back to the role preset, and keeps someone able to manage staff', async () => {
    await h.ok('staff.signIn', { staffId: ids.managerId, pin: '2580' });
    const back = await h.ok('staff.setPermissions', { staffId: people.get('Only sell')!, permissions: null });
    expect(back).toMatchObject({ customPermissions: false, permissions: ['sell', 'reprintWithApproval', 'seeOwnTotals'] });
    expect(await h.call('staff.setPermissions', { staffId: ids.managerId, permissions: ['sell'] })).toMatchObject({ ok: false, error: { code: 'LAST_MANAGER' } });
    expect(h.core.audit.latest(['staff.permissions_changed'])).toMatchObject({ actor: ids.managerId, details: { staffId: people.get('Only sell'), permissions: 'role preset' } });
  });

  it('shows a cashier their own totals only, and a manager everyone’s', async () => {
    await h.ok('staff.signIn', { staffId: ids.cashierId, pin: '4826' });
    await h.ok('sale.place', { productId: 'TEST_FIXED_STANDARD', amountPaise: 25_000, tenders: cashTenders(25_000) });
    const mine = await h.ok('shift.xReport');
    expect(mine.byCashier.map((c: { staffId: string }) => c.staffId)).toEqual([ids.cashierId]);
    await h.ok('staff.signIn', { staffId: ids.managerId, pin: '2580' });
    const all = await h.ok('shift.xReport');
    expect(all.byCashier.map((c: { staffId: string }) => c.staffId).sort()).toEqual([ids.cashierId, ids.managerId].sort());
  });
});
