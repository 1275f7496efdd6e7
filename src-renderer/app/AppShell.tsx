import { useEffect } from 'react';
import { SellScreen } from '../sell/SellScreen';
import { usePending } from '../sell/pending-store';
import { useSession } from '../stores/session-store';
import { CatalogScreen, Deferred, OrdersScreen, prefetchDeferredChunks, SettingsScreen, WalletScreen } from './lazy-screens';
import { NavBar } from './NavBar';
import { WalletBanner } from './WalletBanner';

/** Signed in: the top bar, the wallet alert, and the current screen. */
export function AppShell() {
  const screen = useSession((s) => s.screen);
  const role = useSession((s) => s.me?.role);

  useEffect(() => {
    // Sales left PROCESSING or IN DOUBT (even before a reload) come back into the strip.
    void usePending.getState().load();
  }, []);

  const manager = role === 'manager';
  useEffect(() => prefetchDeferredChunks(manager), [manager]);
  return (
    <div className="shell">
      <NavBar />
      <WalletBanner />
      <main className="shell__main" id="main">
        {screen === 'sell' && <SellScreen />}
        {manager && screen !== 'sell' && (
          <Deferred label="Opening the screen…">
            {screen === 'orders' && <OrdersScreen />}
            {screen === 'catalog' && <CatalogScreen />}
            {screen === 'wallet' && <WalletScreen />}
            {screen === 'settings' && <SettingsScreen />}
          </Deferred>
        )}
      </main>
    </div>
  );
}
