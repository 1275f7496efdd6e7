import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrandImages } from '../../src-main/catalog/brand-images.js';
import { silentLogger } from '../../src-main/platform/logger.js';

describe('brand images fetched in main as data: URLs', () => {
  let server: Server;
  let base = '';
  let hits = 0;
  /** Bytes of the endless logo written before its reader let go. */
  let endlessSent = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      hits += 1;
      if (req.url === '/logo.svg') res.writeHead(200, { 'Content-Type': 'image/svg+xml' }).end('<svg xmlns="http://www.w3.org/2000/svg"/>');
      else if (req.url === '/page.html') res.writeHead(200, { 'Content-Type': 'text/html' }).end('<script>alert(1)</script>');
      else if (req.url === '/huge.png') res.writeHead(200, { 'Content-Type': 'image/png' }).end(Buffer.alloc(300 * 1024));
      else if (req.url === '/endless.png') {
        // No Content-Length: chunks until the reader goes away.
        res.writeHead(200, { 'Content-Type': 'image/png' });
        const chunk = Buffer.alloc(64 * 1024);
        const more = () => {
          if (res.destroyed || endlessSent > 64 * 1024 * 1024) return res.end();
          endlessSent += chunk.length;
          if (res.write(chunk)) setImmediate(more);
          else res.once('drain', more);
        };
        res.on('close', () => res.destroy());
        more();
      }
      else res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const images = (urls: Record<string, string | null>) =>
    new BrandImages({ logoUrlOf: (id) => urls[id] ?? null, logger: silentLogger });

  it('returns a data: URL for an image, and caches it', async () => {
    const svc = images({ a: `${base}/logo.svg` });
    const before = hits;
    const url = await svc.dataUrl('a', 'logo');
    expect(url).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(url!.split(',')[1]!, 'base64').toString()).toContain('<svg');
    await svc.dataUrl('a', 'logo');
    expect(hits - before).toBe(1);
  });

  it('refuses what is not a small image: HTML, oversized files, 404s, other schemes, unknown brands', async () => {
    const svc = images({ html: `${base}/page.html`, huge: `${base}/huge.png`, missing: `${base}/nope.png`, file: 'file:///etc/passwd', js: 'javascript:alert(1)' });
    for (const id of ['html', 'huge', 'missing', 'file', 'js', 'unknown']) expect(await svc.dataUrl(id, 'logo'), id).toBeNull();
  });

  it('stops reading a logo sent without a length once it passes the limit', async () => {
    const svc = images({ endless: `${base}/endless.png` });
    expect(await svc.dataUrl('endless', 'logo')).toBeNull();
    // Refused at the limit, not after the whole stream (64 MB) was read into memory.
    expect(endlessSent).toBeLessThan(16 * 1024 * 1024);
  });
});
