import { describeError, failureReasonToCode, isBusinessCode, isKnownCode, STORE_STAFF_REFUSALS } from './error-table.js';
import type { PartnerOrder } from './types.js';

/**
 * Errors as values (architecture.md): every expected failure of the Partner API reaches the
 * caller as a PartnerError with a code, the HTTP status and X-REQUEST-ID for support, and the
 * sentence + action from error-table.ts. `detail` is technical text for logs and support; it
 * is built from status codes and the service's error text, never from request bodies, tokens
 * or credentials.
 */
export type PartnerErrorKind = 'business' | 'http' | 'network' | 'timeout' | 'protocol' | 'auth' | 'forbidden';

export interface FieldProblem {
  field: string;
  message: string;
}

export interface PartnerError {
  kind: PartnerErrorKind;
  code: string;
  httpStatus: number | null;
  requestId: string | null;
  message: string;
  action: string;
  fields: FieldProblem[];
  detail?: string;
}

export function partnerError(
  code: string,
  init: { kind: PartnerErrorKind; httpStatus?: number | null; requestId?: string | null; fields?: FieldProblem[]; detail?: string },
): PartnerError {
  const { message, action } = describeError(code);
  const error: PartnerError = {
    kind: init.kind,
    code,
    httpStatus: init.httpStatus ?? null,
    requestId: init.requestId ?? null,
    message,
    action,
    fields: init.fields ?? [],
  };
  if (init.detail) error.detail = clean(init.detail, 500);
  return error;
}

/** What could be read from a non-2xx body whose shape the spec does not show (§7.1). */
export interface ErrorEnvelope {
  code: string | null;
  message: string | null;
  fields: FieldProblem[];
}

const CODE = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;

/**
 * Reads `{error: {code, message, details}}` (the sandbox), `{code, message}`,
 * `{errorCode, errorMessage}`, `{error: "text"}`, `{errors: [...]}`, plain text and HTML.
 */
export function parseErrorEnvelope(text: string): ErrorEnvelope {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    const isHtml = /^\s*</.test(text);
    return { code: null, message: isHtml || text.trim() === '' ? null : clean(text, 200), fields: [] };
  }
  if (!isRecord(body)) return { code: null, message: typeof body === 'string' ? clean(body, 200) : null, fields: [] };
  const inner = isRecord(body.error) ? body.error : body;
  const errors = Array.isArray(body.errors) ? body.errors : Array.isArray(inner.errors) ? inner.errors : [];
  const first = errors.find(isRecord);
  const code = pickCode(inner.code) ?? pickCode(inner.errorCode) ?? pickCode(body.code) ?? pickCode(first?.code);
  const message =
    pickText(inner.message) ?? pickText(inner.errorMessage) ?? pickText(body.error) ?? pickText(body.message) ?? pickText(first?.message) ?? pickText(errors[0]);
  const details = Array.isArray(inner.details) ? inner.details : errors;
  const fields = details.filter(isRecord).flatMap((d) => {
    const field = pickText(d.field) ?? pickText(d.path) ?? pickText(d.param);
    const msg = pickText(d.message) ?? pickText(d.msg);
    return field && msg ? [{ field, message: msg }] : [];
  });
  return { code, message, fields };
}

export type Endpoint = 'login' | 'api';

const GENERIC_CODES = new Set(['BAD_REQUEST', 'NOT_FOUND', 'UNAUTHORIZED', 'FORBIDDEN', 'ERROR', 'INTERNAL', 'INTERNAL_ERROR']);

/** A non-2xx answer as a PartnerError. Status rules first (they say who can act), then the envelope code. */
export function errorFromResponse(status: number, text: string, requestId: string | null, endpoint: Endpoint): PartnerError {
  const envelope = parseErrorEnvelope(text);
  const detail = [`HTTP ${status}`, envelope.code, envelope.message].filter(Boolean).join(' ');
  const base = { httpStatus: status, requestId, fields: envelope.fields, detail };
  if (endpoint === 'login') {
    if (status === 400) return partnerError('CREDENTIALS_MISSING', { kind: 'auth', ...base });
    if (status === 401) return partnerError('INVALID_CREDENTIALS', { kind: 'auth', ...base });
  }
  if (status === 401) return partnerError('HTTP_401', { kind: 'auth', ...base });
  if (status === 403) return partnerError(envelope.code && STORE_STAFF_REFUSALS.has(envelope.code) ? envelope.code : 'HTTP_403', { kind: 'forbidden', ...base });
  if (status >= 500) return partnerError('HTTP_5XX', { kind: 'http', ...base });
  const code = envelope.code;
  if (code && /^E\d+$/i.test(code)) return partnerError(code, { kind: 'business', ...base });
  if (status === 404 || status === 408 || status === 429) return partnerError(`HTTP_${status}`, { kind: 'http', ...base });
  // A service-specific code is worth more than the bare status: known ones have their own
  // sentence, unknown ones are shown verbatim. Generic codes say no more than the status.
  if (code && !GENERIC_CODES.has(code.toUpperCase())) {
    return partnerError(code, { kind: isKnownCode(code) && isBusinessCode(code) ? 'business' : 'http', ...base });
  }
  return partnerError(`HTTP_${status}`, { kind: 'http', ...base });
}

export const timeoutError = (requestId: string | null, detail: string): PartnerError => partnerError('TIMEOUT', { kind: 'timeout', requestId, detail });
export const networkError = (requestId: string | null, detail: string): PartnerError => partnerError('NETWORK', { kind: 'network', requestId, detail });
export const badResponse = (requestId: string | null, httpStatus: number | null, detail: string): PartnerError =>
  partnerError('BAD_RESPONSE', { kind: 'protocol', requestId, httpStatus, detail });

/**
 * A FAILED order as the error the cashier sees (§7.3). An unrecognised reason is kept: it is
 * shown, cleaned and shortened, because it is the only thing that says what happened.
 */
export function orderFailure(order: PartnerOrder, requestId: string | null, httpStatus: number | null = null): PartnerError | null {
  if (order.status !== 'FAILED') return null;
  const reason = order.failureReason ?? '';
  const code = failureReasonToCode(reason);
  const error = partnerError(code, { kind: 'business', httpStatus, requestId, detail: `order ${order.id} FAILED: ${reason || '(no reason)'}` });
  if (code === 'FAILED_UNKNOWN' && reason.trim()) error.message = `${error.message} The service said: "${clean(reason, 120)}".`;
  return error;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pickCode(value: unknown): string | null {
  const text = typeof value === 'number' && Number.isInteger(value) ? String(value) : value;
  return typeof text === 'string' && CODE.test(text.trim()) && !/^\d+$/.test(text.trim()) ? text.trim() : null;
}

function pickText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? clean(value, 300) : null;
}

/** Printable, single-line and short: service text is untrusted (§7.3 "validate before showing"). */
function clean(text: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  const flat = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
