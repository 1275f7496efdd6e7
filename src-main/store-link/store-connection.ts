import type { SaleListFilter, SaleListItem, SalePage } from '../contract/orders.js';
import type { Db } from '../db/database.js';
import type { Logger } from '../platform/logger.js';
import type { StaffService } from '../staff/staff-service.js';
import { SalesMirror } from './sales-mirror.js';
import { StaffMirror } from './staff-mirror.js';
import { connectionProblem, StoreClient, StoreRefusedError, StoreUnreachableError } from './store-client.js';
import type { StoreLink } from './store-link-file.js';
import type { StoreCounterView, StoreLinkView } from '../contract/store.js';
import type { StatementLine } from '../contract/wallet.js';
import { REACHABLE_FOR_MS, STORE_AWAY } from './store-reachability.js';
import { statementAnswer, storeCounters, storeDay, storeSalePage, type CounterDayCheck, type StoreDay, type TopUpPush } from './store-wire.js';

const HEALTH_TIMEOUT_MS = 2_000;

export { REACHABLE_FOR_MS, STORE_AWAY };

/**
 * A counter's membership of a store: the shared views (staff, every counter's sales, the
 * counters) and whether the store server can be reached right now.
 */
export class StoreConnection {
  readonly client: StoreClient;
  readonly staff: StaffMirror;
  private sales: SalesMirror | null = null;
  private reachableUntil = 0;

  constructor(
    private readonly link: StoreLink,
    private readonly deps: { staff: StaffService; logger: Logger },
  ) {
    this.client = new StoreClient(link);
    this.staff = new StaffMirror({ client: this.client, staff: deps.staff, logger: deps.logger });
  }

  view(): StoreLinkView {
    const { url, storeId, counterId, counterName, environment } = this.link;
    return { url, storeId, counterId, counterName, environment };
  }

  /**
   * Whether the store still takes this counter: false once it was revoked (the server answers,
   * but refuses the counter's credential). A store that cannot be asked says nothing here.
   */
  async stillPaired(): Promise<boolean> {
    try {
      await this.client.call('GET', '/me');
      return true;
    } catch (error) {
      return !(error instanceof StoreRefusedError && error.status === 401);
    }
  }

  /** Starts sending this counter's sales (the environment's journal) to the store. */
  startOutbox(db: Db, items: (ids: string[]) => SaleListItem[]): void {
    this.sales = new SalesMirror({ db, client: this.client, items, logger: this.deps.logger });
    this.sales.start();
  }

  saleChanged(): void {
    void this.sales?.kick();
  }

  /**
   * null when the store server answers its health check; otherwise why it does not (what that
   * means for selling is STORE_AWAY, said by whoever refuses or shows it).
   */
  async unreachable(): Promise<string | null> {
    if (Date.now() < this.reachableUntil) return null;
    try {
      const res = await fetch(`${this.link.url}/health`, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
      if (res.ok) {
        this.reachableUntil = Date.now() + REACHABLE_FOR_MS;
        return null;
      }
      return `The store server (${this.link.url}) is not well (HTTP ${res.status}).`;
    } catch (error) {
      return `The store server (${this.link.url}) cannot be reached: ${connectionProblem(error, HEALTH_TIMEOUT_MS)}.`;
    }
  }

  /**
   * Orders across the store. This counter's own changes are sent first, so its newest sale is
   * in the answer. When the store cannot be reached, this counter's own list is the answer,
   * saying so; another counter's list is then empty.
   */
  async listOrders(
    input: { filter: SaleListFilter & { counterId?: string }; after: { createdAt: number; id: string } | null; limit?: number },
    staffId: string,
    local: () => SalePage,
  ): Promise<SalePage> {
    await this.sales?.kick();
    try {
      const page = await this.client.parsed(storeSalePage, 'POST', '/orders/list', { body: input, staffId });
      return { ...page, scope: 'store' };
    } catch (error) {
      if (!(error instanceof StoreUnreachableError)) throw error;
      const own = !input.filter.counterId || input.filter.counterId === this.link.counterId;
      const page = own ? local() : { items: [], next: null };
      return {
        items: page.items.map((item) => ({ ...item, counterId: this.link.counterId, counterName: this.link.counterName })),
        next: page.next,
        scope: 'counter',
        notice: `${error.message} Only this counter's sales are listed.`,
      };
    }
  }

  /** The store's day for `day`: each counter's last check of it and the store-wide wallet figures. */
  async storeDay(day: { day: string; from: number; to: number }, staffId: string): Promise<StoreDay> {
    return this.client.parsed(storeDay, 'POST', '/end-of-day', { body: day, staffId });
  }

  /** The store's wallet statement; this counter's own when the store server cannot be reached, saying so. */
  async walletStatement(query: { before: number; limit: number; counterId?: string }, staffId: string, local: () => StatementLine[]): Promise<{ lines: StatementLine[]; scope: 'store' | 'counter'; notice?: string }> {
    try {
      const answer = await this.client.parsed(statementAnswer, 'POST', '/wallet/statement', { body: query, staffId });
      return { lines: answer.lines, scope: 'store' };
    } catch (error) {
      if (!(error instanceof StoreUnreachableError)) throw error;
      const own = !query.counterId || query.counterId === this.link.counterId;
      return { lines: own ? local() : [], scope: 'counter', notice: `${error.message} Only this counter's lines are listed.` };
    }
  }

  /** This counter's own check of a day, for the store's day. */
  async saveDayCheck(check: CounterDayCheck): Promise<void> {
    await this.client.call('PUT', '/day-checks', { body: check });
  }

  async recordTopUp(topUp: TopUpPush, staffId: string): Promise<void> {
    await this.client.call('POST', '/wallet/topups', { body: topUp, staffId });
  }

  async counters(staffId: string): Promise<{ counters: StoreCounterView[]; self: string }> {
    return this.client.parsed(storeCounters, 'GET', '/counters', { staffId });
  }

  revoke(counterId: string, staffId: string): Promise<{ revoked: true }> {
    return this.client.call('POST', `/counters/${counterId}/revoke`, { staffId });
  }

  pendingInOutbox(): number {
    return this.sales?.pending() ?? 0;
  }

  async close(): Promise<void> {
    await this.sales?.stop();
  }
}
