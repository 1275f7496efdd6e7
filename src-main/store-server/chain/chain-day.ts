import type { EndOfDayReport } from '../../contract/report.js';
import { formatRupees } from '../../orders/rules/money.js';
import { istDayBounds } from '../../platform/india-time.js';
import { storeEndOfDay } from '../../reports/store-end-of-day.js';
import type { Pool } from '../database/pool.js';
import { storeDayOf } from '../store-api/store-day.js';

export interface ChainStoreDay {
  storeId: string;
  name: string;
  environment: string;
  matched: boolean;
  discrepancies: EndOfDayReport['discrepancies'];
  counters: NonNullable<EndOfDayReport['counters']>;
  completed: number;
  completedPaise: number;
  customerPaysPaise: number;
  tendersNetPaise: number;
  wallet: EndOfDayReport['wallet'];
}

/**
 * A chain's day: every store in the database, each store's day made as its counters see it
 * (their last checks and the store's wallet). Read-only: what head office looks at.
 */
export async function chainDay(pool: Pool, day: string, now: number): Promise<ChainStoreDay[]> {
  const bounds = istDayBounds(day);
  if (!bounds) throw new Error(`${day} is not a day (YYYY-MM-DD)`);
  const stores = await pool.query<{ id: string; name: string; environment: string }>('SELECT id, name, environment FROM stores ORDER BY id');
  const out: ChainStoreDay[] = [];
  for (const store of stores.rows) {
    const report = storeEndOfDay({ day, ...bounds, generatedAt: now }, await storeDayOf(pool, store.id, { day, ...bounds }), null);
    out.push({
      storeId: store.id,
      name: store.name,
      environment: store.environment,
      matched: report.matched,
      discrepancies: report.discrepancies,
      counters: report.counters ?? [],
      completed: report.journal.completed,
      completedPaise: report.journal.completedPaise,
      customerPaysPaise: report.journal.customerPaysPaise,
      tendersNetPaise: report.tenders.netPaise,
      wallet: report.wallet,
    });
  }
  return out;
}

/** One line per store, then what to look at: the chain's day at a glance. */
export function chainDayText(day: string, stores: readonly ChainStoreDay[]): string {
  const lines = [`Chain day ${day}: ${stores.length} ${stores.length === 1 ? 'store' : 'stores'}`];
  for (const s of stores) {
    const checked = s.counters.filter((c) => c.checkedAt !== null).length;
    lines.push(
      `${s.storeId.padEnd(16)} ${s.environment.padEnd(10)} ${s.matched ? 'MATCHED    ' : 'NOT MATCHED'}  ${String(s.completed).padStart(5)} sold  ${formatRupees(s.completedPaise).padStart(14)}  ` +
        `counters checked ${checked}/${s.counters.length}  wallet spent ${s.wallet.spentPaise === null ? '—' : formatRupees(s.wallet.spentPaise)}`,
    );
    for (const d of s.discrepancies) lines.push(`    ${d.kind}: ${d.message}`);
  }
  return lines.join('\n');
}
