import { useState } from 'react';
import { api, type BridgeError } from '../bridge/api';
import type { SaleListFilter } from '../bridge/contract';
import { ErrorNotice, Success } from './Notice';

/** Hands a text to the browser as a file download (no navigation, nothing leaves the machine). */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Exports the orders matching `filter` as CSV (no card data; phones masked by main) and saves it as `fileName`. */
export function CsvDownload({ filter, fileName, label }: { filter: SaleListFilter; fileName: () => string; label: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<BridgeError | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const run = async () => {
    setBusy(true);
    setError(null);
    setDone(null);
    const result = await api('orders.exportCsv', { filter });
    setBusy(false);
    if (!result.ok) return setError(result.error);
    const name = fileName();
    downloadText(result.data.csv, name);
    const rows = Math.max(0, result.data.csv.trim().split('\n').length - 1);
    setDone(`Saved ${name} with ${rows} ${rows === 1 ? 'order' : 'orders'}.`);
  };

  return (
    <div className="csv-export">
      <button type="button" className="button" onClick={() => void run()} disabled={busy}>
        <span aria-hidden="true">⤓ </span>
        {busy ? 'Exporting…' : label}
      </button>
      {done && <Success>{done}</Success>}
      {error && <ErrorNotice error={error} title="The export did not work" />}
    </div>
  );
}
