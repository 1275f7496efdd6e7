import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CORE_METHODS, type CoreMethodName } from '../../src-main/contract/index.js';
import { bridgeHarness, setUpCounter, type BridgeHarness } from './bridge-harness.js';
import { samplePayloads } from './sample-payloads.js';
import { cashTenders } from '../support/till.js';

describe('the bridge and the core’s per-domain services', () => {
  let h: BridgeHarness;
  let ids: { saleId: string; managerId: string; cashierId: string };

  beforeAll(async () => {
    h = await bridgeHarness();
    const staff = await setUpCounter(h);
    await h.ok('staff.signIn', { staffId: staff.cashierId, pin: '4826' });
    const sale = await h.ok('sale.place', { productId: 'TEST_FIXED_STANDARD', amountPaise: 100_000, tenders: cashTenders(100_000) });
    ids = { saleId: sale.id, ...staff };
  });
  afterAll(async () => h.close());

  it('answers every method through the services, never reaching into core.env()', async () => {
    const env = vi.spyOn(h.core, 'env');
    const samples: Record<CoreMethodName, unknown> = {
      ...samplePayloads(ids),
      // Run by the manager below: not one that would lock the manager out.
      'staff.disable': { staffId: ids.cashierId },
    };
    const answered: string[] = [];
    const refused: Record<string, string> = {};
    try {
      for (const method of Object.keys(CORE_METHODS) as CoreMethodName[]) {
        await h.ok('staff.signIn', { staffId: ids.managerId, pin: '2580' });
        const r = await h.call(method, samples[method]);
        // Refusals by the handler itself (a wrong PIN, a sale that cannot be retried) still went through it.
        expect(r.ok || !['UNAUTHENTICATED', 'BAD_REQUEST', 'INTERNAL'].includes(r.error.code), `${method}: ${JSON.stringify(r)}`).toBe(true);
        if (r.ok) answered.push(method);
        else refused[method] = r.error.code;
      }
      expect(env).not.toHaveBeenCalled();
    } finally {
      env.mockRestore();
    }
    // The handler's own refusals, each for a reason these sample payloads give it; everything else answered.
    expect(refused).toEqual({
      'staff.setupFirstManager': 'FORBIDDEN', // a manager exists already
      'staff.signIn': 'INVALID_PIN',
      'staff.changePin': 'INVALID_PIN', // the sample's current PIN is wrong on purpose
      'staff.resetPin': 'UNKNOWN_STAFF', // the cashier was disabled by the call before
      'staff.unlock': 'UNKNOWN_STAFF',
      'sale.retry': 'NOT_RETRYABLE',
      'sale.refund': 'NOT_REFUNDABLE',
      'sale.resolveReview': 'NOT_IN_REVIEW', // the sample sale completed: nothing for a manager to decide
      'shift.open': 'SHIFT_ALREADY_OPEN',
      'shift.report': 'NOT_FOUND',
      'delivery.resend': 'DELIVERY_CONTACT_MISSING',
      'training.run': 'NOT_TRAINING', // settings.switchEnvironment moved the counter to staging
      'webhooks.reprocess': 'NOT_FOUND',
      'webhooks.dismiss': 'NOT_FOUND',
      'store.counters': 'NOT_IN_A_STORE', // this counter is on its own
      'store.revokeCounter': 'NOT_IN_A_STORE',
      'store.join': 'STORE_JOIN_FAILED', // the sample's address is a closed port
    });
    expect(answered.length + Object.keys(refused).length).toBe(Object.keys(CORE_METHODS).length);
  });

  it('has each service audit what it changes, with the actor it is given, and nothing it refused', async () => {
    const latest = () => h.core.audit.list({ limit: 1 })[0]!;
    const actor = ids.managerId;

    expect(h.core.orders.exportCsv({ states: ['SUCCESS'] }, actor)).toMatchObject({ ok: true, csv: expect.stringContaining('reference_id') });
    expect(latest()).toMatchObject({ actor, action: 'export.csv', details: { filter: { states: ['SUCCESS'] } } });

    expect(h.core.settingsAdmin.update({ store: { name: 'Kirana Corner' } }, actor).ok).toBe(true);
    expect(latest()).toMatchObject({ actor, action: 'settings.changed', details: { keys: ['store'] } });
    const before = latest().seq;
    expect(h.core.settingsAdmin.update({ store: { counterCode: 'not a code' } }, actor).ok).toBe(false);
    expect(latest().seq).toBe(before);

    const credentials = { environment: 'staging' as const, baseUrl: 'https://staging.example.test', clientId: 'counter-7', clientSecret: 'staging-secret-1' };
    expect(h.core.settingsAdmin.setCredentials(credentials, actor).ok).toBe(true);
    expect(latest()).toMatchObject({ actor, action: 'credentials.changed', details: { environment: 'staging', clientId: 'counter-7' } });
    expect(JSON.stringify(latest())).not.toContain('staging-secret-1');

    h.core.settingsAdmin.setWebhookSecret('a-webhook-signing-secret', actor);
    expect(latest()).toMatchObject({ actor, action: 'credentials.changed', details: { webhookSecret: 'replaced' } });

    expect(await h.core.settingsAdmin.switchEnvironment('training', actor)).toEqual({ ok: true });
    expect(latest()).toMatchObject({ actor, action: 'settings.changed', details: { environment: 'training' } });

    expect(await h.core.sales.checkNow(ids.saleId, actor, { limited: false })).toMatchObject({ ok: true, sale: { state: 'SUCCESS' } });
    expect(latest()).toMatchObject({ actor, action: 'sale.checked', saleId: ids.saleId });
    const checked = latest().seq;
    expect(await h.core.sales.checkNow('no-such-sale', actor, { limited: false })).toEqual({ ok: false, kind: 'not-found' });
    expect(latest().seq).toBe(checked);
  });
});
