/**
 * What a counter and its store server exchange besides the Partner API they relay: declared
 * once here, for both sides.
 */
export * from './wire/staff.js';
export * from './wire/day.js';
export * from './wire/records.js';
export * from './wire/orders.js';
export * from './wire/contract-calls.js';
