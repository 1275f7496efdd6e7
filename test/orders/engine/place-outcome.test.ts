import { describe, expect, it } from 'vitest';
import { describeError } from '../../../src-main/partner-api/error-table.js';
import { isRefusalOutcome, placeOutcome, recordedRefusal, RESENT_AFTER_LOGIN } from '../../../src-main/orders/engine/place-outcome.js';
import type { SaleAttempt } from '../../../src-main/orders/journal/sale-record.js';

const attempt = (seq: number, kind: SaleAttempt['kind'], outcome: string | null): SaleAttempt => ({
  saleId: 's1',
  seq,
  kind,
  requestId: `r${seq}`,
  startedAt: 0,
  finishedAt: outcome === null ? null : 1,
  outcome,
});

describe('a place attempt outcome read back from the journal', () => {
  it('a refusal is one the service gave; the 401 the client resent itself and an unknown outcome are not', () => {
    expect(isRefusalOutcome(placeOutcome('rejected', 'E100'))).toBe(true);
    expect(isRefusalOutcome(placeOutcome('rejected', 'HTTP_401'))).toBe(true);
    expect(isRefusalOutcome(RESENT_AFTER_LOGIN)).toBe(false);
    expect(isRefusalOutcome(placeOutcome('unknown', 'TIMEOUT'))).toBe(false);
    expect(isRefusalOutcome('HTTP 2xx SUCCESS')).toBe(false);
    expect(isRefusalOutcome(null)).toBe(false);
  });

  it('recordedRefusal finds the refused place attempt, with the sentence the live path showed', () => {
    const attempts = [
      attempt(1, 'place', RESENT_AFTER_LOGIN),
      attempt(2, 'place', placeOutcome('unknown', 'HTTP_5XX')),
      attempt(3, 'lookup', 'NOT_FOUND'),
      attempt(4, 'place', placeOutcome('rejected', 'E103')),
      attempt(5, 'lookup', null),
    ];
    expect(recordedRefusal(attempts)).toEqual({ code: 'E103', message: describeError('E103').message });
  });

  it('recordedRefusal is null while no refusal is on record (an unanswered send, a 401 resent, look-ups)', () => {
    expect(recordedRefusal([attempt(1, 'place', null)])).toBeNull();
    expect(recordedRefusal([attempt(1, 'place', RESENT_AFTER_LOGIN), attempt(2, 'place', placeOutcome('unknown', 'TIMEOUT')), attempt(3, 'lookup', 'NOT_FOUND')])).toBeNull();
  });
});
