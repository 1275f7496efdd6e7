import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src-main/sandbox/server.js';
import { MAX_BODY_BYTES } from '../../src-main/store-link/wire/primitives.js';
import type { StoreServer } from '../../src-main/store-server/server.js';
import { staffRow } from './staff-rows.js';
import { http, lastSeq, newRef, orderBody, placeOrder, sellingCounter, sql, startClusterStore, type ClusterStore, type Counter } from './store-harness.js';

/**
 * What arrives from the network is refused with a clear error and changes nothing: not the
 * journal, not the staff, not the store's sales, and nothing is sent to the service.
 */
describe('bad input from the network', () => {
  let clusterStore: ClusterStore;
  let sandbox: Sandbox;
  let server: StoreServer;
  let databaseUrl: string;
  let till: Counter;
  /** The store's manager, signed in at the till (the harness's seller). */
  let manager: { id: string };
  let seq = 0;
  let before = '';

  /** Every table a request could change, as one string. */
  async function everything(): Promise<string> {
    const tables = ['relayed_orders', 'staff', 'staff_sessions', 'counter_sales', 'counters', 'pairing_codes', 'wallets'];
    const rows = await Promise.all(tables.map((t) => sql(databaseUrl, `SELECT * FROM ${t} ORDER BY 1`)));
    return JSON.stringify(rows.map((r, i) => [tables[i], r.map((row) => ({ ...row, last_seen_at: undefined }))]));
  }

  beforeAll(async () => {
    clusterStore = await startClusterStore('hostile');
    ({ sandbox, server, databaseUrl } = clusterStore);
    till = await sellingCounter(server, 'Till');
    manager = { id: [...till.sessions.keys()][0]! };
    expect((await placeOrder(till, orderBody(newRef('OK')))).status).toBe(201);
  }, 60_000);

  beforeEach(async () => {
    seq = lastSeq(sandbox);
    before = await everything();
  });

  /** Nothing changed in the database and nothing went to the service. */
  async function nothingChanged(): Promise<void> {
    expect(await everything()).toBe(before);
    expect(sandbox.requests.list(seq).filter((r) => r.method === 'POST')).toEqual([]);
  }

  afterAll(() => clusterStore?.close(), 30_000);

  it('refuses a body that is not JSON with 400 BAD_JSON, wherever it is sent', async () => {
    const broken = '{"referenceId": "POS-X-1", ';
    for (const [path, method] of [
      ['/partner/v1/partners/orders', 'POST'],
      ['/store/v1/staff', 'PUT'],
      ['/store/v1/sales', 'POST'],
    ] as const) {
      const reply = await till.call(path, { method, raw: broken });
      expect(reply.status, path).toBe(400);
      expect(reply.json.error.code).toBe('BAD_JSON');
      expect(reply.json.error.message).toBe('The request body is not JSON');
    }
    const list = await till.call('/store/v1/contract/orders.list', { raw: broken, staffId: manager.id });
    expect(list.status).toBe(400);
    for (const path of ['/pair', '/partner/v1/partners/auth/login']) {
      const reply = await http(`${server.url}${path}`, { raw: broken });
      expect(reply.status, path).toBe(400);
      expect(reply.json.error.code).toBe('BAD_JSON');
    }
    await nothingChanged();
  });

  it('refuses a body over the limit with 413, answered (not a cut connection)', async () => {
    const huge = JSON.stringify({ items: [{ id: 'x', referenceId: 'r', state: 'SUCCESS', createdAt: 1, pad: 'x'.repeat(MAX_BODY_BYTES) }] });
    for (const [path, method] of [
      ['/store/v1/sales', 'POST'],
      ['/partner/v1/partners/orders', 'POST'],
      ['/store/v1/staff', 'PUT'],
    ] as const) {
      const reply = await till.call(path, { method, raw: huge });
      expect(reply.status, path).toBe(413);
      expect(reply.json.error).toEqual({ code: 'TOO_LARGE', message: `The request body is over ${MAX_BODY_BYTES} bytes`, details: [] });
    }
    const pair = await http(`${server.url}/pair`, { raw: huge });
    expect(pair.status).toBe(413);
    // The server still answers on a fresh connection.
    expect((await till.call('/store/v1/staff')).status).toBe(200);
    await nothingChanged();
  });

  it('refuses an order with a bad referenceId, amount or product with 400 VALIDATION_FAILED and journals nothing', async () => {
    const good = orderBody(newRef('BAD'));
    const bad: [unknown, RegExp][] = [
      [{ ...good, referenceId: 'has space' }, /^referenceId must be/],
      [{ ...good, referenceId: 'R'.repeat(41) }, /^referenceId must be/],
      [{ ...good, referenceId: '../orders' }, /^referenceId must be/],
      [{ ...good, referenceId: 42 }, /^referenceId must be/],
      [{ ...good, referenceId: undefined }, /^referenceId must be/],
      [{ ...good, amount: -5 }, /^amount must be/],
      [{ ...good, amount: '500' }, /^amount must be/],
      [{ ...good, amount: 1e12 }, /^amount must be/],
      [{ ...good, discountAmount: 600 }, /^discountAmount must be/],
      [{ ...good, discountAmount: -1 }, /^discountAmount must be/],
      [{ ...good, productId: '' }, /^productId is required/],
      [[good], /^The order must be a JSON object/],
      [null, /^The order must be a JSON object/],
      ['POS-1', /^The order must be a JSON object/],
    ];
    for (const [body, message] of bad) {
      const reply = await till.call('/partner/v1/partners/orders', { raw: JSON.stringify(body) });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.json.error.code).toBe('VALIDATION_FAILED');
      expect(reply.json.error.message).toMatch(message);
    }
    const empty = await till.call('/partner/v1/partners/orders', { raw: '' });
    expect(empty.status).toBe(400);
    await nothingChanged();
  });

  it('refuses bad staff rows and bad sales rows with 400 naming the field', async () => {
    const good = staffRow({ name: 'Fine' });
    const badRows: unknown[] = [
      { rows: [] },
      { rows: [{ ...good, role: 'owner' }] },
      { rows: [{ ...good, name: '' }] },
      { rows: [{ ...good, created_at: 'yesterday' }] },
      { rows: [{ ...good, pin_hash: undefined }] },
      { rows: [{ ...good, failed_attempts: 0 }] },
      { rows: [good], firstManager: 'yes' },
      { rows: [good], extra: true },
      { rows: Array.from({ length: 501 }, () => staffRow()) },
      { rows: good },
    ];
    for (const body of badRows) {
      const reply = await till.call('/store/v1/staff', { method: 'PUT', body, staffId: manager.id });
      expect(reply.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(reply.json.error.code).toBe('VALIDATION_FAILED');
      expect(reply.json.error.message).toMatch(/^(rows|firstManager|body)[^:]*: /);
    }
    const item = { id: 'sale-1', referenceId: 'POS-X-1', state: 'SUCCESS', createdAt: 1 };
    const badSales: unknown[] = [{ items: [] }, { items: [{ ...item, createdAt: 1.5 }] }, { items: [{ ...item, id: '' }] }, { items: [item], more: 1 }, { items: Array.from({ length: 201 }, () => item) }];
    for (const body of badSales) {
      const reply = await till.call('/store/v1/sales', { body });
      expect(reply.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(reply.json.error.code).toBe('VALIDATION_FAILED');
    }
    await nothingChanged();
  });

  it('refuses orders.list filter garbage with 400 (the contract\'s own input schema), and answers a good one', async () => {
    const garbage: unknown[] = [
      { filter: { phone: '12' } },
      { filter: { counterId: 'not-a-uuid' } },
      { filter: { states: ['NOT_A_STATE'] } },
      { filter: { from: 'today' } },
      { filter: { reference: '' } },
      { filter: { sql: '1=1' } },
      { filter: {}, limit: 0 },
      { filter: {}, limit: 10_000 },
      { filter: {}, after: { createdAt: 'x', id: 'y' } },
      { filter: {}, after: { createdAt: 1, id: '' } },
      { filter: {}, orderBy: 'created_at; DROP TABLE staff' },
      { filter: { from: 1e300 } },
    ];
    for (const body of garbage) {
      const reply = await till.call('/store/v1/contract/orders.list', { body, staffId: manager.id });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.json.error.code).toBe('VALIDATION_FAILED');
    }
    const fine = await till.call('/store/v1/contract/orders.list', { body: { filter: { reference: "%_\\'" } }, staffId: manager.id });
    expect(fine.status).toBe(200);
    expect(fine.json).toEqual({ items: [], next: null });
    await nothingChanged();
  });

  it('answers only the contract methods a store serves, with their contract inputs: others 404 NOT_SERVED, a wrong input 400', async () => {
    for (const method of ['sale.place', 'settings.setCredentials', 'store.join', 'constructor', 'hasOwnProperty', 'toString', 'orders']) {
      const reply = await till.call(`/store/v1/contract/${method}`, { body: {}, staffId: manager.id });
      expect(reply.status, method).toBe(404);
      expect(reply.json.error.code, method).toBe('NOT_SERVED');
    }
    expect((await till.call('/store/v1/contract/__proto__', { body: {}, staffId: manager.id })).status).toBe(404);
    for (const [method, body] of [
      ['store.revokeCounter', { counterId: 'not-a-counter' }],
      ['store.revokeCounter', {}],
      ['store.counters', { extra: 1 }],
      ['orders.detail', { saleId: '' }],
      ['orders.summary', { from: 1 }],
      ['wallet.statement', { limit: 0 }],
      ['orders.attention', undefined],
    ] as const) {
      const reply = await till.call(`/store/v1/contract/${method}`, { body, method: 'POST', staffId: manager.id });
      expect(reply.status, `${method} ${JSON.stringify(body)}`).toBe(400);
      expect(reply.json.error.code).toBe('VALIDATION_FAILED');
    }
    const unknownCounter = await till.call('/store/v1/contract/store.revokeCounter', { body: { counterId: crypto.randomUUID() }, staffId: manager.id });
    expect(unknownCounter.status).toBe(404);
    expect(unknownCounter.json.error.code).toBe('NOT_FOUND');
    await nothingChanged();
  });

  it('answers unknown routes 404 and a by-reference path that is not valid URL encoding 400', async () => {
    expect((await http(`${server.url}/nope`)).status).toBe(404);
    expect((await http(`${server.url}/health`, { method: 'POST', body: {} })).status).toBe(404);
    for (const [path, method] of [
      ['/store/v1/nope', 'GET'],
      ['/store/v1/staff', 'DELETE'],
      ['/partner/v1/partners/nope', 'GET'],
      ['/partner/v1/partners/orders', 'GET'],
      ['/partner/v1/partners/orders/a/b/c', 'GET'],
    ] as const) {
      const reply = await till.call(path, { method });
      expect(reply.status, `${method} ${path}`).toBe(404);
      expect(reply.json.error.code).toBe('NOT_FOUND');
    }
    for (const path of ['/partner/v1/partners/orders/by-reference/%E0%A4%A', '/partner/v1/partners/orders/%ZZ', '/partner/v1/partners/orders/vouchers/%']) {
      const reply = await till.call(path);
      expect(reply.status, path).toBe(400);
      expect(reply.json.error.code).toBe('BAD_REQUEST');
    }
    await nothingChanged();
  });

  it('refuses a missing, malformed or unknown bearer token with 401, and a missing or garbage staff session with 403', async () => {
    const unknown = 'A'.repeat(43);
    for (const authorization of [undefined, 'Bearer', 'Bearer short', `Basic ${till.token}`, `Bearer ${till.token} extra`, `Bearer ${unknown}`, `bearer${till.token}`]) {
      for (const path of ['/store/v1/staff', '/partner/v1/partners/wallet/balance']) {
        const reply = await http(`${server.url}${path}`, { headers: authorization ? { Authorization: authorization } : {} });
        expect(reply.status, `${authorization} ${path}`).toBe(401);
        expect(reply.json.error.code).toBe('UNAUTHORIZED');
      }
    }
    const placed = await http(`${server.url}/partner/v1/partners/orders`, { headers: { Authorization: `Bearer ${unknown}` }, body: orderBody(newRef('NOAUTH')) });
    expect(placed.status).toBe(401);
    for (const session of [undefined, '', "x' OR '1'='1", 'a'.repeat(201), 'A'.repeat(43), manager.id]) {
      for (const [path, body] of [
        ['/store/v1/contract/store.counters', {}],
        ['/partner/v1/partners/orders', orderBody(newRef('NOSTAFF'))],
      ] as const) {
        const headers: Record<string, string> = session === undefined ? {} : { 'X-Staff-Session': session };
        const reply = await http(`${server.url}${path}`, { method: 'POST', token: till.token, headers, body });
        expect(reply.status, `${session} ${path}`).toBe(403);
        expect(reply.json.error.code).toBe('STAFF_SIGN_IN_NEEDED');
      }
    }
    // Sign-in and pairing with the wrong shapes.
    expect((await http(`${server.url}/partner/v1/partners/auth/login`, { body: { clientId: 'x', clientSecret: 'y' } })).status).toBe(401);
    expect((await http(`${server.url}/partner/v1/partners/auth/login`, { body: { clientId: till.id } })).status).toBe(400);
    expect((await http(`${server.url}/partner/v1/partners/auth/login`, { body: { clientId: till.id, clientSecret: 'wrong' } })).status).toBe(401);
    expect((await http(`${server.url}/pair`, { body: { code: 'ABCD', counterName: 'x'.repeat(61) } })).status).toBe(400);
    expect((await http(`${server.url}/pair`, { body: { code: 42, counterName: 'Till' } })).status).toBe(400);
    await nothingChanged();
  });
});
