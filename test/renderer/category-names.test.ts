import { describe, expect, it } from 'vitest';
import { SPEC_CATEGORIES } from '../../src-main/sandbox/catalog/brand-wire.js';
import { loadCatalogFile } from '../../src-main/sandbox/catalog/catalog-file.js';
import { CATEGORY_NAMES, categoryName } from '../../src-renderer/ui/category-names.js';

/** Category chips, the brand list and the brand panel name categories for people, not as API enums (issue 12, item 3). */
const sandboxCategories = [...new Set(loadCatalogFile().flatMap((b) => [...(b.categories ?? []), ...(b.category ?? [])]))].sort();

/** Words a person reads: no underscores, no shouting, each word starting with a capital (or "&"). */
const readable = (name: string) => !name.includes('_') && /^[A-Z][^\s]*( ([A-Z&][^\s]*))*$/.test(name) && name !== name.toUpperCase();

describe('category names', () => {
  it('the sandbox catalog holds the spec’s categories and a few more', () => {
    expect(sandboxCategories.length).toBeGreaterThanOrEqual(SPEC_CATEGORIES.length);
    expect(sandboxCategories).toEqual(expect.arrayContaining([...SPEC_CATEGORIES]));
  });

  it.each(sandboxCategories)('%s, from the sandbox catalog, has a proper name that reads as words', (id) => {
    expect(CATEGORY_NAMES[id], `${id} needs a line in CATEGORY_NAMES`).toBeDefined();
    expect(categoryName(id)).toBe(CATEGORY_NAMES[id]);
    expect(readable(categoryName(id)), categoryName(id)).toBe(true);
  });

  it('corrects the service’s spelling and says what the short ones mean', () => {
    expect(categoryName('FOOTWARE')).toBe('Footwear');
    expect(categoryName('OTT')).toBe('OTT & Streaming');
    expect(categoryName('FOOD')).toBe('Food & Beverages');
    expect(categoryName('HAND_BAGS')).toBe('Handbags');
    expect(categoryName('BOOKS_AND_STATIONERY')).toBe('Books & Stationery');
  });

  it('names an id whatever its case or surrounding spaces', () => {
    expect(categoryName(' footware ')).toBe('Footwear');
  });

  it('keeps an id the catalog adds later readable: title case, underscores as spaces', () => {
    expect(categoryName('SUMMER_GIFT_IDEAS')).toBe('Summer Gift Ideas');
    expect(categoryName('eco__friendly')).toBe('Eco Friendly');
    expect(readable(categoryName('SUMMER_GIFT_IDEAS'))).toBe(true);
    expect(categoryName('')).toBe('');
  });
});
