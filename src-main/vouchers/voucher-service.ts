import type { AuditLog } from '../audit/audit-log.js';
import type { MaskedVoucher, ReceiptData, RevealedVoucher } from '../contract/index.js';
import type { CardVault } from '../platform/card-vault.js';
import type { PartnerClient } from '../partner-api/partner-client.js';
import { usableUsageInstructions } from '../partner-api/deprecated-fields.js';
import type { PartnerError } from '../partner-api/partner-error.js';
import type { DeliveryChannel } from '../partner-api/types.js';
import type { SaleJournal } from '../orders/journal/sale-journal.js';
import type { SaleRecord } from '../orders/journal/sale-record.js';
import { resendContactProblems, type ResendProblem } from '../orders/rules/index.js';

export type ResendResult =
  | { ok: true; message: string }
  | { ok: false; kind: 'contacts'; problems: ResendProblem[] }
  | { ok: false; kind: 'service'; error: PartnerError }
  | { ok: false; kind: 'not-found' | 'not-deliverable'; message: string };

/** How screens show a card number: its last four digits only (the store's detail of another counter's sale too). */
export const maskCardNumber = (last4: string | null): string | null => (last4 ? `•••• •••• •••• ${last4}` : null);

/**
 * Everything done with a sale's vouchers after it succeeded. Card numbers and PINs are
 * unsealed only for the customer's receipt and for an audited reveal; screens get masks.
 */
export class VoucherService {
  constructor(
    private readonly deps: { journal: SaleJournal; vault: CardVault; audit: AuditLog; client: () => PartnerClient },
  ) {}

  masked(saleId: string): MaskedVoucher[] {
    return this.deps.journal.vouchers(saleId).map((v) => ({
      seq: v.seq,
      voucherId: v.voucherId,
      cardType: v.cardType,
      cardNumberMasked: maskCardNumber(v.cardNumberLast4),
      hasPin: v.cardPinSealed !== null,
      validTill: v.validTill,
      amountPaise: v.amountPaise,
    }));
  }

  /** Shows one voucher's credentials on screen; always audited with who asked. */
  reveal(saleId: string, seq: number, actor: string): RevealedVoucher | null {
    const v = this.deps.journal.vouchers(saleId).find((x) => x.seq === seq);
    if (!v) return null;
    this.deps.audit.append({ actor, action: 'voucher.revealed', saleId, details: { seq, voucherId: v.voucherId } });
    return { seq, cardNumber: v.cardNumberSealed && this.deps.vault.unseal(v.cardNumberSealed), cardPin: v.cardPinSealed && this.deps.vault.unseal(v.cardPinSealed) };
  }

  /** The receipt to print; a second and later print is a reprint (DUPLICATE #n), audited with its approver. */
  receipt(saleId: string, actor: string | null, approvedBy: string | null): ReceiptData | null {
    const sale = this.deps.journal.get(saleId);
    if (!sale || sale.state !== 'SUCCESS') return null;
    const brand = sale.brandSnapshot;
    // updated_at moves with every print, so a reprint would date itself by the previous copy.
    // The vouchers arrived with the last exchange made for the sale (the one that saw SUCCESS).
    const issuedAt = this.deps.journal.attempts(saleId).at(-1)?.finishedAt ?? sale.updatedAt;
    const vouchers = this.masked(saleId).map((m) => {
      const stored = this.deps.journal.vouchers(saleId).find((v) => v.seq === m.seq)!;
      return {
        ...m,
        cardNumber: stored.cardNumberSealed && this.deps.vault.unseal(stored.cardNumberSealed),
        cardPin: stored.cardPinSealed && this.deps.vault.unseal(stored.cardPinSealed),
      };
    });
    // Counted and audited only once the credentials could be read: a print that cannot happen is not a copy.
    const copy = this.deps.journal.incrementPrintCount(saleId);
    this.deps.audit.append({
      actor,
      action: copy === 1 ? 'receipt.printed' : 'receipt.reprinted',
      saleId,
      details: { copy, approvedBy },
    });
    return {
      saleId,
      orderId: sale.orderId,
      referenceId: sale.referenceId,
      brandTitle: sale.brandTitle,
      redemptionType: brand.redemptionType,
      howToUse: brand.howToUse,
      // Again here: a sale's brand snapshot may have been stored before the rule held.
      usageInstructionsText: usableUsageInstructions(brand.usageInstructionsText, brand),
      keyTerms: brand.termsAndConditions.slice(0, 5),
      storeLocatorUrl: brand.storeLocatorUrl,
      amountPaise: sale.amountPaise,
      issuedAt,
      cashierId: sale.cashierId,
      copy,
      vouchers,
    };
  }

  async liveBalance(saleId: string, seq: number): Promise<{ ok: true; balancePaise: number | null } | { ok: false; message: string; error?: PartnerError }> {
    const sale = this.deps.journal.get(saleId);
    const v = this.deps.journal.vouchers(saleId).find((x) => x.seq === seq);
    if (!sale || !v) return { ok: false, message: 'No such voucher' };
    if (!sale.brandSnapshot.canBalanceBeFetched) return { ok: false, message: `${sale.brandTitle} does not report voucher balances` };
    if (!v.voucherId) return { ok: false, message: 'The service did not give this voucher an id, so its balance cannot be looked up' };
    const result = await this.deps.client().getVoucher(v.voucherId);
    if (!result.ok) return { ok: false, message: result.error.message, error: result.error };
    const balance = result.value.balance;
    return { ok: true, balancePaise: balance === null || balance === undefined ? null : Math.round(balance * 100) };
  }

  /** §4.7: contact rules are checked here first, so the manager hears why before anything is sent. */
  async resend(saleId: string, channels: DeliveryChannel[], actor: string): Promise<ResendResult> {
    const sale: SaleRecord | undefined = this.deps.journal.get(saleId);
    if (!sale) return { ok: false, kind: 'not-found', message: 'No such sale' };
    if (sale.state !== 'SUCCESS' || !sale.orderId) return { ok: false, kind: 'not-deliverable', message: 'Only a successful sale has vouchers to deliver' };
    const problems = resendContactProblems(channels, sale.payload);
    if (problems.length > 0) return { ok: false, kind: 'contacts', problems };
    const result = await this.deps.client().resendDelivery(sale.orderId, channels);
    this.deps.audit.append({ actor, action: 'delivery.resent', saleId, details: { channels, ok: result.ok && result.value.success } });
    if (!result.ok) return { ok: false, kind: 'service', error: result.error };
    if (!result.value.success) return { ok: false, kind: 'contacts', problems: [{ channel: null, message: result.value.message }] };
    return { ok: true, message: result.value.message };
  }
}
