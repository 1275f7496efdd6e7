import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CatalogBrand, QuoteView, SaleView } from '../../src-main/contract/index.js';
import { partnerBrand } from '../support/partner-brand.js';

/**
 * The customer's details belong to the customer at the counter, not to a brand or one try:
 * they stay through a brand switch and a refused sale, and only a completed sale or "Next
 * sale" clears them. Main is replaced by answers the test sets per call.
 */
const answers: Record<string, (input: unknown) => unknown> = {};
vi.mock('../../src-renderer/bridge/api', () => ({
  api: (method: string, input: unknown) => {
    const answer = answers[method];
    // A sold brand joins the recent ones, which the Sell screen then fetches whole.
    if (!answer && method === 'catalog.brand') return Promise.resolve({ ok: true, data: FIXED });
    if (!answer) return Promise.resolve({ ok: true, data: { items: [], brands: [] } });
    return Promise.resolve(answer(input));
  },
  onEvent: () => () => undefined,
  fieldErrors: (error: { fields?: { field: string; message: string }[] } | null) =>
    Object.fromEntries((error?.fields ?? []).map((f) => [f.field, f.message])),
}));

// A path in a variable: the store is renderer code (DOM types), loaded here under the mock only.
const storePath = '../../src-renderer/sell/sale-store.ts';
const { useSale } = (await import(/* @vite-ignore */ storePath)) as { useSale: any };

const entry = (over: Parameters<typeof partnerBrand>[0] = {}): CatalogBrand => ({ brand: partnerBrand(over), removed: false, removedAt: null, discount: null, syncedAt: 0 });
const FIXED = entry();
const FLEXIBLE = entry({ denominationType: 'FLEXIBLE' });
const CUSTOMER = { name: 'Ravi Kumar', phoneNumber: '9876543210', email: 'ravi@example.in' };
const NONE = { name: '', phoneNumber: '', email: '' };

const quote: QuoteView = { lines: [{ denominationPaise: 50_000, quantity: 1 }], totalPaise: 50_000, voucherCount: 1, discountPaise: 0, customerPaysPaise: 50_000, debitPaise: 50_000, changePaise: null, brandTitle: 'Brand', floatWarning: null };
const sale = (state: SaleView['state']): SaleView & { changePaise: number } => ({
  id: 'sale-1', referenceId: 'POS-1', orderId: null, state, productId: FIXED.brand.id, brandTitle: 'Brand', amountPaise: 50_000, discountPaise: 0,
  customerPaysPaise: 50_000, payment: null, paymentState: state === 'SUCCESS' ? 'KEPT' : 'REFUND_DUE', refund: null, changePaise: 0,
  errorCode: state === 'REJECTED' ? 'E102' : null, failureReason: null, supportReason: null, requestIds: [],
  failure: state === 'REJECTED' ? { message: 'Refused.', action: 'Check the details.' } : null,
  createdAt: 0, updatedAt: 0, nextCheckAt: null, printCount: 0, receiptOwed: false, retryOf: null, vouchers: [],
});

/** Opens the fixed brand with one ₹500 voucher and the customer's details, up to the confirm step. */
async function draftWithCustomer(): Promise<void> {
  useSale.getState().selectBrand(FIXED);
  useSale.getState().edit((d: any) => ({ ...d, quantities: { 50_000: 1 }, customer: { ...CUSTOMER } }));
  await useSale.getState().review();
  expect(useSale.getState().phase).toBe('confirm');
}

describe("the customer's details at the counter", () => {
  beforeEach(() => {
    useSale.getState().nextSale();
    answers['sale.quote'] = () => ({ ok: true, data: quote });
  });

  it('stay when the cashier switches brand, or closes the brand and opens another', () => {
    useSale.getState().selectBrand(FIXED);
    useSale.getState().edit((d: any) => ({ ...d, customer: { ...CUSTOMER } }));
    useSale.getState().selectBrand(FLEXIBLE);
    expect(useSale.getState().draft.productId).toBe(FLEXIBLE.brand.id);
    expect(useSale.getState().draft.customer).toEqual(CUSTOMER);

    useSale.getState().closeBrand();
    useSale.getState().selectBrand(FIXED);
    expect(useSale.getState().draft.customer).toEqual(CUSTOMER);
  });

  it('stay when the service refuses the sale and the cashier goes back to it', async () => {
    await draftWithCustomer();
    answers['sale.place'] = () => ({ ok: true, data: sale('REJECTED') });
    await useSale.getState().place();
    expect(useSale.getState().result.state).toBe('REJECTED');
    useSale.getState().closeResult();
    expect(useSale.getState().phase).toBe('editing');
    expect(useSale.getState().draft.customer).toEqual(CUSTOMER);
  });

  it('stay when main refuses a detail of the sale', async () => {
    await draftWithCustomer();
    const fields = [{ field: 'customer.name', message: "The name cannot contain '.'; use letters and single spaces only." }];
    answers['sale.place'] = () => ({ ok: false, error: { code: 'INVALID_SALE', message: 'Check the sale.', fields } });
    await useSale.getState().place();
    expect(useSale.getState().fields).toEqual({ 'customer.name': fields[0]!.message });
    expect(useSale.getState().draft.customer).toEqual(CUSTOMER);
  });

  it('are cleared by a completed sale', async () => {
    await draftWithCustomer();
    answers['sale.place'] = () => ({ ok: true, data: sale('SUCCESS') });
    await useSale.getState().place();
    useSale.getState().closeResult();
    useSale.getState().selectBrand(FIXED);
    expect(useSale.getState().draft.customer).toEqual(NONE);
  });

  it('are cleared by "Next sale", also after the brand was closed', () => {
    useSale.getState().selectBrand(FIXED);
    useSale.getState().edit((d: any) => ({ ...d, customer: { ...CUSTOMER } }));
    useSale.getState().closeBrand();
    useSale.getState().nextSale();
    useSale.getState().selectBrand(FLEXIBLE);
    expect(useSale.getState().draft.customer).toEqual(NONE);
  });
});
