import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { acceptedBytesHash, BRAND_READER_VERSION } from '../../src-main/partner-api/accepted-bytes.js';
import { brandListSchema, brandSchema } from '../../src-main/partner-api/wire-schemas.js';

/**
 * The shape of what a products page and a brand are accepted as, under each BRAND_READER_VERSION.
 * A change to the brand or page schema fails this test: give the new shape a new version (bump
 * BRAND_READER_VERSION and add a line here), so catalogs stop trusting bytes the old reader
 * accepted. Refinements and transforms are not in a JSON Schema: a change to one of those needs
 * the bump too, without this test to say so.
 */
const SHAPES: Record<number, string> = {
  1: '472496af606bc38796459e87dc45f41b88f138f572e14a0833f19c3d8afb972a',
};

function acceptedShape(): string {
  const shape = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return createHash('sha256').update(JSON.stringify([shape(brandListSchema), shape(brandSchema)])).digest('hex');
}

describe('the hashes of accepted bytes carry the reader version', () => {
  it('the brand and page schemas have the shape recorded for this BRAND_READER_VERSION', () => {
    expect(acceptedShape(), 'the brand or page schema changed: bump BRAND_READER_VERSION and record the new shape under it').toBe(SHAPES[BRAND_READER_VERSION]);
  });

  it('the same bytes hash differently under another version, and alike under this one', () => {
    const bytes = Buffer.from('{"id":"B1","title":"Café"}');
    expect(acceptedBytesHash(bytes)).toBe(acceptedBytesHash(Buffer.from(bytes)));
    expect(acceptedBytesHash(bytes).startsWith(`${BRAND_READER_VERSION}.`)).toBe(true);
    expect(acceptedBytesHash(bytes)).not.toBe(acceptedBytesHash(Buffer.from('{"id":"B1","title":"Cafe"}')));
  });
});
