import { DrawerStatus } from '../drawer/DrawerStatus';
import { useStoreStatus } from '../store/store-status-store';
import { ChangePinButton } from './ChangePinDialog';
import { screensFor, useSession, type Screen } from './session-store';

const LABELS: Record<Screen, string> = { sell: 'Sell', drawer: 'Drawer', orders: 'Orders', endofday: 'End of day', catalog: 'Catalog', wallet: 'Wallet', settings: 'Settings' };

/** The screens the signed-in person's permissions open (main refuses the rest anyway). */
export function NavBar() {
  const me = useSession((s) => s.me)!;
  const info = useSession((s) => s.info);
  const screen = useSession((s) => s.screen);
  const navigate = useSession((s) => s.navigate);
  const signOut = useSession((s) => s.signOut);
  // A store's counter is named as its store lists it (Orders, the counters in Settings).
  const storeCounterName = useStoreStatus((s) => s.status?.store?.counterName);
  const screens = screensFor(me);

  return (
    <header className="topbar">
      <div className="topbar__store">
        <span className="topbar__app">Gift Vouchers</span>
        {info && (
          <span className="topbar__counter">
            {info.store.name} · {storeCounterName ?? info.store.counter}
          </span>
        )}
        <DrawerStatus />
      </div>
      <nav aria-label="Main">
        <ul className="topbar__nav">
          {screens.map((s) => (
            <li key={s}>
              <button type="button" className="nav-button" aria-current={screen === s ? 'page' : undefined} onClick={() => navigate(s)}>
                {LABELS[s]}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="topbar__me">
        <span>
          {me.name} <span className="topbar__role">({me.role === 'manager' ? 'Manager' : 'Cashier'})</span>
        </span>
        <ChangePinButton />
        <button type="button" className="button button--small" onClick={() => void signOut()}>
          Sign out
        </button>
      </div>
    </header>
  );
}
