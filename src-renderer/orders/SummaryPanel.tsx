import { useEffect, useState } from 'react';
import type { SalesSummary, SaleState } from '../bridge/contract';
import { formatDate, formatPaise } from '../ui/format';
import { istDateInput, istDayStart } from '../ui/india-day';
import { ErrorNotice, Loading } from '../ui/Notice';
import { StatTile } from '../ui/StatTile';
import { StateBadge, UNSETTLED_STATES } from '../ui/StateBadge';
import { Table } from '../ui/Table';
import { TextField } from '../ui/TextField';
import { useSummaryStore } from './summary-store';
import { HourChart } from './HourChart';

const FAILED: SaleState[] = ['FAILED', 'REJECTED'];

function totals(s: SalesSummary) {
  const of = (states: readonly SaleState[]) => s.byState.filter((r) => states.includes(r.state)).reduce((a, r) => ({ count: a.count + r.count, amountPaise: a.amountPaise + (r.amountPaise ?? 0) }), { count: 0, amountPaise: 0 });
  return { sold: of(['SUCCESS']), pending: of(UNSETTLED_STATES), failed: of(FAILED) };
}

function TopBrands({ byBrand }: { byBrand: SalesSummary['byBrand'] }) {
  if (byBrand.length === 0) return <p className="muted">No brand sold yet on this day.</p>;
  const max = Math.max(...byBrand.map((b) => b.amountPaise));
  return (
    <ol className="brand-bars">
      {byBrand.map((b) => (
        <li key={b.productId}>
          <span className="brand-bars__name">{b.brandTitle}</span>
          <span className="brand-bars__track" aria-hidden="true">
            <span className="brand-bars__fill" style={{ width: `${Math.max(2, (b.amountPaise / max) * 100)}%` }} />
          </span>
          <span className="brand-bars__value">
            {formatPaise(b.amountPaise)} <span className="muted">({b.count})</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** The day in sales (Orders → Day summary): how much was sold, what failed, what is still open, when and which brands. */
export function SummaryPanel() {
  const { summary, status, error, load, dayStart } = useSummaryStore();
  const [day, setDay] = useState(() => istDateInput(Date.now()));

  useEffect(() => {
    const start = istDayStart(day);
    if (start !== null) void load(start);
  }, [day, load]);

  const loading = status === 'loading';
  const t = summary && totals(summary);
  return (
    <div className="summary">
      <div className="summary__head">
        <h2>{dayStart !== null ? `Day summary — ${formatDate(dayStart)}` : 'Day summary'}</h2>
        <TextField label="Day" type="date" value={day} onChange={(v) => v && setDay(v)} inline />
        <button type="button" className="button" onClick={() => setDay(istDateInput(Date.now()))}>
          Today
        </button>
      </div>
      {/* The store holds the heading's day's figures only: another day's are gone once it is asked for. */}
      {loading && <Loading label={summary ? 'Adding up the day again…' : 'Adding up the day…'} />}
      {status === 'error' && error && <ErrorNotice error={error} title="Could not add up the day" onRetry={() => dayStart !== null && void load(dayStart)} />}
      {summary && t && (
        <div className="summary__figures" aria-busy={loading || undefined}>
          <div className="stats">
            <StatTile label="Sold" value={formatPaise(t.sold.amountPaise)} sub={`${t.sold.count} successful ${t.sold.count === 1 ? 'sale' : 'sales'}`} tone="ok" />
            <StatTile label="Failed" value={String(t.failed.count)} sub={t.failed.count ? `${formatPaise(t.failed.amountPaise)} not sold` : 'none'} tone={t.failed.count ? 'bad' : 'none'} />
            <StatTile label="Pending" value={String(t.pending.count)} sub={t.pending.count ? 'processing, in doubt or stuck' : 'none open'} tone={t.pending.count ? 'warn' : 'none'} />
          </div>
          <div className="columns">
            <section aria-labelledby="summary-hours-title" className="card">
              <h3 id="summary-hours-title">Sales by hour</h3>
              <HourChart byHour={summary.byHour} />
            </section>
            <section aria-labelledby="summary-brands-title" className="card">
              <h3 id="summary-brands-title">Top brands</h3>
              <TopBrands byBrand={summary.byBrand} />
            </section>
          </div>
          <section aria-labelledby="summary-states-title" className="card">
            <h3 id="summary-states-title">By status</h3>
            {summary.byState.length === 0 ? (
              <p className="muted">No sales on this day.</p>
            ) : (
              <Table
                caption="Orders of the day by status"
                head={
                  <>
                    <th scope="col">Status</th>
                    <th scope="col" className="num">Orders</th>
                    <th scope="col" className="num">Value</th>
                  </>
                }
              >
                {summary.byState.map((r) => (
                  <tr key={r.state}>
                    <td>
                      <StateBadge state={r.state} />
                    </td>
                    <td className="num">{r.count}</td>
                    <td className="num">{formatPaise(r.amountPaise ?? 0)}</td>
                  </tr>
                ))}
              </Table>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
