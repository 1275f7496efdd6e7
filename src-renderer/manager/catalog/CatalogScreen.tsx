import { useEffect } from 'react';
import { ErrorNote, Loading, Success } from '../common/Notice';
import { StatTile } from '../common/StatTile';
import { ago, dateTime } from '../format';
import { useCatalogStatusStore } from '../stores/catalog-status-store';

function SyncProgressBar() {
  const { progress, expected } = useCatalogStatusStore();
  const stored = progress?.brandsFetched ?? 0;
  const pages = progress?.pagesFetched ?? 0;
  // The total is not known in advance: the last catalog's size is the guess, capped below 100 %.
  const max = expected && expected > 0 ? Math.max(expected, stored) : null;
  const text = `${pages} ${pages === 1 ? 'page' : 'pages'} fetched, ${stored} brands stored${progress?.skipped ? `, ${progress.skipped} skipped` : ''}`;
  return (
    <div className="mgr-progress">
      <div
        className="mgr-progress-track"
        role="progressbar"
        aria-label="Catalog sync"
        aria-valuemin={0}
        aria-valuemax={max ?? undefined}
        aria-valuenow={max ? stored : undefined}
        aria-valuetext={text}
      >
        <div className={max ? 'mgr-progress-fill' : 'mgr-progress-fill mgr-progress-busy'} style={max ? { width: `${Math.min(99, (stored / max) * 100)}%` } : undefined} />
      </div>
      <p aria-live="polite">{text}</p>
    </div>
  );
}

/** When the brand list was last fetched, how many brands it holds, and a sync on demand. */
export function CatalogScreen() {
  const { status, loadState, loadError, syncing, outcome, load, syncNow, listen } = useCatalogStatusStore();

  useEffect(() => {
    void load();
    return listen();
  }, [load, listen]);

  return (
    <section className="mgr-screen" aria-labelledby="mgr-catalog-title">
      <header className="mgr-screen-head">
        <h1 id="mgr-catalog-title">Catalog</h1>
      </header>
      {loadState === 'loading' && <Loading label="Reading the catalog…" />}
      {loadState === 'error' && loadError && <ErrorNote error={loadError} title="Could not read the catalog" onRetry={() => void load()} />}
      {status && (
        <div className="mgr-stats">
          <StatTile
            label="Last full sync"
            tone={status.stale ? 'warn' : 'ok'}
            value={status.lastFullSyncAt ? ago(status.lastFullSyncAt) : 'Never'}
            sub={
              <>
                {status.lastFullSyncAt ? dateTime(status.lastFullSyncAt) : 'Sync now to fetch the brands'}
                {status.stale && <strong> · older than a day</strong>}
              </>
            }
          />
          <StatTile label="Brands you can sell" value={status.counts.active.toLocaleString('en-IN')} sub={`active, of ${status.counts.listed.toLocaleString('en-IN')} listed`} />
          <StatTile
            label="Not available"
            value={(status.counts.listed - status.counts.active).toLocaleString('en-IN')}
            sub={`inactive; ${status.counts.removed.toLocaleString('en-IN')} no longer listed (kept for past sales)`}
          />
        </div>
      )}
      <section className="mgr-card" aria-labelledby="mgr-sync-title">
        <h2 id="mgr-sync-title">Sync with the service</h2>
        <p>The app fetches the full brand list at start-up when it is more than a day old, and once a day. Selling goes on from the current list while a sync runs.</p>
        <button type="button" className="mgr-btn mgr-btn-primary" onClick={() => void syncNow()} disabled={syncing}>
          <span aria-hidden="true">⟳ </span>
          {syncing ? 'Syncing…' : 'Sync now'}
        </button>
        {syncing && <SyncProgressBar />}
        {!syncing && outcome?.ok && (
          <Success>
            Sync finished: {outcome.brands.toLocaleString('en-IN')} brands stored
            {outcome.removed ? `, ${outcome.removed} no longer listed` : ''}
            {outcome.skipped ? `, ${outcome.skipped} skipped as unreadable` : ''}.
          </Success>
        )}
        {!syncing && outcome && !outcome.ok && <ErrorNote error={outcome.error} title="The sync did not finish" />}
      </section>
    </section>
  );
}
