import { useEffect, useState, type FormEvent } from 'react';
import type { EndOfDayReport } from '../bridge/contract';
import { PrintableReport } from '../drawer/PrintableReport';
import { DAY_TEXT_HINT } from '../orders/day-text';
import { useSettingsStore } from '../settings/settings-store';
import { CsvDownload } from '../ui/CsvDownload';
import { formatDate, formatDateTime } from '../ui/format';
import { ErrorNotice } from '../ui/Notice';
import { TextField } from '../ui/TextField';
import { CashierTable, ShiftTable } from './DayPeople';
import { DayFigures } from './DayFigures';
import { Discrepancies } from './Discrepancies';
import { EndOfDayDoc } from './EndOfDayDoc';
import { dayOfText, dayText } from './end-of-day-figures';
import { useEndOfDay } from './end-of-day-store';
import './endofday.css';

/** Seconds since the check started, so a long wait reads as work in progress. */
function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.round((now - since) / 1000));
  return <span className="muted"> ({seconds} s)</span>;
}

function Verdict({ report }: { report: EndOfDayReport }) {
  const n = report.discrepancies.length;
  return (
    <div className={`verdict verdict--${report.matched ? 'ok' : 'bad'}`} role="status">
      <span className="verdict__icon" aria-hidden="true">
        {report.matched ? '✓' : '✕'}
      </span>
      <div>
        <p className="verdict__word">{report.matched ? 'Matched' : 'Not matched'}</p>
        <p className="verdict__detail">
          {report.matched
            ? `Sales, the service, the wallet and the payments taken agree for ${formatDate(report.from)}.`
            : `${n} ${n === 1 ? 'thing does' : 'things do'} not agree for ${formatDate(report.from)}: each is listed below with what to do.`}
        </p>
      </div>
    </div>
  );
}

/** The day's orders as a CSV file (the same export as Orders, for this day). */
/**
 * The manager's end of day: one store day (India time) checked three ways — the sales recorded
 * here, the service's answer for every order sent, the wallet's movement, and the payments
 * taken — with each disagreement and what to do, printable, and the day's CSV.
 */
export function EndOfDayScreen() {
  const { report, status, error, startedAt, run, day } = useEndOfDay();
  const paperWidth = useSettingsStore((s) => s.view?.settings.receipt.paperWidth) ?? '80mm';
  const [text, setText] = useState(() => (day ? dayText(Date.parse(`${day}T12:00:00+05:30`)) : dayText(Date.now())));
  const [problem, setProblem] = useState<string | undefined>();
  const running = status === 'running';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const picked = dayOfText(text);
    if (!picked) return setProblem(`Enter a real day as ${DAY_TEXT_HINT}.`);
    setProblem(undefined);
    void run(picked.day);
  };

  return (
    <section className="screen end-of-day" aria-labelledby="eod-title">
      <header className="screen__head">
        <h1 id="eod-title">End of day</h1>
      </header>
      <form className="card eod-day" onSubmit={submit} aria-label="Day to check" noValidate>
        <TextField label="Day" hint={`${DAY_TEXT_HINT} (India time)`} autoComplete="off" maxLength={10} value={text} onChange={setText} error={problem} />
        <div className="actions">
          <button type="submit" className="button button--primary" aria-disabled={running || undefined} onClick={(e) => running && e.preventDefault()}>
            {running ? 'Checking…' : 'Check the day'}
          </button>
          <button type="button" className="button" onClick={() => setText(dayText(Date.now()))}>
            Today
          </button>
        </div>
        <p className="hint">The check asks the service about every order the counter sent that day, reads the wallet and adds up the payments taken and the drawers.</p>
      </form>

      {running && startedAt !== null && (
        <p className="loading" role="status">
          <span className="spinner" aria-hidden="true" /> Asking the service about every order of the day…
          <Elapsed since={startedAt} /> This can take a minute on a busy day.
        </p>
      )}
      {status === 'error' && error && <ErrorNotice error={error} title="The day could not be checked" onRetry={day ? () => void run(day) : undefined} />}
      {status === 'idle' && <p className="muted">Pick the day and press “Check the day”.</p>}

      {report && (
        <div aria-busy={running} className={running ? 'end-of-day__stale' : undefined}>
          <Verdict report={report} />
          <PrintableReport
            key={report.generatedAt}
            what="summary"
            title={`End of day ${report.day}`}
            paperWidth={paperWidth}
            extra={<CsvDownload filter={{ from: report.from, to: report.to }} fileName={() => `orders-${report.day}.csv`} label="Download the day’s CSV" />}
            render={(ref) => <EndOfDayDoc report={report} paperWidth={paperWidth} ref={ref} />}
          />
          <p className="muted">Checked {formatDateTime(report.generatedAt)} by {report.generatedByName}.</p>
          {report.discrepancies.length > 0 && (
            <section className="card" aria-labelledby="eod-discrepancies">
              <h2 id="eod-discrepancies">To look at ({report.discrepancies.length})</h2>
              <Discrepancies items={report.discrepancies} />
            </section>
          )}
          <h2>The day three ways</h2>
          <DayFigures report={report} />
          <section className="card" aria-labelledby="eod-cashiers">
            <h2 id="eod-cashiers">By cashier</h2>
            <CashierTable byCashier={report.byCashier} />
          </section>
          <section className="card" aria-labelledby="eod-shifts">
            <h2 id="eod-shifts">Drawers</h2>
            <ShiftTable shifts={report.shifts} />
          </section>
        </div>
      )}
    </section>
  );
}
