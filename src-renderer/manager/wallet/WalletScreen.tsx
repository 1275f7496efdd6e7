import { useEffect, useState, type FormEvent } from 'react';
import { fieldError, type BridgeError } from '../../bridge/api';
import { Field } from '../common/Field';
import { ErrorNote, Loading, Success } from '../common/Notice';
import { StatTile } from '../common/StatTile';
import { ago, dateTime, inrShort, rupeesToPaise } from '../format';
import type { WalletView } from '../../bridge/contract';
import { useWalletStore } from '../stores/wallet-store';

/**
 * The alert state in words. The app shell already shows the low-balance banner on every
 * screen; here the manager sees why it is on (or off) and what set it off.
 */
function AlertState({ view }: { view: WalletView }) {
  const alert = view.lowBalanceAlert;
  if (!view.low) {
    return (
      <p className="mgr-note mgr-note-ok">
        <span className="mgr-note-icon" aria-hidden="true">
          ✓
        </span>
        <span>
          Alert off: the wallet probably holds more than your alert level of {inrShort(view.thresholdPaise)}.
        </span>
      </p>
    );
  }
  const shown = alert ? alert.balancePaise : (view.estimatedPaise ?? view.balancePaise ?? 0);
  return (
    <div className="mgr-note mgr-note-error">
      <span className="mgr-note-icon" aria-hidden="true">
        !
      </span>
      <div>
        <p className="mgr-note-title">Low-balance alert is on</p>
        <p>
          {alert ? `The service reported ${inrShort(shown)} on ${dateTime(alert.at)}` : `The wallet probably holds ${inrShort(shown)}`}, below the alert level of{' '}
          {inrShort(alert?.thresholdPaise ?? view.thresholdPaise)}. Top up the wallet with the service before sales start failing with “Insufficient balance”, then refresh the balance.
        </p>
      </div>
    </div>
  );
}

function ThresholdForm({ view }: { view: WalletView }) {
  const saveThreshold = useWalletStore((s) => s.saveThreshold);
  const [text, setText] = useState(String(view.thresholdPaise / 100));
  const [error, setError] = useState<BridgeError | null>(null);
  const [local, setLocal] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);
  useEffect(() => setText(String(view.thresholdPaise / 100)), [view.thresholdPaise]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const paise = rupeesToPaise(text);
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
    <form className="mgr-form mgr-card" onSubmit={(e) => void submit(e)} aria-labelledby="mgr-threshold-title" noValidate>
      <h2 id="mgr-threshold-title">Low-balance alert</h2>
      <Field
        label="Warn me when the wallet falls below (₹)"
        inputMode="decimal"
        value={text}
        onValue={(v) => {
          setText(v);
          setSaved(false);
        }}
        hint={`Now ${inrShort(view.thresholdPaise)}.`}
        error={message}
      />
      <div className="mgr-actions">
        <button type="submit" className="mgr-btn mgr-btn-primary">
          Save alert level
        </button>
      </div>
      {saved && <Success>Alert level saved.</Success>}
    </form>
  );
}

/** The prepaid wallet: what it held when last read, what is probably left, and the alert level. */
export function WalletScreen() {
  const { view, status, error, refreshing, refreshError, load, refresh, listen } = useWalletStore();

  useEffect(() => {
    void load();
    return listen();
  }, [load, listen]);

  return (
    <section className="mgr-screen" aria-labelledby="mgr-wallet-title">
      <header className="mgr-screen-head">
        <h1 id="mgr-wallet-title">Wallet</h1>
        <button type="button" className="mgr-btn mgr-btn-primary" onClick={() => void refresh()} disabled={refreshing}>
          <span aria-hidden="true">⟳ </span>
          {refreshing ? 'Asking the service…' : 'Refresh balance'}
        </button>
      </header>
      {status === 'loading' && <Loading label="Reading the wallet…" />}
      {status === 'error' && error && <ErrorNote error={error} title="Could not read the wallet" onRetry={() => void load()} />}
      {refreshError && <ErrorNote error={refreshError} title="The balance could not be refreshed; the figures below are the last known ones" />}
      {view && (
        <>
          <AlertState view={view} />
          <div className="mgr-stats">
            <StatTile
              hero
              label="Balance"
              tone={view.low ? 'bad' : 'ok'}
              value={view.balancePaise === null ? 'Not read yet' : inrShort(view.balancePaise)}
              sub={view.readAt ? `Read ${ago(view.readAt)} · ${dateTime(view.readAt)}` : 'Press “Refresh balance” to ask the service'}
            />
            <StatTile label="Sales in progress" value={inrShort(view.inFlightPaise)} sub="started since that reading" />
            <StatTile label="Probably left" value={view.estimatedPaise === null ? '—' : inrShort(view.estimatedPaise)} sub="balance minus sales in progress" />
          </div>
          <div className="mgr-two-col">
            <ThresholdForm view={view} />
            <section className="mgr-card" aria-labelledby="mgr-float-title">
              <h2 id="mgr-float-title">Float guard</h2>
              <p>
                Before every sale the counter compares what the wallet will be debited with what it probably holds (the last balance minus sales still in progress). When the sale is
                bigger, the cashier sees a warning that it may fail with “Insufficient balance”.
              </p>
              <p>The warning does not block the sale: the service holds the real balance and decides. Refresh the balance after a top-up so the estimate is right.</p>
            </section>
          </div>
        </>
      )}
    </section>
  );
}
