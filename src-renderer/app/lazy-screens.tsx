import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Loading, Notice } from '../ui/Notice';

/**
 * What the sell screen does not need at its first paint lives in chunks of its own, fetched
 * when first shown: the manager's screens (and their styles), and the printable receipt with
 * its QR encoder and react-to-print. The entry chunk stays small, so the search box is usable
 * sooner after a start. Chunks are same-origin files: the CSP (script-src 'self') allows them.
 */
const managerScreens = () => import('./manager-screens');
const drawerScreen = () => import('../drawer/DrawerScreen');
const printReceipt = () => import('../receipt/PrintReceipt');

const screen = <K extends 'OrdersScreen' | 'EndOfDayScreen' | 'CatalogScreen' | 'WalletScreen' | 'SettingsScreen'>(name: K) =>
  lazy(async () => ({ default: (await managerScreens())[name] as ComponentType }));

export const OrdersScreen = screen('OrdersScreen');
export const EndOfDayScreen = screen('EndOfDayScreen');
export const CatalogScreen = screen('CatalogScreen');
export const WalletScreen = screen('WalletScreen');
export const SettingsScreen = screen('SettingsScreen');
/** Everyone's, cashiers included: its own chunk (it prints, with react-to-print). */
export const DrawerScreen = lazy(async () => ({ default: (await drawerScreen()).DrawerScreen }));
export const PrintReceipt = lazy(async () => ({ default: (await printReceipt()).PrintReceipt }));

/** A chunk that failed to load (a damaged install) says so in place, instead of blanking the app. */
class ChunkError extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Notice tone="error" role="alert" title="This part of the app could not be loaded.">
        <p className="notice__action">Restart the app; if it keeps happening, reinstall it.</p>
      </Notice>
    );
  }
}

/** A lazy part with a loading line (role=status) while its chunk arrives. */
export function Deferred({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ChunkError>
      <Suspense fallback={<Loading label={label} />}>{children}</Suspense>
    </ChunkError>
  );
}

/**
 * Fetches the chunks a sale will need (the receipt) and a manager will open, once the counter is
 * idle, so the first receipt or screen opens without waiting on the network or the compiler.
 */
export function prefetchDeferredChunks(manager: boolean): void {
  const load = () => {
    void printReceipt().catch(() => undefined);
    void drawerScreen().catch(() => undefined);
    if (manager) void managerScreens().catch(() => undefined);
  };
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(load, { timeout: 3000 });
  else setTimeout(load, 1000);
}
