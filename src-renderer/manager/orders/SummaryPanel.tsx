import { useEffect, useState } from 'react';
import { Field } from '../common/Field';
import { ErrorNote, Loading } from '../common/Notice';
import { StatTile } from '../common/StatTile';
import { StateBadge } from '../common/StateBadge';
import { inr, inrShort, istDateInput, istDayStart, longDate } from '../format';
import type { SalesSummary, SaleState } from '../../bridge/contract';
import { useSummaryStore } from '../stores/summary-store';
import { HourChart } from './HourChart';

const PENDING: SaleState[] = ['INTENT', 'PROCESSING', 'IN_DOUBT', 'NEEDS_SUPPORT'];
const FAILED: SaleState[] = ['FAILED', 'REJECTED'];

function totals(s: SalesSummary) {
  const of = (states: SaleState[]) => s.byState.filter((r) => states.includes(r.state)).reduce((a, r) => ({ count: a.count + r.count, amountPaise: a.amountPaise + (r.amountPaise ?? 0) }), { count: 0, amountPaise: 0 });
  return { sold: of(['SUCCESS']), pending: of(PENDING), failed: of(FAILED) };
}

function TopBrands({ byBrand }: { byBrand: SalesSummary['byBrand'] }) {
  if (byBrand.length === 0) return <p className="mgr-muted">No brand sold yet on this day.</p>;
  const max = Math.max(...byBrand.map((b) => b.amountPaise));
  return (
    <ol className="mgr-bars">
      {byBrand.map((b) => (
        <li key={b.productId}>
          <span className="mgr-bar-name">{b.brandTitle}</span>
          <span className="mgr-bar-track" aria-hidden="true">
            <span className="mgr-bar-fill" style={{ width: `${Math.max(2, (b.amountPaise / max) * 100)}%` }} />
          </span>
          <span className="mgr-bar-value">
            {inr(b.amountPaise)} <span className="mgr-muted">({b.count})</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** End of day: how much was sold, what failed, what is still open, when and which brands. */
export function SummaryPanel() {
  const { summary, status, error, load, dayStart } = useSummaryStore();
  const [day, setDay] = useState(() => istDateInput(Date.now()));

  useEffect(() => {
    const start = istDayStart(day);
    if (start !== null) void load(start);
  }, [day, load]);

  const t = summary && totals(summary);
  return (
    <div className="mgr-summary">
      <div className="mgr-summary-head">
        <h2>{dayStart !== null ? `Day summary — ${longDate(dayStart + 6 * 3_600_000)}` : 'Day summary'}</h2>
        <Field label="Day" type="date" value={day} onValue={(v) => v && setDay(v)} className="mgr-field-inline" />
        <button type="button" className="mgr-btn" onClick={() => setDay(istDateInput(Date.now()))}>
          Today
        </button>
      </div>
      {status === 'loading' && !summary && <Loading label="Adding up the day…" />}
      {status === 'error' && error && <ErrorNote error={error} title="Could not add up the day" onRetry={() => dayStart !== null && void load(dayStart)} />}
      {summary && t && (
        <>
          <div className="mgr-stats">
            <StatTile label="Sold" value={inrShort(t.sold.amountPaise)} sub={`${t.sold.count} successful ${t.sold.count === 1 ? 'sale' : 'sales'}`} tone="ok" />
            <StatTile label="Failed" value={String(t.failed.count)} sub={t.failed.count ? `${inr(t.failed.amountPaise)} not sold` : 'none'} tone={t.failed.count ? 'bad' : 'none'} />
            <StatTile label="Pending" value={String(t.pending.count)} sub={t.pending.count ? 'processing, in doubt or stuck' : 'none open'} tone={t.pending.count ? 'warn' : 'none'} />
          </div>
          <div className="mgr-summary-grid">
            <section aria-labelledby="mgr-hours-title" className="mgr-card">
              <h3 id="mgr-hours-title">Sales by hour</h3>
              <HourChart byHour={summary.byHour} />
            </section>
            <section aria-labelledby="mgr-brands-title" className="mgr-card">
              <h3 id="mgr-brands-title">Top brands</h3>
              <TopBrands byBrand={summary.byBrand} />
            </section>
          </div>
          <section aria-labelledby="mgr-states-title" className="mgr-card">
            <h3 id="mgr-states-title">By status</h3>
            {summary.byState.length === 0 ? (
              <p className="mgr-muted">No sales on this day.</p>
            ) : (
              <table className="mgr-table">
                <thead>
                  <tr>
                    <th scope="col">Status</th>
                    <th scope="col" className="mgr-num">Orders</th>
                    <th scope="col" className="mgr-num">Value</th>
                  </tr>
                </thead>
                <tbody>
                  {summary.byState.map((r) => (
                    <tr key={r.state}>
                      <td>
                        <StateBadge state={r.state} />
                      </td>
                      <td className="mgr-num">{r.count}</td>
                      <td className="mgr-num">{inr(r.amountPaise ?? 0)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      )}
    </div>
  );
}
