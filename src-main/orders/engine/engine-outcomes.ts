import type { SaleState } from '../journal/sale-state.js';
import type { OrderApiError } from './order-api.js';

/** What the order engine answers besides a sale: its refusals, and what its start-up checked. */

export class RecoveryPendingError extends Error {
  constructor() {
    super('Unfinished sales from the last session are still being checked; new sales start when that is done');
    this.name = 'RecoveryPendingError';
  }
}

/** The terminal event of an order could not be confirmed with the service (it is asked again later). */
export class OrderNotConfirmedError extends Error {
  constructor(orderId: string, cause: Pick<OrderApiError, 'code'>) {
    super(`Order ${orderId} could not be confirmed with the service (${cause.code}); it will be asked again`);
    this.name = 'OrderNotConfirmedError';
  }
}

export interface RecoveryReport {
  checked: number;
  byState: Partial<Record<SaleState, number>>;
}
