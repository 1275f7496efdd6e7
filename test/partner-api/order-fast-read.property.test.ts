import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readOrderFast } from '../../src-main/partner-api/order-fast-read.js';
import { orderSchema, parseOrder } from '../../src-main/partner-api/wire-schemas.js';

/**
 * The fast order reader against the zod schema, the reference: whatever it takes, the schema
 * takes too and gives the same order; whatever the schema refuses, it does not take.
 */
const numberish = fc.oneof({ arbitrary: fc.integer(), weight: 6 }, fc.double(), fc.constantFrom('500.00', ' 12 ', '-3', '1e3', 'abc', ''));
/** Mostly the field's own kind of value, sometimes null, missing or anything at all. */
const maybe = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: arb, weight: 30 }, { arbitrary: fc.constant(null), weight: 1 }, { arbitrary: fc.constant(undefined), weight: 1 }, { arbitrary: fc.anything(), weight: 1 });
const text = fc.oneof(fc.string(), fc.constantFrom('', '4111111111111111', '2027-11-30', 'Voucher generation failed'));
const id = fc.oneof({ arbitrary: fc.string({ minLength: 1 }), weight: 20 }, fc.constant(''), fc.integer(), fc.double(), fc.constant(null));

const voucher = fc.record(
  {
    id: maybe(id),
    cardType: maybe(fc.constantFrom('CARD_AND_PIN_NO_SECURED', 'PIN_SECURED', 'NEW_KIND')),
    cardNumber: maybe(text),
    cardPin: maybe(text),
    validTill: maybe(text),
    amount: maybe(numberish),
    balance: maybe(numberish),
    extra: fc.anything(),
  },
  { requiredKeys: [] },
);

const order = fc.record(
  {
    id,
    referenceId: maybe(text),
    status: maybe(fc.constantFrom('SUCCESS', 'PROCESSING', 'FAILED', 'CANCELLED', 'REVERSED', 'NEW_STATUS')),
    vouchers: maybe(fc.array(voucher, { maxLength: 4 })),
    failureReason: maybe(text),
    extra: fc.anything(),
  },
  { requiredKeys: [] },
);

/** Mostly well-formed orders (the fast path's case), with any field possibly broken. */
const wellFormedVoucher = voucher.map((v) => ({ id: 'V1', cardType: 'CARD_AND_PIN_NO_SECURED', amount: 100, ...v }));
const wellFormed = fc
  .record({ fields: order, vouchers: fc.array(wellFormedVoucher, { maxLength: 3 }) })
  .map(({ fields, vouchers }) => ({ id: 'ORD1', referenceId: 'POS-1', status: 'SUCCESS', vouchers, ...fields }));

let taken = 0;
function agrees(json: unknown): void {
  const fast = readOrderFast(json);
  const reference = orderSchema.safeParse(json);
  if (fast === undefined) {
    // Refused or left to the schema: parseOrder then answers exactly as the schema does.
    const parsed = parseOrder(json);
    expect(parsed.ok).toBe(reference.success);
    if (parsed.ok && reference.success) expect(parsed.value).toStrictEqual(reference.data);
    return;
  }
  taken++;
  expect(reference.success).toBe(true);
  if (reference.success) {
    expect(fast).toStrictEqual(reference.data);
    expect(JSON.stringify(fast)).toBe(JSON.stringify(reference.data));
  }
}

describe('readOrderFast against the zod order schema', () => {
  it('takes only what the schema takes, and gives the same order (well-formed orders with broken fields)', () => {
    taken = 0;
    fc.assert(fc.property(wellFormed, agrees), { numRuns: 3000 });
    // Enough of them reach the fast path for the comparison to mean something.
    expect(taken).toBeGreaterThan(150);
  });

  it('the same on arbitrary records and values', () => {
    fc.assert(fc.property(fc.oneof(order, fc.anything()), agrees), { numRuns: 2000 });
  });

  it('takes the answers the sandbox and the service give', () => {
    const answer = {
      id: 'ord_1',
      referenceId: 'POS-A-1',
      status: 'SUCCESS',
      amount: 100,
      vouchers: [
        { id: 'v_1', cardType: 'CARD_AND_PIN_NO_SECURED', cardNumber: '4111111111111111', cardPin: '1234', validTill: '2027-11-30', amount: 100, balance: null },
        { id: null, cardType: 'PIN_SECURED', cardNumber: null, cardPin: '9', validTill: null, amount: 50.5 },
      ],
      failureReason: null,
      createdAt: '2026-11-26T10:00:00Z',
    };
    expect(readOrderFast(answer)).toBeDefined();
    agrees(answer);
    expect(readOrderFast({ id: 'ord_2', referenceId: 'R', status: 'PROCESSING', vouchers: null })).toEqual({
      id: 'ord_2',
      referenceId: 'R',
      status: 'PROCESSING',
      vouchers: [],
      failureReason: null,
    });
  });

  it('leaves to the schema what it must convert or refuse, and the schema still says why', () => {
    // Converted by the schema: a numeric id, an amount in text.
    expect(readOrderFast({ id: 7, referenceId: 'R', status: 'SUCCESS' })).toBeUndefined();
    expect(parseOrder({ id: 7, referenceId: 'R', status: 'SUCCESS' })).toMatchObject({ ok: true, value: { id: '7' } });
    const quoted = { id: 'o', referenceId: 'R', status: 'SUCCESS', vouchers: [{ cardType: 'X', amount: '100.00' }] };
    expect(readOrderFast(quoted)).toBeUndefined();
    expect(parseOrder(quoted)).toMatchObject({ ok: true, value: { vouchers: [{ amount: 100, id: null }] } });
    // Refused: an unreadable balance, a missing status.
    const badBalance = { id: 'o', referenceId: 'R', status: 'SUCCESS', vouchers: [{ cardType: 'X', amount: 1, balance: 'lots' }] };
    expect(readOrderFast(badBalance)).toBeUndefined();
    expect(parseOrder(badBalance)).toMatchObject({ ok: false, error: expect.stringContaining('vouchers.0.balance') });
    expect(parseOrder({ id: 'o', referenceId: 'R' })).toMatchObject({ ok: false, error: expect.stringContaining('status') });
  });
});
