import { cashier } from './define.js';
import { empty } from './fields.js';

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

export const walletMethods = {
  'wallet.view': cashier(empty).returns<WalletView>(),
  /** Reads the balance from the service; the view also goes out as a wallet.updated event. */
  'wallet.refresh': cashier(empty).returns<WalletView>(),
};
