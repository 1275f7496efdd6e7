import type { ReactNode } from 'react';
import type { CashierTotal, ShiftReport, TenderTotal } from '../bridge/contract';
import { formatPaise } from '../ui/format';
import { TENDER_WORDS } from '../sell/tender-draft';
import { tendersUsed } from './report-words';

/**
 * Pieces of the printed reports (X, Z, end of day), laid out for a receipt roll as narrow as
 * 58 mm: a label with its amount on one line, details on the line below, no wide tables.
 */

export interface Line {
  label: ReactNode;
  value: ReactNode;
  strong?: boolean;
}

/** Label … amount lines. */
export function ReportLines({ lines }: { lines: Line[] }) {
  return (
    <dl className="report__lines">
      {lines.map((l, i) => (
        <div key={i} className={l.strong ? 'report__line report__line--strong' : 'report__line'}>
          <dt>{l.label}</dt>
          <dd>{l.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Who, where and when: "Opened: 26 Nov 2026, 9:02 am by Asha", wrapping freely on a narrow roll. */
export function ReportFacts({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <div className="report__facts">
      {facts.map(([label, value]) => (
        <p key={label}>
          <span className="report__fact-label">{label}:</span> {value}
        </p>
      ))}
    </div>
  );
}

export function ReportSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="receipt__section report__section">
      <h2>{title}</h2>
      {children}
    </section>
  );
}

const details = (taken: number, refunded: number) => `taken ${formatPaise(taken)}${refunded ? ` · refunded ${formatPaise(refunded)}` : ''}`;

export function TenderLines({ byTender }: { byTender: TenderTotal[] }) {
  const used = tendersUsed(byTender);
  if (used.length === 0) return <p>No payments taken.</p>;
  return (
    <ul className="report__list">
      {used.map((t) => (
        <li key={t.method}>
          <span className="report__line report__line--strong">
            <span>
              {TENDER_WORDS[t.method].label} ({t.count})
            </span>
            <span>{formatPaise(t.netPaise)}</span>
          </span>
          <span className="report__sub">{details(t.takenPaise, t.refundedPaise)}</span>
        </li>
      ))}
    </ul>
  );
}

export function CashierLines({ byCashier }: { byCashier: CashierTotal[] }) {
  if (byCashier.length === 0) return <p>No payments taken.</p>;
  return (
    <ul className="report__list">
      {byCashier.map((c) => (
        <li key={c.staffId}>
          <span className="report__line report__line--strong">
            <span>
              {c.name} ({c.payments})
            </span>
            <span>{formatPaise(c.netPaise)}</span>
          </span>
          <span className="report__sub">{details(c.takenPaise, c.refundedPaise)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The store's name, address, phone and GSTIN, as on a receipt. */
export function StoreHeader({ store }: { store: ShiftReport['store'] }) {
  return (
    <header className="receipt__store">
      <p className="receipt__store-name">{store.name}</p>
      {store.address && <p>{store.address}</p>}
      {store.phone && <p>Phone: {store.phone}</p>}
      {store.gstin && <p>GSTIN: {store.gstin}</p>}
    </header>
  );
}
