import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StatementLine } from '../../src-main/contract/index.js';
import { bridgeHarness, setUpCounter, type BridgeHarness } from '../bridge/bridge-harness.js';
import { cashTenders } from '../support/till.js';

describe('the wallet statement: debits, reversals and top-ups beside the service’s balances', () => {
  let h: BridgeHarness;

  beforeEach(async () => {
    h = await bridgeHarness();
    await setUpCounter(h);
  });
  afterEach(async () => h.close());

  const sell = (productId: string, amountPaise: number) => h.ok('sale.place', { productId, amountPaise, tenders: cashTenders(amountPaise) });

  it('lists what the counter knows, newest first, each with the balance the service showed after it', async () => {
    h.sandbox.state.wallet.set(10_000_00);
    await h.ok('wallet.refresh');
    h.clock.advance(1_000);
    const done = await sell('TEST_FIXED_STANDARD', 50_000);
    h.clock.advance(1_000);
    const refused = await sell('TEST_E103_B2C_ONLY', 50_000); // refused before any debit: not on the statement
    expect(refused.state).toBe('REJECTED');
    h.clock.advance(1_000);
    const failed = await sell('TEST_E200_GENERATION_FAILED', 20_000);
    h.clock.advance(1_000);
    await h.ok('wallet.recordTopUp', { amountPaise: 1_000_00, reference: 'NEFT-77' });

    const { lines } = (await h.ok('wallet.statement', {})) as { lines: StatementLine[] };
    const movements = lines.filter((l) => l.kind !== 'READING');
    expect(movements.map((l) => [l.kind, l.reference, l.amountPaise])).toEqual([
      ['TOP_UP', 'NEFT-77', 1_000_00],
      ['REVERSAL', failed.referenceId, 20_000],
      ['DEBIT', failed.referenceId, 20_000],
      ['DEBIT', done.referenceId, 50_000],
    ]);
    // Each sale is read back after it settles, so every movement has the service's balance beside it.
    const readings = lines.filter((l) => l.kind === 'READING').map((l) => l.amountPaise);
    expect(readings[0]).toBe(h.sandbox.state.wallet.balancePaise);
    for (const line of movements) expect(line.serviceBalancePaise, line.kind).toEqual(expect.any(Number));
    expect(movements.find((l) => l.kind === 'DEBIT' && l.reference === done.referenceId)?.serviceBalancePaise).toBe(9_500_00);
    expect(await h.ok('wallet.statement', { limit: 2 })).toMatchObject({ lines: [expect.anything(), expect.anything()] });
  });
});
