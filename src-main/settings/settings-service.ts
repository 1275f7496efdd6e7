import type { SettingsIssue, SettingsParser } from './settings-parser.js';
import type { Settings } from './settings-schema.js';

/**
 * Where settings are persisted: electron-store in the desktop app, a JSON file in the browser
 * host and tests. The core never imports electron-store itself (it imports Electron).
 */
export interface SettingsBackend {
  read(): unknown;
  write(value: Settings): void;
}

export type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

export type SettingsUpdate = { ok: true; settings: Settings } | { ok: false; problems: { field: string; message: string }[] };

/**
 * The one module that reads and writes settings. What is on disk is parsed with the parser it
 * is given (the core's: settings-parser.ts; the zod schema it mirrors answers the same), never trusted: a damaged or hand-edited file falls back to
 * defaults section by section rather than crashing the counter, and an update is validated
 * whole before anything is written.
 */
export class SettingsService {
  private current: Settings;
  private readonly listeners = new Set<(s: Settings) => void>();

  constructor(
    private readonly schema: SettingsParser,
    private readonly backend: SettingsBackend,
  ) {
    this.current = readTolerantly(schema, backend.read());
  }

  get(): Settings {
    return structuredClone(this.current);
  }

  update(patch: DeepPartial<Settings>): SettingsUpdate {
    const parsed = this.schema.safeParse(deepMerge(this.current, patch));
    if (!parsed.success) return { ok: false, problems: problems(parsed.error.issues) };
    this.backend.write(parsed.data);
    this.current = parsed.data;
    for (const listener of this.listeners) listener(this.get());
    return { ok: true, settings: this.get() };
  }

  onChange(listener: (s: Settings) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** The stored settings as the schema reads them; a section that does not parse is reset to its defaults, the others kept. */
function readTolerantly(schema: SettingsParser, raw: unknown): Settings {
  const whole = schema.safeParse(raw ?? {});
  if (whole.success) return whole.data;
  const stored = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const kept: Record<string, unknown> = {};
  for (const key of Object.keys(schema.shape)) {
    if (schema.safeParse({ [key]: stored[key] }).success) kept[key] = stored[key];
  }
  const sections = schema.safeParse(kept);
  // Each kept section parsed on its own, and sections do not depend on one another.
  if (!sections.success) throw new Error(`Settings sections that parse alone did not parse together: ${problems(sections.error.issues).map((p) => p.field).join(', ')}`);
  return sections.data;
}

function deepMerge<T>(base: T, patch: unknown): T {
  if (patch === undefined) return base;
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch) || base === null || typeof base !== 'object') {
    return patch as T;
  }
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [k, v] of Object.entries(patch)) out[k] = deepMerge((base as Record<string, unknown>)[k], v);
  return out as T;
}

function problems(issues: readonly SettingsIssue[]): { field: string; message: string }[] {
  return issues.map((i) => ({ field: i.path.map(String).join('.') || '(settings)', message: i.message }));
}
