import type { BrandWire } from './brand-wire.js';
import type { BrandRecord } from './brand-record.js';

export interface BrandQuery {
  q?: string;
  category?: string;
}

/** The emulated service's brand table: the generated catalog plus the fixed-id test brands. */
export class CatalogStore {
  private readonly byId = new Map<string, BrandRecord>();

  constructor(generated: BrandWire[], testBrands: BrandRecord[]) {
    for (const wire of generated) {
      this.byId.set(wire.id, {
        wire,
        listed: true,
        temporarilyDisabled: false,
        businessModels: ['B2B', 'B2C'],
        behaviour: { kind: 'normal' },
        discount: null,
        voucherAmountAsString: false,
      });
    }
    for (const record of testBrands) this.byId.set(record.wire.id, record);
  }

  get(id: string): BrandRecord | undefined {
    return this.byId.get(id);
  }

  get size(): number {
    return this.byId.size;
  }

  /** Brands enabled for the partner matching the filters, ACTIVE and INACTIVE alike (§4.2), in a stable order. */
  list(query: BrandQuery): BrandRecord[] {
    const q = query.q?.trim().toLocaleLowerCase();
    const category = query.category?.trim().toUpperCase();
    const out: BrandRecord[] = [];
    for (const record of this.byId.values()) {
      if (!record.listed) continue;
      const wire = record.wire;
      if (category && !categoriesOf(wire).some((c) => c.toUpperCase() === category)) continue;
      if (q) {
        const haystack = `${wire.title}\n${wire.brandDescription ?? ''}`.toLocaleLowerCase();
        if (!haystack.includes(q)) continue;
      }
      out.push(record);
    }
    return out;
  }
}

export function categoriesOf(wire: BrandWire): string[] {
  return wire.category ?? wire.categories ?? [];
}

/**
 * The brand as a client receives it: asset paths made absolute on the sandbox's own origin
 * (so nothing needs the internet), and — for the single-brand endpoint — the list of
 * categories under `categories`, as the spec's single-brand example spells it.
 */
export function brandForWire(wire: BrandWire, origin: string, spelling: 'as-stored' | 'categories'): BrandWire {
  const absolute = (url: string): string => (url.startsWith('/') ? `${origin}${url}` : url);
  const out: BrandWire = {
    ...wire,
    thumbnailUrl: absolute(wire.thumbnailUrl),
    logoUrl: absolute(wire.logoUrl),
  };
  if (wire.iconImageUrl !== undefined) out.iconImageUrl = absolute(wire.iconImageUrl);
  if (spelling === 'categories' && wire.category) {
    out.categories = wire.category;
    delete out.category;
  }
  return out;
}
