import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerClient, type PartnerClient } from '../../src-main/partner-api/partner-client.js';
import type { PartnerCredentials } from '../../src-main/partner-api/token-manager.js';
import { systemClock } from '../../src-main/platform/clock.js';
import { memoryLogger, type Logger } from '../../src-main/platform/logger.js';
import type { Sandbox } from '../../src-main/sandbox/server.js';
import { ORDERS, STAGING, arm, control, noWaitSleep, order, start } from './helpers.js';

/**
 * Product non-negotiable 2: the client secret, the bearer token, card numbers and PINs never
 * reach a log line or an error. Checked twice: with the app's redacting logger, and with a
 * logger that redacts nothing, to prove the client does not rely on redaction.
 */
function rawLogger(lines: string[]): Logger {
  const logger: Logger = {
    log: (level, event, fields = {}) => void lines.push(JSON.stringify({ level, event, ...fields })),
    child: () => logger,
  };
  return logger;
}

let sandbox: Sandbox;
const tokens: string[] = [];

beforeAll(async () => {
  sandbox = await start();
  // Spy on the emulated service to learn the tokens it issued: the client never shows them.
  const service = sandbox.state.tokens;
  const login = service.login.bind(service);
  service.login = (body) => {
    const result = login(body);
    tokens.push(result.token);
    return result;
  };
});
afterAll(() => sandbox.close());

async function scenario(client: PartnerClient, setCredentials: (c: PartnerCredentials) => void): Promise<{ secrets: string[]; outputs: unknown[] }> {
  const outputs: unknown[] = [];
  const secrets: string[] = [];
  setCredentials({ ...STAGING, clientSecret: 'wrong-secret-0451' });
  outputs.push(await client.getWalletBalance());
  setCredentials(STAGING);
  outputs.push(await client.getWalletBalance());
  await arm(sandbox, { kind: 'revoke-token', match: { method: 'GET', path: '/v1/partners/products/TEST_FIXED_STANDARD' } });
  outputs.push(await client.getBrand('TEST_FIXED_STANDARD'));
  for (const productId of ['TEST_FIXED_STANDARD', 'TEST_FLEXIBLE_STANDARD', 'TEST_AMOUNT_AS_STRING']) {
    const placed = await client.placeOrder(order(productId, 500), crypto.randomUUID());
    outputs.push(placed);
    if (placed.kind !== 'accepted') throw new Error(`order failed: ${placed.kind}`);
    for (const v of placed.order.vouchers) {
      secrets.push(...[v.cardNumber, v.cardPin].filter((x): x is string => x !== null));
      outputs.push(await client.getVoucher(v.id!));
    }
    outputs.push(await client.getOrder(placed.order.id));
    outputs.push(await client.getOrderByReference(placed.order.referenceId));
  }
  outputs.push(await client.placeOrder(order('TEST_E102_INACTIVE'), crypto.randomUUID()));
  await arm(sandbox, { kind: 'error-5xx', match: { method: 'POST', path: ORDERS } });
  outputs.push(await client.placeOrder(order('TEST_FIXED_STANDARD'), crypto.randomUUID()));
  await control(sandbox, 'PUT', '/allowed-ips', { ips: ['203.0.113.9'] });
  client.signOut();
  outputs.push(await client.getWalletBalance());
  await control(sandbox, 'PUT', '/allowed-ips', { ips: ['127.0.0.1', '::1'] });
  return { secrets, outputs };
}

describe('no secret in any log line or error', () => {
  it.each([
    ['the app logger (memoryLogger)', () => memoryLogger()],
    ['a logger that redacts nothing', () => {
      const lines: string[] = [];
      return Object.assign(rawLogger(lines), { lines });
    }],
  ])('%s', async (_name, makeLogger) => {
    const logger = makeLogger();
    const lines = logger.lines;
    let credentials: PartnerCredentials = STAGING;
    const client = createPartnerClient({
      baseUrl: sandbox.url,
      credentials: async () => credentials,
      clock: systemClock,
      logger,
      sleep: noWaitSleep().sleep,
    });
    const issuedBefore = tokens.length;
    const { secrets, outputs } = await scenario(client, (c) => (credentials = c));
    client.close();

    expect(tokens.length - issuedBefore).toBe(2); // first login, and the one after the revoked token
    expect(secrets.length).toBeGreaterThanOrEqual(4);
    expect(lines.length).toBeGreaterThanOrEqual(15);
    const forbidden = [STAGING.clientSecret, 'wrong-secret-0451', ...tokens, ...secrets];
    const errors = outputs
      .map((o) => (o as { error?: unknown; failure?: unknown }).error ?? (o as { failure?: unknown }).failure)
      .filter(Boolean)
      .map((e) => JSON.stringify(e));
    expect(errors.length).toBeGreaterThanOrEqual(3);
    for (const text of [...lines, ...errors]) {
      for (const secret of forbidden) expect(text.includes(secret), `leaked into: ${text}`).toBe(false);
    }
    expect(lines.every((l) => !/authorization|bearer|clientSecret|cardPin|cardNumber/i.test(l))).toBe(true);
  });
});
