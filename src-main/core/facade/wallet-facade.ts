import type { WalletView } from '../../contract/index.js';
import type { WalletService } from '../../wallet/wallet-service.js';
import type { CoreEvents } from '../core-events.js';
import type { EnvironmentContext } from '../environment-context.js';

/** The current environment's prepaid wallet. */
export interface WalletFacade {
  view(): WalletView;
  /** Reads the balance from the service; the view also goes out as a wallet.updated event, read or not. */
  refresh(): ReturnType<WalletService['refresh']>;
}

export function walletFacade(env: () => EnvironmentContext, events: CoreEvents): WalletFacade {
  return {
    view: () => env().wallet.view(),
    async refresh() {
      const result = await env().wallet.refresh();
      events.emit('wallet.updated', result.view);
      return result;
    },
  };
}
