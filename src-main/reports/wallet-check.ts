import { customerPaysOf } from '../orders/rules/index.js';
import type { Discrepancy, EndOfDayReport } from '../contract/report.js';
import type { WalletHistory, WalletReading } from '../wallet/wallet-history.js';
import type { DaySale } from './day-sale.js';
import { walletMovement, walletNotRead } from './discrepancies.js';

/**
 * The two readings a day's wallet movement is measured between.
 *
 * Opening: the last reading before the day's first sale (before the day's start when it had no
 * sales), so every sale of the day falls after it; when the wallet was never read before, the
 * first reading of the day (sales up to it are then outside the check). Closing: `fresh` when
 * the report read the balance just now (the day is today), else the day's last reading.
 *
 * Readings are taken once a sale is answered, so a sale or top-up at the same millisecond as a
 * reading counts as in it: the window is (opening, closing].
 */
export function walletReadings(
  history: Pick<WalletHistory, 'lastBefore' | 'firstIn' | 'lastIn'>,
  day: { from: number; to: number },
  firstSaleAt: number | null,
  fresh: WalletReading | null,
): { opening: WalletReading | null; closing: WalletReading | null } {
  const opening = history.lastBefore(firstSaleAt ?? day.from) ?? history.firstIn(day.from, day.to);
  const closing = fresh ?? history.lastIn(day.from, day.to);
  return { opening, closing: closing && opening && closing.at < opening.at ? null : closing };
}

/**
 * spent = opening + top-ups entered − closing; expected = what the service charged for the
 * counter's sales made between the two readings (amount − discount of each it holds as SUCCESS
 * or PROCESSING; a failed order's debit is given back, so it counts nothing). The two differ when the wallet paid for something this counter did not sell (an order from
 * the partner's portal or another counter) or got money that was not entered as a top-up.
 */
export function checkWallet(input: {
  opening: WalletReading | null;
  closing: WalletReading | null;
  topUpsPaise: (after: number, upTo: number) => number;
  /** The counter's sales in (opening, closing], and whether the service holds each one charged. */
  windowSales: readonly { sale: DaySale; charged: boolean }[];
}): { wallet: EndOfDayReport['wallet']; discrepancy: Discrepancy | null } {
  const { opening, closing } = input;
  if (!opening || !closing) {
    return {
      wallet: {
        openingBalancePaise: opening?.balancePaise ?? null,
        openingReadAt: opening?.at ?? null,
        closingBalancePaise: closing?.balancePaise ?? null,
        closingReadAt: closing?.at ?? null,
        topUpsPaise: 0,
        spentPaise: null,
        expectedSpentPaise: null,
      },
      discrepancy: walletNotRead(!opening && !closing ? 'both' : !opening ? 'opening' : 'closing'),
    };
  }
  const topUpsPaise = input.topUpsPaise(opening.at, closing.at);
  const spentPaise = opening.balancePaise + topUpsPaise - closing.balancePaise;
  const expectedSpentPaise = input.windowSales.filter((s) => s.charged).reduce((sum, s) => sum + customerPaysOf(s.sale), 0);
  const difference = spentPaise - expectedSpentPaise;
  return {
    wallet: {
      openingBalancePaise: opening.balancePaise,
      openingReadAt: opening.at,
      closingBalancePaise: closing.balancePaise,
      closingReadAt: closing.at,
      topUpsPaise,
      spentPaise,
      expectedSpentPaise,
    },
    discrepancy: difference === 0 ? null : walletMovement(difference, { from: opening.at, to: closing.at }),
  };
}
