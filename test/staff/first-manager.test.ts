import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bridgeHarness, type BridgeHarness } from '../bridge/bridge-harness.js';

describe('the first manager of a new counter', () => {
  let h: BridgeHarness;
  beforeEach(async () => {
    h = await bridgeHarness();
  });
  afterEach(async () => h.close());

  it('is set up once, even when two set-ups race while their PINs are hashed', async () => {
    const [a, b] = await Promise.all([
      h.call('staff.setupFirstManager', { name: 'Meera Shah', pin: '2580' }),
      h.call('staff.setupFirstManager', { name: 'Someone Else', pin: '1357' }),
    ]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    expect((a.ok ? b : a) as unknown).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', message: 'A manager already exists; ask a manager to add staff' } });
    expect(h.core.staff.list().filter((s) => s.role === 'manager')).toHaveLength(1);
    expect(await h.call('staff.setupFirstManager', { name: 'Third Person', pin: '4680' })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  });
});
