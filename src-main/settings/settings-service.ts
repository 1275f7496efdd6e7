import type { z } from 'zod';
import { settingsWithoutZod } from './settings-defaults.js';
import type { Settings } from './settings-schema.js';

type SchemaModule = Pick<typeof import('./settings-schema.js'), 'settingsSchema' | 'DEFAULT_SETTINGS'>;
let schemaModule: SchemaModule | null = null;
let schemaLoading: Promise<SchemaModule> | null = null;

/**
 * The zod schema is needed only for settings the app did not write itself (hand-edited or
 * damaged) and to explain a rejected update; everything else goes through settingsWithoutZod,
 * so start-up does not pay for loading zod. settings-schema.ts hands itself over on import
 * (see provideSettingsSchema), so code that imports it statically never needs this.
 */
export function loadSettingsSchema(): Promise<SchemaModule> {
  if (schemaModule) return Promise.resolve(schemaModule);
  schemaLoading ??= import('./settings-schema.js').catch((error: unknown) => {
    schemaLoading = null;
    throw error;
  });
  return schemaLoading;
}

/** Called once by settings-schema.ts as it loads. */
export function provideSettingsSchema(module: SchemaModule): void {
  schemaModule = module;
}

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
 * The one module that reads and writes settings. What is on disk is parsed, never trusted:
 * a damaged or hand-edited file falls back to defaults field by field rather than crashing
 * the counter, and an update is validated whole before anything is written.
 */
export class SettingsService {
  private current: Settings;
  private readonly listeners = new Set<(s: Settings) => void>();

  /** Needs the zod schema only for a file the app did not write: SettingsService.open loads it first when so. */
  constructor(
    private readonly backend: SettingsBackend,
    raw: unknown = backend.read(),
  ) {
    this.current = settingsWithoutZod(raw ?? {}) ?? loadTolerantly(requireSchema(), raw);
  }

  /** Reads the settings, loading the zod schema only when what is stored needs it. */
  static async open(backend: SettingsBackend): Promise<SettingsService> {
    const raw = backend.read();
    if (!settingsWithoutZod(raw ?? {})) await loadSettingsSchema();
    return new SettingsService(backend, raw);
  }

  get(): Settings {
    return structuredClone(this.current);
  }

  update(patch: DeepPartial<Settings>): SettingsUpdate {
    const merged = deepMerge(this.current, patch);
    let next = settingsWithoutZod(merged);
    if (!next) {
      // Rejections (and values zod would trim) are zod's to word; the core loads the schema
      // right after start, and the bridge waits for it, so this is there when a screen asks.
      if (!schemaModule) return { ok: false, problems: [{ field: '(settings)', message: 'Settings are still loading; try again in a moment' }] };
      const parsed = schemaModule.settingsSchema.safeParse(merged);
      if (!parsed.success) return { ok: false, problems: problems(parsed.error) };
      next = parsed.data;
    }
    this.backend.write(next);
    this.current = next;
    for (const listener of this.listeners) listener(this.get());
    return { ok: true, settings: this.get() };
  }

  onChange(listener: (s: Settings) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

function requireSchema(): SchemaModule {
  if (!schemaModule) throw new Error('The settings schema is not loaded: build the service with SettingsService.open');
  return schemaModule;
}

function loadTolerantly({ settingsSchema, DEFAULT_SETTINGS }: SchemaModule, raw: unknown): Settings {
  const whole = settingsSchema.safeParse(raw ?? {});
  if (whole.success) return whole.data;
  // Keep every top-level section that is still valid; reset only the damaged ones.
  const out: Record<string, unknown> = {};
  if (raw && typeof raw === 'object') {
    for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
      const candidate = { ...DEFAULT_SETTINGS, [key]: (raw as Record<string, unknown>)[key] };
      if (settingsSchema.safeParse(candidate).success) out[key] = (raw as Record<string, unknown>)[key];
    }
  }
  return settingsSchema.parse(out);
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

function problems(error: z.ZodError): { field: string; message: string }[] {
  return error.issues.map((i) => ({ field: i.path.join('.') || '(settings)', message: i.message }));
}
