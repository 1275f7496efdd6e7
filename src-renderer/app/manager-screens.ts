/**
 * The manager's screens, as the app shell mounts them (each a component without props), in a
 * chunk of their own that the sell screen never waits for (app/lazy-screens.tsx).
 */
export { OrdersScreen } from '../orders/OrdersScreen';
export { EndOfDayScreen } from '../endofday/EndOfDayScreen';
export { CatalogScreen } from '../catalog/CatalogScreen';
export { WalletScreen } from '../wallet/WalletScreen';
export { SettingsScreen } from '../settings/SettingsScreen';
