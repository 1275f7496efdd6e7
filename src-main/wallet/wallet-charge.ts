import type { SaleState } from '../orders/journal/sale-state.js';

/**
 * Which journal states leave the wallet charged (the service debits amount − discount when it
 * takes an order and gives it back when the order fails or is reversed), declared once for
 * the float guard, the orders CSV and the end of day. INTENT and IN_DOUBT are in neither:
 * whether the service took the order is not known yet.
 */
export const WALLET_CHARGED_STATES: readonly SaleState[] = ['SUCCESS', 'PROCESSING', 'NEEDS_SUPPORT'];
export const WALLET_NOT_CHARGED_STATES: readonly SaleState[] = ['FAILED', 'REJECTED', 'CANCELLED', 'REVERSED'];
