import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { acceptedBytesHash, BRAND_READER_VERSION } from '../../src-main/partner-api/accepted-bytes.js';
import { brandListSchema, brandSchema } from '../../src-main/partner-api/wire-schemas.js';

/**
 * What a products page and a brand are accepted as, under each BRAND_READER_VERSION: the page and
 * brand schemas' shape (a JSON Schema) and the source of the modules that decide the rest (the
 * fast reader, the wire primitives' transforms, the deprecated fields' rules). A change to any of
 * them fails this test: give it a new version (bump BRAND_READER_VERSION and add a line here), so
 * catalogs stop trusting bytes the old reader accepted. Any edit to those files counts, a comment
 * too: the price of a false alarm is one sync that parses every page again.
 */
const SHAPES: Record<number, string> = {
  1: '060472b7c5b1faf33a615e9413a0130cd5a18a20b2e3a98a7651681649049be3',
};

const READER_SOURCES = ['brand-fast-read.ts', 'wire-primitives.ts', 'deprecated-fields.ts'];

function acceptedShape(): string {
  const shape = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  const hash = createHash('sha256').update(JSON.stringify([shape(brandListSchema), shape(brandSchema)]));
  // Line endings as committed, whatever a checkout made of them.
  for (const file of READER_SOURCES) hash.update(readFileSync(new URL(`../../src-main/partner-api/${file}`, import.meta.url), 'utf8').replace(/\r\n/g, '\n'));
  return hash.digest('hex');
}

describe('the hashes of accepted bytes carry the reader version', () => {
  it('what brands are accepted as is what was recorded for this BRAND_READER_VERSION', () => {
    expect(acceptedShape(), 'what a brand is accepted as may have changed: bump BRAND_READER_VERSION and record the new shape under it').toBe(SHAPES[BRAND_READER_VERSION]);
  });

  it('the same bytes hash differently under another version, and alike under this one', () => {
    const bytes = Buffer.from('{"id":"B1","title":"Café"}');
    expect(acceptedBytesHash(bytes)).toBe(acceptedBytesHash(Buffer.from(bytes)));
    expect(acceptedBytesHash(bytes).startsWith(`${BRAND_READER_VERSION}.`)).toBe(true);
    expect(acceptedBytesHash(bytes)).not.toBe(acceptedBytesHash(Buffer.from('{"id":"B1","title":"Cafe"}')));
  });
});
