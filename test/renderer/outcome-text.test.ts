import { describe, expect, it } from 'vitest';
import type { PaymentState, PaymentView, SaleView } from '../../src-main/contract/index.js';
import { SALE_STATES, type SaleState } from '../../src-main/orders/journal/sale-state.js';
import { describeSaleFailure, KNOWN_CODES } from '../../src-main/partner-api/error-table.js';
import { PAYMENT_STATES } from '../../src-main/till/tender.js';
import { canCheckNow, canRetry, isPendingState, moneyText, outcomeText, refundStep } from '../../src-renderer/sell/outcome-text.js';
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

const CASH_PAYMENT: PaymentView = {
  id: 'pay-1',
  tenders: [{ method: 'CASH', amountPaise: 50_000, receivedPaise: 100_000, reference: null }],
  amountPaise: 50_000,
  changePaise: 50_000,
  takenAt: Date.UTC(2025, 0, 6, 6, 30),
  takenByName: 'Asha',
};
const SPLIT_PAYMENT: PaymentView = {
  ...CASH_PAYMENT,
  tenders: [
    { method: 'CASH', amountPaise: 30_000, receivedPaise: null, reference: null },
    { method: 'UPI', amountPaise: 20_000, receivedPaise: null, reference: '412345678901' },
  ],
  changePaise: 0,
};

/** The payment state main derives for a paid sale in `state` (cancelled or reversed before any voucher was issued). */
const PAID_STATE: Record<SaleState, PaymentState> = {
  INTENT: 'ON_HOLD',
  IN_DOUBT: 'ON_HOLD',
  PROCESSING: 'ON_HOLD',
  NEEDS_SUPPORT: 'ON_HOLD',
  SUCCESS: 'KEPT',
  FAILED: 'REFUND_DUE',
  REJECTED: 'REFUND_DUE',
  CANCELLED: 'REFUND_DUE',
  REVERSED: 'REFUND_DUE',
};
const ISSUED = [{ seq: 1, voucherId: 'v1', cardType: 'CARD_AND_PIN', cardNumberMasked: '•••• 1234', hasPin: true, validTill: null, amountPaise: 50_000 }];

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
    customerPaysPaise: 50_000,
    payment: CASH_PAYMENT,
    paymentState: PAID_STATE[state],
    refund: null,
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
    vouchers: state === 'SUCCESS' ? ISSUED : [],
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

const money = (state: SaleState, patch?: Partial<SaleView>) => {
  const m = moneyText(view(state, patch));
  return m ? `${m.headline} | ${m.detail}` : null;
};

describe("what to do with the customer's money, per payment state (issue 11, item 2)", () => {
  const REFUND = { amountPaise: 50_000, tenders: [{ method: 'CASH' as const, amountPaise: 50_000 }], at: Date.UTC(2025, 0, 6, 6, 40), byName: 'Asha' };

  it('adds words where the state alone does not say it, and none of them shows an id', () => {
    const said = PAYMENT_STATES.filter((paymentState) => moneyText(view('FAILED', { paymentState, refund: paymentState === 'REFUNDED' ? REFUND : null })) !== null);
    expect(said).toEqual(['REFUND_DUE', 'REFUNDED', 'CARRIED_TO_RETRY']);
    for (const paymentState of said) {
      const text = money('FAILED', { paymentState, refund: REFUND })!;
      for (const id of ['POS-C01-X1', 'ord_77', 'pay-1', ...REQUEST_IDS]) expect(text, `${paymentState} shows ${id}`).not.toContain(id);
    }
  });

  it('REFUND_DUE: give the amount back, by the way it was paid', () => {
    expect(moneyText(view('FAILED'))).toMatchObject({ kind: 'refund', headline: 'Give ₹500 back (cash)' });
    expect(moneyText(view('REJECTED', { payment: SPLIT_PAYMENT }))?.headline).toBe('Give ₹500 back (₹300 cash + ₹200 UPI)');
    expect(SPLIT_PAYMENT.tenders.map(refundStep)).toEqual(['Give ₹300 back in cash from the drawer', 'Send ₹200 back by UPI (UTR 412345678901)']);
    expect(refundStep({ method: 'CARD', amountPaise: 20_000, reference: '0042' })).toBe('Reverse ₹200 on the card terminal (approval 0042)');
  });

  it('gives back what the customer paid, not the face value, after a customer discount', () => {
    const discounted = view('FAILED', { discountPaise: 5_000, customerPaysPaise: 45_000, payment: { ...CASH_PAYMENT, amountPaise: 45_000, tenders: [{ method: 'CASH', amountPaise: 45_000, receivedPaise: null, reference: null }] } });
    expect(moneyText(discounted)?.headline).toBe('Give ₹450 back (cash)');
  });

  it.each(['INTENT', 'IN_DOUBT', 'PROCESSING', 'NEEDS_SUPPORT'] as const)('ON_HOLD while %s: the state’s own words keep the payment on hold', (state) => {
    expect(moneyText(view(state))).toBeNull();
    expect(words(state)).toMatch(state === 'NEEDS_SUPPORT' ? /keep the customer's payment on hold and call the manager/ : /Do not refund or resell yet: /);
  });

  it('KEPT (SUCCESS) and MANAGER_REVIEW: the state’s own words say it (not refundable; call the manager)', () => {
    expect(moneyText(view('SUCCESS'))).toBeNull();
    expect(words('SUCCESS')).toMatch(/cannot be refunded/);
    for (const state of ['CANCELLED', 'REVERSED'] as const) {
      const issued = { vouchers: ISSUED, paymentState: 'MANAGER_REVIEW' as const };
      expect(moneyText(view(state, issued)), state).toBeNull();
      expect(words(state, issued)).toMatch(/after issuing it; its vouchers are not valid.*call the manager about the customer's payment/);
    }
  });

  it('after a manager’s decision on a sale in review: says what was decided, never “before issuing any voucher”', () => {
    for (const state of ['CANCELLED', 'REVERSED'] as const) {
      const kept = { vouchers: ISSUED, paymentState: 'KEPT' as const, reviewDecision: { decision: 'KEEP' as const, note: 'used', at: 1, byName: 'Meera Shah' } };
      expect(moneyText(view(state, kept))).toBeNull();
      expect(words(state, kept)).toMatch(/after issuing it.*the customer keeps the vouchers/);
      const given = { vouchers: ISSUED, paymentState: 'REFUNDED' as const, refund: REFUND, reviewDecision: { decision: 'REFUND' as const, note: 'void', at: 1, byName: 'Meera Shah' } };
      expect(words(state, given)).toMatch(/after issuing it.*payment was given back/);
      expect(words(state, given)).not.toMatch(/before issuing any voucher/);
    }
  });

  it('cancelled or reversed before any voucher was issued: give the money back, with no Try again (a new sale is sold afresh)', () => {
    for (const state of ['CANCELLED', 'REVERSED'] as const) {
      expect(words(state)).toMatch(/before issuing any voucher.*Give the customer's payment back/);
      const m = moneyText(view(state))!;
      expect(m).toMatchObject({ kind: 'refund', headline: 'Give ₹500 back (cash)' });
      expect(m.detail).not.toMatch(/Try again/);
      // Once given back, nothing says to give it again.
      expect(words(state, { paymentState: 'REFUNDED', refund: REFUND })).not.toMatch(/payment back/);
    }
  });

  it('REFUNDED: what was given back, when and by whom; nothing more to give', () => {
    const m = moneyText(view('FAILED', { paymentState: 'REFUNDED', refund: REFUND }))!;
    expect(m).toEqual({ kind: 'done', headline: 'Refunded ₹500 (cash)', detail: 'Given back at 12:10 pm by Asha. Nothing more to give.' });
  });

  it.each(KNOWN_CODES.map((code) => [code]))('given back or gone with a retry, a %s failure no longer says to give the money back', (code) => {
    for (const paymentState of ['REFUNDED', 'CARRIED_TO_RETRY'] as const) {
      const t = outcomeText(view('FAILED', { errorCode: code, failure: describeSaleFailure(code), paymentState, refund: paymentState === 'REFUNDED' ? REFUND : null }));
      expect(t.message, paymentState).not.toMatch(/money back/);
      expect(t.message, paymentState).toMatch(/No voucher was issued\.$/);
      expect(describeSaleFailure(code).message.startsWith(t.message.replace(/No voucher was issued\.$/, ''))).toBe(true);
    }
  });

  it('CARRIED_TO_RETRY: the payment went with the retry, not to refund here', () => {
    const m = moneyText(view('FAILED', { paymentState: 'CARRIED_TO_RETRY' }))!;
    expect(m.kind).toBe('done');
    expect(m.detail).toBe("The customer's ₹500 (cash) pays for the new try of this sale: do not refund it here.");
  });

  it('never says to give money back while the service may still issue vouchers, nor for issued ones', () => {
    for (const state of [...SALE_STATES.filter(canCheckNow), 'SUCCESS' as const]) expect(money(state), state).toBeNull();
  });
});
