/**
 * Developer words that stay off the screens cashiers and managers read (issue 12, item 3),
 * checked in the renderer's text (test/renderer/screen-words.test.ts) and in main's error
 * table, whose sentences the screens show (test/partner-api/error-mapping.test.ts).
 */
export const FORBIDDEN: { word: string; pattern: RegExp }[] = [
  { word: 'X-REQUEST-ID', pattern: /x-request-id/i },
  { word: 'X-Verify', pattern: /x-verify/i },
  { word: 'HTTP (a status or a protocol name)', pattern: /\bHTTP\b/ },
  { word: 'a status class like 2xx', pattern: /\b[1-5]xx\b/i },
  { word: 'Service order id', pattern: /service order id/i },
  { word: 'a bind address', pattern: /\b(0\.0\.0\.0|127\.0\.0\.1)\b/ },
  { word: 'new order with a new reference', pattern: /new order with a new reference/i },
  { word: 'a field name (referenceId, requestId, orderId)', pattern: /\b(referenceId|requestId|orderId)\b/ },
  { word: 'idempotency', pattern: /idempoten/i },
];
