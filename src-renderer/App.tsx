import { posClient } from './bridge/pos-client';
import { useEffect, useState } from 'react';

interface AppInfo {
  name: string;
  version: string;
  training: boolean;
}

export function App() {
  const [info, setInfo] = useState<AppInfo | null>(null);

  useEffect(() => {
    let cancelled = false;
    posClient().call<AppInfo>('app.info').then(
      (result) => {
        if (!cancelled && result.ok) setInfo(result.data);
      },
      // The placeholder has nothing to show without it; the real UI will surface errors.
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <main className="placeholder">
      <h1>Gift Voucher POS</h1>
      <p>{info && !info.training ? 'Live' : 'Training mode'} — the sell screen arrives with the UI issue</p>
      {info && (
        <p className="app-info">
          {info.name} {info.version}
        </p>
      )}
    </main>
  );
}
