/** The Partner API client's public surface: import from here, not from the files behind it. */
export { createPartnerClient, DEFAULT_RETRY, DEFAULT_TIMEOUTS } from './partner-client.js';
export type { CallOptions, PartnerClient, PartnerClientOptions, PartnerResult, PlaceOrderResult } from './partner-client.js';
export type { PartnerCredentials } from './token-manager.js';
export { TokenManager } from './token-manager.js';
export type { FieldProblem, PartnerError, PartnerErrorKind } from './partner-error.js';
export { orderFailure, parseErrorEnvelope, partnerError } from './partner-error.js';
export { describeError, describeFailure, failureReasonToCode } from './error-table.js';
export { parseBrand, parseBrandList, parseOrder, parseVoucher, parseWebhookEvent } from './wire-schemas.js';
export type * from './types.js';
