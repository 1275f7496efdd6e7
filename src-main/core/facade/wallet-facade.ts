import type { AuditLog } from '../../audit/audit-log.js';
import type { StatementLine, WalletView } from '../../contract/index.js';
import type { TopUpResult, WalletService } from '../../wallet/wallet-service.js';
import type { CoreEvents } from '../core-events.js';
import type { EnvironmentContext } from '../environment-context.js';
import type { StoreConnection } from '../../store-link/store-connection.js';

/** The current environment's prepaid wallet. */
export interface WalletFacade {
  view(): WalletView;
  /** Reads the balance from the service; the view also goes out as a wallet.updated event, read or not. */
  refresh(): ReturnType<WalletService['refresh']>;
  /**
   * Records a manager's top-up (audited with who), then reads the balance again so the view
   * answered shows it; a failed read leaves the top-up recorded and answers the last view.
   */
  recordTopUp(input: { amountPaise: number; reference: string; at?: number }, actor: string): Promise<Exclude<TopUpResult, { ok: true }> | { ok: true; view: WalletView }>;
  statement(options: { before: number; limit: number }): StatementLine[];
}

/** `store`: a store's counter also enters each top-up at the store server (one wallet, one list), or not at all. */
export function walletFacade(env: () => EnvironmentContext, events: CoreEvents, audit: AuditLog, store: StoreConnection | null = null): WalletFacade {
  async function refresh() {
    const result = await env().wallet.refresh();
    events.emit('wallet.updated', result.view);
    return result;
  }
  return {
    view: () => env().wallet.view(),
    statement: (options) => env().wallet.statement(options),
    refresh,
    async recordTopUp(input, actor) {
      const recorded = env().wallet.recordTopUp(input, actor);
      if (!recorded.ok) return recorded;
      const { id, at, amountPaise, reference } = recorded.topUp;
      if (store) {
        try {
          await store.recordTopUp({ id, at, amountPaise, reference }, actor);
        } catch (error) {
          env().wallet.history.removeTopUp(id);
          return { ok: false, field: 'reference', message: `${(error as Error).message} The top-up was not entered.` };
        }
      }
      audit.append({ actor, action: 'wallet.top_up_recorded', details: { topUpId: id, at, amountPaise, reference } });
      return { ok: true, view: (await refresh()).view };
    },
  };
}
