import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_READER_VERSION } from '../../src-main/partner-api/accepted-bytes.js';
import type { PartnerClient } from '../../src-main/partner-api/partner-client.js';
import type { Sandbox } from '../../src-main/sandbox/server.js';
import { advance, clientFor, control, lastSeq, order, requestsSince, start } from './helpers.js';

/** Each endpoint of spec §4 through the client, against the sandbox over real HTTP. */
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

const CUSTOMER = { name: 'Asha Verma', phoneNumber: '9876543210', email: 'asha.verma@example.in' };

describe('catalog', () => {
  it('pages with nextCursor and a null cursor on the last page', async () => {
    const first = await client.listBrandsPage(1, 100);
    if (!first.ok) throw new Error(first.error.message);
    expect(first.value.brands).toHaveLength(100);
    expect(first.value.nextCursor).toEqual({ pageNo: 2, limit: 100 });
    const total = sandbox.state.catalog.list({}).length;
    const last = await client.listBrandsPage(Math.ceil(total / 100), 100);
    expect(last.ok && last.value.nextCursor).toBeNull();
  });

  it('answers a page whose body hashes as known without parsing it, and parses it otherwise', async () => {
    const fresh = await client.listBrandsPageIfChanged(1, 100, null);
    if (!fresh.ok || fresh.value.unchanged) throw new Error('expected a parsed page');
    const plain = await client.listBrandsPage(1, 100);
    expect(plain.ok && fresh.value.page).toEqual(plain.ok && plain.value);
    expect(fresh.value.hash).toMatch(new RegExp(`^${BRAND_READER_VERSION}\\.[A-Za-z0-9_-]{27}$`));
    expect(await client.listBrandsPageIfChanged(1, 100, fresh.value.hash)).toMatchObject({ ok: true, value: { unchanged: true, hash: fresh.value.hash } });
    const other = await client.listBrandsPageIfChanged(2, 100, fresh.value.hash);
    expect(other.ok && !other.value.unchanged && other.value.page.brands[0]?.id).not.toBe(plain.ok && plain.value.brands[0]?.id);
  });

  it('gets one brand, including one not in the list (E101 brand), and 404 for an unknown id', async () => {
    const brand = await client.getBrand('TEST_E101_NOT_ENABLED');
    expect(brand).toMatchObject({ ok: true, value: { id: 'TEST_E101_NOT_ENABLED', status: 'ACTIVE' } });
    const missing = await client.getBrand('NO_SUCH_BRAND');
    expect(missing.ok ? null : missing.error).toMatchObject({ kind: 'http', code: 'HTTP_404' });
  });

  it('encodes ids into the path', async () => {
    const since = lastSeq(sandbox);
    await client.getBrand('a/b?c');
    expect(requestsSince(sandbox, since).at(-1)!.path).toBe('/v1/partners/products/a%2Fb%3Fc');
  });
});

describe('orders, vouchers, delivery, wallet', () => {
  it('places a SUCCESS order with the caller chosen X-REQUEST-ID and reads it back by id and reference', async () => {
    const body = order('TEST_FIXED_STANDARD', 600, { denominationDetails: [{ denomination: 100, quantity: 1 }, { denomination: 500, quantity: 1 }] });
    const since = lastSeq(sandbox);
    const placed = await client.placeOrder(body, 'journal-req-1');
    expect(placed).toMatchObject({ kind: 'accepted', httpStatus: 201, requestId: 'journal-req-1', requestIds: ['journal-req-1'], failure: null });
    expect(requestsSince(sandbox, since, 'POST').map((e) => e.requestId)).toEqual(['journal-req-1']);
    if (placed.kind !== 'accepted') return;
    expect(placed.order.vouchers.map((v) => v.amount).sort((a, b) => a - b)).toEqual([100, 500]);
    expect(placed.order.vouchers.every((v) => v.cardNumber && v.cardPin && !('balance' in v))).toBe(true);
    expect(await client.getOrder(placed.order.id)).toMatchObject({ ok: true, value: placed.order });
    expect(await client.getOrderByReference(body.referenceId)).toMatchObject({ ok: true, value: placed.order });
  });

  it('reads a voucher with its live balance, and amount sent as a string', async () => {
    const placed = await client.placeOrder(order('TEST_AMOUNT_AS_STRING', 500), crypto.randomUUID());
    if (placed.kind !== 'accepted') throw new Error(placed.kind);
    const voucher = placed.order.vouchers[0]!;
    expect(voucher).toMatchObject({ amount: 500, cardPin: null, cardNumber: expect.any(String) });
    await control(sandbox, 'POST', `/vouchers/${voucher.id}/redeem`, { amount: 120 });
    expect(await client.getVoucher(voucher.id!)).toMatchObject({ ok: true, value: { id: voucher.id, amount: 500, balance: 380 } });
  });

  it('a PROCESSING order becomes SUCCESS, seen through getOrder', async () => {
    const placed = await client.placeOrder(order('TEST_PROCESSING_SUCCESS'), crypto.randomUUID());
    expect(placed).toMatchObject({ kind: 'accepted', order: { status: 'PROCESSING', vouchers: [], failureReason: null } });
    await advance(sandbox, 181);
    const read = await client.getOrder(placed.kind === 'accepted' ? placed.order.id : '');
    expect(read.ok && read.value.status).toBe('SUCCESS');
    expect(read.ok && read.value.vouchers).toHaveLength(1);
  });

  it('resends delivery: success, a channel without contact, and a non-deliverable order', async () => {
    const withContact = await client.placeOrder(order('TEST_FIXED_STANDARD', 100, { customerDetails: CUSTOMER }), crypto.randomUUID());
    const id = withContact.kind === 'accepted' ? withContact.order.id : '';
    expect(await client.resendDelivery(id, ['SMS', 'EMAIL'])).toMatchObject({ ok: true, value: { success: true } });

    const bare = await client.placeOrder(order('TEST_FIXED_STANDARD'), crypto.randomUUID());
    const bareId = bare.kind === 'accepted' ? bare.order.id : '';
    expect(await client.resendDelivery(bareId, ['EMAIL'])).toMatchObject({ ok: true, value: { success: false, message: expect.stringMatching(/email/i) } });

    const processing = await client.placeOrder(order('TEST_PROCESSING_STUCK'), crypto.randomUUID());
    const refused = await client.resendDelivery(processing.kind === 'accepted' ? processing.order.id : '', ['SMS']);
    expect(refused.ok ? null : refused.error).toMatchObject({ code: 'ORDER_NOT_DELIVERABLE', httpStatus: 409 });
  });

  it('reads the wallet balance', async () => {
    await control(sandbox, 'PUT', '/wallet', { balance: 12345.5 });
    expect(await client.getWalletBalance()).toMatchObject({ ok: true, value: { balance: 12345.5 } });
  });
});
