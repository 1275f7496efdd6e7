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

/**
 * The same generated brands in the service's wire shape (what GET /v1/partners/products
 * returns), built on `template`, a brand as the sandbox lists it, so every other field is as
 * large and as varied as the real thing. The list spelling `category` is used.
 */
export function generateWireBrands(template: Record<string, unknown>, count: number, seed = count): Record<string, unknown>[] {
  const rest = { ...template };
  delete rest.categories;
  return generateBrands(count, seed).map((b) => ({
    ...rest,
    id: b.id,
    title: b.title,
    brandDescription: b.description,
    tags: b.tags,
    category: b.categories,
  }));
}

/**
 * A copy of `brands` where every 10th (from `offset`) has a new description, and every 20th
 * a new title too, so a re-sync updates rows and re-indexes some titles: a busy day's change.
 */
export function changeEveryTenth(brands: readonly Record<string, unknown>[], offset = 0): Record<string, unknown>[] {
  return brands.map((b, i) => {
    if ((i + offset) % 10 !== 0) return b;
    const changed: Record<string, unknown> = { ...b, brandDescription: `${String(b.brandDescription)} now with cashback` };
    if ((i + offset) % 20 === 0) changed.title = `${String(b.title)} Plus`;
    return changed;
  });
}

/**
 * What a cashier types who remembers part of a name: 2–5 characters from inside a title word
 * (never its first letter, like 'mazon' for Amazon), a few per length; plus strings found in
 * no title, which scan the whole catalog.
 */
export function substringsOf(brands: readonly PartnerBrand[], perLength: number, seed = 11): string[] {
  const rand = seeded(seed);
  const out: string[] = [];
  for (let len = 2; len <= 5; len++) {
    for (let k = 0; k < perLength; k++) {
      const word = brands[Math.floor(rand() * brands.length)]!.title.split(' ')[Math.floor(rand() * 2)]!.toLowerCase();
      const from = 1 + Math.floor(rand() * Math.max(1, word.length - len));
      out.push(word.slice(from, from + len));
    }
  }
  out.push('xyzzy', 'qqq');
  return out;
}
