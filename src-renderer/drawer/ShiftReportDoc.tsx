import type { Ref } from 'react';
import type { ShiftReport } from '../bridge/contract';
import { paperClass } from '../receipt/receipt-content';
import { formatDateTime, formatPaise } from '../ui/format';
import { CashierLines, ReportFacts, ReportLines, ReportSection, StoreHeader, TenderLines, type Line } from './ReportParts';
import { minusPaise, MOVEMENT_LABEL, overShortText, signedMovement } from './report-words';
import '../receipt/receipt.css';
import './report.css';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;


/**
 * An X report (mid-shift) or a Z report (the shift's close), as printed on the receipt roll or
 * saved as PDF. Shown on screen as well: it holds no card data, so what is seen is what prints.
 */
export function ShiftReportDoc({ report, ref }: { report: ShiftReport; ref?: Ref<HTMLDivElement> }) {
  const { shift, cash, sales } = report;
  const z = report.kind === 'Z';
  const cashLines: Line[] = [
    { label: 'Opening float', value: formatPaise(cash.openingFloatPaise) },
    { label: 'Cash taken', value: formatPaise(cash.takenPaise) },
    { label: 'Cash refunded', value: minusPaise(cash.refundedPaise) },
    { label: 'Pay-ins', value: formatPaise(cash.payInsPaise) },
    { label: 'Pay-outs', value: minusPaise(cash.payOutsPaise) },
    { label: 'Expected in drawer', value: formatPaise(report.expectedCashPaise), strong: true },
  ];
  if (z && report.countedCashPaise !== null) cashLines.push({ label: 'Counted', value: formatPaise(report.countedCashPaise), strong: true });
  if (z && report.overShortPaise !== null) cashLines.push({ label: 'Over / short', value: overShortText(report.overShortPaise), strong: true });

  return (
    <div ref={ref} className={`receipt report ${paperClass(report.paperWidth)}`} data-testid={ref ? `printable-${report.kind.toLowerCase()}-report` : undefined}>
      {report.training && <p className="receipt__training">TRAINING — NOT VALID</p>}
      <StoreHeader store={report.store} />
      <h1 className="report__title">{z ? 'Z report — shift closed' : 'X report — shift still open'}</h1>
      <ReportFacts
        facts={[
          ['Counter', shift.counter],
          ['Opened', `${formatDateTime(shift.openedAt)} by ${shift.openedByName}`],
          ...(shift.closedAt !== null ? [['Closed', `${formatDateTime(shift.closedAt)} by ${shift.closedByName ?? '—'}`] as [string, string]] : []),
          ['Printed', `${formatDateTime(report.generatedAt)} by ${report.generatedByName}`],
        ]}
      />

      <ReportSection title="Cash in the drawer">
        <ReportLines lines={cashLines} />
      </ReportSection>

      {z && report.count && report.count.length > 0 && (
        <ReportSection title="Notes and coins counted">
          <ReportLines
            // The ₹10 note and coin are one line, as main keeps them.
            lines={report.count.map((c) => ({ label: `${formatPaise(c.denominationPaise)} × ${c.quantity}`, value: formatPaise(c.denominationPaise * c.quantity) }))}
          />
        </ReportSection>
      )}

      {shift.movements.length > 0 && (
        <ReportSection title="Pay-ins and pay-outs">
          <ul className="report__list">
            {shift.movements.map((m) => (
              <li key={m.id}>
                <span className="report__line report__line--strong">
                  <span>{MOVEMENT_LABEL[m.kind]}</span>
                  <span>{signedMovement(m.kind, m.amountPaise)}</span>
                </span>
                <span className="report__sub">
                  {m.reason} · {m.byName}, {formatDateTime(m.at)}
                </span>
              </li>
            ))}
          </ul>
        </ReportSection>
      )}

      <ReportSection title="Sales">
        <ReportLines
          lines={[
            { label: `Completed (${sales.completed})`, value: formatPaise(sales.completedPaise) },
            { label: 'Refund due, not given back', value: sales.refundDue ? `${sales.refundDue} · ${formatPaise(sales.refundDuePaise)}` : 'none' },
            { label: 'Refunded', value: count(sales.refunded, 'sale', 'sales') },
            { label: 'Payment on hold (outcome not known)', value: count(sales.onHold, 'sale', 'sales') },
          ]}
        />
      </ReportSection>

      <ReportSection title="By payment method">
        <TenderLines byTender={report.byTender} />
      </ReportSection>
      <ReportSection title="By cashier">
        <CashierLines byCashier={report.byCashier} />
      </ReportSection>

      {report.note && (
        <ReportSection title="Note">
          <p>{report.note}</p>
        </ReportSection>
      )}
      {z && (
        <div className="report__signatures">
          <p>Cashier: ____________________</p>
          <p>Manager: ____________________</p>
        </div>
      )}
      {report.training && <p className="receipt__training">TRAINING — NOT VALID</p>}
    </div>
  );
}
