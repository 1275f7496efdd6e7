import { z } from 'zod';
import { needs, signedIn } from './define.js';
import { empty, paise } from './fields.js';

export interface WalletView {
  /** Last balance the service reported, or null before the first read. */
  balancePaise: number | null;
  readAt: number | null;
  thresholdPaise: number;
  /** Debits of sales started since that read and not known to have failed. */
  inFlightPaise: number;
  /** What is probably left: balance − in flight. */
  estimatedPaise: number | null;
  low: boolean;
  /** The last Wallet Low Balance event, if the service sent one after the last read. */
  lowBalanceAlert: { balancePaise: number; thresholdPaise: number | null; at: number } | null;
}

export const STATEMENT_KINDS = ['DEBIT', 'REVERSAL', 'TOP_UP', 'READING'] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];

/**
 * One line of the wallet's statement as the counter knows it. Debits are the sales the service
 * took (an order id came back), at the time they were sent; reversals are those of them that
 * then failed or were cancelled, at the time the counter learnt it; top-ups are the managers';
 * readings are the service's own balance, for comparison.
 */
export interface StatementLine {
  at: number;
  kind: StatementKind;
  /** Positive paise: what moved (the balance, for a reading). */
  amountPaise: number;
  /** The sale's reference, or the top-up's. */
  reference: string | null;
  saleId: string | null;
  /** The first balance the service reported at or after this line: what it showed once this had happened. */
  serviceBalancePaise: number | null;
  /** A store's counter lists every counter's lines: the counter each was sold or entered at (null for a reading). */
  counterName?: string | null;
}

export const walletMethods = {
  'wallet.view': signedIn(empty).returns<WalletView>(),
  /** Reads the balance from the service; the view also goes out as a wallet.updated event. */
  'wallet.refresh': signedIn(empty).returns<WalletView>(),
  /**
   * A top-up the manager made to the wallet (at the partner's portal or by bank transfer), so
   * the end of day can tell it from sales. Audited.
   */
  'wallet.recordTopUp': needs('seeAllTotals')(
    z.strictObject({ amountPaise: paise.min(1), reference: z.string().trim().min(1, 'enter the top-up reference').max(60), at: z.number().int().optional() }),
  ).returns<WalletView>(),
  /**
   * Every debit, reversal and top-up the counter knows of, with the service's balances beside
   * them; newest first. A store's counter lists the store's (every counter's; `counterId` for one).
   */
  'wallet.statement': needs('seeAllTotals')(
    z.strictObject({ before: z.number().int().optional(), limit: z.number().int().min(1).max(1_000).optional(), counterId: z.string().uuid().optional() }),
  ).returns<{ lines: StatementLine[]; scope?: 'store' | 'counter'; notice?: string }>(),
};
