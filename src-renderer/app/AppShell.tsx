import { useEffect } from 'react';
import { SellScreen } from '../sell/SellScreen';
import { WalletBanner } from '../wallet/WalletBanner';
import { CatalogScreen, Deferred, DrawerScreen, EndOfDayScreen, OrdersScreen, prefetchDeferredChunks, SettingsScreen, WalletScreen } from './lazy-screens';
import { NavBar } from './NavBar';
import { useSession } from './session-store';
import { loadSignedInStores, resetSignedInStores } from './signed-in-stores';

/** Signed in: the top bar, the wallet alert, and the current screen. */
export function AppShell() {
  const screen = useSession((s) => s.screen);
  const me = useSession((s) => s.me)!;
  const environment = useSession((s) => s.info?.environment);
  const manager = me.role === 'manager';

  // The stores hold one person's view of one environment: cleared when either changes (or on
  // sign-out, when the shell goes), and the screens below are mounted anew to load their own.
  const session = `${me.id}:${environment ?? ''}`;
  useEffect(() => {
    loadSignedInStores(manager);
    return resetSignedInStores;
  }, [session, manager]);

  useEffect(() => prefetchDeferredChunks(manager), [manager]);
  return (
    <div className="shell">
      <NavBar />
      <WalletBanner />
      <main className="shell__main" id="main" key={session}>
        {screen === 'sell' && <SellScreen />}
        {screen !== 'sell' && (
          <Deferred label="Opening the screen…">
            {screen === 'drawer' && <DrawerScreen />}
            {manager && screen === 'orders' && <OrdersScreen />}
            {manager && screen === 'endofday' && <EndOfDayScreen />}
            {manager && screen === 'catalog' && <CatalogScreen />}
            {manager && screen === 'wallet' && <WalletScreen />}
            {manager && screen === 'settings' && <SettingsScreen />}
          </Deferred>
        )}
      </main>
    </div>
  );
}
