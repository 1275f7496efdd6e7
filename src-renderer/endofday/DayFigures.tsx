import type { ReactNode } from 'react';
import type { EndOfDayReport } from '../bridge/contract';
import { tendersUsed } from '../drawer/report-words';
import { TENDER_WORDS } from '../sell/tender-draft';
import { formatCount, formatDateTime, formatPaise } from '../ui/format';
import { Table } from '../ui/Table';
import { dayGaps, type Gap } from './end-of-day-figures';

function Facts({ rows }: { rows: [ReactNode, ReactNode][] }) {
  return (
    <dl className="facts">
      {rows.map(([label, value], i) => (
        <div key={i}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** "Agrees", or the difference with its direction. */
function GapLine({ gap, more, less }: { gap: Gap; more: string; less: string }) {
  const d = gap.differencePaise;
  if (d === 0) return <span className="gap gap--ok">✓ Agrees</span>;
  return <span className="gap gap--bad">✕ {d > 0 ? `${formatPaise(d)} ${more}` : `${formatPaise(-d)} ${less}`}</span>;
}

function Reading({ paise, at }: { paise: number | null; at: number | null }) {
  if (paise === null) return <>not read</>;
  return (
    <>
      {formatPaise(paise)}
      {at !== null && <span className="day-figures__when">read {formatDateTime(at)}</span>}
    </>
  );
}

/** The day three ways: the journal's sales, the service's answers, the wallet, and the payments taken. */
export function DayFigures({ report }: { report: EndOfDayReport }) {
  const { journal, service, wallet, tenders } = report;
  const gaps = dayGaps(report);
  return (
    <div className="day-figures">
      <section className="card" aria-labelledby="fig-journal">
        <h3 id="fig-journal">Sales recorded here</h3>
        <Facts
          rows={[
            ['Completed sales', formatCount(journal.completed)],
            ['Vouchers issued', formatCount(journal.voucherCount)],
            ['Face value', formatPaise(journal.completedPaise)],
            ['Discount', formatPaise(journal.discountPaise)],
            ['Customers pay', formatPaise(journal.customerPaysPaise)],
            ['Wallet should be charged', formatPaise(journal.walletDebitPaise)],
          ]}
        />
      </section>
      <section className="card" aria-labelledby="fig-service">
        <h3 id="fig-service">The service</h3>
        <Facts
          rows={[
            ['Orders checked', formatCount(service.checked)],
            ['Agree', formatCount(service.agreed)],
            ['Disagree', formatCount(service.differed)],
            ['Could not be asked', formatCount(service.unreachable)],
          ]}
        />
        <p className="day-figures__verdict">
          {service.differed + service.unreachable === 0 ? <span className="gap gap--ok">✓ Every order agrees</span> : <span className="gap gap--bad">✕ {service.differed + service.unreachable} to look at</span>}
        </p>
      </section>
      <section className="card" aria-labelledby="fig-wallet">
        <h3 id="fig-wallet">Wallet</h3>
        <Facts
          rows={[
            ['Balance at the start', <Reading paise={wallet.openingBalancePaise} at={wallet.openingReadAt} />],
            ['Top-ups entered', formatPaise(wallet.topUpsPaise)],
            ['Balance at the end', <Reading paise={wallet.closingBalancePaise} at={wallet.closingReadAt} />],
            ['Spent between the readings', wallet.spentPaise === null ? '—' : formatPaise(wallet.spentPaise)],
            ['Sales charged in that time', wallet.expectedSpentPaise === null ? '—' : formatPaise(wallet.expectedSpentPaise)],
          ]}
        />
        <p className="day-figures__verdict">
          {gaps.wallet ? <GapLine gap={gaps.wallet} more="more spent than the sales" less="less spent than the sales" /> : <span className="gap gap--bad">✕ Cannot be checked without both readings</span>}
        </p>
      </section>
      <section className="card" aria-labelledby="fig-tenders">
        <h3 id="fig-tenders">Payments taken</h3>
        {tendersUsed(tenders.byTender).length === 0 ? (
          <p className="muted">No payments taken on this day.</p>
        ) : (
          <Table
            caption="Payments by method"
            head={
              <>
                <th scope="col">Method</th>
                <th scope="col" className="num">Taken</th>
                <th scope="col" className="num">Refunded</th>
                <th scope="col" className="num">Net</th>
              </>
            }
          >
            {tendersUsed(tenders.byTender).map((t) => (
              <tr key={t.method}>
                <th scope="row">
                  {TENDER_WORDS[t.method].label} <span className="muted">({t.count})</span>
                </th>
                <td className="num">{formatPaise(t.takenPaise)}</td>
                <td className="num">{formatPaise(t.refundedPaise)}</td>
                <td className="num">{formatPaise(t.netPaise)}</td>
              </tr>
            ))}
          </Table>
        )}
        <Facts
          rows={[
            ['Net taken', formatPaise(tenders.netPaise)],
            ['Sales should bring in (with payments on hold)', formatPaise(tenders.expectedNetPaise)],
          ]}
        />
        <p className="day-figures__verdict">
          <GapLine gap={gaps.tenders} more="more taken than the sales" less="less taken than the sales" />
        </p>
      </section>
    </div>
  );
}
