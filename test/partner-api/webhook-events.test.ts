import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseEventType } from '../../src-main/partner-api/webhook-events.js';
import { parseWebhookEvent } from '../../src-main/partner-api/wire-schemas.js';
import type { Sandbox } from '../../src-main/sandbox/server.js';
import { STAGING, advance, control, start } from './helpers.js';

/** The four events of spec §6 as the sandbox sends them, and the tolerated variants. */
const envelope = (eventType: string, data: Record<string, unknown>) => ({ eventId: 'ev-1', eventType, createdAt: '2026-11-25T06:00:00.000Z', data });

describe('parseWebhookEvent', () => {
  it('reads the order event with `id` or `orderId`', () => {
    for (const key of ['id', 'orderId']) {
      expect(parseWebhookEvent(envelope('ORDER_REACHED_TERMINAL_STATE', { [key]: 'ord_1', status: 'SUCCESS' }))).toEqual({
        type: 'ORDER_REACHED_TERMINAL_STATE',
        eventId: 'ev-1',
        createdAt: '2026-11-25T06:00:00.000Z',
        orderId: 'ord_1',
        status: 'SUCCESS',
      });
    }
  });

  it('reads Brand Discount Update with and without validTo', () => {
    const open = parseWebhookEvent(envelope('BRAND_DISCOUNT_UPDATE', { brandId: 'B1', subventionPercentage: 4.5, validFrom: '2026-12-01' }));
    expect(open).toMatchObject({ type: 'BRAND_DISCOUNT_UPDATE', brandId: 'B1', subventionPercentage: 4.5, validFrom: '2026-12-01', validTo: null });
    const bounded = parseWebhookEvent(envelope('BRAND_DISCOUNT_UPDATE', { brandId: 'B1', subventionPercentage: 3, validFrom: '2026-12-01', validTo: '2026-12-31' }));
    expect(bounded).toMatchObject({ validTo: '2026-12-31' });
  });

  it('reads Brand Updated and Wallet Low Balance', () => {
    const brand = parseWebhookEvent(
      envelope('BRAND_UPDATED', {
        id: 'B1',
        denominationType: 'FIXED',
        status: 'INACTIVE',
        denominations: [100, 200],
        amountRestrictions: {
          minOrderAmount: 100,
          maxOrderAmount: 1000,
          minVoucherAmount: 100,
          maxVoucherAmount: 200,
          maxVouchersPerOrder: 5,
          maxVouchersPerDenomination: null,
          maxDenominationsPerOrder: 2,
        },
      }),
    );
    expect(brand).toMatchObject({ type: 'BRAND_UPDATED', brandId: 'B1', status: 'INACTIVE', denominations: [100, 200] });
    expect(brand).toHaveProperty('amountRestrictions.maxDenominationsPerOrder', 2);
    expect(parseWebhookEvent(envelope('WALLET_LOW_BALANCE', { balance: 900, threshold: 1000 }))).toMatchObject({
      type: 'WALLET_LOW_BALANCE',
      balance: 900,
      threshold: 1000,
    });
  });

  it('accepts other spellings of the event type', () => {
    expect(normaliseEventType('Order Reached Terminal State')).toBe('ORDER_REACHED_TERMINAL_STATE');
    expect(normaliseEventType('brand.updated')).toBe('BRAND_UPDATED');
    expect(normaliseEventType('walletLowBalance')).toBe('WALLET_LOW_BALANCE');
    expect(parseWebhookEvent(envelope('Order Reached Terminal State', { orderId: 'o', status: 'FAILED' })).type).toBe('ORDER_REACHED_TERMINAL_STATE');
  });

  it('normalises event names written in any common style', () => {
    for (const name of [
      'ORDER_REACHED_TERMINAL_STATE',
      'order_reached_terminal_state',
      'Order Reached Terminal State',
      'order.reached_terminal_state',
      'order.reached.terminal.state',
      'order-reached-terminal-state',
      'orderReachedTerminalState',
      'OrderReachedTerminalState',
      ' ORDERReachedTerminalState ',
    ]) {
      expect(normaliseEventType(name), name).toBe('ORDER_REACHED_TERMINAL_STATE');
    }
  });

  it('tells the four events apart by their payload fields when no name is given (spec §6 table)', () => {
    const unnamed = (data: Record<string, unknown>) => parseWebhookEvent({ eventId: 'ev-2', data });
    expect(unnamed({ id: 'B1', denominationType: 'FIXED', status: 'ACTIVE', denominations: [100] })).toMatchObject({ type: 'BRAND_UPDATED', brandId: 'B1' });
    expect(unnamed({ id: 'B1', status: 'INACTIVE' })).toMatchObject({ type: 'BRAND_UPDATED', status: 'INACTIVE' });
    expect(unnamed({ balance: 10, threshold: 100 })).toMatchObject({ type: 'WALLET_LOW_BALANCE', balance: 10 });
    expect(unnamed({ id: 'ord_1', status: 'SUCCESS' })).toMatchObject({ type: 'ORDER_REACHED_TERMINAL_STATE', orderId: 'ord_1' });
    expect(unnamed({ orderId: 'ord_2', status: 'FAILED' })).toMatchObject({ type: 'ORDER_REACHED_TERMINAL_STATE', orderId: 'ord_2' });
    expect(unnamed({ brandId: 'B2', subventionPercentage: 3, validFrom: '2026-12-01' })).toMatchObject({ type: 'BRAND_DISCOUNT_UPDATE', brandId: 'B2' });
    expect(unnamed({ id: 'x', status: 'PENDING_REVIEW' })).toMatchObject({ type: 'unknown', reason: 'no event name, and its fields fit none of the four events' });
  });

  it('reads the order or brand id by its own name before an `id` that may be the event’s', () => {
    expect(parseWebhookEvent({ id: 'evt-9', event: 'order.reached_terminal_state', orderId: 'ord_9', status: 'SUCCESS' })).toMatchObject({ orderId: 'ord_9', eventId: null });
    expect(parseWebhookEvent({ id: 'evt-9', event: 'brand.updated', brandId: 'B9', status: 'ACTIVE' })).toMatchObject({ brandId: 'B9' });
    // Beside a wrapped payload, `id` is the event's.
    expect(parseWebhookEvent({ id: 'evt-10', event: 'order.reached_terminal_state', data: { id: 'ord_10', status: 'SUCCESS' } })).toMatchObject({ eventId: 'evt-10', orderId: 'ord_10' });
  });

  it('returns an unknown event for new types, missing fields and non-objects', () => {
    expect(parseWebhookEvent(envelope('COUPON_CREATED', {}))).toMatchObject({ type: 'unknown', eventType: 'COUPON_CREATED', eventId: 'ev-1' });
    expect(parseWebhookEvent(envelope('ORDER_REACHED_TERMINAL_STATE', { status: 'SUCCESS' }))).toMatchObject({ type: 'unknown' });
    expect(parseWebhookEvent('[1,2]')).toMatchObject({ type: 'unknown', eventId: null, reason: 'not a JSON object' });
    expect(parseWebhookEvent(null)).toMatchObject({ type: 'unknown' });
  });
});

describe('events delivered by the sandbox', () => {
  let sandbox: Sandbox;
  const bodies: string[] = [];
  let close: () => Promise<void>;

  beforeAll(async () => {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        bodies.push(Buffer.concat(chunks).toString('utf8'));
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    close = () => new Promise<void>((resolve) => server.close(() => resolve()));
    sandbox = await start({ webhookUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks` });
  });
  afterAll(async () => {
    await sandbox.close();
    await close();
  });

  it('parses every event type the sandbox emits', async () => {
    await control(sandbox, 'PATCH', '/brands/TEST_FIXED_STANDARD', { status: 'INACTIVE', discount: { subventionPercentage: 5, validFrom: '2026-12-01' } });
    await control(sandbox, 'PUT', '/wallet', { lowBalanceThreshold: 1000, balance: 500 });
    await control(sandbox, 'PUT', '/wallet', { balance: 100_000 });
    const login = await fetch(`${sandbox.url}/v1/partners/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(STAGING) });
    const { token } = (await login.json()) as { token: string };
    await fetch(`${sandbox.url}/v1/partners/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ productId: 'TEST_PROCESSING_SUCCESS', referenceId: 'WH-1', amount: 100, denominationDetails: [{ denomination: 100, quantity: 1 }] }),
    });
    await advance(sandbox, 200);

    const events = bodies.map((b) => parseWebhookEvent(JSON.parse(b)));
    expect(events.map((e) => e.type).sort()).toEqual(['BRAND_DISCOUNT_UPDATE', 'BRAND_UPDATED', 'ORDER_REACHED_TERMINAL_STATE', 'WALLET_LOW_BALANCE']);
    expect(events.find((e) => e.type === 'BRAND_UPDATED')).toMatchObject({ brandId: 'TEST_FIXED_STANDARD', status: 'INACTIVE' });
    expect(events.find((e) => e.type === 'BRAND_DISCOUNT_UPDATE')).toMatchObject({ validTo: null });
    expect(events.find((e) => e.type === 'ORDER_REACHED_TERMINAL_STATE')).toMatchObject({ status: 'SUCCESS', orderId: expect.stringMatching(/^ord_/) });
    expect(events.every((e) => e.eventId !== null)).toBe(true);
  });
});
