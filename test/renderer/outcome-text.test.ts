import { describe, expect, it } from 'vitest';
import type { SaleView } from '../../src-main/contract/index.js';
import { SALE_STATES, type SaleState } from '../../src-main/orders/journal/sale-state.js';
import { describeSaleFailure, KNOWN_CODES } from '../../src-main/partner-api/error-table.js';
import { canCheckNow, canRetry, isPendingState, outcomeText } from '../../src-renderer/sell/outcome-text.js';
import { supportText } from '../../src-renderer/sell/support-text.js';

/**
 * What the counter tells a cashier about a sale, per state (issue 11, item 2): whether the
 * customer's money may be given back is the point. Never while the service may still issue
 * vouchers; always when it issued none; never for issued vouchers.
 */
const REQUEST_IDS = ['0b7e7a52-1c1f-4a43-9d55-7c9f3e6f0001', '0b7e7a52-1c1f-4a43-9d55-7c9f3e6f0002', '0b7e7a52-1c1f-4a43-9d55-7c9f3e6f0003'];
// The support note a sale given up on carried until now: the advice the issue is about.
const OLD_SUPPORT_REASON =
  `Still PROCESSING 15 minutes after it was placed (5 checks). Treat it as not sold and contact support with order ord_77, reference POS-C01-X1 and request ids ${REQUEST_IDS.join(', ')}.`;

function view(state: SaleState, patch: Partial<SaleView> = {}): SaleView {
  const settledFailed = state === 'FAILED' || state === 'REJECTED';
  const errorCode = settledFailed ? (state === 'FAILED' ? 'E200' : 'E102') : null;
  return {
    id: 'sale-1',
    referenceId: 'POS-C01-X1',
    orderId: state === 'INTENT' || state === 'IN_DOUBT' || state === 'REJECTED' ? null : 'ord_77',
    state,
    productId: 'TEST_FIXED_STANDARD',
    brandTitle: 'Test · Fixed denominations',
    amountPaise: 50_000,
    discountPaise: 0,
    errorCode,
    failureReason: null,
    supportReason: state === 'NEEDS_SUPPORT' ? OLD_SUPPORT_REASON : null,
    requestIds: REQUEST_IDS,
    // As main's sale view sets it: for every FAILED or REJECTED sale, from the one error table.
    failure: settledFailed ? describeSaleFailure(errorCode) : null,
    createdAt: Date.UTC(2025, 0, 6, 6, 30),
    updatedAt: Date.UTC(2025, 0, 6, 6, 31),
    nextCheckAt: null,
    printCount: 0,
    receiptOwed: state === 'SUCCESS',
    retryOf: null,
    vouchers: state === 'SUCCESS' ? [{ seq: 1, voucherId: 'v1', cardType: 'CARD_AND_PIN', cardNumberMasked: '•••• 1234', hasPin: true, validTill: null, amountPaise: 50_000 }] : [],
    ...patch,
  };
}

const words = (state: SaleState, patch?: Partial<SaleView>) => {
  const t = outcomeText(view(state, patch));
  return `${t.title} | ${t.message} | ${t.action}`;
};

describe('the counter’s words for a sale, per state', () => {
  it('has a title, a sentence and an action for every state, none of which says "not sold" or shows an id', () => {
    expect(SALE_STATES.length).toBe(9);
    for (const state of SALE_STATES) {
      const t = outcomeText(view(state));
      expect(t.title.length, state).toBeGreaterThan(3);
      expect(t.message.length, state).toBeGreaterThan(10);
      expect(t.action.length, state).toBeGreaterThan(10);
      const text = words(state);
      expect(text, state).not.toMatch(/not sold|treat it as/i);
      for (const id of ['POS-C01-X1', 'ord_77', ...REQUEST_IDS]) expect(text, `${state} shows ${id}`).not.toContain(id);
    }
  });

  it.each(['INTENT', 'IN_DOUBT', 'PROCESSING'] as const)('%s: do not refund or resell yet, and why', (state) => {
    const { action } = outcomeText(view(state));
    expect(action).toMatch(/^Do not refund or resell yet: /);
    expect(action).toMatch(state === 'PROCESSING' ? /vouchers are still being issued/ : /has not said whether it went through, and it is being checked/);
    expect(isPendingState(state)).toBe(true);
  });

  it('NEEDS_SUPPORT: the service may still complete it — keep the payment on hold and call the manager; the support note stays out of it', () => {
    const t = outcomeText(view('NEEDS_SUPPORT'));
    expect(t.message).toBe("The service has not finished this order and may still complete it — keep the customer's payment on hold and call the manager.");
    expect(t.action).toMatch(/^Do not refund or resell it/);
    expect(`${t.message} ${t.action}`).not.toContain('Still PROCESSING');
  });

  it.each(KNOWN_CODES.map((code) => [code]))('FAILED and REJECTED with %s: no voucher was issued, give the customer’s money back, and Try again stays', (code) => {
    for (const state of ['FAILED', 'REJECTED'] as const) {
      const t = outcomeText(view(state, { errorCode: code, failure: describeSaleFailure(code) }));
      expect(t.message, state).toMatch(/No voucher was issued: give the customer's money back\.$/);
      expect(t.action, state).toBe(describeSaleFailure(code).action);
      expect(canRetry(state)).toBe(true);
    }
  });

  it('SUCCESS: the vouchers are issued, print the receipt, no refund', () => {
    const t = outcomeText(view('SUCCESS'));
    expect(t.message).toBe('1 voucher issued. Issued vouchers cannot be refunded.');
    expect(t.action).toMatch(/^Print the receipt/);
    expect(words('SUCCESS')).not.toMatch(/give .* money back/i);
  });

  it('offers Check now exactly for the sales the service has not settled', () => {
    expect(SALE_STATES.filter(canCheckNow).sort()).toEqual(['INTENT', 'IN_DOUBT', 'NEEDS_SUPPORT', 'PROCESSING']);
    // Nothing the service may still complete says to give the money back.
    for (const state of SALE_STATES.filter(canCheckNow)) expect(words(state), state).not.toMatch(/give .* money back/i);
  });
});

describe('the details for support', () => {
  it('carry the reference, the order id, every request id and the support note, for the copy button', () => {
    const text = supportText(view('NEEDS_SUPPORT'));
    for (const part of ['Reference: POS-C01-X1', 'Order id: ord_77', `Request ids: ${REQUEST_IDS.join(', ')}`, 'state NEEDS_SUPPORT', `Note: ${OLD_SUPPORT_REASON}`]) expect(text).toContain(part);
    expect(supportText(view('IN_DOUBT', { requestIds: [] }))).toContain('Order id: none yet\nRequest ids: none');
    expect(supportText(view('FAILED'))).toContain('Code: E200');
  });
});
