import type { ExportTooLarge } from '../../contract/orders.js';

/**
 * The most sales one orders CSV holds, at a counter (its own journal) and at the store server
 * (every counter's records). Both build the whole file in memory and hand it over as one string:
 * the bridge's answer, or the store server's JSON, which the counter waits 5 s for
 * (STORE_CALL_TIMEOUT_MS): 50,000 took about 2 s at the store server here (2 shared cores),
 * 100,000 nearly 4. A busy store's month is more, and is exported in parts.
 */
export const ORDERS_CSV_MAX_ROWS = 50_000;

export const EXPORT_TOO_LARGE: ExportTooLarge = 'EXPORT_TOO_LARGE';

/** What narrows an export where it is made: a counter holds only its own sales. */
const EXPORTER = {
  counter: { name: 'this counter', narrower: 'a shorter period' },
  store: { name: 'the store server', narrower: 'a shorter period (or one counter)' },
} as const;

/**
 * Why an export matching more than ORDERS_CSV_MAX_ROWS sales was refused whole, never cut short:
 * a file that silently lacks sales would be taken for the whole period.
 */
export function exportTooLarge(by: keyof typeof EXPORTER): string {
  const { name, narrower } = EXPORTER[by];
  return `More than ${ORDERS_CSV_MAX_ROWS.toLocaleString('en-IN')} sales match, more than ${name} exports in one file: nothing was exported. Choose ${narrower} and export it in parts.`;
}
