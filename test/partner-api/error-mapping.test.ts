import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeError, describeSaleFailure, KNOWN_CODES, NO_VOUCHER_GIVE_MONEY_BACK } from '../../src-main/partner-api/error-table.js';
import type { PartnerClient } from '../../src-main/partner-api/partner-client.js';
import { errorFromResponse, parseErrorEnvelope } from '../../src-main/partner-api/partner-error.js';
import { FORBIDDEN } from '../support/screen-words.js';
import { clientFor, order, startFakeService } from './helpers.js';

/**
 * Answers the sandbox never gives: unknown business codes, envelopes of other shapes, and 2xx
 * bodies that cannot be read. A tiny local service stands in for the Partner API.
 */
type Answer = (res: ServerResponse) => void;
const json = (status: number, body: unknown): Answer => (res) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
const text = (status: number, body: string, type = 'text/plain'): Answer => (res) => res.writeHead(status, { 'Content-Type': type }).end(body);

let next: Answer = json(200, {});
let service: Awaited<ReturnType<typeof startFakeService>>;
let client: PartnerClient;

beforeAll(async () => {
  service = await startFakeService((_req, res) => next(res));
  client = clientFor(service);
});
afterAll(async () => {
  client.close();
  await service.close();
});

async function place(answer: Answer) {
  next = answer;
  const before = service.hits.filter((h) => h.path === '/v1/partners/orders').length;
  const body = order('ANY');
  const result = await client.placeOrder(body, crypto.randomUUID());
  expect(service.hits.filter((h) => h.path === '/v1/partners/orders').length - before).toBe(1);
  return { result, body };
}

describe('error envelopes of unknown shape', () => {
  it('keeps an unknown business code E999 verbatim with a generic sentence that shows it', async () => {
    const { result } = await place(json(422, { error: { code: 'E999', message: 'Something new' }, requestId: 'x' }));
    expect(result.kind).toBe('rejected');
    const error = result.kind === 'rejected' ? result.error : null;
    expect(error).toMatchObject({ kind: 'business', code: 'E999', httpStatus: 422, requestId: result.requestIds[0] });
    expect(error!.message).toContain('E999');
    expect(error!.action).toContain('E999');
    expect(error!.detail).toContain('Something new');
  });

  it.each([
    ['{code, message}', json(422, { code: 'E102', message: 'inactive' }), 'E102', []],
    ['{errorCode, errorMessage}', json(422, { errorCode: 'E101', errorMessage: 'nope' }), 'E101', []],
    ['{errors: [...]} with fields', json(400, { errors: [{ field: 'amount', message: 'too big' }] }), 'HTTP_400', [{ field: 'amount', message: 'too big' }]],
    ['{errors: [{code}]}', json(422, { errors: [{ code: 'E150', message: 'denomination' }] }), 'E150', []],
    ['plain text', text(422, 'Brand is not active'), 'HTTP_422', []],
    ['HTML', text(400, '<html><body><h1>400 Bad Request</h1></body></html>', 'text/html'), 'HTTP_400', []],
    ['an empty body', text(409, ''), 'HTTP_409', []],
  ])('reads %s', async (_shape, answer, code, fields) => {
    const { result } = await place(answer);
    expect(result.kind).toBe('rejected');
    expect(result.kind === 'rejected' && result.error).toMatchObject({ code, fields });
  });

  it('parseErrorEnvelope never shows HTML as a message and flattens service text', () => {
    expect(parseErrorEnvelope('<!doctype html><html>oops</html>')).toEqual({ code: null, message: null, fields: [] });
    expect(parseErrorEnvelope('line one\nline two')).toMatchObject({ message: 'line one line two' });
    expect(parseErrorEnvelope(JSON.stringify({ error: 'Plain error text' }))).toMatchObject({ code: null, message: 'Plain error text' });
    expect(parseErrorEnvelope('{"error": {"code": 400}}')).toMatchObject({ code: null });
  });

  it('status rules come before envelope codes', () => {
    expect(errorFromResponse(503, '{"error":{"code":"E200"}}', 'r', 'api')).toMatchObject({ kind: 'http', code: 'HTTP_5XX', httpStatus: 503 });
    expect(errorFromResponse(401, '', 'r', 'login')).toMatchObject({ kind: 'auth', code: 'INVALID_CREDENTIALS' });
    expect(errorFromResponse(400, '', 'r', 'login')).toMatchObject({ kind: 'auth', code: 'CREDENTIALS_MISSING' });
    expect(errorFromResponse(403, '', 'r', 'api')).toMatchObject({ kind: 'forbidden', code: 'HTTP_403' });
    // A store server's refusal of the person at the counter is not the service's IP whitelist.
    const seller = errorFromResponse(403, '{"error":{"code":"STAFF_SIGN_IN_NEEDED","message":"x"}}', 'r', 'api');
    expect(seller).toMatchObject({ kind: 'forbidden', code: 'STAFF_SIGN_IN_NEEDED', action: 'Sign out, then sign in again with your PIN.' });
    expect(seller.message).not.toMatch(/whitelisted/);
    expect(errorFromResponse(403, '{"error":{"code":"STAFF_NOT_PERMITTED"}}', 'r', 'api')).toMatchObject({ code: 'STAFF_NOT_PERMITTED' });
    expect(errorFromResponse(403, '{"error":{"code":"E100"}}', 'r', 'api')).toMatchObject({ code: 'HTTP_403' });
    expect(errorFromResponse(404, '{"error":{"code":"NOT_FOUND"}}', 'r', 'api')).toMatchObject({ code: 'HTTP_404' });
  });

  it('every code has a sentence and an action; unknown ones name the code', () => {
    for (const code of ['E100', 'E101', 'E102', 'E103', 'E150', 'E161', 'E200', 'E201', 'E204', 'E300', 'TIMEOUT', 'NETWORK', 'HTTP_5XX', 'BAD_RESPONSE']) {
      const d = describeError(code);
      expect(d.message.length).toBeGreaterThan(10);
      expect(d.action.length).toBeGreaterThan(10);
      expect(d.message).not.toContain('does not know');
    }
    expect(describeError('X_NEW').message).toContain('X_NEW');
    expect(describeError('HTTP_418').message).toContain('418');
  });
});

describe('2xx answers that cannot be read', () => {
  it('a products page that is not a page is refused, with or without a known hash', async () => {
    next = text(200, '{"data":[{"id":"b1"', 'application/json');
    expect(await client.listBrandsPageIfChanged(1, 100, null)).toMatchObject({ ok: false, error: { code: 'BAD_RESPONSE', httpStatus: 200 } });
    next = json(200, { data: 'not a list', nextCursor: null });
    expect(await client.listBrandsPageIfChanged(1, 100, 'some-earlier-hash')).toMatchObject({ ok: false, error: { code: 'BAD_RESPONSE' } });
  });

  it('an order answer that is truncated JSON is IN DOUBT, not a failure', async () => {
    const { result } = await place(text(201, '{"id":"ord_1","referenceId":"R","status":"SUC', 'application/json'));
    expect(result).toMatchObject({ kind: 'unknown', error: { kind: 'protocol', code: 'BAD_RESPONSE', httpStatus: 201 } });
  });

  it('an HTML 200 to POST /orders is IN DOUBT', async () => {
    const { result } = await place(text(200, '<html>Welcome to the captive portal</html>', 'text/html'));
    expect(result).toMatchObject({ kind: 'unknown', error: { code: 'BAD_RESPONSE' } });
  });

  it('an order answer for another referenceId is IN DOUBT', async () => {
    const { result } = await place(json(201, { id: 'ord_x', referenceId: 'SOMEONE-ELSE', status: 'SUCCESS', vouchers: [] }));
    expect(result).toMatchObject({ kind: 'unknown', error: { code: 'BAD_RESPONSE' } });
  });

  it('accepts 200 as well as 201 for a readable order', async () => {
    const body = order('ANY');
    next = json(200, { id: 'ord_200', referenceId: body.referenceId, status: 'PROCESSING', vouchers: null, failureReason: null });
    const result = await client.placeOrder(body, 'req-200');
    expect(result).toMatchObject({ kind: 'accepted', httpStatus: 200, requestId: 'req-200', order: { id: 'ord_200', vouchers: [] } });
  });

  it('a GET whose 2xx body is not the expected shape is BAD_RESPONSE with the request id', async () => {
    next = text(200, '<html>maintenance</html>', 'text/html');
    const result = await client.getWalletBalance();
    expect(result.ok ? null : result.error).toMatchObject({ kind: 'protocol', code: 'BAD_RESPONSE', httpStatus: 200, requestId: result.requestIds[0] });
    next = json(200, { balance: '1234.50' });
    expect(await client.getWalletBalance()).toMatchObject({ ok: true, value: { balance: 1234.5 } });
  });
});

describe("a sale that ended FAILED or REJECTED says what to do with the customer's money", () => {
  // Every code a settled sale can carry: the table's, codes it does not know, and none at all.
  const codes: (string | null)[] = [...KNOWN_CODES, 'E999', 'HTTP_418', 'X_NEW', null];

  it('ends every sentence with: no voucher was issued, give the money back', () => {
    expect(KNOWN_CODES.length).toBeGreaterThan(25);
    expect(NO_VOUCHER_GIVE_MONEY_BACK).toBe("No voucher was issued: give the customer's money back.");
    for (const code of codes) {
      const d = describeSaleFailure(code);
      expect(d.message.endsWith(` ${NO_VOUCHER_GIVE_MONEY_BACK}`), String(code)).toBe(true);
      expect(d.message.length - NO_VOUCHER_GIVE_MONEY_BACK.length, String(code)).toBeGreaterThan(10);
      expect(d.action.length, String(code)).toBeGreaterThan(5);
    }
    expect(describeSaleFailure('E200').message).toBe(`${describeError('E200').message} ${NO_VOUCHER_GIVE_MONEY_BACK}`);
    expect(describeSaleFailure('E999').message).toContain('E999');
  });

  it('never tells the cashier of a settled sale that it may still have gone through', () => {
    for (const code of codes) {
      const { message, action } = describeSaleFailure(code);
      expect(`${message} ${action}`, String(code)).not.toMatch(/do not sell it again|checks by its reference|whether the order was created/i);
    }
    // Outside a settled sale, the codes that can mean a lost answer still warn against selling again.
    for (const code of ['HTTP_408', 'HTTP_5XX', 'TIMEOUT', 'NETWORK', 'BAD_RESPONSE']) {
      expect(describeError(code).action, code).toMatch(/do not sell it again: the app first checks by its reference/);
      expect(describeSaleFailure(code).action, code).toBe(describeError(code).action.replace(/ If this was a sale.*$/, ''));
    }
  });

  it('speaks of the wallet, never "nothing was charged" that a cashier could read as the customer, and never "not sold"', () => {
    for (const code of codes) {
      const { message, action } = describeSaleFailure(code);
      expect(`${message} ${action}`, String(code)).not.toMatch(/nothing was charged|not sold|treat it as/i);
    }
  });
});

describe('the error table speaks to people', () => {
  it('uses no developer words in any sentence a screen shows, for known, HTTP and unknown codes', () => {
    const sentences = [...KNOWN_CODES, 'HTTP_418', 'E999'].flatMap((code) => {
      const { message, action } = describeError(code);
      return [message, action].map((text) => ({ code, text }));
    });
    const offences = sentences.flatMap(({ code, text }) =>
      [...FORBIDDEN, { word: 'request id', pattern: /request ids?\b/i }].filter((f) => f.pattern.test(text)).map((f) => `${code}: ${f.word} in "${text}"`),
    );
    expect(offences).toEqual([]);
  });
});
