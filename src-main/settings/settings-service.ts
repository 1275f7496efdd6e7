import type { z } from 'zod';
import { DEFAULT_SETTINGS, settingsSchema, type Settings } from './settings-schema.js';

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

  constructor(private readonly backend: SettingsBackend) {
    this.current = loadTolerantly(backend.read());
  }

  get(): Settings {
    return structuredClone(this.current);
  }

  update(patch: DeepPartial<Settings>): SettingsUpdate {
    const merged = deepMerge(this.current, patch);
    const parsed = settingsSchema.safeParse(merged);
    if (!parsed.success) return { ok: false, problems: problems(parsed.error) };
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

function loadTolerantly(raw: unknown): Settings {
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
