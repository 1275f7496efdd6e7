import { useEffect, useState } from 'react';
import { can, useSession } from '../app/session-store';
import type { ShiftReport, ShiftView } from '../bridge/contract';
import { formatDate, formatDateTime, formatPaise, formatTime } from '../ui/format';
import { ErrorNotice, Loading, Notice } from '../ui/Notice';
import { StatTile } from '../ui/StatTile';
import { Table } from '../ui/Table';
import { CashMovementForm } from './CashMovementForm';
import { CloseShiftForm } from './CloseShiftForm';
import { OpenShiftForm } from './OpenShiftForm';
import { PrintableReport } from './PrintableReport';
import { MOVEMENT_LABEL, overShortText, overShortTone, signedMovement } from './report-words';
import { useShiftGate } from '../sell/shift-gate-store';
import { useShift } from './shift-store';
import { ShiftReportDoc } from './ShiftReportDoc';
import './drawer.css';

function Movements({ shift }: { shift: ShiftView }) {
  if (shift.movements.length === 0) return <p className="muted">No pay-ins or pay-outs in this shift.</p>;
  return (
    <Table
      caption="Pay-ins and pay-outs of this shift"
      head={
        <>
          <th scope="col">Time</th>
          <th scope="col">Kind</th>
          <th scope="col">Reason</th>
          <th scope="col">By</th>
          <th scope="col" className="num">
            Amount
          </th>
        </>
      }
    >
      {shift.movements.map((m) => (
        <tr key={m.id}>
          <td className="nowrap">{formatTime(m.at)}</td>
          <td className="nowrap">{MOVEMENT_LABEL[m.kind]}</td>
          <td>{m.reason}</td>
          <td>{m.byName}</td>
          <td className="num">{signedMovement(m.kind, m.amountPaise)}</td>
        </tr>
      ))}
    </Table>
  );
}

function OpenShift({ shift }: { shift: ShiftView }) {
  const xReport = useShift((s) => s.xReport);
  const report = useShift((s) => s.report);
  const [xBusy, setXBusy] = useState(false);
  const [xError, setXError] = useState<Awaited<ReturnType<typeof xReport>>>(null);
  const runX = async () => {
    setXBusy(true);
    setXError(await xReport());
    setXBusy(false);
  };
  const x = report?.kind === 'X' && report.shift.id === shift.id ? report : null;
  const mayReport = useSession((s) => can(s.me, 'seeOwnTotals'));

  return (
    <>
      <div className="stats">
        <StatTile label="Opened" value={formatTime(shift.openedAt)} sub={`by ${shift.openedByName} · ${formatDate(shift.openedAt)}`} />
        <StatTile label="Opening float" value={formatPaise(shift.openingFloatPaise)} />
        <StatTile hero tone="ok" label="Expected cash now" value={formatPaise(shift.expectedCashPaise)} sub="float + cash sales − refunds ± pay-ins and pay-outs" />
      </div>
      <div className="columns">
        <div className="drawer__column">
          <section className="card" aria-labelledby="movements-title">
            <h2 id="movements-title">Pay-ins and pay-outs</h2>
            <Movements shift={shift} />
          </section>
          <CashMovementForm />
        </div>
        <div className="drawer__column">
          {mayReport && (
            <section className="card" aria-labelledby="x-title">
              <h2 id="x-title">X report</h2>
              <p>The shift’s totals so far, printed; the drawer stays open.</p>
              <div className="actions">
                <button type="button" className="button" onClick={() => !xBusy && void runX()} aria-disabled={xBusy || undefined}>
                  {xBusy ? 'Adding up…' : x ? 'Print a new X report' : 'Print an X report'}
                </button>
              </div>
              {xError && <ErrorNotice error={xError} title="No X report" />}
              {x && <ReportShown report={x} />}
            </section>
          )}
          <CloseShiftForm shift={shift} />
        </div>
      </div>
    </>
  );
}

/**
 * A report just asked for: printed at once, shown as paper, savable as PDF. A Z report can be
 * printed again; an X report is asked for afresh instead (its totals move with every sale).
 */
function ReportShown({ report }: { report: ShiftReport }) {
  const name = `${report.kind} report`;
  const z = report.kind === 'Z';
  // Asked for once, printed once: back on this screen later, it waits for "Print again".
  const [autoPrint] = useState(() => !useShift.getState().reportPrinted);
  useEffect(() => useShift.getState().markReportPrinted(), []);
  return (
    <PrintableReport
      key={report.generatedAt}
      what={name}
      title={`${name} ${report.shift.counter} ${formatDateTime(report.generatedAt)}`}
      paperWidth={report.paperWidth}
      autoPrint={autoPrint}
      reprint={z}
      preview={z ? true : 'folded'}
      render={(ref) => <ShiftReportDoc report={report} ref={ref} />}
    />
  );
}

/** The shift just closed: expected vs counted, big, then its Z report. */
function Closed({ report, onNext }: { report: ShiftReport; onNext: () => void }) {
  const overShort = report.overShortPaise ?? 0;
  const tone = overShortTone(overShort);
  return (
    <section aria-labelledby="closed-title">
      <h2 id="closed-title">The shift is closed: expected and counted</h2>
      <div className="stats">
        <StatTile label="Expected" value={formatPaise(report.expectedCashPaise)} />
        <StatTile label="Counted" value={formatPaise(report.countedCashPaise ?? 0)} />
        <StatTile hero label="Over / short" tone={tone} value={overShortText(overShort)} sub={tone === 'ok' ? 'The drawer balances.' : tone === 'bad' ? 'Less cash than expected: tell the manager.' : 'More cash than expected: tell the manager.'} />
      </div>
      <div className="columns">
        <section className="card" aria-labelledby="z-title">
          <h2 id="z-title">Z report</h2>
          <ReportShown report={report} />
        </section>
        <section className="card" aria-labelledby="next-title">
          <h2 id="next-title">Next shift</h2>
          <p>Hand the counted cash over as your store does. The next cashier opens the drawer with their own float.</p>
          <button type="button" className="button button--primary" onClick={onNext}>
            Open the next shift
          </button>
        </section>
      </div>
    </section>
  );
}

/** The cash drawer of this counter: open with a float, pay-ins and pay-outs, X report, close with a count and the Z report. */
export function DrawerScreen() {
  const { status, error, report, load, dismissReport } = useShift();
  const shift = useShiftGate((s) => s.shift) ?? null;
  const counter = useSession((s) => s.info?.store.counter) ?? 'this counter';

  useEffect(() => {
    void load();
  }, [load]);

  const justClosed = !shift && report?.kind === 'Z' ? report : null;
  return (
    <section className="screen drawer" aria-labelledby="drawer-title">
      <header className="screen__head">
        <h1 id="drawer-title">Drawer</h1>
        {status === 'ready' && (
          <p className={`drawer__state drawer__state--${shift ? 'open' : 'closed'}`}>{shift ? `Open since ${formatTime(shift.openedAt)} · ${counter}` : `Closed · ${counter}`}</p>
        )}
      </header>
      {status === 'loading' && <Loading label="Reading the drawer…" />}
      {status === 'error' && error && <ErrorNotice error={error} title="Could not read the drawer" onRetry={() => void load()} />}
      {status === 'ready' && shift && <OpenShift shift={shift} />}
      {status === 'ready' && justClosed && <Closed report={justClosed} onNext={dismissReport} />}
      {status === 'ready' && !shift && !justClosed && (
        <>
          <Notice tone="info" role="note">
            <p>The drawer is closed: no sale can be made at {counter} until it is opened.</p>
          </Notice>
          <OpenShiftForm counter={counter} />
        </>
      )}
    </section>
  );
}
