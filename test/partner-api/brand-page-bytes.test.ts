import { acceptedBytesHash } from '../../src-main/partner-api/accepted-bytes.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PartnerClient } from '../../src-main/partner-api/partner-client.js';
import { loadCatalogFile } from '../../src-main/sandbox/catalog/catalog-file.js';
import { brandForWire } from '../../src-main/sandbox/catalog/catalog-store.js';
import { memoryLogger } from '../../src-main/platform/logger.js';
import { clientFor, startFakeService } from './helpers.js';

/**
 * listBrandsPageIfChanged against a stand-in service that sends exact bytes: a page is known by
 * the SHA-1 of the bytes received, and one known is neither decoded nor parsed.
 */
let body: Buffer = Buffer.from('{}');
let service: Awaited<ReturnType<typeof startFakeService>>;
let client: PartnerClient;

beforeAll(async () => {
  service = await startFakeService((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(body));
  client = clientFor(service);
});
afterAll(async () => {
  client.close();
  await service.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const wires = loadCatalogFile()
  .slice(0, 3)
  .map((wire) => brandForWire(wire, 'http://127.0.0.1:4010', 'as-stored') as unknown as Record<string, unknown>);
const DESCRIPTION = '@@description@@';

/** A products page of the sandbox's first brands, the first one's description spliced in as raw bytes. */
function page(description: Buffer | string, entries: unknown[] = wires.slice(1)): Buffer {
  const [before, after] = JSON.stringify({ data: [{ ...wires[0], brandDescription: DESCRIPTION }, ...entries], nextCursor: null }).split(DESCRIPTION);
  return Buffer.concat([Buffer.from(before!), Buffer.isBuffer(description) ? description : Buffer.from(description), Buffer.from(after!)]);
}

const sha1 = acceptedBytesHash;

async function fetchPage(bytes: Buffer, knownHash: string | null) {
  body = bytes;
  const answer = await client.listBrandsPageIfChanged(1, 100, knownHash);
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.value;
}

/** How often the body of `bytes` was decoded (Buffer#toString) and parsed (JSON.parse) while `fn` ran. */
async function decodesAndParses(bytes: Buffer, fn: () => Promise<unknown>): Promise<{ decoded: number; parsed: number }> {
  const toString = vi.spyOn(Buffer.prototype, 'toString');
  const parse = vi.spyOn(JSON, 'parse');
  await fn();
  const decoded = toString.mock.contexts.filter((buffer) => (buffer as Buffer).length === bytes.length).length;
  const parsed = parse.mock.calls.filter(([text]) => typeof text === 'string' && Buffer.byteLength(text) === bytes.length).length;
  toString.mockRestore();
  parse.mockRestore();
  return { decoded, parsed };
}

describe('a products page is known by the bytes received', () => {
  it('its hash is the SHA-1 of its bytes, not of their text: bytes that decode alike are still another page', async () => {
    // 0xFF and 0xFE are not UTF-8: both decode to U+FFFD, so the two pages read as the same text.
    const a = page(Buffer.from([0x43, 0xff]));
    const b = page(Buffer.from([0x43, 0xfe]));
    expect(a.toString('utf8')).toBe(b.toString('utf8'));

    const first = await fetchPage(a, null);
    expect(first).toMatchObject({ unchanged: false, hash: sha1(a) });
    expect(await fetchPage(a, first.hash)).toEqual({ unchanged: true, hash: sha1(a) });

    const other = await fetchPage(b, first.hash);
    expect(other).toMatchObject({ unchanged: false, hash: sha1(b) });
    expect(!other.unchanged && other.page.brands[0]).toMatchObject({ id: wires[0]!.id, description: 'C\uFFFD' });
  });

  it('a page whose bytes hash as known is neither decoded nor parsed', async () => {
    const known = page('Gift cards for every occasion');
    const first = await fetchPage(known, null);
    expect(!first.unchanged && first.page.brands.map((b) => b.id)).toEqual(wires.map((w) => w.id));

    let again: Awaited<ReturnType<typeof fetchPage>> | null = null;
    expect(await decodesAndParses(known, async () => (again = await fetchPage(known, first.hash)))).toEqual({ decoded: 0, parsed: 0 });
    expect(again).toEqual({ unchanged: true, hash: first.hash });
  });

  it('a changed page is decoded, parsed and validated: its malformed entry is refused, the rest taken', async () => {
    const known = page('Gift cards for every occasion');
    const { hash } = await fetchPage(known, null);
    const changed = page('Gift cards for every occasion!', [{ ...wires[1], title: 42 }, wires[2]]);

    let answer: Awaited<ReturnType<typeof fetchPage>> | null = null;
    expect(await decodesAndParses(changed, async () => (answer = await fetchPage(changed, hash)))).toEqual({ decoded: 1, parsed: 1 });
    const parsed = answer as Awaited<ReturnType<typeof fetchPage>> | null;
    expect(parsed).toMatchObject({ unchanged: false, hash: sha1(changed) });
    if (!parsed || parsed.unchanged) throw new Error('expected a parsed page');
    expect(parsed.page.brands.map((b) => b.id)).toEqual([wires[0]!.id, wires[2]!.id]);
    expect(parsed.page.skipped).toEqual([expect.objectContaining({ index: 1, id: wires[1]!.id })]);
  });

  it('a changed body that is no page is refused, though a hash was known', async () => {
    const { hash } = await fetchPage(page('Gift cards'), null);
    body = Buffer.from(JSON.stringify({ data: 'not a list', nextCursor: null }));
    expect(await client.listBrandsPageIfChanged(1, 100, hash)).toMatchObject({ ok: false, error: { code: 'BAD_RESPONSE', httpStatus: 200 } });
  });
});

describe('the next cursor a products page’s bytes name', () => {
  const withCursor = (next: { pageNo: number; limit: number } | null) => Buffer.from(JSON.stringify({ data: wires, nextCursor: next }));

  it('is told as the bytes arrive, before the page-prep split answers; the answer still carries the envelope’s cursor', async () => {
    let release!: () => void;
    const splitHeld = new Promise<void>((resolve) => (release = resolve));
    const seen: { pageNo: number; limit: number }[] = [];
    const held = clientFor(service, {
      splitBrandPage: async (bytes, known) => {
        await splitHeld;
        const { splitBrandList } = await import('../../src-main/partner-api/wire-schemas.js');
        return splitBrandList(bytes, known);
      },
    });
    try {
      body = withCursor({ pageNo: 2, limit: 3 });
      const answer = held.listBrandsPageSplit(1, 3, null, null, { nextCursorSeen: (next) => seen.push(next) });
      // The split is held: the cursor was read off the bytes alone.
      await vi.waitFor(() => expect(seen).toEqual([{ pageNo: 2, limit: 3 }]));
      release();
      const page = await answer;
      expect(page.ok && !page.value.unchanged && 'split' in page.value && page.value.split.nextCursor).toEqual({ pageNo: 2, limit: 3 });
    } finally {
      release();
      held.close();
    }
  });

  it('is not told for the last page, and a listener that throws does not fail the page', async () => {
    const seen: unknown[] = [];
    body = withCursor(null);
    const last = await client.listBrandsPageSplit(1, 3, null, null, { nextCursorSeen: (next) => seen.push(next) });
    expect(last.ok).toBe(true);
    expect(seen).toEqual([]);

    const logger = memoryLogger();
    const logged = clientFor(service, { logger });
    try {
      body = withCursor({ pageNo: 2, limit: 3 });
      const page = await logged.listBrandsPageIfChanged(1, 3, null, {
        nextCursorSeen: () => {
          throw new Error('listener failed');
        },
      });
      expect(page).toMatchObject({ ok: true, value: { unchanged: false, page: { nextCursor: { pageNo: 2, limit: 3 } } } });
      expect(logger.lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.event === 'partner.products.cursor-listener-failed')).toEqual([
        expect.objectContaining({ level: 'warn', pageNo: 1, error: { name: 'Error', message: 'listener failed' } }),
      ]);
    } finally {
      logged.close();
    }
  });
});
