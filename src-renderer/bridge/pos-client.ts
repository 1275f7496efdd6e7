import type { BridgeError, BridgeResult } from './contract';

/**
 * How the renderer reaches main. In the desktop app the preload exposes `window.pos` (named
 * methods over IPC). In the browser host (development and end-to-end tests) there is no
 * preload, so the same calls go over HTTP to the host, which forwards them to the same
 * bridge; events arrive by server-sent events. Screens call through bridge/api.ts, which types
 * each call by the contract.
 */
export interface PosClient {
  call<T = unknown>(method: string, payload?: unknown): Promise<BridgeResult<T>>;
  on(event: string, listener: (payload: unknown) => void): () => void;
}

interface PreloadApi {
  [method: string]: ((payload?: unknown) => Promise<unknown>) | undefined;
}

declare global {
  interface Window {
    /** Exposed by the Electron preload; absent in the browser host. */
    pos?: PreloadApi & { on(event: string, listener: (payload: unknown) => void): () => void };
  }
}

/**
 * No answer came back. Whether the call was done is not known (it may have reached main before
 * the answer was lost), so the words claim nothing about it: each screen that writes says what
 * is safe to do next (bridge/outcome-unknown.ts).
 */
const NETWORK_ERROR: BridgeError = {
  code: 'APP_UNREACHABLE',
  message: 'The app’s background service did not answer.',
  action: 'Wait a moment and try again; restart the app if it keeps happening.',
};

function preloadClient(pos: NonNullable<Window['pos']>): PosClient {
  return {
    async call<T>(method: string, payload?: unknown) {
      const fn = pos[method];
      if (typeof fn !== 'function') return { ok: false, error: { code: 'UNKNOWN_METHOD', message: `No method ${method}` } };
      try {
        return (await fn(payload ?? {})) as BridgeResult<T>;
      } catch {
        return { ok: false, error: NETWORK_ERROR };
      }
    },
    on: (event, listener) => pos.on(event, listener),
  };
}

function browserHostClient(): PosClient {
  let source: EventSource | null = null;
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const ensureSource = (): EventSource => {
    if (source) return source;
    source = new EventSource('/api/events');
    source.onmessage = (message) => {
      try {
        const { name, payload } = JSON.parse(message.data as string) as { name: string; payload: unknown };
        for (const listener of listeners.get(name) ?? []) listener(payload);
      } catch {
        // A malformed event is dropped; the next state read will catch up.
      }
    };
    return source;
  };
  return {
    async call<T>(method: string, payload?: unknown) {
      try {
        const res = await fetch('/api/call', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ method, payload: payload ?? {} }),
        });
        if (!res.ok && res.status !== 200) return { ok: false, error: { ...NETWORK_ERROR, code: `HOST_${res.status}` } };
        return (await res.json()) as BridgeResult<T>;
      } catch {
        return { ok: false, error: NETWORK_ERROR };
      }
    },
    on(event, listener) {
      ensureSource();
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => {
        set.delete(listener);
      };
    },
  };
}

let client: PosClient | null = null;

export function posClient(): PosClient {
  client ??= window.pos ? preloadClient(window.pos) : browserHostClient();
  return client;
}
