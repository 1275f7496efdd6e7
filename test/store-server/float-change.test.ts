import { describe, expect, it } from 'vitest';
import { floatChange, type OrderStanding, type RelayedState } from '../../src-main/store-server/relay/store-float.js';

const DEBIT = 45_000;
const answered = (orderStatus: string): OrderStanding => ({ state: 'ACCEPTED', orderStatus });
const journal = (state: RelayedState): OrderStanding => ({ state, orderStatus: null });
const STATUSES = ['SUCCESS', 'PROCESSING', 'FAILED', 'CANCELLED', 'REVERSED'];

/** What the float's balance moves by when an order goes through `path`, one recorded answer after another. */
const moved = (path: OrderStanding[]) => path.slice(1).reduce((sum, after, i) => sum + floatChange(path[i]!, after, DEBIT), 0);

/**
 * The float's balance follows the service's wallet (spec §3.1): an order's debit is off it
 * exactly while the service's last answer keeps the debit (SUCCESS, PROCESSING), whatever
 * path the order took to get there.
 */
describe('what an order’s move does to the store’s float', () => {
  it('takes the debit when a sent order is first answered SUCCESS or PROCESSING, and nothing for FAILED, CANCELLED or REVERSED', () => {
    for (const from of ['SENDING', 'IN_DOUBT', 'NOT_PLACED'] as const) {
      expect(STATUSES.map((s) => floatChange(journal(from), answered(s), DEBIT))).toEqual([DEBIT, DEBIT, 0, 0, 0]);
    }
  });

  it('takes the debit once when an order the service refused is then reported SUCCESS or PROCESSING', () => {
    expect(STATUSES.map((s) => floatChange(journal('REJECTED'), answered(s), DEBIT))).toEqual([DEBIT, DEBIT, 0, 0, 0]);
  });

  it('gives the debit back when a debited order is failed, cancelled or reversed', () => {
    for (const from of ['SUCCESS', 'PROCESSING']) {
      expect(['FAILED', 'CANCELLED', 'REVERSED'].map((s) => floatChange(answered(from), answered(s), DEBIT))).toEqual([-DEBIT, -DEBIT, -DEBIT]);
    }
    expect(floatChange(answered('PROCESSING'), answered('SUCCESS'), DEBIT)).toBe(0);
  });

  it('moves nothing for the same answer recorded again, nor for a move that leaves the order unanswered', () => {
    for (const s of STATUSES) expect(floatChange(answered(s), answered(s), DEBIT)).toBe(0);
    expect(floatChange(journal('SENDING'), journal('IN_DOUBT'), DEBIT)).toBe(0);
    expect(floatChange(journal('SENDING'), journal('REJECTED'), DEBIT)).toBe(0);
    expect(floatChange(journal('IN_DOUBT'), journal('NOT_PLACED'), DEBIT)).toBe(0);
  });

  it('ends, over any path of answers, with the debit off the balance only if the last answer keeps it', () => {
    const starts = (['SENDING', 'IN_DOUBT', 'REJECTED', 'NOT_PLACED'] as const).map(journal);
    for (const start of starts) {
      for (const a of STATUSES) {
        for (const b of STATUSES) {
          for (const c of STATUSES) {
            const path = [start, answered(a), answered(b), answered(b), answered(c)];
            expect(moved(path), `${start.state} → ${a} → ${b} → ${b} → ${c}`).toBe(c === 'SUCCESS' || c === 'PROCESSING' ? DEBIT : 0);
          }
        }
      }
    }
  });
});
