import { FIXED_BRAND } from '../orders/journal/journal-fixtures.js';
import type { PartnerBrand } from '../../src-main/partner-api/types.js';
import { seeded } from './stats.js';

const SYLLABLES = ['ka', 'lo', 'mi', 'ra', 'zen', 'tor', 'vi', 'sha', 'nu', 'pe', 'bri', 'co', 'dex', 'fa', 'gol', 'ha', 'jo', 'qu', 'wy', 'sta'];
const CATEGORIES = ['FOOD', 'FASHION', 'ELECTRONICS', 'TRAVEL', 'ENTERTAINMENT', 'HEALTH', 'GROCERY', 'HOME'];

function word(rand: () => number): string {
  const n = 2 + Math.floor(rand() * 3);
  let w = '';
  for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(rand() * SYLLABLES.length)];
  return w;
}

/** `count` brands generated from `seed`: the same input gives the same catalog. */
export function generateBrands(count: number, seed = 42): PartnerBrand[] {
  const rand = seeded(seed);
  const out: PartnerBrand[] = [];
  for (let i = 0; i < count; i++) {
    const title = `${cap(word(rand))} ${cap(word(rand))}`;
    out.push({
      ...FIXED_BRAND,
      id: `BENCH_${String(i).padStart(6, '0')}`,
      title,
      description: `${word(rand)} ${word(rand)} ${word(rand)} gift card`,
      tags: [word(rand)],
      categories: [CATEGORIES[Math.floor(rand() * CATEGORIES.length)]!],
    });
  }
  return out;
}

const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/** Prefixes of 1..6 characters taken from titles of the catalog, deterministic. */
export function prefixesOf(brands: readonly PartnerBrand[], perLength: number, seed = 7): string[] {
  const rand = seeded(seed);
  const out: string[] = [];
  for (let len = 1; len <= 6; len++) {
    for (let k = 0; k < perLength; k++) {
      const b = brands[Math.floor(rand() * brands.length)]!;
      const w = b.title.split(' ')[0]!.toLowerCase();
      out.push(w.slice(0, len));
    }
  }
  return out;
}
