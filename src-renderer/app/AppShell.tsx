import { useEffect } from 'react';
import { SellScreen } from '../sell/SellScreen';
import { EnvironmentBanner } from './EnvironmentBanner';
import { WalletBanner } from '../wallet/WalletBanner';
import { StoreBanner } from '../store/StoreBanner';
import { CatalogScreen, Deferred, DrawerScreen, EndOfDayScreen, OrdersScreen, prefetchDeferredChunks, SettingsScreen, WalletScreen } from './lazy-screens';
import { NavBar } from './NavBar';
import { canOpen, useSession } from './session-store';
import { loadSignedInStores, resetSignedInStores } from './signed-in-stores';

/** Signed in: the header (environment and store banners, top bar; kept in view), the wallet alert, and the current screen. */
export function AppShell() {
  const screen = useSession((s) => s.screen);
  const me = useSession((s) => s.me)!;
  const environment = useSession((s) => s.info?.environment);
  // Any screen beyond selling: its chunk is fetched ahead, while the counter is idle.
  const beyondSelling = ['orders', 'endofday', 'catalog', 'wallet', 'settings'].some((s) => canOpen(me, s as typeof screen));
  const permissions = me.permissions.join(',');

  // The stores hold one person's view of one environment: cleared when either changes (or on
  // sign-out, when the shell goes), and the screens below are mounted anew to load their own.
  const session = `${me.id}:${environment ?? ''}`;
  useEffect(() => {
    loadSignedInStores(canOpen(me, 'sell'));
    return resetSignedInStores;
  }, [session, permissions]);

  useEffect(() => prefetchDeferredChunks(beyondSelling), [beyondSelling]);
  return (
    <div className="shell">
      <div className="shell__header">
        <EnvironmentBanner />
        <StoreBanner />
        <NavBar />
      </div>
      <WalletBanner />
      <main className="shell__main" id="main" key={session}>
        {screen === 'sell' && canOpen(me, 'sell') && <SellScreen />}
        {screen !== 'sell' && canOpen(me, screen) && (
          <Deferred label="Opening the screen…">
            {screen === 'drawer' && <DrawerScreen />}
            {screen === 'orders' && <OrdersScreen />}
            {screen === 'endofday' && <EndOfDayScreen />}
            {screen === 'catalog' && <CatalogScreen />}
            {screen === 'wallet' && <WalletScreen />}
            {screen === 'settings' && <SettingsScreen />}
          </Deferred>
        )}
      </main>
    </div>
  );
}
