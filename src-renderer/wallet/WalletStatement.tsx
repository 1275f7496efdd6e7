import { useEffect, useState } from 'react';
import { api, type BridgeError } from '../bridge/api';
import type { StatementKind, StatementLine, WalletView } from '../bridge/contract';
import { formatDateTime, formatPaise } from '../ui/format';
import { Empty, ErrorNotice, Loading } from '../ui/Notice';
import { Table } from '../ui/Table';

/** How many lines the screen shows; "Show earlier" asks for the next ones. */
const PAGE = 100;

const KIND_WORDS: Record<StatementKind, { label: string; sign: '−' | '+' | '' }> = {
  DEBIT: { label: 'Sale charged', sign: '−' },
  REVERSAL: { label: 'Sale given back (failed)', sign: '+' },
  TOP_UP: { label: 'Top-up entered', sign: '+' },
  READING: { label: 'Balance read from the service', sign: '' },
};

type Load = { state: 'loading' } | { state: 'ready'; lines: StatementLine[]; more: boolean } | { state: 'error'; error: BridgeError };

/**
 * Every debit, reversal and top-up the counter knows of, newest first, each beside the balance
 * the service reported after it — so a manager can see where money went that this counter did
 * not spend (another counter, the portal). Read again whenever the wallet view changes.
 */
export function WalletStatement({ view }: { view: WalletView }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [more, setMore] = useState<{ busy: boolean; error: BridgeError | null }>({ busy: false, error: null });

  useEffect(() => {
    let live = true;
    void api('wallet.statement', { limit: PAGE }).then((r) => {
      if (!live) return;
      setLoad(r.ok ? { state: 'ready', lines: r.data.lines, more: r.data.lines.length === PAGE } : { state: 'error', error: r.error });
    });
    return () => {
      live = false;
    };
  }, [view.readAt, view.inFlightPaise, attempt]);

  /** The next page; the lines shown stay, and a second press while it is asked is ignored. */
  const earlier = async (lines: StatementLine[]) => {
    const last = lines[lines.length - 1];
    if (!last || more.busy) return;
    setMore({ busy: true, error: null });
    const r = await api('wallet.statement', { before: last.at, limit: PAGE });
    if (!r.ok) return setMore({ busy: false, error: r.error });
    setMore({ busy: false, error: null });
    setLoad({ state: 'ready', lines: [...lines, ...r.data.lines], more: r.data.lines.length === PAGE });
  };

  return (
    <section className="card" aria-labelledby="statement-title">
      <h2 id="statement-title">Statement</h2>
      {load.state === 'loading' && <Loading label="Reading the statement…" />}
      {load.state === 'error' && <ErrorNotice error={load.error} title="Could not read the statement" onRetry={() => setAttempt((n) => n + 1)} />}
      {load.state === 'ready' && load.lines.length === 0 && <Empty title="Nothing yet">Sales, top-ups and balance readings appear here.</Empty>}
      {load.state === 'ready' && load.lines.length > 0 && (
        <>
          <Table
            caption="Wallet statement"
            className="statement"
            reflow
            head={
              <>
                <th scope="col">When</th>
                <th scope="col">What</th>
                <th scope="col">Reference</th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col" className="num">
                  Service balance after
                </th>
              </>
            }
          >
            {load.lines.map((line, i) => {
              const words = KIND_WORDS[line.kind];
              return (
                <tr key={`${line.at}-${line.kind}-${line.saleId ?? line.reference ?? i}`} className={line.kind === 'READING' ? 'statement__reading' : undefined}>
                  <td data-label="When">{formatDateTime(line.at, { seconds: true })}</td>
                  <td data-label="What">{words.label}</td>
                  <td data-label="Reference" className="statement__ref">
                    {line.reference ?? ''}
                  </td>
                  <td data-label="Amount" className="num">
                    {line.kind === 'READING' ? '' : `${words.sign}${formatPaise(line.amountPaise)}`}
                  </td>
                  <td data-label="Service balance after" className="num">
                    {line.serviceBalancePaise === null ? 'not read since' : formatPaise(line.serviceBalancePaise)}
                  </td>
                </tr>
              );
            })}
          </Table>
          {more.error && <ErrorNotice error={more.error} title="Could not read earlier lines" />}
          {load.more && (
            <div className="actions">
              <button type="button" className="button" onClick={() => void earlier(load.lines)} disabled={more.busy}>
                {more.busy ? 'Reading…' : 'Show earlier'}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
