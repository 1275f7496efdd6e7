import type { Logger } from '../platform/logger.js';

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml']);
const MAX_BYTES = 256 * 1024;
const CACHE_SIZE = 600;

/**
 * Brand logos reach the renderer as data: URLs fetched here in main, so the page's CSP can
 * stay `img-src 'self' data:` whatever host the service (or Training's sandbox on a random
 * port) serves them from. Only http(s), only image types, only small files; cached in memory.
 * An <img> never runs script, SVG included, so a data: SVG is safe to show.
 */
export class BrandImages {
  private readonly cache = new Map<string, string | null>();

  constructor(
    private readonly deps: {
      logoUrlOf: (productId: string, kind: 'logo' | 'thumbnail') => string | null;
      logger: Logger;
      fetch?: typeof fetch;
      timeoutMs?: number;
    },
  ) {}

  async dataUrl(productId: string, kind: 'logo' | 'thumbnail'): Promise<string | null> {
    const url = this.deps.logoUrlOf(productId, kind);
    if (!url) return null;
    if (this.cache.has(url)) return this.cache.get(url)!;
    const value = await this.load(url);
    if (this.cache.size >= CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(url, value);
    return value;
  }

  private async load(url: string): Promise<string | null> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return null;
    }
    if (target.protocol !== 'https:' && target.protocol !== 'http:') return null;
    try {
      const res = await (this.deps.fetch ?? fetch)(target, { signal: AbortSignal.timeout(this.deps.timeoutMs ?? 5000), redirect: 'follow' });
      const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (!res.ok || !IMAGE_TYPES.has(type)) return null;
      const declared = Number(res.headers.get('content-length'));
      if (Number.isFinite(declared) && declared > MAX_BYTES) return null;
      // Read up to the limit only: a body sent without a length could otherwise be any size.
      const bytes = await readAtMost(res, MAX_BYTES);
      return bytes && `data:${type};base64,${bytes.toString('base64')}`;
    } catch (error) {
      this.deps.logger.log('warn', 'catalog.image_failed', { host: target.host, error });
      return null;
    }
  }
}

/** The body, or null as soon as it passes `max` bytes (the rest is neither read nor kept). */
async function readAtMost(res: Response, max: number): Promise<Buffer | null> {
  if (!res.body) return Buffer.alloc(0);
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
}
