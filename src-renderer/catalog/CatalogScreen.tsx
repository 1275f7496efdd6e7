import { useEffect } from 'react';
import { formatAgo, formatCount, formatDateTime } from '../ui/format';
import { ErrorNotice, Loading, Success } from '../ui/Notice';
import { StatTile } from '../ui/StatTile';
import { useCatalogStatusStore } from './catalog-status-store';
import { UnavailableBrands } from './UnavailableBrands';
import './catalog.css';

function SyncProgressBar() {
  const { progress, expected } = useCatalogStatusStore();
  const stored = progress?.brandsFetched ?? 0;
  const pages = progress?.pagesFetched ?? 0;
  // The total is not known in advance: the last catalog's size is the guess, capped below 100 %.
  const max = expected && expected > 0 ? Math.max(expected, stored) : null;
  const text = `${pages} ${pages === 1 ? 'page' : 'pages'} fetched, ${stored} brands stored${progress?.skipped ? `, ${progress.skipped} skipped` : ''}`;
  return (
    <div className="sync-progress">
      <div
        className="sync-progress__track"
        role="progressbar"
        aria-label="Catalog sync"
        aria-valuemin={0}
        aria-valuemax={max ?? undefined}
        aria-valuenow={max ? stored : undefined}
        aria-valuetext={text}
      >
        <div className={max ? 'sync-progress__fill' : 'sync-progress__fill sync-progress__fill--busy'} style={max ? { width: `${Math.min(99, (stored / max) * 100)}%` } : undefined} />
      </div>
      <p aria-live="polite">{text}</p>
    </div>
  );
}

/** When the brand list was last fetched, how many brands it holds, and a sync on demand. */
export function CatalogScreen() {
  const { status, loadState, loadError, syncing, outcome, load, syncNow } = useCatalogStatusStore();

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className="screen" aria-labelledby="catalog-title">
      <header className="screen__head">
        <h1 id="catalog-title">Catalog</h1>
      </header>
      {loadState === 'loading' && <Loading label="Reading the catalog…" />}
      {loadState === 'error' && loadError && <ErrorNotice error={loadError} title="Could not read the catalog" onRetry={() => void load()} />}
      {status && (
        <div className="stats">
          <StatTile
            label="Last full sync"
            tone={status.stale ? 'warn' : 'ok'}
            value={status.lastFullSyncAt ? formatAgo(status.lastFullSyncAt) : 'Never'}
            sub={
              <>
                {status.lastFullSyncAt ? formatDateTime(status.lastFullSyncAt) : 'Sync now to fetch the brands'}
                {status.stale && <strong> · older than a day</strong>}
              </>
            }
          />
          <StatTile label="Brands you can sell" value={formatCount(status.counts.active)} sub={`active, of ${formatCount(status.counts.listed)} listed`} />
          <StatTile
            label="Not available"
            value={formatCount(status.counts.listed - status.counts.active)}
            sub={`inactive; ${formatCount(status.counts.removed)} no longer listed (kept for past sales)`}
          />
        </div>
      )}
      <section className="card" aria-labelledby="sync-title">
        <h2 id="sync-title">Sync with the service</h2>
        <p>The app fetches the full brand list at start-up when it is more than a day old, and once a day. Selling goes on from the current list while a sync runs.</p>
        <button type="button" className="button button--primary" onClick={() => void syncNow()} disabled={syncing}>
          <span aria-hidden="true">⟳ </span>
          {syncing ? 'Syncing…' : 'Sync now'}
        </button>
        {syncing && <SyncProgressBar />}
        {!syncing && outcome?.ok && (
          <Success>
            Sync finished: {formatCount(outcome.brands)} brands stored
            {outcome.removed ? `, ${outcome.removed} no longer listed` : ''}
            {outcome.skipped ? `, ${outcome.skipped} skipped as unreadable` : ''}.
          </Success>
        )}
        {!syncing && outcome && !outcome.ok && <ErrorNotice error={outcome.error} title="The sync did not finish" />}
      </section>
      {status && <UnavailableBrands version={status.lastFullSyncAt} />}
    </section>
  );
}
