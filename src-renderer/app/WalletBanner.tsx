import { useEffect, useState } from 'react';
import type { WalletView } from '../bridge/contract';
import { useSession } from '../stores/session-store';
import { formatPaise } from '../ui/format';
import { api, onEvent } from '../bridge/api';

/**
 * The low-balance alert, on every screen while signed in: from `wallet.view` at sign-in and
 * every `wallet.updated` event after (sales settling, refreshes, the service's alert).
 */
export function WalletBanner() {
  const [wallet, setWallet] = useState<WalletView | null>(null);
  const role = useSession((s) => s.me?.role);

  useEffect(() => {
    let live = true;
    const off = onEvent('wallet.updated', (view) => live && setWallet(view));
    void (async () => {
      const view = await api('wallet.view');
      if (!live || !view.ok) return;
      setWallet(view.data);
      if (view.data.balancePaise === null) {
        const fresh = await api('wallet.refresh');
        if (live && fresh.ok) setWallet(fresh.data);
      }
    })();
    return () => {
      live = false;
      off();
    };
  }, []);

  if (!wallet?.low) return null;
  const left = wallet.estimatedPaise ?? wallet.lowBalanceAlert?.balancePaise ?? wallet.balancePaise;
  return (
    <div className="wallet-banner" role="status">
      <strong>Wallet balance is low</strong>
      {left !== null && <> — about {formatPaise(left)} left</>} (alert below {formatPaise(wallet.thresholdPaise)}).{' '}
      {role === 'manager' ? 'Top up the wallet with your account manager before larger sales fail.' : 'Tell the manager: larger sales may fail until the wallet is topped up.'}
    </div>
  );
}
