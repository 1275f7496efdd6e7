import { useEffect, useState } from 'react';
import { api, type BridgeError } from '../bridge/api';
import type { EndOfDayReport, ShiftReport } from '../bridge/contract';
import { PrintableReport } from '../drawer/PrintableReport';
import { overShortText, overShortTone } from '../drawer/report-words';
import { ShiftReportDoc } from '../drawer/ShiftReportDoc';
import { Dialog } from '../ui/Dialog';
import { formatDateTime, formatPaise, formatTime } from '../ui/format';
import { ErrorNotice, Loading } from '../ui/Notice';
import { Table } from '../ui/Table';

export function CashierTable({ byCashier }: { byCashier: EndOfDayReport['byCashier'] }) {
  if (byCashier.length === 0) return <p className="muted">No payments taken on this day.</p>;
  return (
    <Table
      caption="Payments by cashier"
      head={
        <>
          <th scope="col">Cashier</th>
          <th scope="col" className="num">Payments</th>
          <th scope="col" className="num">Taken</th>
          <th scope="col" className="num">Refunded</th>
          <th scope="col" className="num">Net</th>
        </>
      }
    >
      {byCashier.map((c) => (
        <tr key={c.staffId}>
          <th scope="row">{c.name}</th>
          <td className="num">{c.payments}</td>
          <td className="num">{formatPaise(c.takenPaise)}</td>
          <td className="num">{formatPaise(c.refundedPaise)}</td>
          <td className="num">{formatPaise(c.netPaise)}</td>
        </tr>
      ))}
    </Table>
  );
}

/** A closed shift's Z report again, to read or reprint (shift.report). */
function ZReportDialog({ shiftId, onClose }: { shiftId: string; onClose: () => void }) {
  const [report, setReport] = useState<ShiftReport | null>(null);
  const [error, setError] = useState<BridgeError | null>(null);
  useEffect(() => {
    let live = true;
    void api('shift.report', { shiftId }).then((r) => {
      if (!live) return;
      if (r.ok) setReport(r.data);
      else setError(r.error);
    });
    return () => {
      live = false;
    };
  }, [shiftId]);
  return (
    <Dialog title="Z report" onClose={onClose}>
      {!report && !error && <Loading label="Fetching the report…" />}
      {error && <ErrorNotice error={error} title="The Z report could not be read" />}
      {report && (
        <PrintableReport
          what="Z report"
          title={`Z report ${report.shift.counter} ${formatDateTime(report.generatedAt)}`}
          paperWidth={report.paperWidth}
          preview
          render={(ref) => <ShiftReportDoc report={report} ref={ref} />}
        />
      )}
    </Dialog>
  );
}

export function ShiftTable({ shifts }: { shifts: EndOfDayReport['shifts'] }) {
  const [open, setOpen] = useState<string | null>(null);
  if (shifts.length === 0) return <p className="muted">No drawer was opened on this day.</p>;
  return (
    <>
      <Table
        caption="Drawers of the day"
        head={
          <>
            <th scope="col">Counter</th>
            <th scope="col">Open</th>
            <th scope="col" className="num">Expected</th>
            <th scope="col" className="num">Counted</th>
            <th scope="col">Over / short</th>
            <th scope="col">
              <span className="visually-hidden">Report</span>
            </th>
          </>
        }
      >
        {shifts.map((s) => (
          <tr key={s.id}>
            <th scope="row">{s.counter}</th>
            <td>
              {formatTime(s.openedAt)} – {s.closedAt === null ? 'still open' : formatTime(s.closedAt)}
            </td>
            <td className="num">{formatPaise(s.expectedCashPaise)}</td>
            <td className="num">{s.countedCashPaise === null ? '—' : formatPaise(s.countedCashPaise)}</td>
            <td>{s.overShortPaise === null ? <span className="badge badge--warn">Not closed</span> : <span className={`badge badge--${overShortTone(s.overShortPaise) === 'ok' ? 'ok' : overShortTone(s.overShortPaise) === 'bad' ? 'bad' : 'warn'}`}>{overShortText(s.overShortPaise)}</span>}</td>
            <td>
              {s.closedAt !== null && (
                <button type="button" className="button button--small" onClick={() => setOpen(s.id)} aria-label={`Z report of ${s.counter}, ${formatTime(s.openedAt)} to ${formatTime(s.closedAt)}`}>
                  Z report
                </button>
              )}
            </td>
          </tr>
        ))}
      </Table>
      {open && <ZReportDialog shiftId={open} onClose={() => setOpen(null)} />}
    </>
  );
}
