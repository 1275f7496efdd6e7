import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeFailure, failureReasonToCode } from '../../src-main/partner-api/error-table.js';
import type { PartnerClient, PlaceOrderResult } from '../../src-main/partner-api/partner-client.js';
import { orderFailure, type PartnerError } from '../../src-main/partner-api/partner-error.js';
import type { Sandbox } from '../../src-main/sandbox/server.js';
import { UUID, advance, clientFor, control, order, start } from './helpers.js';

/** Every business code of spec §7.2 reaches the caller as a typed error with its sentence and action. */
let sandbox: Sandbox;
let client: PartnerClient;

beforeAll(async () => {
  sandbox = await start();
  client = clientFor(sandbox);
});
afterAll(async () => {
  client.close();
  await sandbox.close();
});
beforeEach(async () => {
  await control(sandbox, 'PUT', '/wallet', { balance: 500_000 });
  await control(sandbox, 'PUT', '/rate-limits', {});
});

function rejected(result: PlaceOrderResult): PartnerError {
  if (result.kind !== 'rejected') throw new Error(`expected rejected, got ${result.kind}`);
  return result.error;
}

function failed(result: PlaceOrderResult): PartnerError {
  if (result.kind !== 'accepted') throw new Error(`expected accepted, got ${result.kind}`);
  expect(result.order.status).toBe('FAILED');
  expect(result.failure).not.toBeNull();
  return result.failure!;
}

describe('orders refused with a 4xx envelope', () => {
  it.each([
    ['E100', 'TEST_E100_TEMPORARILY_DISABLED', 422, /temporarily unavailable/, /Try again later/],
    ['E101', 'TEST_E101_NOT_ENABLED', 422, /not enabled/, /Ask support to enable/],
    ['E102', 'TEST_E102_INACTIVE', 422, /inactive/, /Do not order/],
    ['E103', 'TEST_E103_B2C_ONLY', 422, /business model/, /Ask support/],
  ])('%s from %s', async (code, productId, status, message, action) => {
    const result = await client.placeOrder(order(productId), crypto.randomUUID());
    const error = rejected(result);
    expect(error).toMatchObject({ kind: 'business', code, httpStatus: status, requestId: result.requestIds[0] });
    expect(error.message).toMatch(message);
    expect(error.action).toMatch(action);
  });

  it('E150 for a FIXED denomination that is not listed', async () => {
    const error = rejected(await client.placeOrder(order('TEST_FIXED_STANDARD', 300), crypto.randomUUID()));
    expect(error).toMatchObject({ kind: 'business', code: 'E150', httpStatus: 422 });
    expect(error.action).toMatch(/Refresh the catalog/);
    expect(error.fields[0]).toMatchObject({ field: 'denominationDetails', message: expect.stringMatching(/300/) });
  });

  it('E161 when the discount exceeds the amount', async () => {
    const error = rejected(await client.placeOrder(order('TEST_FIXED_STANDARD', 100, { discountAmount: 150 }), crypto.randomUUID()));
    expect(error).toMatchObject({ kind: 'business', code: 'E161', httpStatus: 400, fields: [{ field: 'discountAmount', message: expect.any(String) }] });
    expect(error.action).toMatch(/Correct the discount/);
  });

  it('VALIDATION_FAILED and DUPLICATE_REFERENCE keep their codes and fields', async () => {
    const bad = rejected(await client.placeOrder(order('TEST_FIXED_STANDARD', 100, { amount: 200 }), crypto.randomUUID()));
    expect(bad).toMatchObject({ kind: 'http', code: 'VALIDATION_FAILED', httpStatus: 400, fields: [{ field: 'amount' }] });

    const first = order('TEST_FIXED_STANDARD');
    expect((await client.placeOrder(first, crypto.randomUUID())).kind).toBe('accepted');
    const dup = rejected(await client.placeOrder(first, crypto.randomUUID()));
    expect(dup).toMatchObject({ code: 'DUPLICATE_REFERENCE', httpStatus: 409 });
    expect(dup.action).toMatch(/Look up the existing order/);
  });
});

describe('orders that end FAILED (201 with a failureReason, spec §7.3)', () => {
  it.each([
    ['E200', 'TEST_E200_GENERATION_FAILED', /could not be generated/, /1–2 minutes.*starts a new sale/],
    ['E204', 'TEST_E204_GENERATION_UNAVAILABLE', /temporarily unavailable/, /short while.*starts a new sale/],
    ['BRAND_NOT_AVAILABLE', 'TEST_BRAND_NOT_AVAILABLE', /not available right now/, /another brand/],
  ])('%s from %s', async (code, productId, message, action) => {
    const result = await client.placeOrder(order(productId), crypto.randomUUID());
    const error = failed(result);
    expect(error).toMatchObject({ kind: 'business', code, httpStatus: 201, requestId: expect.stringMatching(UUID) });
    expect(error.message).toMatch(message);
    expect(error.message).toMatch(/wallet was not charged/);
    expect(error.action).toMatch(action);
  });

  it('E300 when the wallet does not cover the order', async () => {
    await control(sandbox, 'PUT', '/wallet', { balance: 50 });
    const error = failed(await client.placeOrder(order('TEST_FIXED_STANDARD', 100), crypto.randomUUID()));
    expect(error).toMatchObject({ kind: 'business', code: 'E300' });
    expect(error.action).toMatch(/Top up .*offline.*starts a new sale/);
  });

  it('E201 after PROCESSING, read back with getOrder', async () => {
    const placed = await client.placeOrder(order('TEST_E201_POLLING_FAILED'), crypto.randomUUID());
    expect(placed.kind === 'accepted' && placed.order.status).toBe('PROCESSING');
    expect(placed.kind === 'accepted' && placed.failure).toBeNull();
    await advance(sandbox, 181);
    const read = await client.getOrder(placed.kind === 'accepted' ? placed.order.id : '');
    if (!read.ok) throw new Error(read.error.message);
    const error = orderFailure(read.value, read.requestIds.at(-1)!);
    expect(error).toMatchObject({ kind: 'business', code: 'E201', requestId: read.requestIds.at(-1) });
    expect(error!.action).toMatch(/1–2 minutes/);
  });

  it('RATE_LIMIT when a configured limit is exceeded', async () => {
    await control(sandbox, 'PUT', '/rate-limits', { partner: { count: { hourly: 1 } } });
    expect((await client.placeOrder(order('TEST_FIXED_STANDARD'), crypto.randomUUID())).kind).toBe('accepted');
    const error = failed(await client.placeOrder(order('TEST_FIXED_STANDARD'), crypto.randomUUID()));
    expect(error.code).toBe('RATE_LIMIT');
  });
});

describe('failureReasonToCode and describeFailure', () => {
  it('maps the observed texts, tolerating case, punctuation and named codes', () => {
    expect(failureReasonToCode('Brand not available')).toBe('BRAND_NOT_AVAILABLE');
    expect(failureReasonToCode('Voucher generation failed')).toBe('E200');
    expect(failureReasonToCode('insufficient balance.')).toBe('E300');
    expect(failureReasonToCode('Denomination not available')).toBe('E150');
    expect(failureReasonToCode('Provider polling failed')).toBe('E201');
    expect(failureReasonToCode('Voucher generation temporarily unavailable')).toBe('E204');
    expect(failureReasonToCode('Rate limit exceeded')).toBe('RATE_LIMIT');
    expect(failureReasonToCode('E300: wallet low')).toBe('E300');
    expect(failureReasonToCode('The moon is in the wrong phase')).toBe('FAILED_UNKNOWN');
    expect(failureReasonToCode(null)).toBe('FAILED_UNKNOWN');
  });

  it('an unknown failure keeps its text (cleaned) in the sentence and the detail', () => {
    const error = orderFailure({ id: 'o', referenceId: 'r', status: 'FAILED', vouchers: [], failureReason: 'Issuer\nmaintenance window' }, 'req-1');
    expect(error).toMatchObject({ code: 'FAILED_UNKNOWN', requestId: 'req-1' });
    expect(error!.message).toContain('"Issuer maintenance window"');
    expect(error!.detail).toContain('Issuer');
    expect(describeFailure('FAILED_UNKNOWN').action).toMatch(/support/);
  });

  it('only FAILED orders are failures', () => {
    expect(orderFailure({ id: 'o', referenceId: 'r', status: 'SUCCESS', vouchers: [], failureReason: null }, null)).toBeNull();
    expect(orderFailure({ id: 'o', referenceId: 'r', status: 'PROCESSING', vouchers: [], failureReason: null }, null)).toBeNull();
  });
});
