import { posClient } from '../bridge/pos-client';

/**
 * Logos come from main as data: URLs (catalog.image): main fetches them from whatever host the
 * service uses, so the page's CSP stays `img-src 'self' data:`. One request per logo per run.
 *
 * A new result list can ask for dozens of logos at once. Sent all together they queue ahead of
 * the next keystroke's search (in the browser host a page has six connections to its origin,
 * one held by the event stream), so at most MAX_IN_FLIGHT go at a time, and a logo whose item
 * left the list before its turn is never asked for.
 */
const MAX_IN_FLIGHT = 2;

type Kind = 'logo' | 'thumbnail';
interface Waiting {
  key: string;
  productId: string;
  kind: Kind;
  done: (url: string | null) => void;
}

const known = new Map<string, string | null>();
const loading = new Map<string, Promise<string | null>>();
const queue: Waiting[] = [];
let inFlight = 0;

function pump(): void {
  while (inFlight < MAX_IN_FLIGHT && queue.length > 0) {
    const next = queue.shift()!;
    inFlight++;
    const request = posClient()
      .call<{ dataUrl: string | null }>('catalog.image', { productId: next.productId, kind: next.kind })
      .then((r) => (r.ok ? r.data.dataUrl : null));
    loading.set(next.key, request);
    void request.then((url) => {
      inFlight--;
      loading.delete(next.key);
      known.set(next.key, url);
      next.done(url);
      pump();
    });
  }
}

/** The logo if already fetched (a data: URL, or null for none), undefined when not yet known. */
export function knownLogo(productId: string, kind: Kind): string | null | undefined {
  return known.get(`${kind}:${productId}`);
}

/** Calls `done` with the logo once fetched; the returned function cancels if it has not gone yet. */
export function requestLogo(productId: string, kind: Kind, done: (url: string | null) => void): () => void {
  const key = `${kind}:${productId}`;
  let live = true;
  const deliver = (url: string | null) => live && done(url);
  if (known.has(key)) {
    deliver(known.get(key)!);
    return () => undefined;
  }
  const pending = loading.get(key);
  if (pending) {
    void pending.then(deliver);
    return () => {
      live = false;
    };
  }
  const waiting: Waiting = { key, productId, kind, done: deliver };
  queue.push(waiting);
  pump();
  return () => {
    live = false;
    const at = queue.indexOf(waiting);
    if (at >= 0) queue.splice(at, 1);
  };
}
