import type { Ref } from 'react';
import type { EndOfDayReport } from '../bridge/contract';
import { CashierLines, ReportLines, ReportSection, StoreHeader, TenderLines } from '../drawer/ReportParts';
import { minusPaise, overShortText } from '../drawer/report-words';
import { paperClass } from '../receipt/receipt-content';
import { formatCount, formatDate, formatDateTime, formatPaise, formatTime } from '../ui/format';
import { DISCREPANCY_TITLE, dayGaps } from './end-of-day-figures';
import '../receipt/receipt.css';
import '../drawer/report.css';

const money = (paise: number | null) => (paise === null ? 'not read' : formatPaise(paise));

/** The end-of-day check as printed on the receipt roll (or A4) or saved as PDF. */
export function EndOfDayDoc({ report, paperWidth, ref }: { report: EndOfDayReport; paperWidth: string; ref?: Ref<HTMLDivElement> }) {
  const { journal, service, wallet, tenders } = report;
  const gaps = dayGaps(report);
  const n = report.discrepancies.length;
  return (
    <div ref={ref} className={`receipt report ${paperClass(paperWidth)}`} data-testid={ref ? 'printable-end-of-day' : undefined}>
      {report.training && <p className="receipt__training">TRAINING — NOT VALID</p>}
      <StoreHeader store={report.store} />
      <h1 className="report__title">End of day — {formatDate(report.from)}</h1>
      <p className="report__verdict">{report.matched ? 'MATCHED' : `NOT MATCHED — ${n} ${n === 1 ? 'thing' : 'things'} to look at`}</p>

      {n > 0 && (
        <ReportSection title="To look at">
          <ol className="report__list">
            {report.discrepancies.map((d, i) => (
              <li key={i}>
                <strong>
                  {i + 1}. {DISCREPANCY_TITLE[d.kind]}
                </strong>
                <span className="report__sub">{d.message}</span>
                <span className="report__sub">What to do: {d.action}</span>
                {d.referenceId && <span className="report__sub receipt__id">Reference: {d.referenceId}</span>}
              </li>
            ))}
          </ol>
        </ReportSection>
      )}

      <ReportSection title="Sales recorded here">
        <ReportLines
          lines={[
            { label: `Completed (${formatCount(journal.completed)})`, value: formatPaise(journal.completedPaise) },
            { label: 'Vouchers issued', value: formatCount(journal.voucherCount) },
            { label: 'Discount', value: formatPaise(journal.discountPaise) },
            { label: 'Customers pay', value: formatPaise(journal.customerPaysPaise), strong: true },
            { label: 'Wallet should be charged', value: formatPaise(journal.walletDebitPaise) },
          ]}
        />
      </ReportSection>
      <ReportSection title="The service">
        <ReportLines
          lines={[
            { label: 'Orders checked', value: formatCount(service.checked) },
            { label: 'Agree', value: formatCount(service.agreed) },
            { label: 'Disagree', value: formatCount(service.differed) },
            { label: 'Could not be asked', value: formatCount(service.unreachable) },
          ]}
        />
      </ReportSection>
      <ReportSection title="Wallet">
        <ReportLines
          lines={[
            { label: 'At the start', value: money(wallet.openingBalancePaise) },
            { label: 'Top-ups entered', value: formatPaise(wallet.topUpsPaise) },
            { label: 'At the end', value: money(wallet.closingBalancePaise) },
            { label: 'Spent', value: money(wallet.spentPaise) },
            { label: 'Sales charged', value: money(wallet.expectedSpentPaise) },
            { label: 'Difference', value: gaps.wallet ? formatPaise(gaps.wallet.differencePaise) : 'cannot check', strong: true },
          ]}
        />
      </ReportSection>
      <ReportSection title="Payments taken">
        <TenderLines byTender={tenders.byTender} />
        <ReportLines
          lines={[
            { label: 'Taken', value: formatPaise(tenders.takenPaise) },
            { label: 'Refunded', value: minusPaise(tenders.refundedPaise) },
            { label: 'Net', value: formatPaise(tenders.netPaise), strong: true },
            { label: 'Sales should bring in', value: formatPaise(tenders.expectedNetPaise) },
            { label: 'Difference', value: formatPaise(gaps.tenders.differencePaise), strong: true },
          ]}
        />
      </ReportSection>
      <ReportSection title="By cashier">
        <CashierLines byCashier={report.byCashier} />
      </ReportSection>
      <ReportSection title="Drawers">
        {report.shifts.length === 0 ? (
          <p>No drawer was opened.</p>
        ) : (
          <ul className="report__list">
            {report.shifts.map((s) => (
              <li key={s.id}>
                <span className="report__line report__line--strong">
                  <span>{s.counter}</span>
                  <span>{s.overShortPaise === null ? 'not closed' : overShortText(s.overShortPaise)}</span>
                </span>
                <span className="report__sub">
                  {formatTime(s.openedAt)}–{s.closedAt === null ? 'still open' : formatTime(s.closedAt)} · expected {formatPaise(s.expectedCashPaise)}
                  {s.countedCashPaise !== null && ` · counted ${formatPaise(s.countedCashPaise)}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </ReportSection>
      <p className="receipt__footer">
        Checked {formatDateTime(report.generatedAt)} by {report.generatedByName}
      </p>
      {report.training && <p className="receipt__training">TRAINING — NOT VALID</p>}
    </div>
  );
}
