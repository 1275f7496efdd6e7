import { useEffect, useState, type FormEvent } from 'react';
import { fieldError, type BridgeError } from '../bridge/api';
import type { WalletView } from '../bridge/contract';
import { formatAgo, formatDateTime, formatPaise, parseRupeesToPaise } from '../ui/format';
import { ErrorNotice, Loading, Notice, Success } from '../ui/Notice';
import { StatTile } from '../ui/StatTile';
import { TextField } from '../ui/TextField';
import { TopUpForm } from './TopUpForm';
import { WalletStatement } from './WalletStatement';
import { useWallet } from './wallet-store';

/**
 * The alert state in words. The app shell already shows the low-balance banner on every
 * screen; here the manager sees why it is on (or off) and what set it off.
 */
function AlertState({ view }: { view: WalletView }) {
  const alert = view.lowBalanceAlert;
  if (!view.low) {
    return (
      <Notice tone="ok">
        <p>Alert off: the wallet probably holds more than your alert level of {formatPaise(view.thresholdPaise)}.</p>
      </Notice>
    );
  }
  const shown = alert ? alert.balancePaise : (view.estimatedPaise ?? view.balancePaise ?? 0);
  return (
    <Notice tone="error" title="Low-balance alert is on">
      <p>
        {alert ? `The service reported ${formatPaise(shown)} on ${formatDateTime(alert.at)}` : `The wallet probably holds ${formatPaise(shown)}`}, below the alert level of{' '}
        {formatPaise(alert?.thresholdPaise ?? view.thresholdPaise)}. Top up the wallet with the service before sales start failing with “Insufficient balance”, then refresh the balance.
      </p>
    </Notice>
  );
}

function ThresholdForm({ view }: { view: WalletView }) {
  const saveThreshold = useWallet((s) => s.saveThreshold);
  const [text, setText] = useState(String(view.thresholdPaise / 100));
  const [error, setError] = useState<BridgeError | null>(null);
  const [local, setLocal] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);
  useEffect(() => setText(String(view.thresholdPaise / 100)), [view.thresholdPaise]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const paise = parseRupeesToPaise(text);
    if (paise === null) {
      setLocal('Enter an amount in rupees, like 10000.');
      return;
    }
    setLocal(undefined);
    const problem = await saveThreshold(paise / 100);
    setError(problem);
    setSaved(!problem);
  };

  const message = local ?? fieldError(error, 'wallet.lowBalanceThreshold') ?? error?.message;
  return (
    <form className="form card" onSubmit={(e) => void submit(e)} aria-labelledby="threshold-title" noValidate>
      <h2 id="threshold-title">Low-balance alert</h2>
      <TextField
        label="Warn me when the wallet falls below (₹)"
        inputMode="decimal"
        value={text}
        onChange={(v) => {
          setText(v);
          setSaved(false);
        }}
        hint={`Now ${formatPaise(view.thresholdPaise)}.`}
        error={message}
      />
      <div className="actions">
        <button type="submit" className="button button--primary">
          Save alert level
        </button>
      </div>
      {saved && <Success>Alert level saved.</Success>}
    </form>
  );
}

/** The prepaid wallet: what it held when last read, what is probably left, and the alert level. */
export function WalletScreen() {
  const { view, status, error, refreshing, refreshError, load, refresh } = useWallet();

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className="screen" aria-labelledby="wallet-title">
      <header className="screen__head">
        <h1 id="wallet-title">Wallet</h1>
        <button type="button" className="button button--primary" onClick={() => void refresh()} disabled={refreshing}>
          <span aria-hidden="true">⟳ </span>
          {refreshing ? 'Asking the service…' : 'Refresh balance'}
        </button>
      </header>
      {status === 'loading' && <Loading label="Reading the wallet…" />}
      {status === 'error' && error && <ErrorNotice error={error} title="Could not read the wallet" onRetry={() => void load()} />}
      {refreshError && <ErrorNotice error={refreshError} title="The balance could not be refreshed; the figures below are the last known ones" />}
      {view && (
        <>
          <AlertState view={view} />
          <div className="stats">
            <StatTile
              hero
              label="Balance"
              tone={view.low ? 'bad' : 'ok'}
              value={view.balancePaise === null ? 'Not read yet' : formatPaise(view.balancePaise)}
              sub={view.readAt ? `Read ${formatAgo(view.readAt)} · ${formatDateTime(view.readAt)}` : 'Press “Refresh balance” to ask the service'}
            />
            <StatTile label="Sales in progress" value={formatPaise(view.inFlightPaise)} sub="started since that reading" />
            <StatTile label="Probably left" value={view.estimatedPaise === null ? '—' : formatPaise(view.estimatedPaise)} sub="balance minus sales in progress" />
          </div>
          <div className="columns">
            <TopUpForm />
            <ThresholdForm view={view} />
            <section className="card" aria-labelledby="float-title">
              <h2 id="float-title">Float guard</h2>
              <p>
                Before every sale the counter compares what the wallet will be debited with what it probably holds (the last balance minus sales still in progress). When the sale is
                bigger, the cashier sees a warning that it may fail with “Insufficient balance”.
              </p>
              <p>
                Other counters and the service’s portal spend the same wallet, so the balance is read again before a sale when the last reading is older than the limit in
                Settings, after a low-balance message from the service, and before any sale larger than half of it.
              </p>
              <p>The warning does not block the sale: the service holds the real balance and decides.</p>
            </section>
          </div>
          <WalletStatement view={view} />
        </>
      )}
    </section>
  );
}
