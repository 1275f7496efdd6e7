import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnrecognisedWebhooks } from '../../src-main/webhooks/unrecognised-webhooks.js';
import { bridgeHarness, setUpCounter, type BridgeHarness } from '../bridge/bridge-harness.js';

/** The manager's side of recorded webhook deliveries, through the bridge: list, self-check, re-process, dismiss, audit. */
describe('webhook events not understood, for the manager', () => {
  let h: BridgeHarness;
  const record = (body: object | string, reason: string) => {
    const raw = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    const kept = new UnrecognisedWebhooks(h.core.env().db).record(raw, createHash('sha256').update(raw).digest('hex'), null, reason, h.clock.now(), 1000);
    if (kept.kind !== 'recorded') throw new Error(kept.kind);
    return kept.id;
  };
  beforeAll(async () => {
    h = await bridgeHarness();
    await setUpCounter(h);
  });
  afterAll(async () => h.close());

  it('lists them, counts them in the self-check, and re-processes or dismisses each once, audited', async () => {
    // One the current parser understands (as if an older version had recorded it), one it never will.
    const walletLow = record({ event: 'Wallet Low Balance', eventId: 'evt-low-1', data: { balance: 9_000, threshold: 10_000 } }, 'no event name');
    const garbage = record('{"hello": "world"}', 'not an event this version knows');

    const listed = await h.ok('webhooks.unrecognised');
    expect(listed.total).toBe(2);
    expect(listed.items.map((i: { id: number }) => i.id)).toEqual([garbage, walletLow]);
    expect(listed.items[0]).toMatchObject({ rawText: '{"hello": "world"}', reason: 'not an event this version knows', deliveries: 1 });

    const check = await h.ok('selfCheck.run');
    expect(check.lines.find((l: { name: string }) => l.name === 'Webhook events not understood')).toMatchObject({ ok: false, detail: '2 signed events kept for re-processing' });

    expect(await h.ok('webhooks.reprocess', { id: walletLow })).toEqual({ id: walletLow, outcome: 'applied', eventType: 'WALLET_LOW_BALANCE' });
    expect((await h.ok('wallet.view')).lowBalanceAlert).toMatchObject({ balancePaise: 9_000_00 });
    expect(await h.call('webhooks.reprocess', { id: walletLow })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await h.ok('webhooks.reprocess', { id: garbage })).toMatchObject({ id: garbage, outcome: 'unrecognised' });

    expect(await h.ok('webhooks.dismiss', { id: garbage })).toEqual({ dismissed: true });
    expect(await h.call('webhooks.dismiss', { id: garbage })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await h.ok('webhooks.unrecognised')).toEqual({ items: [], total: 0 });
    expect((await h.ok('selfCheck.run')).lines.find((l: { name: string }) => l.name === 'Webhook events not understood')).toMatchObject({ ok: true });

    const trail = h.core.audit.list({ limit: 10 }).filter((e) => e.action.startsWith('webhook.'));
    expect(trail.map((e) => [e.action, e.details])).toEqual(
      expect.arrayContaining([
        ['webhook.reprocessed', { id: walletLow, outcome: 'applied' }],
        ['webhook.reprocessed', { id: garbage, outcome: 'unrecognised' }],
        ['webhook.dismissed', { id: garbage }],
      ]),
    );
    expect(JSON.stringify(trail)).not.toContain('hello');
  });

  it('re-processes all of them in the order they came', async () => {
    const first = record({ eventType: 'WALLET_LOW_BALANCE', eventId: 'evt-low-2', payload: { balance: 8_000, threshold: 10_000 } }, 'older parser');
    const second = record('not json at all', 'not JSON');
    const { results } = await h.ok('webhooks.reprocessAll');
    expect(results.map((r: { id: number; outcome: string }) => [r.id, r.outcome])).toEqual([
      [first, 'applied'],
      [second, 'unrecognised'],
    ]);
    expect((await h.ok('webhooks.unrecognised')).total).toBe(1);
  });
});
