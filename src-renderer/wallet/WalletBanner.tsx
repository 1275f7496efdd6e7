import { useSession } from '../app/session-store';
import { formatPaise } from '../ui/format';
import { useWallet } from './wallet-store';
import './wallet.css';

/** The low-balance alert, on every screen while signed in (the wallet store follows main's events). */
export function WalletBanner() {
  const wallet = useWallet((s) => s.view);
  const role = useSession((s) => s.me?.role);
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
