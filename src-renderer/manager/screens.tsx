/**
 * The manager's screens, as the app shell mounts them (each a component without props).
 * Their styles are the styles-*.css files here, all prefixed mgr-.
 */
import './styles-base.css';
import './styles-forms.css';
import './styles-orders.css';
import './styles-panels.css';

export { OrdersScreen } from './orders/OrdersScreen';
export { CatalogScreen } from './catalog/CatalogScreen';
export { WalletScreen } from './wallet/WalletScreen';
export { SettingsScreen } from './settings/SettingsScreen';
