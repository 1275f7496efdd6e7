/**
 * The failure codes that are not a refusal: the call may have reached where it was going and
 * done what it asked, and only its answer is missing. Declared once, here, without imports (the
 * contract re-exports it; nothing here loads zod): main's error table takes its in-doubt codes
 * from it (partner-api/error-table.ts), and the renderer, which may read the contract's types
 * only, keys its own look-up by these types, so a code added or dropped here is a compile error
 * there (src-renderer/bridge/outcome-unknown.ts).
 */

/**
 * The way to the Partner API (or to the store server) failed after the request left. Main's
 * error table has words for each, and warns against selling again.
 */
export const TRANSPORT_OUTCOME_UNKNOWN_CODES = ['NETWORK', 'TIMEOUT', 'HTTP_408', 'HTTP_5XX', 'BAD_RESPONSE'] as const;

/**
 * The bridge's own: main failed partway (INTERNAL, DISK_FULL: bridge/bridge.ts), or the page
 * lost main's answer (APP_UNREACHABLE: the IPC call rejected, the browser host's request lost).
 * The browser host's own 5xx (`HOST_5xx`) is in doubt too; its 4xx is a refusal.
 */
export const BRIDGE_OUTCOME_UNKNOWN_CODES = ['APP_UNREACHABLE', 'INTERNAL', 'DISK_FULL'] as const;

export const OUTCOME_UNKNOWN_CODES = [...BRIDGE_OUTCOME_UNKNOWN_CODES, ...TRANSPORT_OUTCOME_UNKNOWN_CODES] as const;

export type TransportOutcomeUnknownCode = (typeof TRANSPORT_OUTCOME_UNKNOWN_CODES)[number];
export type OutcomeUnknownCode = (typeof OUTCOME_UNKNOWN_CODES)[number];
