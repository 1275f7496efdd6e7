import { customerPaysOf } from '../orders/rules/index.js';
import type { EndOfDayReport } from '../contract/report.js';
import type { Db } from '../db/database.js';
import type { OrderApi } from '../orders/engine/order-api.js';
import type { SaleJournal } from '../orders/journal/sale-journal.js';
import { SALE_STATES, type SaleState } from '../orders/journal/sale-state.js';
import type { ShiftService } from '../till/shift-service.js';
import type { TillStore } from '../till/till-store.js';
import { WALLET_CHARGED_STATES } from '../wallet/wallet-charge.js';
import type { WalletHistory, WalletReading } from '../wallet/wallet-history.js';
import { daySales, type DaySale } from './day-sale.js';
import { askService, chargedByService, compareWithService } from './service-check.js';
import { checkDrawers, checkDayTenders } from './till-check.js';
import { checkWallet, walletReadings } from './wallet-check.js';

export interface EndOfDayDeps {
  db: Db;
  journal: Pick<SaleJournal, 'beginAttempt' | 'finishAttempt' | 'hasVouchers'>;
  api: OrderApi;
  walletHistory: Pick<WalletHistory, 'lastBefore' | 'firstIn' | 'lastIn' | 'topUpsBetween'>;
  /** Reads the balance now (and records it); null when the service could not be asked. */
  readWalletNow: () => Promise<WalletReading | null>;
  till: Pick<TillStore, 'salePayment' | 'shiftsBetween' | 'refundedForEarlierSales'>;
  shifts: Pick<ShiftService, 'tenderTotals' | 'cashierTotals' | 'view'>;
  now: () => number;
}

/** The report without who asked for it and the store's header, which the facade adds. */
export type DayCheck = Omit<EndOfDayReport, 'generatedByName' | 'training' | 'store'>;

/**
 * A store day checked three ways (contract/report.ts): the journal's sales against the
 * service's view of each, against the wallet's movement between two readings, and against
 * the tenders taken less refunds and the day's drawers. Reads only, apart from recording its
 * look-ups with each sale and the fresh wallet reading it takes for today.
 */
export class EndOfDay {
  private readonly sales;
  private readonly firstShift;
  private readonly vouchers;

  constructor(private readonly deps: EndOfDayDeps) {
    this.sales = daySales(deps.db);
    this.firstShift = deps.db.prepare<[], { at: number | null }>('SELECT MIN(opened_at) AS at FROM shifts');
    this.vouchers = deps.db.prepare<[number, number], { n: number }>(
      "SELECT count(*) AS n FROM vouchers v JOIN sales s ON s.id = v.sale_id WHERE s.created_at >= ? AND s.created_at < ? AND s.state = 'SUCCESS'",
    );
  }

  async check(day: string, bounds: { from: number; to: number }): Promise<DayCheck> {
    const { deps } = this;
    const { from, to } = bounds;
    // Today's closing balance is read now, so the day so far is checked to this moment.
    const now = deps.now();
    // The journal, the payments and the drawers are read at one instant (one read transaction),
    // before the minute the service takes to answer: a sale rung up meanwhile is in none of them,
    // rather than in the day's tenders but not among its sales.
    const local = deps.db.transaction(() => {
      const sales = this.sales(from, to - 1);
      return {
        sales,
        tenders: checkDayTenders({
          sales,
          till: deps.till,
          journal: deps.journal,
          byTender: deps.shifts.tenderTotals({ from, to }),
          paymentsSince: this.firstShift.get()?.at ?? null,
          day: bounds,
          refundedForEarlierSalesPaise: deps.till.refundedForEarlierSales(bounds),
        }),
        drawers: checkDrawers(
          deps.till.shiftsBetween(from, to).map((shift) => ({ ...shift, expectedCashPaise: deps.shifts.view(shift).expectedCashPaise })),
          bounds,
          now,
        ),
        journal: this.journalTotals(sales, bounds),
        byCashier: deps.shifts.cashierTotals({ from, to }),
      };
    })();
    const { sales, tenders, drawers } = local;
    const fresh = now >= from && now < to ? await deps.readWalletNow() : null;
    const { opening, closing } = walletReadings(deps.walletHistory, bounds, sales[0]?.createdAt ?? null, fresh);
    // The wallet's window can reach before the day (its opening reading is the last one before
    // the first sale): those sales are asked about too, for the wallet only.
    const windowSales = opening && closing ? this.sales(opening.at + 1, closing.at) : [];
    const asked = new Map<string, DaySale>([...sales, ...windowSales].map((s) => [s.id, s]));
    const answers = await askService([...asked.values()], deps);

    const service = { checked: sales.length, agreed: 0, differed: 0, unreachable: 0 };
    const serviceDiscrepancies = sales.flatMap((sale) => {
      const { verdict, discrepancy } = compareWithService(sale, answers.get(sale.id)!);
      service[verdict] += 1;
      return discrepancy ? [discrepancy] : [];
    });

    const wallet = checkWallet({
      opening,
      closing,
      topUpsPaise: (after, upTo) => deps.walletHistory.topUpsBetween(after, upTo).reduce((sum, t) => sum + t.amountPaise, 0),
      windowSales: windowSales.map((sale) => ({ sale, charged: chargedByService(answers.get(sale.id), WALLET_CHARGED_STATES.includes(sale.state)) })),
    });

    const discrepancies = [...serviceDiscrepancies, ...(wallet.discrepancy ? [wallet.discrepancy] : []), ...tenders.discrepancies, ...drawers.discrepancies];
    return {
      day,
      from,
      to,
      generatedAt: now,
      matched: discrepancies.length === 0,
      discrepancies,
      journal: local.journal,
      service,
      wallet: wallet.wallet,
      tenders: tenders.tenders,
      byCashier: local.byCashier,
      shifts: drawers.shifts,
    };
  }

  private journalTotals(sales: readonly DaySale[], bounds: { from: number; to: number }): EndOfDayReport['journal'] {
    const byState = new Map<SaleState, { count: number; amountPaise: number }>();
    for (const sale of sales) {
      const row = byState.get(sale.state) ?? { count: 0, amountPaise: 0 };
      row.count += 1;
      row.amountPaise += sale.amountPaise;
      byState.set(sale.state, row);
    }
    const completed = sales.filter((s) => s.state === 'SUCCESS');
    const sum = (rows: readonly DaySale[], paise: (s: DaySale) => number) => rows.reduce((total, s) => total + paise(s), 0);
    return {
      byState: SALE_STATES.filter((state) => byState.has(state)).map((state) => ({ state, ...byState.get(state)! })),
      completed: completed.length,
      completedPaise: sum(completed, (s) => s.amountPaise),
      discountPaise: sum(completed, (s) => s.discountPaise),
      customerPaysPaise: sum(completed, customerPaysOf),
      walletDebitPaise: sum(
        sales.filter((s) => WALLET_CHARGED_STATES.includes(s.state)),
        customerPaysOf,
      ),
      voucherCount: this.vouchers.get(bounds.from, bounds.to)!.n,
    };
  }
}
