// The renderer's view of window.pos. The issue that builds the UI derives these types from
// the bridge contract; until then the placeholder only needs app.info.
type BridgeResult<T> = { ok: true; data: T } | { ok: false; error: { code: string; message: string; action?: string } };

export interface PosApi {
  'app.info'(payload?: Record<string, never>): Promise<BridgeResult<{ name: string; version: string; environment: string; training: boolean }>>;
  on(event: string, listener: (payload: unknown) => void): () => void;
}

declare global {
  interface Window {
    /** Absent when the page runs outside Electron (plain browser, tests). */
    pos?: PosApi;
  }
}
