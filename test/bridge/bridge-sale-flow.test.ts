import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CREDENTIALS } from '../../src-main/sandbox/auth/credentials.js';
import { bridgeHarness, setUpCounter, type BridgeHarness } from './bridge-harness.js';
import { cashTenders } from '../support/till.js';

describe('a counter shift through the bridge (training mode against the sandbox)', () => {
  let h: BridgeHarness;
  let cashierId: string;
  beforeAll(async () => {
    h = await bridgeHarness();
    ({ cashierId } = await setUpCounter(h));
    await h.ok('staff.signIn', { staffId: cashierId, pin: '4826' });
  });
  afterAll(async () => h.close());

  it('finds brands in the synced catalog', async () => {
    const { brands } = await h.ok('catalog.search', { text: 'test fixed' });
    expect(brands.map((b: { brand: { id: string } }) => b.brand.id)).toContain('TEST_FIXED_STANDARD');
    expect((await h.ok('catalog.status')).counts.listed).toBeGreaterThan(460);
  });

  it('finds a brand by part of a word when no word starts with what was typed, prefix matches first', async () => {
    // "enominat" starts no word of any title; it is inside "Test · Fixed denominations".
    const { brands } = await h.ok('catalog.search', { text: 'enominat' });
    expect(brands.map((b: { brand: { id: string } }) => b.brand.id)).toContain('TEST_FIXED_STANDARD');
    // Word-prefix matches still come first when a substring would also match.
    const fixed = (await h.ok('catalog.search', { text: 'fixed' })).brands.map((b: { brand: { id: string } }) => b.brand.id);
    const prefixOnly = h.core.env().catalog.search({ text: 'fixed', limit: 60 }).map((b) => b.brand.id);
    expect(fixed.slice(0, prefixOnly.length)).toEqual(prefixOnly);
    // Two letters are too few to look inside words.
    const two = (await h.ok('catalog.search', { text: 'ed' })).brands.length;
    expect(two).toBe(h.core.env().catalog.search({ text: 'ed', limit: 60 }).length);
  });

  it('quotes a FIXED amount that is not a denomination as an automatic split', async () => {
    const quote = await h.ok('sale.quote', { productId: 'TEST_FIXED_STANDARD', amountPaise: 350_000 });
    expect(quote.lines).toEqual([
      { denominationPaise: 200_000, quantity: 1 },
      { denominationPaise: 100_000, quantity: 1 },
      { denominationPaise: 50_000, quantity: 1 },
    ]);
    expect(quote.debitPaise).toBe(350_000);
  });

  it('answers an invalid sale with field-level problems and places nothing', async () => {
    const r = await h.call('sale.place', { productId: 'TEST_FLEXIBLE_STANDARD', amountPaise: 5_000, tenders: cashTenders(5_000) });
    expect(r.ok).toBe(false);
    expect(r.error.code).toBe('INVALID_SALE');
    expect(r.error.fields.map((f: { field: string }) => f.field)).toContain('amount');
    expect(h.sandbox.state.orders.orders.size).toBe(0);
  });

  it('sells, prints once, and needs a manager PIN to print a DUPLICATE', async () => {
    const sale = await h.ok('sale.place', { productId: 'TEST_FIXED_STANDARD', amountPaise: 350_000, tenders: cashTenders(350_000) });
    expect(sale.state).toBe('SUCCESS');
    expect(sale.vouchers).toHaveLength(3);
    expect(sale.vouchers[0].cardNumberMasked).toMatch(/^•••• •••• •••• \d{4}$/);
    const receipt = await h.ok('receipt.print', { saleId: sale.id });
    expect(receipt.copy).toBe(1);
    expect(receipt.training).toBe(true);
    expect(receipt.vouchers[0].cardPin).toMatch(/^\d{6}$/);
    const noPin = await h.call('receipt.print', { saleId: sale.id });
    expect(noPin).toMatchObject({ ok: false, error: { code: 'MANAGER_PIN_REQUIRED' } });
    const cashierPin = await h.call('receipt.print', { saleId: sale.id, managerPin: '4826' });
    expect(cashierPin.ok).toBe(false);
    const dup = await h.ok('receipt.print', { saleId: sale.id, managerPin: '2580' });
    expect(dup.copy).toBe(2);
    const actions = h.core.audit.list({ limit: 100 }).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['sale.placed', 'receipt.printed', 'receipt.reprinted', 'manager.approved']));
  });

  it('sells once under the page’s sale id: Place sent again answers that sale, another sale under the id is refused', async () => {
    const saleId = crypto.randomUUID();
    const ask = { productId: 'TEST_FIXED_STANDARD', amountPaise: 50_000, tenders: cashTenders(50_000), saleId };
    const posts = () => h.sandbox.requests.list().filter((r) => r.method === 'POST' && r.path === '/v1/partners/orders').length;
    const before = posts();
    const first = await h.ok('sale.place', ask);
    const again = await h.ok('sale.place', ask);
    expect(first).toMatchObject({ id: saleId, state: 'SUCCESS' });
    expect(again).toMatchObject({ id: saleId, state: 'SUCCESS', referenceId: first.referenceId, changePaise: 0 });
    expect(posts() - before).toBe(1);
    const other = await h.call('sale.place', { ...ask, amountPaise: 100_000, tenders: cashTenders(100_000) });
    expect(other).toMatchObject({ ok: false, error: { code: 'SALE_ID_IN_USE' } });
    expect(posts() - before).toBe(1);
    expect((await h.call('sale.place', { ...ask, saleId: 'not-a-uuid' })).error.code).toBe('BAD_REQUEST');
  });

  it('retries a failed sale under a new referenceId linked to the old one', async () => {
    const failed = await h.ok('sale.place', { productId: 'TEST_E200_GENERATION_FAILED', amountPaise: 50_000, tenders: cashTenders(50_000) });
    expect(failed).toMatchObject({ state: 'FAILED', errorCode: 'E200' });
    const again = await h.ok('sale.retry', { saleId: failed.id });
    expect(again.retryOf).toBe(failed.id);
    expect(again.referenceId).not.toBe(failed.referenceId);
  });

  it('keeps a PROCESSING sale pending and visible', async () => {
    const sale = await h.ok('sale.place', { productId: 'TEST_PROCESSING_SUCCESS', amountPaise: 50_000, tenders: cashTenders(50_000) });
    expect(sale.state).toBe('PROCESSING');
    const { sales } = await h.ok('sale.pending');
    expect(sales.map((s: { id: string }) => s.id)).toContain(sale.id);
  });

  it('never lets the client secret, a bearer token or a PIN out, except on the receipt and an audited reveal', async () => {
    const tokens: string[] = [];
    const login = h.sandbox.state.tokens.login.bind(h.sandbox.state.tokens);
    h.sandbox.state.tokens.login = (body) => {
      const r = login(body);
      tokens.push(r.token);
      return r;
    };
    h.core.env().client.signOut();
    await h.ok('sale.place', { productId: 'TEST_FIXED_STANDARD', amountPaise: 100_000, tenders: cashTenders(100_000) });
    await h.ok('wallet.refresh');
    const vouchers = [...h.sandbox.state.orders.vouchers.values()];
    // A 6-digit PIN could occur by chance inside other digits, so PINs are looked for as JSON
    // string values; 16-digit card numbers cannot, so they are looked for anywhere.
    const pins = vouchers.map((v) => v.cardPin).filter((x): x is string => !!x).map((p) => `"${p}"`);
    const cardNumbers = vouchers.map((v) => v.cardNumber).filter((x): x is string => !!x);
    expect(tokens.length).toBeGreaterThan(0);
    expect(pins.length).toBeGreaterThan(3);

    const secrets = [DEFAULT_CREDENTIALS.staging.clientSecret, ...tokens];
    const carriesCards = new Set(['receipt.print', 'voucher.reveal']);
    const texts = [
      ...h.logger.lines,
      ...h.answers.map((a) => JSON.stringify(a.result)),
    ];
    for (const text of texts) for (const s of secrets) expect(text.includes(s)).toBe(false);
    for (const a of h.answers.filter((x) => !carriesCards.has(x.method))) {
      const text = JSON.stringify(a.result);
      for (const secret of [...pins, ...cardNumbers]) expect(text.includes(secret), `${a.method} leaked a card credential`).toBe(false);
    }
    for (const line of h.logger.lines) for (const secret of [...pins, ...cardNumbers]) expect(line.includes(secret)).toBe(false);
    // And nothing readable in the data folder's databases.
    for (const file of readdirSync(h.dataDir).filter((f) => /\.db(-wal)?$/.test(f))) {
      const bytes = readFileSync(join(h.dataDir, file));
      for (const card of cardNumbers) expect(bytes.includes(Buffer.from(card)), `${file} holds a card number`).toBe(false);
    }
    const stored = h.core.env().db.prepare('SELECT * FROM vouchers').all() as Record<string, unknown>[];
    expect(stored.length).toBeGreaterThan(3);
    for (const row of stored) for (const pin of pins) expect(JSON.stringify(row).includes(pin)).toBe(false);
  });
});
