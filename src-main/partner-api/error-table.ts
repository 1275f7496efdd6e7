import { TRANSPORT_OUTCOME_UNKNOWN_CODES, type TransportOutcomeUnknownCode } from '../contract/outcome-codes.js';

/**
 * The one place where an error code becomes words: the sentence a cashier reads and what to
 * do next (spec §7.2, product non-negotiable 4). Codes are the service's business codes
 * (E100…E300, kept verbatim), failure-reason codes (§7.3), and this client's own codes for
 * HTTP and transport failures. Unknown codes get a generic sentence that still shows the code.
 */
export interface ErrorDescription {
  message: string;
  action: string;
}

/**
 * The codes that can mean a request was sent and its answer lost, so outside a settled sale the
 * action warns against selling again: the contract's list (contract/outcome-codes.ts), which the
 * page reads too. Each has an entry in the table (checked below, at compile time).
 */
const IN_DOUBT_CODES: ReadonlySet<string> = new Set(TRANSPORT_OUTCOME_UNKNOWN_CODES);

/** Whatever was sent, a sale that ended FAILED never charged the wallet (§3.1): say so. */
const NOT_CHARGED = 'The order failed and the wallet was not charged.';
const IN_DOUBT =
  'If this was a sale, do not sell it again: the app first checks by its reference whether the order was created.';
/**
 * A sale that ended FAILED or REJECTED has no voucher, whatever its code: the service failed the
 * order, or refused it and (looked up by reference) never created it. The customer's money goes back.
 */
export const NO_VOUCHER_GIVE_MONEY_BACK = "No voucher was issued: give the customer's money back.";

const ENTRIES = {
  // Business codes, spec §7.2.
  E100: {
    message: 'This brand is temporarily unavailable because of problems at its voucher provider.',
    action: 'Try again later, or offer the customer another brand.',
  },
  E101: {
    message: 'This brand is not enabled for your store.',
    action: 'Ask support to enable this brand for your account; meanwhile offer another brand.',
  },
  E102: {
    message: 'This brand is inactive and cannot be sold.',
    action: 'Do not order this brand; refresh the catalog and offer another brand.',
  },
  E103: {
    message: "This brand cannot be sold under your store's business model (B2B or B2C).",
    action: 'Ask support whether the brand can be enabled for your business model; offer another brand.',
  },
  E150: {
    message: 'This amount is not available for the brand; the catalog on this counter may be out of date.',
    action: 'Refresh the catalog, then choose one of the amounts the brand lists.',
  },
  E161: {
    message: 'The discount is larger than the order amount.',
    action: 'Correct the discount so it is not more than the amount, then confirm again.',
  },
  E200: {
    message: `The voucher could not be generated. ${NOT_CHARGED}`,
    action: 'Wait 1–2 minutes, then try again (Try again starts a new sale; this one stays failed).',
  },
  E201: {
    message: `The voucher provider could not confirm the voucher. ${NOT_CHARGED}`,
    action: 'Wait 1–2 minutes, then try again (Try again starts a new sale; this one stays failed).',
  },
  E204: {
    message: `Voucher generation is temporarily unavailable. ${NOT_CHARGED}`,
    action: 'Wait a short while, then try again (Try again starts a new sale; this one stays failed).',
  },
  E300: {
    message: "The store's wallet balance is too low for this order. The order failed and the wallet was not charged.",
    action: 'Top up the wallet through your account manager (offline), then try again (Try again starts a new sale; this one stays failed).',
  },
  // Failure reasons without a documented code, spec §7.3.
  BRAND_NOT_AVAILABLE: {
    message: `This brand is not available right now (inactive or no active provider). ${NOT_CHARGED}`,
    action: 'Do not sell this brand now; refresh the catalog and offer another brand.',
  },
  RATE_LIMIT: {
    message: `A sales limit for your store or for this brand has been reached. ${NOT_CHARGED}`,
    action: 'Try a smaller amount or try again later when the limit window resets; ask support if the limits need raising.',
  },
  FAILED_UNKNOWN: {
    message: `The order failed for a reason this app does not recognise. ${NOT_CHARGED}`,
    action: 'Check the order details, then call support with its Details for support before selling it again.',
  },
  // Login and access, spec §4.1 and §5.1.
  INVALID_CREDENTIALS: {
    message:
      'The service refused the API credentials: the client ID or secret is wrong, or they belong to the other environment (staging credentials do not work on production, and production credentials do not work on staging).',
    action: 'Re-enter the client ID and secret issued for this environment in Settings, and check the environment selected matches them.',
  },
  CREDENTIALS_MISSING: {
    message: 'No complete API credentials are configured for this environment.',
    action: 'Enter the client ID and client secret in Settings, or use Training mode.',
  },
  HTTP_401: {
    message: 'The service did not accept the session, even after signing in again.',
    action: 'Try again in a minute; if it keeps happening, call support with its Details for support.',
  },
  HTTP_403: {
    message: "The service refused the request because this machine's public IP address is not whitelisted for this environment.",
    action:
      "Register this machine's public IP address for this environment in the integration portal (staging and production are registered separately), then try again.",
  },
  // The store server's own refusals, for a counter that reaches the service through it.
  STAFF_SIGN_IN_NEEDED: {
    message: 'The store server does not know who is signed in at this counter: you signed in while it could not be reached, or your session there has ended.',
    action: 'Sign out, then sign in again with your PIN.',
  },
  STAFF_NOT_PERMITTED: {
    message: 'The store server says the person signed in here may not do this: their permissions at the store have changed.',
    action: 'Sign out and in again to see your permissions, or ask a manager.',
  },
  // Requests the service refused.
  VALIDATION_FAILED: {
    message: 'The service rejected some of the order details.',
    action: 'Correct the fields shown, then confirm again.',
  },
  DUPLICATE_REFERENCE: {
    message: 'This order reference has already been used, so the service did not create another order with it.',
    action: 'Look up the existing order by its reference before selling again; a new sale needs a new reference.',
  },
  ORDER_NOT_DELIVERABLE: {
    message: 'Vouchers can be sent again only for orders that succeeded.',
    action: 'Check the order status; resend once the order has succeeded.',
  },
  HTTP_404: {
    message: 'The service could not find what was asked for.',
    action: 'Check the id or reference; if it is a brand, refresh the catalog.',
  },
  HTTP_408: { message: 'The service gave up waiting for the request.', action: 'Try again.' },
  HTTP_429: { message: 'The service is receiving too many requests right now.', action: 'Wait a minute, then try again.' },
  // The service or the network failed; the outcome of a sale may be unknown.
  HTTP_5XX: { message: 'The service had a problem and could not answer properly.', action: 'Try again in a minute.' },
  TIMEOUT: { message: 'The service did not answer in time.', action: 'Check the internet connection and try again.' },
  NETWORK: {
    message: 'The service could not be reached, or the connection was cut.',
    action: 'Check the internet connection and try again.',
  },
  BAD_RESPONSE: {
    message: 'The service sent an answer this app could not read.',
    action: 'Try again; if it persists, call support with its Details for support.',
  },
} satisfies Record<string, ErrorDescription>;

const TABLE: Record<string, ErrorDescription> = ENTRIES;
// Every in-doubt code of the contract has the table's words (a code added there without them does not compile).
const inDoubtCodesHaveWords: readonly (keyof typeof ENTRIES & TransportOutcomeUnknownCode)[] = TRANSPORT_OUTCOME_UNKNOWN_CODES;
void inDoubtCodesHaveWords;

export function describeError(code: string): ErrorDescription {
  const known = TABLE[code];
  if (known) return { message: known.message, action: IN_DOUBT_CODES.has(code) ? `${known.action} ${IN_DOUBT}` : known.action };
  const status = /^HTTP_(\d{3})$/.exec(code)?.[1];
  if (status) {
    return {
      message: `The service refused the request (status ${status}).`,
      action: 'Try again; if it keeps happening, call support with its Details for support (the app may need an update).',
    };
  }
  return {
    message: `The service reported an error this app does not know (code ${code}).`,
    action: `Do not retry blindly: call support with the code ${code} and its Details for support.`,
  };
}

/** Failure codes come from the same table as every other code. */
export const describeFailure = describeError;

/**
 * The cashier's words for a sale that ended FAILED or REJECTED: the code's sentence, then what
 * to do with the customer's money. The outcome is settled, so no "it may have gone through".
 */
export function describeSaleFailure(code: string | null): ErrorDescription {
  const known = code ? TABLE[code] : undefined;
  const { message, action } = known ?? (code ? describeError(code) : { message: 'The order did not go through.', action: 'Try again; if it repeats, call the manager.' });
  return { message: `${message} ${NO_VOUCHER_GIVE_MONEY_BACK}`, action };
}

export const isKnownCode = (code: string): boolean => code in TABLE;

/** The store server's refusals of the person at a counter (a 403 that is not about this machine's IP). */
export const STORE_STAFF_REFUSAL = { signInNeeded: 'STAFF_SIGN_IN_NEEDED', notPermitted: 'STAFF_NOT_PERMITTED' } as const;
export const STORE_STAFF_REFUSALS: ReadonlySet<string> = new Set(Object.values(STORE_STAFF_REFUSAL));

/** Every code the table has words for. */
export const KNOWN_CODES: readonly string[] = Object.keys(TABLE);

/** Codes that are a business outcome, not a technical failure. */
export function isBusinessCode(code: string): boolean {
  return /^E\d+$/i.test(code) || code === 'BRAND_NOT_AVAILABLE' || code === 'RATE_LIMIT' || code === 'FAILED_UNKNOWN';
}

/** Observed failureReason texts (§7.3 and the sandbox README), compared case- and punctuation-insensitively. */
const REASONS: [text: string, code: string][] = [
  ['brand not available', 'BRAND_NOT_AVAILABLE'],
  ['voucher generation failed', 'E200'],
  ['insufficient balance', 'E300'],
  ['denomination not available', 'E150'],
  ['provider polling failed', 'E201'],
  ['voucher generation temporarily unavailable', 'E204'],
  ['rate limit exceeded', 'RATE_LIMIT'],
];

const normalise = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

/**
 * The code behind a FAILED order's failureReason. A reason that names a code ("E300: …")
 * keeps it; an unrecognised text becomes FAILED_UNKNOWN (the text itself goes into the error).
 */
export function failureReasonToCode(reason: string | null | undefined): string {
  const text = normalise(reason ?? '');
  const named = /\b(e\d{3})\b/.exec(text);
  if (named) return named[1]!.toUpperCase();
  // Longest phrase first, so "… temporarily unavailable" is not taken for "… failed"-like prefixes.
  const match = [...REASONS].sort((a, b) => b[0].length - a[0].length).find(([phrase]) => text === phrase || text.startsWith(`${phrase} `));
  return match ? match[1] : 'FAILED_UNKNOWN';
}
