/**
 * What crosses the bridge: `{ok: true, data}` or `{ok: false, error}` — never a thrown
 * Electron error, never a stack trace. `fields` carries field-level problems for forms.
 */
export interface BridgeError {
  code: string;
  message: string;
  action?: string;
  requestId?: string | null;
  fields?: { field: string; message: string }[];
  /** On FORBIDDEN: the permission the call needed. */
  permission?: string;
}

export type BridgeResult<T> = { ok: true; data: T } | { ok: false; error: BridgeError };
