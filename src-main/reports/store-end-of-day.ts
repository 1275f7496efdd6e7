import type { Discrepancy, EndOfDayReport } from '../contract/report.js';
import type { CashierTotal, TenderTotal } from '../contract/shift.js';
import { SALE_STATES } from '../orders/journal/sale-state.js';
import type { CounterDayCheck, StoreDay } from '../store-link/store-wire.js';
import { TENDER_METHODS } from '../till/tender.js';
import { counterNotChecked, walletMovement, walletNotRead } from './discrepancies.js';
import type { DayCheck } from './end-of-day.js';

const WALLET_KINDS: readonly Discrepancy['kind'][] = ['WALLET_MOVEMENT', 'WALLET_NOT_READ'];

/** A counter's own check as the store keeps it: its wallet lines dropped (the wallet is the store's). */
export function counterPart(check: DayCheck): CounterDayCheck {
  const { wallet: _wallet, counters: _counters, ...rest } = check;
  const discrepancies = check.discrepancies.filter((d) => !WALLET_KINDS.includes(d.kind));
  return { ...rest, discrepancies, matched: discrepancies.length === 0 };
}

/**
 * The store's day: every counter's own check (`own`: this counter's, just made; null for a
 * view from outside the store, the chain's), and the wallet measured store-wide. A counter that sold that day without checking it since is named, not
 * guessed at: its figures are missing, and the report says so. Other counters' lines say
 * which counter they are about.
 */
export function storeEndOfDay(day: Pick<DayCheck, 'day' | 'from' | 'to' | 'generatedAt'>, store: StoreDay, own: { counterId: string; check: DayCheck } | null): DayCheck {
  const parts: CounterDayCheck[] = [];
  const discrepancies: Discrepancy[] = [];
  const counters: NonNullable<EndOfDayReport['counters']> = [];
  for (const counter of store.counters) {
    const mine = own !== null && counter.id === own.counterId;
    const check = mine ? counterPart(own.check) : counter.check;
    const stale = !mine && check !== null && counter.lastChangeAt !== null && counter.checkedAt !== null && counter.lastChangeAt > counter.checkedAt;
    counters.push({ id: counter.id, name: counter.name, sales: counter.sales, checkedAt: mine ? own.check.generatedAt : counter.checkedAt, matched: check ? check.matched && !stale : null });
    if (!check) {
      if (counter.sales > 0) discrepancies.push(counterNotChecked(counter, false));
      continue;
    }
    if (stale) discrepancies.push(counterNotChecked(counter, true));
    parts.push(check);
    discrepancies.push(...check.discrepancies.map((d) => (mine ? d : { ...d, message: `${counter.name}: ${d.message}` })));
  }

  const { opening, closing, topUpsPaise, expectedSpentPaise } = store.wallet;
  const spentPaise = opening && closing ? opening.balancePaise + topUpsPaise - closing.balancePaise : null;
  if (!opening || !closing) discrepancies.push(walletNotRead(!opening && !closing ? 'both' : !opening ? 'opening' : 'closing'));
  else if (spentPaise !== expectedSpentPaise) discrepancies.push(walletMovement(spentPaise! - expectedSpentPaise, { from: opening.at, to: closing.at }, 'store'));

  const sum = (pick: (c: CounterDayCheck) => number) => parts.reduce((total, c) => total + pick(c), 0);
  return {
    day: day.day,
    from: day.from,
    to: day.to,
    generatedAt: day.generatedAt,
    matched: discrepancies.length === 0,
    discrepancies,
    journal: {
      byState: SALE_STATES.flatMap((state) => {
        const rows = parts.flatMap((c) => c.journal.byState.filter((r) => r.state === state));
        return rows.length ? [{ state, count: rows.reduce((n, r) => n + r.count, 0), amountPaise: rows.reduce((n, r) => n + r.amountPaise, 0) }] : [];
      }),
      completed: sum((c) => c.journal.completed),
      completedPaise: sum((c) => c.journal.completedPaise),
      discountPaise: sum((c) => c.journal.discountPaise),
      customerPaysPaise: sum((c) => c.journal.customerPaysPaise),
      walletDebitPaise: sum((c) => c.journal.walletDebitPaise),
      voucherCount: sum((c) => c.journal.voucherCount),
    },
    service: {
      checked: sum((c) => c.service.checked),
      agreed: sum((c) => c.service.agreed),
      differed: sum((c) => c.service.differed),
      unreachable: sum((c) => c.service.unreachable),
    },
    wallet: {
      openingBalancePaise: opening?.balancePaise ?? null,
      openingReadAt: opening?.at ?? null,
      closingBalancePaise: closing?.balancePaise ?? null,
      closingReadAt: closing?.at ?? null,
      topUpsPaise,
      spentPaise,
      expectedSpentPaise: opening && closing ? expectedSpentPaise : null,
    },
    tenders: {
      byTender: TENDER_METHODS.flatMap((method): TenderTotal[] => {
        const rows = parts.flatMap((c) => c.tenders.byTender.filter((t) => t.method === method));
        if (rows.length === 0) return [];
        const total = (pick: (t: TenderTotal) => number) => rows.reduce((n, t) => n + pick(t), 0);
        return [{ method, count: total((t) => t.count), takenPaise: total((t) => t.takenPaise), refundedPaise: total((t) => t.refundedPaise), netPaise: total((t) => t.netPaise) }];
      }),
      takenPaise: sum((c) => c.tenders.takenPaise),
      refundedPaise: sum((c) => c.tenders.refundedPaise),
      netPaise: sum((c) => c.tenders.netPaise),
      expectedNetPaise: sum((c) => c.tenders.expectedNetPaise),
    },
    byCashier: mergeCashiers(parts.flatMap((c) => c.byCashier)),
    shifts: parts.flatMap((c) => c.shifts),
    counters,
  };
}

function mergeCashiers(rows: readonly CashierTotal[]): CashierTotal[] {
  const byId = new Map<string, CashierTotal>();
  for (const row of rows) {
    const seen = byId.get(row.staffId);
    byId.set(
      row.staffId,
      seen
        ? { ...seen, payments: seen.payments + row.payments, takenPaise: seen.takenPaise + row.takenPaise, refundedPaise: seen.refundedPaise + row.refundedPaise, netPaise: seen.netPaise + row.netPaise }
        : { ...row },
    );
  }
  return [...byId.values()];
}
