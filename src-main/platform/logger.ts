/**
 * Structured logs: one JSON object per line. Callers pass fields, never preformatted
 * strings with values in them, so redaction can see every value. Known secret-bearing keys
 * are dropped, and any string that looks like a bearer token / JWT is masked, as a second
 * line of defence behind "never log secrets".
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  log(level: LogLevel, event: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

const SECRET_KEYS = /^(authorization|token|access_?token|client_?secret|secret|password|pin|card_?pin|cardpin|card_?number|cardnumber)$/i;
const JWT = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\b/g;

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6) return '[depth]';
  if (typeof value === 'string') return value.replace(JWT, '[jwt]');
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  if (value instanceof Error) return { name: value.name, message: redact(value.message, depth + 1) };
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEYS.test(k) ? '[redacted]' : redact(v, depth + 1);
    return out;
  }
  return value;
}

export function createLogger(write: (line: string) => void, base: Record<string, unknown> = {}, now = () => Date.now()): Logger {
  return {
    log(level, event, fields = {}) {
      write(JSON.stringify(redact({ t: new Date(now()).toISOString(), level, event, ...base, ...fields })));
    },
    child(fields) {
      return createLogger(write, { ...base, ...fields }, now);
    },
  };
}

/** Collects lines in memory: tests read them to prove no secret was ever logged. */
export function memoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return Object.assign(createLogger((line) => lines.push(line)), { lines });
}

export const silentLogger: Logger = { log() {}, child: () => silentLogger };
