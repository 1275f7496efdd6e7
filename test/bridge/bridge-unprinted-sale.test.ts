import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bridgeHarness, setUpCounter, type BridgeHarness } from './bridge-harness.js';
import { cashTenders } from '../support/till.js';
import { PRINT_TOKEN_TTL_MS } from '../../src-main/core/facade/print-tokens.js';

const MANAGER_PIN = '2580';
const CASHIER_PIN = '4826';

/**
 * A completed sale whose receipt was never printed (issue 11, item 5): main's journal keeps it
 * owed for the counter (`sale.pending`'s `unprinted`) and the manager (`orders.attention`) until it
 * is printed or a manager records that the customer left without it.
 */
describe('a completed sale that was never printed, through the bridge', () => {
  let h: BridgeHarness;
  let ids: { managerId: string; cashierId: string };
  beforeAll(async () => {
    h = await bridgeHarness();
    ids = await setUpCounter(h);
  });
  afterAll(async () => h.close());

  const asCashier = () => h.ok('staff.signIn', { staffId: ids.cashierId, pin: CASHIER_PIN });
  const asManager = () => h.ok('staff.signIn', { staffId: ids.managerId, pin: MANAGER_PIN });
  const sell = async (productId = 'TEST_FIXED_STANDARD') => h.ok('sale.place', { productId, amountPaise: 50_000, tenders: cashTenders(50_000) });
  const unprinted = async () => ((await h.ok('sale.pending')).unprinted as { id: string; receiptOwed: boolean }[]).map((s) => s.id);
  const audit = () => h.core.audit.list({ limit: 1000 });
  /** The journal's row and waiver and the audit trail, to show a refusal changed none of them. */
  const snapshot = (saleId: string) => ({ sale: h.core.env().journal.get(saleId), waiver: h.core.env().journal.receiptWaiver(saleId), auditSeq: audit()[0]?.seq });

  it('lists the sale as owed to the cashier after a sign-out, and to the manager on the attention list', async () => {
    await asCashier();
    // sale.place's answer is the sale's view plus the change to hand back.
    const { changePaise, ...sale } = await sell();
    expect(changePaise).toBe(0);
    expect(sale).toMatchObject({ state: 'SUCCESS', printCount: 0, receiptOwed: true });
    const pending = await h.ok('sale.pending');
    expect(pending.sales).toEqual([]); // the unfinished list keeps its meaning
    expect(pending.unprinted).toEqual([sale]);
    await h.ok('staff.signOut');
    await asCashier();
    expect(await unprinted()).toEqual([sale.id]);
    await asManager();
    const { items } = await h.ok('orders.attention');
    expect(items).toEqual([expect.objectContaining({ id: sale.id, state: 'SUCCESS', printCount: 0 })]);
  });

  it('takes a sale off both lists once its receipt is printed', async () => {
    await asCashier();
    const sale = await sell();
    expect(await unprinted()).toContain(sale.id);
    expect((await h.ok('receipt.print', { saleId: sale.id })).copy).toBe(1);
    expect(await unprinted()).not.toContain(sale.id);
    expect((await h.ok('sale.get', { saleId: sale.id })).receiptOwed).toBe(false);
    await asManager();
    expect((await h.ok('orders.attention')).items.map((i: { id: string }) => i.id)).not.toContain(sale.id);
  });

  it('puts a sale back on the list when the printer did not take its first receipt: printing again is not a reprint', async () => {
    await asCashier();
    const sale = await sell();
    const first = await h.ok('receipt.print', { saleId: sale.id });
    expect(first.copy).toBe(1);
    // The shell saw the printer fail (shell/printing.ts) and says so by the copy's token.
    expect(h.core.sales.receiptPrintOutcome(first.printToken, false, ids.cashierId)).toBe(true);
    expect(await unprinted()).toContain(sale.id);
    expect(await h.ok('sale.get', { saleId: sale.id })).toMatchObject({ receiptOwed: true, printCount: 0 });
    expect(audit()[0]).toMatchObject({ action: 'receipt.not_printed', actor: ids.cashierId, saleId: sale.id, details: { copy: 1 } });
    // A token is spent once: naming it again takes nothing back.
    expect(h.core.sales.receiptPrintOutcome(first.printToken, false, ids.cashierId)).toBe(false);
    // The first copy again, with no manager's approval; printed this time.
    const again = await h.ok('receipt.print', { saleId: sale.id });
    expect(again.copy).toBe(1);
    expect(h.core.sales.receiptPrintOutcome(again.printToken, true, ids.cashierId)).toBe(true);
    // A printed copy cannot be taken back afterwards, nor by a made-up token.
    expect(h.core.sales.receiptPrintOutcome(again.printToken, false, ids.cashierId)).toBe(false);
    expect(h.core.sales.receiptPrintOutcome('not-a-token-of-this-app', false, ids.cashierId)).toBe(false);
    expect(h.core.env().journal.get(sale.id)!.printCount).toBe(1);
  });

  it('takes back only a copy whose token is fresh: an old print job cannot un-count it', async () => {
    await asCashier();
    const sale = await sell();
    const first = await h.ok('receipt.print', { saleId: sale.id });
    h.clock.advance(PRINT_TOKEN_TTL_MS + 1);
    expect(h.core.sales.receiptPrintOutcome(first.printToken, false, ids.cashierId)).toBe(false);
    expect(h.core.env().journal.get(sale.id)).toMatchObject({ printCount: 1, receiptOwed: false });
  });

  it('records “customer left without receipt” for a cashier only with a manager’s PIN, once, journaled and audited', async () => {
    await asCashier();
    const sale = await sell();
    const before = snapshot(sale.id);

    // Without a manager: no PIN, the cashier's own PIN, a wrong PIN. Nothing recorded.
    expect(await h.call('sale.markLeftWithoutReceipt', { saleId: sale.id })).toMatchObject({ ok: false, error: { code: 'MANAGER_PIN_REQUIRED' } });
    expect(await h.call('sale.markLeftWithoutReceipt', { saleId: sale.id, managerPin: CASHIER_PIN })).toMatchObject({ ok: false, error: { code: 'INVALID_PIN' } });
    expect(h.core.env().journal.get(sale.id)).toEqual(before.sale);
    expect(await unprinted()).toContain(sale.id);
    expect(audit().filter((e) => e.action === 'receipt.customer_left_without')).toEqual([]);

    h.clock.advance(1_000);
    const recorded = await h.ok('sale.markLeftWithoutReceipt', { saleId: sale.id, managerPin: MANAGER_PIN, reason: '  Customer in a hurry  ' });
    expect(recorded).toMatchObject({ id: sale.id, state: 'SUCCESS', printCount: 0, receiptOwed: false });
    expect(h.core.env().journal.receiptWaiver(sale.id)).toEqual({ at: h.clock.now(), approvedBy: ids.managerId, reason: 'Customer in a hurry' });
    const [entry] = audit().filter((e) => e.action === 'receipt.customer_left_without');
    expect(entry).toMatchObject({ actor: ids.cashierId, saleId: sale.id, at: h.clock.now(), details: { approvedBy: ids.managerId, reason: 'Customer in a hurry', referenceId: sale.referenceId } });
    expect(audit().find((e) => e.action === 'manager.approved')).toMatchObject({ actor: ids.managerId, details: { what: 'record that the customer left without the receipt', for: ids.cashierId } });
    expect(await unprinted()).not.toContain(sale.id);

    // Twice: refused, and no PIN is checked for it.
    const after = snapshot(sale.id);
    expect(await h.call('sale.markLeftWithoutReceipt', { saleId: sale.id, managerPin: MANAGER_PIN })).toMatchObject({
      ok: false,
      error: { code: 'RECEIPT_NOT_OWED', message: 'It is already recorded that the customer left without this receipt.' },
    });
    expect(snapshot(sale.id)).toEqual(after);
    expect(h.core.audit.verify()).toMatchObject({ ok: true });

    // Its card numbers and PINs are no longer anyone's to print: printing it now needs a manager's approval.
    expect(await h.call('receipt.print', { saleId: sale.id })).toMatchObject({ ok: false, error: { code: 'MANAGER_PIN_REQUIRED' } });
    expect(h.core.env().journal.get(sale.id)!.printCount).toBe(0);
    const approved = await h.ok('receipt.print', { saleId: sale.id, managerPin: MANAGER_PIN });
    expect(approved).toMatchObject({ approvedByName: expect.any(String) });
    // Given back after a failed print, it is still not owed: the waiver stands.
    expect(h.core.sales.receiptPrintOutcome(approved.printToken, false, ids.cashierId)).toBe(true);
    expect(h.core.env().journal.get(sale.id)).toMatchObject({ printCount: 0, receiptOwed: false });
    expect(await unprinted()).not.toContain(sale.id);
  });

  it('refuses it for a printed sale, a sale that did not complete and an unknown one, before any PIN is checked', async () => {
    await asCashier();
    const printed = await sell();
    await h.ok('receipt.print', { saleId: printed.id });
    const failed = await sell('TEST_E200_GENERATION_FAILED');
    expect(failed.state).toBe('FAILED');
    const processing = await sell('TEST_PROCESSING_SUCCESS');
    expect(processing.state).toBe('PROCESSING');
    const cases = [
      [printed.id, 'RECEIPT_NOT_OWED', 'This receipt was printed; there is nothing to record.'],
      [failed.id, 'RECEIPT_NOT_OWED', 'Only a completed sale has a receipt to hand over.'],
      [processing.id, 'RECEIPT_NOT_OWED', 'Only a completed sale has a receipt to hand over.'],
      ['no-such-sale', 'NOT_FOUND', 'No such sale'],
    ] as const;
    for (const [saleId, code, message] of cases) {
      const before = snapshot(saleId);
      expect(await h.call('sale.markLeftWithoutReceipt', { saleId, managerPin: MANAGER_PIN }), saleId).toMatchObject({ ok: false, error: { code, message } });
      expect(snapshot(saleId), saleId).toEqual(before);
    }
  });

  it('lets a signed-in manager record it without a PIN, in their own name', async () => {
    await asManager();
    const sale = await sell();
    expect((await h.ok('orders.attention')).items.map((i: { id: string }) => i.id)).toContain(sale.id);
    const approvals = audit().filter((e) => e.action === 'manager.approved').length;
    await h.ok('sale.markLeftWithoutReceipt', { saleId: sale.id });
    expect(h.core.env().journal.receiptWaiver(sale.id)).toMatchObject({ approvedBy: ids.managerId, reason: null });
    expect(audit()[0]).toMatchObject({ action: 'receipt.customer_left_without', actor: ids.managerId, details: { approvedBy: ids.managerId, reason: null } });
    expect(audit().filter((e) => e.action === 'manager.approved')).toHaveLength(approvals);
    expect((await h.ok('orders.attention')).items.map((i: { id: string }) => i.id)).not.toContain(sale.id);
  });

  it('refuses a reason that is too long as a bad request, and it needs a signed-in person', async () => {
    await asCashier();
    const sale = await sell();
    expect(await h.call('sale.markLeftWithoutReceipt', { saleId: sale.id, managerPin: MANAGER_PIN, reason: 'x'.repeat(201) })).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    await h.ok('staff.signOut');
    expect(await h.call('sale.markLeftWithoutReceipt', { saleId: sale.id, managerPin: MANAGER_PIN })).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    await asCashier();
    expect(await unprinted()).toContain(sale.id);
  });
});
