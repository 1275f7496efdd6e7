import type { AttentionList, OrderDetail, SaleListFilter, SaleListItem, SalePage, SalesSummary } from '../contract/orders.js';
import type { RevealedVoucher } from '../contract/sale.js';
import type { Db } from '../db/database.js';
import type { Logger } from '../platform/logger.js';
import type { StaffService } from '../staff/staff-service.js';
import type { AuditLog } from '../audit/audit-log.js';
import type { CardVault } from '../platform/card-vault.js';
import { auditOutbox } from './audit-outbox.js';
import { OutboxDrainer } from './outbox-drainer.js';
import { OrderChangesFollower } from './order-changes.js';
import type { KeyShelf } from '../db/kv-shelf.js';
import type { OrderEngine } from '../orders/engine/order-engine.js';
import { detailForStore, linkOutboxes, salesOutbox } from './sales-outbox.js';
import { tillOutbox } from './till-outbox.js';
import { voucherOutbox } from './voucher-outbox.js';
import { StaffMirror } from './staff-mirror.js';
import { connectionProblem, StoreClient, StoreRefusedError, StoreUnreachableError } from './store-client.js';
import type { StoreLink } from './store-link-file.js';
import type { RefusedRecord, StoreCounterView, StoreLinkView } from '../contract/store.js';
import type { StatementLine } from '../contract/wallet.js';
import { REACHABLE_FOR_MS, STORE_AWAY } from './store-reachability.js';
import type { z } from 'zod';
import type { Input, Output } from '../contract/index.js';
import { APPROVAL_NEEDED, contractPath, STORE_ANSWERS, storeDay, storeRevealedVoucher, type CounterDayCheck, type StoreDay, type StoreServedMethod, type TopUpPush } from './store-wire.js';

const HEALTH_TIMEOUT_MS = 2_000;

export { REACHABLE_FOR_MS, STORE_AWAY };

/**
 * A counter's membership of a store: the shared views (staff, every counter's sales, the
 * counters) and whether the store server can be reached right now.
 */
export class StoreConnection {
  readonly client: StoreClient;
  readonly staff: StaffMirror;
  private outbox: OutboxDrainer | null = null;
  private orderChanges: OrderChangesFollower | null = null;
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

  /**
   * Starts sending this counter's records to the store: the environment's sales, its money
   * records and vouchers, and the audit log.
   */
  startOutbox(source: {
    db: Db;
    vault: CardVault;
    audit: AuditLog;
    items: (ids: string[]) => SaleListItem[];
    detail: (id: string) => OrderDetail | undefined;
    /** The core's clock: how long a row the store refused is held back. */
    now: () => number;
  }): void {
    linkOutboxes(source.db);
    const items = (ids: string[]) =>
      source.items(ids).map((item) => {
        const detail = source.detail(item.id);
        return detail ? { ...item, detail: detailForStore(detail) } : item;
      });
    const { logger } = this.deps;
    const { db, now } = source;
    const kinds = [salesOutbox(db, items, logger, now), tillOutbox(db, logger, now), voucherOutbox(db, source.vault, logger, now), auditOutbox(source.audit)];
    this.outbox = new OutboxDrainer({ kinds, client: this.client, logger: this.deps.logger });
    this.outbox.start();
  }

  /** Starts asking the store for the service's changes to this counter's orders (order-changes.ts). */
  followOrderChanges(source: { shelf: KeyShelf; engine: () => Pick<OrderEngine, 'onOrderChange'> }): void {
    this.orderChanges = new OrderChangesFollower({ client: this.client, shelf: source.shelf, counterId: this.link.counterId, engine: source.engine, logger: this.deps.logger });
    this.orderChanges.start();
  }

  /**
   * Asks the store now for the service's changes to this counter's orders and applies them
   * (rejects when the store could not be asked); resolves to how many were taken.
   */
  orderChangesNow(): Promise<number> {
    return this.orderChanges?.poll() ?? Promise.resolve(0);
  }

  saleChanged(): void {
    void this.outbox?.kick();
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
    await this.outbox?.kick();
    try {
      const page = await this.ask('orders.list', input, staffId);
      return { ...page, scope: 'store' };
    } catch (error) {
      if (!(error instanceof StoreUnreachableError)) throw error;
      const own = !input.filter.counterId || input.filter.counterId === this.link.counterId;
      const page = own ? local() : { items: [], next: null };
      return { ...this.onlyOwn(error, page.items), next: page.next };
    }
  }

  /** While the store cannot be asked: this counter's own sales, labelled with it, and a notice saying only they are listed. */
  private onlyOwn(error: StoreUnreachableError, items: SaleListItem[]): { items: SaleListItem[]; scope: 'counter'; notice: string } {
    return {
      items: items.map((item) => ({ ...item, counterId: this.link.counterId, counterName: this.link.counterName })),
      scope: 'counter',
      notice: `${error.message} Only this counter's sales are listed.`,
    };
  }

  /**
   * Every counter's sales needing attention, from the store's records (this counter's changes
   * sent first). When the store cannot be reached, this counter's own, saying so.
   */
  async attention(staffId: string, local: () => { items: SaleListItem[]; total: number }): Promise<AttentionList> {
    await this.outbox?.kick();
    try {
      const answer = await this.ask('orders.attention', {}, staffId);
      return { ...answer, scope: 'store' };
    } catch (error) {
      if (!(error instanceof StoreUnreachableError)) throw error;
      const own = local();
      return { ...this.onlyOwn(error, own.items), total: own.total };
    }
  }

  /** Orders' detail of another counter's sale, from the store's records (this counter's changes sent first). */
  async orderDetail(saleId: string, staffId: string): Promise<OrderDetail> {
    await this.outbox?.kick();
    return this.ask('orders.detail', { saleId }, staffId);
  }

  /** A voucher of another counter's sale, unsealed by the store (which audits it) for a reveal a manager approved here. */
  /**
   * Another counter's card, unsealed by the store. The manager's PIN, approved here already, is
   * judged by the store too: the store takes its own word for the approval, not this counter's.
   */
  async revealVoucher(ask: { saleId: string; seq: number; approvedBy: string }, approved: { pin: string; what: string }, staffId: string): Promise<RevealedVoucher & { counterName: string }> {
    const approval = await this.staff.approvalAtStore(ask.approvedBy, approved.pin, approved.what);
    if (!approval) throw new StoreRefusedError(403, APPROVAL_NEEDED.code, APPROVAL_NEEDED.message);
    return this.client.parsed(storeRevealedVoucher, 'POST', '/vouchers/reveal', { body: { ...ask, approval }, staffId });
  }

  /**
   * Orders' summary over every counter's sales. Refused (not answered from this counter alone)
   * when the store cannot be reached: a summary has no room to say it covers one counter only.
   */
  async salesSummary(span: { from: number; to: number }, staffId: string): Promise<SalesSummary> {
    await this.outbox?.kick();
    return this.ask('orders.summary', span, staffId);
  }

  /** Orders' CSV over every counter's sales (or one other counter's, by `counterId`), with a counter column. */
  async exportCsv(filter: SaleListFilter, staffId: string): Promise<{ csv: string }> {
    await this.outbox?.kick();
    return this.ask('orders.exportCsv', { filter }, staffId);
  }

  /** The store's day for `day`: each counter's last check of it and the store-wide wallet figures. */
  async storeDay(day: { day: string; from: number; to: number }, staffId: string): Promise<StoreDay> {
    return this.client.parsed(storeDay, 'POST', '/end-of-day', { body: day, staffId });
  }

  /** The store's wallet statement; this counter's own when the store server cannot be reached, saying so. */
  async walletStatement(query: { before: number; limit: number; counterId?: string }, staffId: string, local: () => StatementLine[]): Promise<{ lines: StatementLine[]; scope: 'store' | 'counter'; notice?: string }> {
    try {
      const answer = await this.ask('wallet.statement', query, staffId);
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
    return this.ask('store.counters', {}, staffId);
  }

  revoke(counterId: string, staffId: string): Promise<{ revoked: true }> {
    return this.ask('store.revokeCounter', { counterId }, staffId);
  }

  /**
   * A contract method the store answers over every counter's records, asked for `staffId` with
   * the method's contract input; the answer is checked by its schema before anyone sees it.
   */
  private async ask<M extends StoreServedMethod>(method: M, input: Input<M>, staffId: string): Promise<Output<M>> {
    // STORE_ANSWERS[method] produces Output<M> (contract-calls.ts checks each); TypeScript cannot follow it through the generic index.
    const schema: z.ZodType = STORE_ANSWERS[method];
    return (await this.client.parsed(schema, 'POST', contractPath(method), { body: input, staffId })) as Output<M>;
  }

  /** Sales whose change the store has not taken yet: what the counter's screens count. */
  pendingInOutbox(): number {
    return this.outbox?.pending('sales') ?? 0;
  }

  /** Records the store refused on their own: held back on this counter while the rest are sent. */
  refusedRecords(): RefusedRecord[] {
    return this.outbox?.refused() ?? [];
  }

  /** Everything not sent yet: sales, money records, vouchers and audit lines. */
  pendingRecords(): number {
    return this.outbox?.pending() ?? 0;
  }

  async close(): Promise<void> {
    await this.orderChanges?.stop();
    await this.outbox?.stop();
  }
}
