import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CatalogBrand, QuoteView, SaleView, ShiftView } from '../../src-main/contract/index.js';
import { partnerBrand } from '../support/partner-brand.js';

/**
 * The customer's money in the sale store (issue 11): what sale.place, sale.retry and
 * sale.refund are sent, and what the counter does with main's answers. Main is replaced by
 * answers the test sets per call; every call is recorded.
 */
const answers: Record<string, (input: any) => unknown> = {};
const calls: { method: string; input: any }[] = [];
vi.mock('../../src-renderer/bridge/api', () => ({
  api: (method: string, input: unknown) => {
    calls.push({ method, input });
    const answer = answers[method];
    // A sold brand joins the recent ones, which the Sell screen then fetches whole.
    if (!answer && method === 'catalog.brand') return Promise.resolve({ ok: true, data: FIXED });
    if (!answer) return Promise.resolve({ ok: true, data: { items: [], brands: [], sales: [], unprinted: [] } });
    return Promise.resolve(answer(input));
  },
  onEvent: () => () => undefined,
  fieldErrors: (error: { fields?: { field: string; message: string }[] } | null) =>
    Object.fromEntries((error?.fields ?? []).map((f) => [f.field, f.message])),
}));

// Paths in variables: the stores are renderer code (DOM types), loaded here under the mock only.
const storePath = '../../src-renderer/sell/sale-store.ts';
const gatePath = '../../src-renderer/sell/shift-gate-store.ts';
const draftPath = '../../src-renderer/sell/tender-draft.ts';
const pendingPath = '../../src-renderer/sell/pending-store.ts';
const { useSale, changeDue } = (await import(/* @vite-ignore */ storePath)) as { useSale: any; changeDue: (state: unknown) => number };
const { usePending } = (await import(/* @vite-ignore */ pendingPath)) as { usePending: any };
const { useShiftGate } = (await import(/* @vite-ignore */ gatePath)) as { useShiftGate: any };
const { editPart, chooseMethod, startSplit } = (await import(/* @vite-ignore */ draftPath)) as typeof import('../../src-renderer/sell/tender-draft.js');

// localStorage for the pending strip's tracked ids.
const memory = new Map<string, string>();
vi.stubGlobal('localStorage', { getItem: (k: string) => memory.get(k) ?? null, setItem: (k: string, v: string) => void memory.set(k, v) });

const FIXED: CatalogBrand = { brand: partnerBrand(), removed: false, removedAt: null, discount: null, syncedAt: 0 };
const quote: QuoteView = { lines: [{ denominationPaise: 50_000, quantity: 1 }], totalPaise: 50_000, voucherCount: 1, discountPaise: 5_000, customerPaysPaise: 45_000, debitPaise: 45_000, changePaise: null, brandTitle: 'Brand', floatWarning: null };
const SHIFT: ShiftView = { id: 'shift-1', counter: 'C01', openedAt: 0, openedByName: 'Asha', openingFloatPaise: 200_000, closedAt: null, closedByName: null, expectedCashPaise: 200_000, movements: [] };

function sale(state: SaleView['state'], patch: Partial<SaleView & { changePaise: number }> = {}): SaleView & { changePaise: number } {
  return {
    id: 'sale-1', referenceId: 'POS-1', orderId: null, state, productId: FIXED.brand.id, brandTitle: 'Brand', amountPaise: 50_000, discountPaise: 5_000,
    customerPaysPaise: 45_000,
    payment: { id: 'pay-1', tenders: [{ method: 'CASH', amountPaise: 45_000, receivedPaise: 50_000, reference: null }], amountPaise: 45_000, changePaise: 5_000, takenAt: 0, takenByName: 'Asha' },
    paymentState: state === 'SUCCESS' ? 'KEPT' : state === 'FAILED' ? 'REFUND_DUE' : 'ON_HOLD',
    refund: null,
    errorCode: state === 'FAILED' ? 'E200' : null, failureReason: null, supportReason: null, requestIds: [],
    failure: state === 'FAILED' ? { message: 'Failed.', action: 'Try again.' } : null,
    createdAt: 0, updatedAt: 0, nextCheckAt: null, printCount: 0, receiptOwed: false, retryOf: null, vouchers: [],
    changePaise: 5_000,
    ...patch,
  };
}

const sent = (method: string) => calls.filter((c) => c.method === method).map((c) => c.input);

/** A ₹500 voucher with a ₹50 customer discount, up to the confirm step. */
async function toConfirm(): Promise<void> {
  useSale.getState().selectBrand(FIXED);
  useSale.getState().edit((d: any) => ({ ...d, quantities: { 50_000: 1 }, discountText: '50' }));
  await useSale.getState().review();
  expect(useSale.getState().phase).toBe('confirm');
}

describe('taking the payment at Confirm sale', () => {
  beforeEach(() => {
    useSale.getState().nextSale();
    useShiftGate.getState().reset();
    calls.length = 0;
    for (const k of Object.keys(answers)) delete answers[k];
    answers['sale.quote'] = () => ({ ok: true, data: quote });
    answers['sale.place'] = () => ({ ok: true, data: sale('SUCCESS') });
  });

  it('sends cash, exact amount, when the cashier changes nothing (the 5-key sale): what the customer pays, not the face value', async () => {
    await toConfirm();
    await useSale.getState().place();
    expect(sent('sale.place')).toHaveLength(1);
    expect(sent('sale.place')[0].tenders).toEqual([{ method: 'CASH', amountPaise: 45_000 }]);
    expect(sent('sale.place')[0].discountPaise).toBe(5_000);
  });

  it('sends the cash handed over, and shows the change main answers', async () => {
    await toConfirm();
    useSale.getState().editPayment((p: any) => editPart(p, 0, { receivedText: '500' }));
    await useSale.getState().place();
    expect(sent('sale.place')[0].tenders).toEqual([{ method: 'CASH', amountPaise: 45_000, receivedPaise: 50_000 }]);
    expect(useSale.getState().changePaise).toBe(5_000);
    expect(useSale.getState().result.state).toBe('SUCCESS');
    // The change belongs to that sale only: the next one starts at none, cash exact.
    useSale.getState().closeResult();
    expect(useSale.getState().changePaise).toBe(0);
    expect(useSale.getState().payment.parts[0]).toEqual({ method: 'CASH', amountText: '', receivedText: '', reference: '' });
  });

  it('sends nothing while the payment does not add up', async () => {
    await toConfirm();
    useSale.getState().editPayment((p: any) => editPart(p, 0, { receivedText: '400' }));
    await useSale.getState().place();
    useSale.getState().editPayment((p: any) => editPart(startSplit(chooseMethod(p, 'UPI')), 0, { amountText: '100' }));
    useSale.getState().editPayment((p: any) => editPart(p, 1, { amountText: '100' }));
    await useSale.getState().place();
    expect(sent('sale.place')).toEqual([]);
    expect(useSale.getState().phase).toBe('confirm');
  });

  it('sends a split as its parts', async () => {
    await toConfirm();
    useSale.getState().editPayment((p: any) => editPart(editPart(startSplit(chooseMethod(p, 'UPI')), 0, { amountText: '200', reference: 'UTR77' }), 1, { method: 'CASH' }));
    await useSale.getState().place();
    expect(sent('sale.place')[0].tenders).toEqual([
      { method: 'UPI', amountPaise: 20_000, reference: 'UTR77' },
      { method: 'CASH', amountPaise: 25_000 },
    ]);
  });

  it("keeps the confirm step open with main's payment problems beside the payment", async () => {
    await toConfirm();
    answers['sale.place'] = () => ({ ok: false, error: { code: 'INVALID_SALE', message: 'Check the payment.', fields: [{ field: 'tenders', message: 'The payment adds up to ₹400, but the customer pays ₹450 (₹50 short).' }] } });
    await useSale.getState().place();
    expect(useSale.getState().phase).toBe('confirm');
    expect(useSale.getState().paymentErrors).toEqual({ tenders: 'The payment adds up to ₹400, but the customer pays ₹450 (₹50 short).' });
    // Changing the payment clears them: they were about what was sent.
    useSale.getState().editPayment((p: any) => editPart(p, 0, { receivedText: '450' }));
    expect(useSale.getState().paymentErrors).toEqual({});
  });

  it('no open shift: asks main for the shift again, so the screen shows the gate, and keeps the draft', async () => {
    useShiftGate.getState().set(SHIFT);
    await toConfirm();
    answers['sale.place'] = () => ({ ok: false, error: { code: 'NO_OPEN_SHIFT', message: 'Open a shift first.' } });
    answers['shift.current'] = () => ({ ok: true, data: null });
    await useSale.getState().place();
    await vi.waitFor(() => expect(useShiftGate.getState().shift).toBeNull());
    expect(sent('shift.current')).toHaveLength(1);
    expect(useSale.getState().phase).toBe('editing');
    expect(useSale.getState().draft.quantities).toEqual({ 50_000: 1 });
  });

  it('a drawer handed over during the brand check: stays at Confirm with main’s words and what to do, and Confirm sells it again', async () => {
    useShiftGate.getState().set(SHIFT);
    await toConfirm();
    const handedOver = {
      code: 'DRAWER_CHANGED',
      message: 'The drawer was closed and another one opened while this sale was being checked with the service: nothing was recorded and nothing was sent.',
      action: 'Sell it again: confirm the sale once more and it goes into the drawer open now.',
    };
    answers['sale.place'] = () => ({ ok: false, error: handedOver });
    await useSale.getState().place();
    // Not the shift gate (a drawer is open): the Confirm dialog shows the refusal as main said it.
    expect(sent('shift.current')).toHaveLength(0);
    expect(useSale.getState().phase).toBe('confirm');
    expect(useSale.getState().error).toEqual(handedOver);
    expect(useSale.getState().draft.quantities).toEqual({ 50_000: 1 });
    answers['sale.place'] = () => ({ ok: true, data: sale('SUCCESS') });
    await useSale.getState().place();
    expect(useSale.getState().result.state).toBe('SUCCESS');
    expect(sent('sale.place')).toHaveLength(2);
  });

  it('sends Place again under the same sale id after an unclear answer, and a new id once the draft changes or its sale is shown', async () => {
    await toConfirm();
    answers['sale.place'] = () => ({ ok: false, error: { code: 'INTERNAL', message: 'The app stopped answering.' } });
    await useSale.getState().place();
    expect(useSale.getState().phase).toBe('confirm');
    answers['sale.place'] = () => ({ ok: true, data: sale('SUCCESS') });
    await useSale.getState().place();
    const [first, second] = sent('sale.place');
    expect(first.saleId).toMatch(/^[0-9a-f-]{36}$/);
    // Main answers the sale the first press made: one customer, one sale.
    expect(second.saleId).toBe(first.saleId);
    // Shown: the next sale is another one.
    useSale.getState().closeResult();
    await toConfirm();
    await useSale.getState().place();
    expect(sent('sale.place')[2].saleId).not.toBe(first.saleId);
    // A draft edited after an unclear answer is another sale too.
    useSale.getState().nextSale();
    await toConfirm();
    answers['sale.place'] = () => ({ ok: false, error: { code: 'INTERNAL', message: 'The app stopped answering.' } });
    await useSale.getState().place();
    const unclear = sent('sale.place')[3].saleId;
    useSale.getState().backToEditing();
    useSale.getState().edit((d: any) => ({ ...d, quantities: { 50_000: 2 } }));
    await useSale.getState().review();
    await useSale.getState().place();
    expect(sent('sale.place')[4].saleId).not.toBe(unclear);
    // An id main says is another sale's sold nothing: the next press is a sale of its own.
    const refused = sent('sale.place')[4].saleId;
    answers['sale.place'] = () => ({ ok: false, error: { code: 'SALE_ID_IN_USE', message: 'That sale id belongs to another sale.' } });
    await useSale.getState().place();
    answers['sale.place'] = () => ({ ok: true, data: sale('SUCCESS') });
    await useSale.getState().place();
    expect(sent('sale.place')[6].saleId).not.toBe(refused);
  });
});

describe('after a paid sale failed', () => {
  beforeEach(async () => {
    useSale.getState().nextSale();
    usePending.getState().reset();
    memory.clear();
    calls.length = 0;
    for (const k of Object.keys(answers)) delete answers[k];
    answers['sale.quote'] = () => ({ ok: true, data: quote });
    answers['sale.place'] = () => ({ ok: true, data: sale('FAILED') });
    await toConfirm();
    await useSale.getState().place();
    expect(useSale.getState().result.paymentState).toBe('REFUND_DUE');
  });

  it('keeps the paid failure in the Pending strip, with its money to give back', () => {
    expect(usePending.getState().sales.map((x: SaleView) => [x.id, x.paymentState])).toEqual([['sale-1', 'REFUND_DUE']]);
  });

  it('Try again sends no tenders: the payment goes with the retry, and the failure leaves the strip', async () => {
    answers['sale.retry'] = () => ({ ok: true, data: sale('SUCCESS', { id: 'sale-2', retryOf: 'sale-1' }) });
    await useSale.getState().retry('sale-1');
    expect(sent('sale.retry')).toEqual([{ saleId: 'sale-1' }]);
    expect(usePending.getState().sales.map((x: SaleView) => x.id)).not.toContain('sale-1');
  });

  it('a refund records it once and the dialog shows it given back; a refused one shows the sale as main has it', async () => {
    const refunded = sale('FAILED', { paymentState: 'REFUNDED', refund: { amountPaise: 45_000, tenders: [{ method: 'CASH', amountPaise: 45_000 }], at: 0, byName: 'Asha' } });
    answers['sale.refund'] = () => ({ ok: true, data: refunded });
    useSale.getState().setResultStep('refund');
    await useSale.getState().refund('sale-1');
    expect(sent('sale.refund')).toEqual([{ saleId: 'sale-1' }]);
    expect(useSale.getState().result.paymentState).toBe('REFUNDED');
    expect(useSale.getState().resultStep).toBe('outcome');
    expect(usePending.getState().sales).toEqual([]);

    answers['sale.refund'] = () => ({ ok: false, error: { code: 'ALREADY_REFUNDED', message: 'This payment was already given back.' } });
    answers['sale.get'] = () => ({ ok: true, data: refunded });
    await useSale.getState().refund('sale-1');
    expect(useSale.getState().error.message).toBe('This payment was already given back.');
    expect(useSale.getState().result.paymentState).toBe('REFUNDED');
  });

  it('after a refund, Try again takes the payment again and sends it', async () => {
    const tenders = [{ method: 'UPI', amountPaise: 45_000, reference: 'UTR9' }];
    answers['sale.retry'] = () => ({ ok: true, data: sale('SUCCESS', { id: 'sale-2' }) });
    await useSale.getState().retry('sale-1', tenders);
    expect(sent('sale.retry')).toEqual([{ saleId: 'sale-1', tenders }]);
  });

  it('Esc on the refund step goes back to the outcome, not away from the sale', () => {
    useSale.getState().setResultStep('refund');
    useSale.getState().closeResult();
    expect(useSale.getState().resultStep).toBe('outcome');
    expect(useSale.getState().result.id).toBe('sale-1');
  });
});

describe('Try again from the Pending strip', () => {
  const refunded = sale('FAILED', { paymentState: 'REFUNDED', refund: { amountPaise: 45_000, tenders: [{ method: 'CASH', amountPaise: 45_000 }], at: 0, byName: 'Asha' } });

  beforeEach(() => {
    useSale.getState().nextSale();
    usePending.getState().reset();
    memory.clear();
    calls.length = 0;
    for (const k of Object.keys(answers)) delete answers[k];
    answers['sale.quote'] = () => ({ ok: true, data: quote });
  });

  it('shows the change due of the retried sale, as main answers it for the payment taken again', async () => {
    // The cashier is in the middle of the next customer's sale when the strip's card is opened.
    useSale.getState().selectBrand(FIXED);
    useSale.getState().edit((d: any) => ({ ...d, quantities: { 50_000: 2 } }));
    useSale.getState().showSale(refunded, 'pay-again');
    expect(changeDue(useSale.getState())).toBe(0);
    // ₹500 handed over for ₹450: main answers ₹50 change for the new sale.
    answers['sale.retry'] = () => ({ ok: true, data: sale('SUCCESS', { id: 'sale-2', retryOf: 'sale-1', changePaise: 5_000 }) });
    await useSale.getState().retry('sale-1', [{ method: 'CASH', amountPaise: 45_000, receivedPaise: 50_000 }]);
    expect(useSale.getState().result.id).toBe('sale-2');
    expect(useSale.getState().resultIsCurrent).toBe(false);
    expect(changeDue(useSale.getState())).toBe(5_000);
    // Closed: the draft on screen is still the next customer's, with no change of its own yet.
    useSale.getState().closeResult();
    expect(changeDue(useSale.getState())).toBe(0);
    expect(useSale.getState().draft.quantities).toEqual({ 50_000: 2 });
  });

  it('a retry that carries the first payment shows the change main answers (none), not the first sale’s', async () => {
    const failed = sale('FAILED');
    useSale.getState().showSale(failed);
    answers['sale.retry'] = () => ({ ok: true, data: sale('SUCCESS', { id: 'sale-2', retryOf: 'sale-1', changePaise: 0 }) });
    await useSale.getState().retry('sale-1');
    expect(useSale.getState().result.id).toBe('sale-2');
    expect(changeDue(useSale.getState())).toBe(0);
  });

  it('the previous customer’s change is never shown on a sale opened from the strip', async () => {
    answers['sale.place'] = () => ({ ok: true, data: sale('SUCCESS', { id: 'sale-9', changePaise: 5_000 }) });
    await toConfirm();
    await useSale.getState().place();
    expect(changeDue(useSale.getState())).toBe(5_000);
    useSale.getState().showSale(refunded, 'pay-again');
    expect(changeDue(useSale.getState())).toBe(0);
  });
});
