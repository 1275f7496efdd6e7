import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseName, normaliseText } from '../../src-main/orders/rules/contact-rules.js';
import { orderRequestBody } from '../../src-main/orders/rules/order-body.js';
import { validateSale, type SaleInput } from '../../src-main/orders/rules/sale-validation.js';
import type { PartnerClient } from '../../src-main/partner-api/partner-client.js';
import type { AmountRestrictions, OrderRequestBody, PartnerBrand } from '../../src-main/partner-api/types.js';
import type { Sandbox } from '../../src-main/sandbox/server.js';
import { clientFor, control, newRef, start } from '../partner-api/helpers.js';

/**
 * Boundary: the cashier's sale → our order rules → the service. Two promises are checked on
 * random brands and random orders:
 *  1. an order our rules accept (automatic split included) obeys every §2.3 restriction, and
 *     one they refuse is refused with sentences next to fields;
 *  2. our verdict equals the service's: the real sandbox, its brand patched through the
 *     control surface, its answer read back, and the brand read through our own client and
 *     wire parser exactly as the sale service reads a fresh brand before selling.
 * The rules of the split itself are proven against brute force in test/orders/rules; this
 * file is about agreeing with the other side of the wire.
 */
const SEED = 6_2026_1126;
const FIXED_ID = 'TEST_FIXED_STANDARD';
const FLEX_ID = 'TEST_FLEXIBLE_STANDARD';

let sandbox: Sandbox;
let client: PartnerClient;

beforeAll(async () => {
  sandbox = await start();
  client = clientFor(sandbox);
  await client.warmUp();
  // Orders here are only about rules; a wallet that never runs dry keeps E300 out of the verdict.
  await control(sandbox, 'PUT', '/wallet', { balance: 1_000_000_000 });
});
afterAll(async () => {
  client.close();
  await sandbox.close();
});

const rupees = (paise: number): number => paise / 100;

/** Values with paise and odd steps (₹99, ₹149.50) that defeat gcd shortcuts, plus round catalog values. */
const DENOMINATION_PAISE = [5_000, 9_900, 10_000, 14_950, 25_000, 30_000, 50_000, 75_000, 100_000, 200_000, 500_000];

interface BrandConfig {
  type: 'FIXED' | 'FLEXIBLE';
  /** Exactly the restrictions the sandbox is patched with, in rupees. */
  restrictions: Required<Omit<AmountRestrictions, 'denominations'>>;
  denominations: number[] | null;
}

const limit = (max: number) => fc.option(fc.integer({ min: 1, max }), { nil: null, freq: 2 });

const fixedConfig: fc.Arbitrary<BrandConfig> = fc
  .record({
    denominations: fc.uniqueArray(fc.constantFrom(...DENOMINATION_PAISE), { minLength: 1, maxLength: 5 }),
    maxVouchersPerOrder: fc.integer({ min: 1, max: 12 }),
    maxVouchersPerDenomination: limit(6),
    maxDenominationsPerOrder: limit(4),
    // Mostly a wide order range; sometimes one that excludes everything, or min above max.
    minOrder: fc.oneof({ arbitrary: fc.integer({ min: 1, max: 100_00 }), weight: 3 }, fc.integer({ min: 1, max: 3_000_00 })),
    maxOrder: fc.oneof({ arbitrary: fc.integer({ min: 10_000_00, max: 40_000_00 }), weight: 3 }, fc.integer({ min: 1, max: 40_000_00 })),
  })
  .map((c) => ({
    type: 'FIXED' as const,
    denominations: c.denominations.map(rupees),
    restrictions: {
      minOrderAmount: rupees(c.minOrder),
      maxOrderAmount: rupees(c.maxOrder),
      minVoucherAmount: rupees(Math.min(...c.denominations)),
      maxVoucherAmount: rupees(Math.max(...c.denominations)),
      maxVouchersPerOrder: c.maxVouchersPerOrder,
      maxVouchersPerDenomination: c.maxVouchersPerDenomination,
      maxDenominationsPerOrder: c.maxDenominationsPerOrder,
    },
  }));

const flexibleConfig: fc.Arbitrary<BrandConfig> = fc
  .record({
    minVoucher: fc.integer({ min: 1, max: 2_000_00 }),
    // Usually above the minimum; sometimes below it (a range nothing fits).
    maxVoucherSpan: fc.oneof({ arbitrary: fc.integer({ min: 0, max: 20_000_00 }), weight: 5 }, fc.integer({ min: -1_000_00, max: -1 })),
    maxVouchersPerOrder: fc.integer({ min: 1, max: 8 }),
    maxVouchersPerDenomination: limit(5),
    maxDenominationsPerOrder: limit(4),
    minOrder: fc.oneof({ arbitrary: fc.integer({ min: 1, max: 100_00 }), weight: 3 }, fc.integer({ min: 1, max: 5_000_00 })),
    maxOrder: fc.oneof({ arbitrary: fc.integer({ min: 20_000_00, max: 60_000_00 }), weight: 3 }, fc.integer({ min: 1, max: 60_000_00 })),
  })
  .map(({ maxVoucherSpan, ...c }) => ({ ...c, maxVoucher: Math.max(1, c.minVoucher + maxVoucherSpan) }))
  .map((c) => ({
    type: 'FLEXIBLE' as const,
    denominations: null,
    restrictions: {
      minOrderAmount: rupees(c.minOrder),
      maxOrderAmount: rupees(c.maxOrder),
      minVoucherAmount: rupees(c.minVoucher),
      maxVoucherAmount: rupees(c.maxVoucher),
      maxVouchersPerOrder: c.maxVouchersPerOrder,
      maxVouchersPerDenomination: c.maxVouchersPerDenomination,
      maxDenominationsPerOrder: c.maxDenominationsPerOrder,
    },
  }));

/** A sale for the brand: automatic (no lines) or the cashier's own lines, with or without a discount. */
function saleArb(config: BrandConfig, productId: string): fc.Arbitrary<SaleInput> {
  const r = config.restrictions;
  const toP = (x: number) => Math.round(x * 100);
  // Values the brand sells (listed, or inside the voucher range) and values it does not.
  const good =
    config.type === 'FIXED'
      ? fc.constantFrom(...config.denominations!.map(toP))
      : fc.integer({ min: toP(r.minVoucherAmount), max: Math.max(toP(r.minVoucherAmount), toP(r.maxVoucherAmount)) });
  const bad =
    config.type === 'FIXED'
      ? fc.oneof(fc.constantFrom(7_500, 12_345), fc.integer({ min: 1, max: 3_000_000 }))
      : fc.oneof(fc.constantFrom(1, toP(r.minVoucherAmount) - 1, toP(r.maxVoucherAmount) + 1), fc.integer({ min: 1, max: 3_000_000 }));
  const someValue = fc.oneof({ arbitrary: good, weight: 5 }, bad).filter((v) => v > 0);
  const quantity = fc.oneof({ arbitrary: fc.integer({ min: 1, max: 3 }), weight: 4 }, fc.integer({ min: 0, max: 8 }));
  const lines = fc.array(fc.record({ denominationPaise: someValue, quantity }), { minLength: 1, maxLength: 4 });
  const discount = fc.oneof({ arbitrary: fc.constant(undefined), weight: 6 }, fc.integer({ min: 0, max: 50_000 }), fc.integer({ min: 0, max: 5_000_000 }));
  const listedSums = fc
    .array(good, { minLength: 1, maxLength: r.maxVouchersPerOrder + 1 })
    .map((xs) => xs.reduce((a, b) => a + b, 0));
  const amount = fc.oneof({ arbitrary: listedSums, weight: 4 }, fc.integer({ min: 1, max: 7_000_000 }), fc.constantFrom(0, -100, 100_000_000_001));
  return fc.oneof(
    fc.record({ amountPaise: amount, discountPaise: discount }).map((s) => ({ productId, ...s })),
    fc.record({ lines, discountPaise: discount, drift: fc.oneof({ arbitrary: fc.constant(0), weight: 5 }, fc.integer({ min: -500, max: 500 })) }).map((s) => ({
      productId,
      lines: s.lines,
      discountPaise: s.discountPaise,
      amountPaise: s.lines.reduce((sum, l) => sum + l.denominationPaise * l.quantity, 0) + s.drift,
    })),
  );
}

const caseArb = fc.oneof(fixedConfig, flexibleConfig).chain((config) => {
  const productId = config.type === 'FIXED' ? FIXED_ID : FLEX_ID;
  return fc.tuple(fc.constant(config), saleArb(config, productId));
});

async function patchBrand(config: BrandConfig): Promise<PartnerBrand> {
  const id = config.type === 'FIXED' ? FIXED_ID : FLEX_ID;
  await control(sandbox, 'PATCH', `/brands/${id}`, {
    denominationType: config.type,
    ...(config.type === 'FIXED' ? { denominations: config.denominations } : {}),
    amountRestrictions: config.restrictions,
  });
  // Read back through our client and wire parser, as SaleService.quote does before every sale.
  const fresh = await client.getBrand(id);
  if (!fresh.ok) throw new Error(`getBrand ${id}: ${fresh.error.message}`);
  return fresh.value;
}

type Verdict = { accepted: true } | { accepted: false; status: number; code: string };

async function sandboxVerdict(body: OrderRequestBody): Promise<Verdict> {
  const res = await client.placeOrder(body, randomUUID());
  if (res.kind === 'accepted') {
    // A normal brand with a full wallet: an accepted order is a sold one.
    expect(res.order.status).toBe('SUCCESS');
    return { accepted: true };
  }
  if (res.kind === 'rejected') return { accepted: false, status: res.error.httpStatus ?? 0, code: res.error.code };
  throw new Error(`the sandbox answered neither yes nor no: ${res.error.code} ${res.error.message}`);
}

/** The body of "the same order" when our rules refused it: the cashier's lines (merged, as our rules merge them) or one voucher. */
function rawBody(input: SaleInput, config: BrandConfig): OrderRequestBody {
  let lines = (input.lines ?? []).filter((l) => l.quantity > 0);
  if (lines.length === 0 && config.type === 'FIXED' && input.amountPaise > 0) lines = greedy(input.amountPaise, config.denominations!);
  if (lines.length === 0) lines = [{ denominationPaise: input.amountPaise, quantity: 1 }];
  const merged = new Map<number, number>();
  for (const l of lines) merged.set(l.denominationPaise, (merged.get(l.denominationPaise) ?? 0) + l.quantity);
  const body: OrderRequestBody = {
    productId: input.productId,
    referenceId: newRef('HR'),
    amount: rupees(input.amountPaise),
    denominationDetails: [...merged].map(([d, quantity]) => ({ denomination: rupees(d), quantity })),
  };
  if (input.discountPaise) body.discountAmount = rupees(input.discountPaise);
  return body;
}

/** Largest-first greedy over the listed values: a plausible split the service can judge when ours found none. */
function greedy(amountPaise: number, denominations: number[]): { denominationPaise: number; quantity: number }[] {
  let left = amountPaise;
  const out: { denominationPaise: number; quantity: number }[] = [];
  for (const d of denominations.map((r) => Math.round(r * 100)).sort((a, b) => b - a)) {
    const q = Math.floor(left / d);
    if (q > 0) out.push({ denominationPaise: d, quantity: Math.min(q, 10_000) });
    left -= d * Math.min(q, 10_000);
  }
  return left === 0 ? out : [{ denominationPaise: amountPaise, quantity: 1 }];
}

/** Every §2.3 restriction, written out again from the spec, for a sale our rules accepted. */
function expectWithinRestrictions(lines: { denomination: number; quantity: number }[], amount: number, brand: PartnerBrand): void {
  const r = brand.amountRestrictions!;
  const p = (x: number) => Math.round(x * 100);
  expect(lines.reduce((s, l) => s + p(l.denomination) * l.quantity, 0)).toBe(p(amount));
  expect(new Set(lines.map((l) => p(l.denomination))).size).toBe(lines.length);
  for (const l of lines) {
    expect(Number.isInteger(l.quantity) && l.quantity >= 1).toBe(true);
    if (brand.denominationType === 'FIXED') expect(r.denominations!.map(p)).toContain(p(l.denomination));
    else {
      expect(p(l.denomination)).toBeGreaterThanOrEqual(p(r.minVoucherAmount));
      expect(p(l.denomination)).toBeLessThanOrEqual(p(r.maxVoucherAmount));
    }
    if (r.maxVouchersPerDenomination !== null) expect(l.quantity).toBeLessThanOrEqual(r.maxVouchersPerDenomination);
  }
  expect(lines.reduce((n, l) => n + l.quantity, 0)).toBeLessThanOrEqual(r.maxVouchersPerOrder);
  if (r.maxDenominationsPerOrder !== null) expect(lines.length).toBeLessThanOrEqual(r.maxDenominationsPerOrder);
  expect(p(amount)).toBeGreaterThanOrEqual(p(r.minOrderAmount));
  expect(p(amount)).toBeLessThanOrEqual(p(r.maxOrderAmount));
}

describe('order rules against the sandbox, on random brands and orders', () => {
  it('accept exactly what the service accepts; every accepted split obeys every restriction; every refusal says why', async () => {
    const tally = { accepted: 0, refused: 0, suggestionsChecked: 0 };
    await fc.assert(
      fc.asyncProperty(caseArb, async ([config, input]) => {
        const brand = await patchBrand(config);
        expect(brand.denominationType).toBe(config.type);
        const ours = validateSale(input, brand, 'B2B');
        if (ours.ok) {
          const body = orderRequestBody(ours.value, newRef('HA'));
          expectWithinRestrictions(body.denominationDetails, body.amount, brand);
          expect(await sandboxVerdict(body), `we accepted ${JSON.stringify(body)}`).toEqual({ accepted: true });
          tally.accepted++;
          return;
        }
        // Refused: each problem names a field and says something a cashier can act on.
        for (const problem of ours.problems) {
          expect(problem.field).toMatch(/^(amount|lines|discount|brand|productId)$/);
          expect(problem.message.length).toBeGreaterThan(10);
        }
        const body = rawBody(input, config);
        const theirs = await sandboxVerdict(body);
        expect(theirs.accepted, `we refused (${ours.problems.map((p) => p.message).join(' / ')}) what the service accepts: ${JSON.stringify(body)}`).toBe(false);
        if (!theirs.accepted) expect([400, 422]).toContain(theirs.status);
        tally.refused++;

        // A refused FIXED amount comes with the nearest sellable amounts: the service must take them.
        const suggestion = ours.problems.find((p) => p.suggestions)?.suggestions;
        for (const amountPaise of [suggestion?.lower, suggestion?.higher]) {
          if (amountPaise === undefined || input.lines?.length) continue;
          const again = validateSale({ productId: input.productId, amountPaise }, brand, 'B2B');
          expect(again.ok, `suggested ${amountPaise} paise but refused it`).toBe(true);
          if (!again.ok) continue;
          expect(await sandboxVerdict(orderRequestBody(again.value, newRef('HS')))).toEqual({ accepted: true });
          tally.suggestionsChecked++;
        }
      }),
      { seed: SEED, numRuns: 300 },
    );
    // The generators must actually reach both sides of the verdict, or the property proves little.
    expect(tally.accepted, JSON.stringify(tally)).toBeGreaterThan(40);
    expect(tally.refused, JSON.stringify(tally)).toBeGreaterThan(40);
    expect(tally.suggestionsChecked).toBeGreaterThan(5);
  });

  it('brand-level states: inactive, disabled, unknown type or no restrictions are refused by both sides', async () => {
    // An ordinary order that both accept, then each brand-level hostility in turn.
    const brand = await patchBrand({
      type: 'FIXED',
      denominations: [100, 500],
      restrictions: { minOrderAmount: 100, maxOrderAmount: 10_000, minVoucherAmount: 100, maxVoucherAmount: 500, maxVouchersPerOrder: 10, maxVouchersPerDenomination: null, maxDenominationsPerOrder: null },
    });
    const sale: SaleInput = { productId: FIXED_ID, amountPaise: 60_000 };
    expect(validateSale(sale, brand, 'B2B').ok).toBe(true);

    await control(sandbox, 'PATCH', `/brands/${FIXED_ID}`, { status: 'INACTIVE' });
    const inactive = await client.getBrand(FIXED_ID);
    expect(inactive.ok && validateSale(sale, inactive.value, 'B2B').ok).toBe(false);
    expect(await sandboxVerdict(rawBody(sale, { type: 'FIXED', denominations: [500, 100], restrictions: brand.amountRestrictions as never }))).toMatchObject({ accepted: false, code: 'E102' });
    await control(sandbox, 'PATCH', `/brands/${FIXED_ID}`, { status: 'ACTIVE' });

    // Fields a future service might send: our rules refuse to guess rather than sell.
    for (const hostile of [{ denominationType: 'RANGE' }, { amountRestrictions: null }, { status: 'SUSPENDED' }, { amountRestrictions: { ...brand.amountRestrictions!, denominations: [] } }]) {
      const verdict = validateSale(sale, { ...brand, ...hostile } as PartnerBrand, 'B2B');
      expect(verdict.ok, JSON.stringify(hostile)).toBe(false);
      if (!verdict.ok) expect(verdict.problems).toEqual([expect.objectContaining({ field: 'brand', message: expect.stringContaining(brand.title) })]);
    }
  });

  it('customer and delivery details: B2C verdicts on hostile names, phones and e-mails match the service', async () => {
    await patchBrand({
      type: 'FIXED',
      denominations: [500],
      restrictions: { minOrderAmount: 100, maxOrderAmount: 10_000, minVoucherAmount: 500, maxVoucherAmount: 500, maxVouchersPerOrder: 10, maxVouchersPerDenomination: null, maxDenominationsPerOrder: null },
    });
    const brand = await client.getBrand(FIXED_ID);
    if (!brand.ok) throw new Error(brand.error.message);
    await control(sandbox, 'PUT', '/config', { businessModel: 'B2C' });
    // Letters of several scripts, combining marks, digits, symbols, odd whitespace (NBSP, tab, newline), emoji.
    const chars = fc.constantFrom(...'aZéßअािதமிழ்李 \t\n\u00a0\u2028.-_@+\'0129😀'.split(''), 'x', 'y', ' ');
    const text = (max: number) => fc.oneof(fc.string({ unit: chars, maxLength: max }), fc.string({ maxLength: 8 }), fc.constant(''));
    // Mostly good values (so both verdicts are reached), then near misses, then noise.
    const name = fc.oneof(
      { arbitrary: fc.constantFrom('Asha Rao', '  Asha   Rao ', 'अनिता शर्मा', 'தமிழ் செல்வி', 'José\u00a0Núñez'), weight: 6 },
      fc.constantFrom('Mary-Jane', 'R2D2', 'x'.repeat(101), 'Asha\u200bRao'),
      text(12),
    );
    const phone = fc.oneof(
      { arbitrary: fc.constantFrom('9876543210', ' 9876543210 ', '7012345678'), weight: 6 },
      fc.constantFrom('+919876543210', '09876543210', '98765 43210', '1234567890', '9999999999', '987654321'),
      fc.string({ unit: fc.constantFrom(...'0123456789 +-'.split('')), maxLength: 13 }),
    );
    const email = fc.oneof(
      { arbitrary: fc.constantFrom('asha@example.in', ' asha.rao+gift@mail.example.co.in '), weight: 6 },
      fc.constantFrom('a b@example.in', 'asha@example', 'asha@@example.in', `${'a'.repeat(250)}@ex.in`),
      text(10).map((t) => `${t}@example.in`),
    );
    const optional = <T,>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined, freq: 6 });
    const customer = fc.record({ name: optional(name), phoneNumber: optional(phone), email: optional(email) }, { requiredKeys: [] });
    const delivery = fc.option(
      fc.record({ recipientType: fc.constantFrom('SELF', 'OTHER', 'SELF', 'OTHER', ' OTHER', 'self', ''), recipientPhoneNumber: phone, recipientName: optional(name), senderName: optional(name), wishMessage: optional(fc.constantFrom('Happy Diwali!', ' ', 'x'.repeat(251))) }, { requiredKeys: ['recipientType', 'recipientPhoneNumber'] }),
      { nil: undefined, freq: 2 },
    );
    const tally = { accepted: 0, refused: 0 };
    try {
      await fc.assert(
        fc.asyncProperty(customer, delivery, async (c, d) => {
          const input: SaleInput = { productId: FIXED_ID, amountPaise: 100_000, customer: c, ...(d ? { delivery: d } : {}) };
          const ours = validateSale(input, brand.value, 'B2C');
          if (ours.ok) {
            expect(await sandboxVerdict(orderRequestBody(ours.value, newRef('HC')))).toEqual({ accepted: true });
            tally.accepted++;
            return;
          }
          for (const problem of ours.problems) expect(problem.field).toMatch(/^(customer|delivery)\.\w+$/);
          // The same details, normalised as our rules normalise before sending (blank = not given).
          const norm = (v: string | undefined, f: (s: string) => string) => (v === undefined || f(v) === '' ? undefined : f(v));
          const body: OrderRequestBody = { ...rawBody({ productId: FIXED_ID, amountPaise: 100_000 }, { type: 'FIXED', denominations: [500], restrictions: brand.value.amountRestrictions as never }) };
          body.customerDetails = JSON.parse(JSON.stringify({ name: norm(c.name, normaliseName), phoneNumber: norm(c.phoneNumber, normaliseText), email: norm(c.email, normaliseText) }));
          if (d) {
            body.deliveryDetails = JSON.parse(
              JSON.stringify({
                recipientType: norm(d.recipientType, normaliseText),
                recipientPhoneNumber: norm(d.recipientPhoneNumber, normaliseText),
                recipientName: norm(d.recipientName, normaliseName),
                senderName: norm(d.senderName, normaliseName),
                wishMessage: norm(d.wishMessage, normaliseText),
              }),
            );
          }
          const theirs = await sandboxVerdict(body);
          expect(theirs.accepted, `we refused (${ours.problems.map((p) => p.message).join(' / ')}) what the service accepts: ${JSON.stringify(body)}`).toBe(false);
          tally.refused++;
        }),
        { seed: SEED, numRuns: 150 },
      );
    } finally {
      await control(sandbox, 'PUT', '/config', { businessModel: 'B2B' });
    }
    expect(tally.accepted, JSON.stringify(tally)).toBeGreaterThan(20);
    expect(tally.refused, JSON.stringify(tally)).toBeGreaterThan(20);
  });
});
