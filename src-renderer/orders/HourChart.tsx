import { useId } from 'react';
import type { SalesSummary } from '../bridge/contract';
import { formatHourRange, formatPaise } from '../ui/format';
import { Table } from '../ui/Table';

const W = 560;
const H = 260;
const PAD = { top: 16, right: 8, bottom: 36, left: 76 };

/** A "nice" axis maximum: 1, 2 or 5 × a power of ten, at least the data's maximum. */
function niceMax(value: number): number {
  if (value <= 0) return 100;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].map((m) => m * power).find((m) => m >= value) ?? 10 * power);
}

/**
 * Successful sales by hour of the day (India time) as bars, with the same numbers as a table
 * for screen readers and for anyone who prefers figures. The busiest hour is named in words.
 */
export function HourChart({ byHour }: { byHour: SalesSummary['byHour'] }) {
  const titleId = useId();
  const descId = useId();
  const hours = new Map(byHour.map((h) => [h.hour, h]));
  const withSales = byHour.filter((h) => h.count > 0);
  // Show the shop day 08:00–22:00, widened to any hour that had sales.
  const first = Math.min(8, ...withSales.map((h) => h.hour));
  const last = Math.max(21, ...withSales.map((h) => h.hour));
  const span = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  const max = niceMax(Math.max(0, ...byHour.map((h) => h.amountPaise)));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / span.length;
  const busiest = [...withSales].sort((a, b) => b.amountPaise - a.amountPaise)[0];
  const description = busiest
    ? `Busiest hour ${formatHourRange(busiest.hour)}: ${busiest.count} ${busiest.count === 1 ? 'sale' : 'sales'} worth ${formatPaise(busiest.amountPaise)}.`
    : 'No successful sales on this day.';

  return (
    <figure className="hour-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${titleId} ${descId}`} className="hour-chart__svg">
        <title id={titleId}>Sales by hour</title>
        <desc id={descId}>{description}</desc>
        {[0, 0.5, 1].map((f) => {
          const y = PAD.top + plotH * (1 - f);
          return (
            <g key={f}>
              <line x1={PAD.left} x2={W - PAD.right} y1={y} y2={y} className="hour-chart__grid" />
              <text x={PAD.left - 8} y={y + 5} textAnchor="end" className="hour-chart__label">
                {formatPaise(max * f)}
              </text>
            </g>
          );
        })}
        {span.map((hour, i) => {
          const h = hours.get(hour);
          const barH = h ? Math.max(2, (h.amountPaise / max) * plotH) : 0;
          const x = PAD.left + i * slot + slot * 0.15;
          return (
            <g key={hour}>
              {h && (
                <rect x={x} y={PAD.top + plotH - barH} width={slot * 0.7} height={barH} rx={3} className={h === busiest ? 'hour-chart__bar hour-chart__bar--top' : 'hour-chart__bar'} />
              )}
              {(hour % 2 === 0 || span.length <= 8) && (
                <text x={x + slot * 0.35} y={H - PAD.bottom + 20} textAnchor="middle" className="hour-chart__label">
                  {String(hour).padStart(2, '0')}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="muted">{description} Hours are India time.</figcaption>
      <details className="details">
        <summary>Show sales by hour as a table</summary>
        <Table
          caption="Successful sales by hour"
          head={
            <>
              <th scope="col">Hour</th>
              <th scope="col" className="num">
                Sales
              </th>
              <th scope="col" className="num">
                Value
              </th>
            </>
          }
        >
          {withSales.length === 0 ? (
            <tr>
              <td colSpan={3}>No successful sales.</td>
            </tr>
          ) : (
            withSales.map((h) => (
              <tr key={h.hour}>
                <th scope="row">{formatHourRange(h.hour)}</th>
                <td className="num">{h.count}</td>
                <td className="num">{formatPaise(h.amountPaise)}</td>
              </tr>
            ))
          )}
        </Table>
      </details>
    </figure>
  );
}
