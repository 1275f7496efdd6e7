import type { Core } from '../../core/create-core.js';
import { DRAWER_CHANGED_ACTION, type SaleRefusal } from '../../orders/sales/sale-service.js';
import { fail } from '../bridge-result.js';
import type { CoreHandlers, DrawerChanged, ParsedInput } from '../../contract/index.js';
import { permissionRefusal } from '../../contract/permissions.js';
import type { Session } from '../session.js';
import { STORE_AWAY } from '../../store-link/store-reachability.js';
import { describeError, STORE_STAFF_REFUSAL } from '../../partner-api/error-table.js';
import { storeFailure } from './store-handlers.js';

function quoteFailure(result: SaleRefusal): never {
  if (result.kind === 'invalid') {
    return fail('INVALID_SALE', result.problems[0]?.message ?? 'Check the sale', { fields: result.problems });
  }
  if (result.kind === 'no-shift') {
    return fail('NO_OPEN_SHIFT', result.message, { fields: [{ field: 'shift', message: result.message }], action: 'Open the drawer on the Drawer screen, then sell.' });
  }
  if (result.kind === 'drawer-changed') return fail('DRAWER_CHANGED' satisfies DrawerChanged, result.message, { action: DRAWER_CHANGED_ACTION });
  return fail(result.error.code, result.error.message, { action: result.error.action, requestId: result.error.requestId });
}

export function saleHandlers(core: Core, session: Session) {
  const managerApproval = async (pin: string | undefined, what: string, approverId?: string) => {
    if (!pin) return fail('MANAGER_PIN_REQUIRED', `A manager's PIN is needed to ${what}`);
    // Audited (approved or failed) and rate-limited by the staff service itself.
    const approved = await core.staff.approveByManagerPin(pin, { what, for: session.staff?.id ?? null }, approverId ?? null);
    if (!approved.ok) return fail(approved.error.code, approved.error.message);
    return approved.value;
  };
  /** A store's counter sells only while its store server answers: said at once, before anything is journaled. */
  const refuseWithoutStore = async (store: NonNullable<Core['store']>): Promise<void> => {
    const unreachable = await store.unreachable();
    if (unreachable) fail('STORE_UNREACHABLE', `${unreachable} ${STORE_AWAY}`);
    // The store takes a sale only from someone signed in there; said before the customer pays.
    if (!store.client.hasStaffSession(session.staff!.id)) {
      const { message, action } = describeError(STORE_STAFF_REFUSAL.signInNeeded);
      fail(STORE_STAFF_REFUSAL.signInNeeded, message, { action });
    }
  };
  return {
    'sale.quote': async ({ tenders, ...input }: ParsedInput<'sale.quote'>) => {
      // The quote checks the brand through the store server: when it is away, that is what to say.
      if (core.store) await refuseWithoutStore(core.store);
      const result = await core.sales.quote(input, tenders);
      if (!result.ok) return quoteFailure(result);
      const { sale, brand, floatWarning, customerPaysPaise, changePaise } = result.quote;
      return {
        lines: sale.lines,
        totalPaise: sale.totalPaise,
        voucherCount: sale.voucherCount,
        discountPaise: sale.discountPaise,
        customerPaysPaise,
        debitPaise: sale.debitPaise,
        changePaise,
        brandTitle: brand.title,
        floatWarning,
      };
    },
    'sale.place': async ({ tenders, saleId, ...input }: ParsedInput<'sale.place'>) => {
      if (core.store) await refuseWithoutStore(core.store);
      const result = await core.sales.place(input, session.staff!.id, tenders, saleId);
      if (!result.ok) return result.kind === 'id-in-use' ? fail('SALE_ID_IN_USE', result.message) : quoteFailure(result);
      return { ...result.sale, changePaise: result.changePaise };
    },
    'sale.get': (input: ParsedInput<'sale.get'>) => core.sales.get(input.saleId) ?? fail('NOT_FOUND', 'No such sale'),
    'sale.pending': () => ({ sales: core.sales.pending(), unprinted: core.sales.unprinted() }),
    'sale.retry': async (input: ParsedInput<'sale.retry'>) => {
      if (core.store) await refuseWithoutStore(core.store);
      const result = await core.sales.retry(input.saleId, session.staff!.id, input.tenders);
      if (!result.ok) return result.kind === 'not-retryable' ? fail('NOT_RETRYABLE', result.message) : quoteFailure(result);
      return { ...result.sale, changePaise: result.changePaise };
    },
    'sale.refund': (input: ParsedInput<'sale.refund'>) => {
      const result = core.sales.refund(input.saleId, session.staff!.id);
      if (!result.ok) return fail(result.code, result.message);
      return result.sale;
    },
    'sale.resolveReview': async (input: ParsedInput<'sale.resolveReview'>) => {
      const staff = session.staff!;
      // Refused (or a repeat answered) before any PIN is checked: a wrong request must not cost the manager a PIN attempt.
      const refusal = core.sales.reviewRefusal(input.saleId, input.decision);
      if (refusal?.kind === 'refused') return fail(refusal.result.code, refusal.result.message);
      if (refusal?.kind === 'repeat') return refusal.sale;
      // A signed-in manager decides by being signed in; a cashier needs a manager's PIN.
      const what = input.decision === 'REFUND' ? 'give back the money of a sale the service cancelled' : 'keep the money of a sale the service cancelled';
      const approver = staff.role === 'manager' && !input.managerPin ? staff : await managerApproval(input.managerPin, what, input.approverId);
      const result = core.sales.resolveReview(input.saleId, { decision: input.decision, note: input.note, actor: staff.id, approvedBy: approver.id });
      if (!result.ok) return fail(result.code, result.message);
      return result.sale;
    },
    'sale.checkNow': async (input: ParsedInput<'sale.checkNow'>) => {
      const staff = session.staff!;
      const result = await core.sales.checkNow(input.saleId, staff.id, { limited: staff.role !== 'manager' });
      if (result.ok) return result.sale;
      if (result.kind === 'not-found') return fail('NOT_FOUND', 'No such sale');
      return fail('RATE_LIMITED', `This sale was checked with the service moments ago. You can check it again in ${result.waitSeconds} s.`, {
        action: 'Wait, then press Check now again — or call the manager.',
      });
    },
    'sale.markLeftWithoutReceipt': async (input: ParsedInput<'sale.markLeftWithoutReceipt'>) => {
      const staff = session.staff!;
      // Refused before any PIN is checked: a wrong request must not cost the manager a PIN attempt.
      const refusal = core.sales.receiptWaiverRefusal(input.saleId);
      if (refusal) return fail(refusal.kind === 'not-found' ? 'NOT_FOUND' : 'RECEIPT_NOT_OWED', refusal.message);
      // A signed-in manager approves by being signed in; a cashier needs a manager's PIN.
      const approver = staff.role === 'manager' && !input.managerPin ? staff : await managerApproval(input.managerPin, 'record that the customer left without the receipt', input.approverId);
      const result = core.sales.recordLeftWithoutReceipt(input.saleId, { actor: staff.id, approvedBy: approver.id, reason: input.reason || null });
      if (!result.ok) return fail('RECEIPT_NOT_OWED', result.message);
      return result.sale;
    },
    'receipt.print': async (input: ParsedInput<'receipt.print'>) => {
      const sale = core.sales.get(input.saleId) ?? fail('NOT_FOUND', 'No such sale');
      // The first print is the cashier's while the receipt is owed (the sale it just completed);
      // every other print is one a manager approves, asked for by someone allowed to ask: a later
      // copy, or the first of a sale whose receipt a manager recorded as left behind (its card
      // numbers and PINs would otherwise go to whoever asks, unapproved).
      const reprint = sale.printCount > 0 || !sale.receiptOwed;
      if (reprint && !session.staff!.permissions.includes('reprintWithApproval')) {
        return fail('FORBIDDEN', permissionRefusal('reprintWithApproval'), { permission: 'reprintWithApproval' });
      }
      const approver = reprint ? await managerApproval(input.managerPin, 'reprint a receipt', input.approverId) : null;
      const receipt = core.sales.receipt(input.saleId, session.staff!.id, approver?.id ?? null);
      if (!receipt) return fail('NOT_PRINTABLE', 'Only a successful sale has a receipt');
      const s = core.settings.get();
      return {
        ...receipt,
        store: s.store,
        receiptOptions: s.receipt,
        cashierName: session.staff!.name,
        reprintedAt: approver ? core.clock.now() : null,
        approvedByName: approver?.name ?? null,
      };
    },
    'voucher.reveal': async (input: ParsedInput<'voucher.reveal'>) => {
      const what = 'show a card number or PIN';
      const approver = await managerApproval(input.managerPin, what, input.approverId);
      const store = core.store;
      if (!store || core.env().journal.get(input.saleId)) return core.sales.reveal(input.saleId, input.seq, approver.id) ?? fail('NOT_FOUND', 'No such voucher');
      // Another counter's sale: the store unseals it (and audits it there); this counter audits who asked and who approved.
      const { counterName, ...revealed } = await store.revealVoucher({ saleId: input.saleId, seq: input.seq, approvedBy: approver.id }, { pin: input.managerPin!, what }, session.staff!.id).catch(storeFailure);
      core.audit.append({ actor: approver.id, action: 'voucher.revealed', saleId: input.saleId, details: { seq: input.seq, soldAt: counterName, by: session.staff!.id } });
      return revealed;
    },
    'voucher.balance': async (input: ParsedInput<'voucher.balance'>) => {
      const result = await core.sales.liveBalance(input.saleId, input.seq);
      if (!result.ok) return fail(result.error?.code ?? 'BALANCE_UNAVAILABLE', result.message, { action: result.error?.action, requestId: result.error?.requestId });
      return { balancePaise: result.balancePaise, readAt: core.clock.now() };
    },
  } satisfies Partial<CoreHandlers>;
}
