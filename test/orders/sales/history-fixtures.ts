import { randomUUID } from 'node:crypto';
import type { SaleState } from '../../../src-main/orders/journal/sale-state.js';
import type { SqliteSaleJournal } from '../../../src-main/orders/journal/sqlite-sale-journal.js';
import type { SaleListFilter } from '../../../src-main/contract/index.js';
import { FIXED_BRAND, newSale } from '../journal/journal-fixtures.js';

/** A journal row as the history should report it: the model the tests compare against. */
export interface ModelRow {
  id: string;
  referenceId: string;
  orderId: string | null;
  state: SaleState;
  productId: string;
  brandTitle: string;
  amountPaise: number;
  customerPhone: string | null;
  createdAt: number;
}

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
/** Midnight UTC of the first of three days of sales. */
export const DAY0 = Date.UTC(2026, 10, 23);

export const BRANDS = [
  { ...FIXED_BRAND },
  { ...FIXED_BRAND, id: 'BRAND_TEA', title: 'Tea, "Coffee" & Co' },
  { ...FIXED_BRAND, id: 'BRAND_FORMULA', title: '=HYPERLINK("http://evil.example")' },
  { ...FIXED_BRAND, id: 'BRAND_BOOKS', title: 'Book World' },
  { ...FIXED_BRAND, id: 'BRAND_FUEL', title: 'Fuel Point' },
];

/** The last one ends in the same 4 digits as the first: a last-4 search finds both customers. */
export const PHONES = ['9876543210', '9123456780', '8899001122', '7000012345', '6789043210'];

/** Weighted so SUCCESS dominates, as at a real counter, but every state shows up. */
const TARGETS: SaleState[] = [
  ...Array<SaleState>(8).fill('SUCCESS'),
  'FAILED', 'FAILED', 'PROCESSING', 'REJECTED', 'IN_DOUBT', 'NEEDS_SUPPORT', 'CANCELLED', 'REVERSED',
];

/** Deterministic pseudo-random numbers (mulberry32), so a failure can be reproduced. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Spec {
  referenceId: string;
  state: SaleState;
  brand: (typeof BRANDS)[number];
  amountPaise: number;
  customerPhone: string | null;
  createdAt: number;
}

/** Rows the filter and summary tests point at by name. */
export const SPECIAL = {
  percentUnderscore: 'POS-T-100%_OFF',
  wildcardLookalike: 'POS-T-100XYOFF',
  underscore: 'POS-T-1_3-A',
  underscoreLookalike: 'POS-T-1X3-B',
  /** 18:45 UTC is 00:15 the next day in India. */
  lateNight: 'POS-T-NIGHT',
  /** 02:29 UTC is 07:59 in India. */
  morning: 'POS-T-MORNING',
  atDayStart: 'POS-T-DAYSTART',
  atDayEnd: 'POS-T-DAYEND',
};

function specs(): Spec[] {
  const rand = rng(20261123);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
  const out: Spec[] = [];
  let previousAt = DAY0;
  for (let i = 0; i < 300; i++) {
    // Every 6th sale shares its timestamp with the one before; ten more share one minute below.
    const createdAt = i % 6 === 5 ? previousAt : DAY0 + Math.floor(rand() * 3 * 24 * 60) * 60_000;
    previousAt = createdAt;
    out.push({
      referenceId: `POS-T-${String(i).padStart(4, '0')}-${Math.floor(rand() * 1e8).toString(36).toUpperCase()}`,
      state: pick(TARGETS),
      brand: pick(BRANDS),
      amountPaise: (1 + Math.floor(rand() * 40)) * 25_000 + (i % 7 === 0 ? 99 : 0),
      customerPhone: rand() < 0.35 ? pick(PHONES) : null,
      createdAt,
    });
  }
  const clusterAt = DAY0 + DAY + 11 * HOUR;
  for (let i = 0; i < 10; i++) {
    out.push({ referenceId: `POS-T-CLUSTER-${i}`, state: 'SUCCESS', brand: BRANDS[3]!, amountPaise: 50_000, customerPhone: null, createdAt: clusterAt });
  }
  const fixed = (referenceId: string, createdAt: number, state: SaleState = 'SUCCESS'): Spec => ({
    referenceId, state, brand: BRANDS[4]!, amountPaise: 123_45, customerPhone: PHONES[0]!, createdAt,
  });
  out.push(
    fixed(SPECIAL.percentUnderscore, DAY0 + 5 * HOUR),
    fixed(SPECIAL.wildcardLookalike, DAY0 + 6 * HOUR),
    fixed(SPECIAL.underscore, DAY0 + 7 * HOUR, 'FAILED'),
    fixed(SPECIAL.underscoreLookalike, DAY0 + 8 * HOUR, 'FAILED'),
    fixed(SPECIAL.lateNight, DAY0 + DAY + 18 * HOUR + 45 * 60_000 + 1),
    fixed(SPECIAL.morning, DAY0 + DAY + 2 * HOUR + 29 * 60_000 + 1),
    fixed(SPECIAL.atDayStart, DAY0 + DAY, 'IN_DOUBT'),
    fixed(SPECIAL.atDayEnd, DAY0 + 2 * DAY, 'NEEDS_SUPPORT'),
  );
  return out;
}

/** The patch a real path to `state` would have written. */
function outcome(state: SaleState, orderId: string): { orderId?: string; failureReason?: string; errorCode?: string; supportReason?: string } {
  switch (state) {
    case 'REJECTED':
      return { errorCode: 'E102' };
    case 'IN_DOUBT':
      return {};
    case 'FAILED':
      return { orderId, failureReason: 'Voucher generation failed', errorCode: 'E200' };
    default:
      return { orderId };
  }
}

/** Writes every spec through the journal (INTENT, then the real transitions) and returns the model. */
export function fillJournal(journal: SqliteSaleJournal, db: { transaction<T>(fn: () => T): () => T }): ModelRow[] {
  return db.transaction(() =>
    specs().map((s): ModelRow => {
      const sale = newSale({ brand: s.brand, referenceId: s.referenceId, createdAt: s.createdAt, customerPhone: s.customerPhone });
      journal.insertIntent({ ...sale, amountPaise: s.amountPaise });
      const orderId = `ord_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
      const patch = outcome(s.state, orderId);
      if (s.state === 'NEEDS_SUPPORT') {
        journal.transition(sale.id, 'INTENT', 'PROCESSING', patch);
        journal.transition(sale.id, 'PROCESSING', 'NEEDS_SUPPORT', { supportReason: 'Still processing after 15 minutes' });
      } else {
        const moved = journal.transition(sale.id, 'INTENT', s.state, patch);
        if (!moved.applied) throw new Error(`could not move to ${s.state}`);
      }
      return {
        id: sale.id,
        referenceId: s.referenceId,
        orderId: patch.orderId ?? null,
        state: s.state,
        productId: s.brand.id,
        brandTitle: s.brand.title,
        amountPaise: s.amountPaise,
        customerPhone: s.customerPhone,
        createdAt: s.createdAt,
      };
    }),
  )();
}

/** What list() must return for `filter`, in its order: newest first, ties by id descending. */
export function expected(rows: ModelRow[], f: SaleListFilter): ModelRow[] {
  const ref = f.reference?.toLowerCase();
  return rows
    .filter((r) => f.from === undefined || r.createdAt >= f.from)
    .filter((r) => f.to === undefined || r.createdAt < f.to)
    .filter((r) => !f.states?.length || f.states.includes(r.state))
    .filter((r) => !f.productId || r.productId === f.productId)
    .filter((r) => !f.phone || (f.phone.length === 4 ? r.customerPhone?.endsWith(f.phone) : r.customerPhone === f.phone))
    .filter((r) => !ref || r.referenceId.toLowerCase().includes(ref) || (r.orderId ?? '').toLowerCase().includes(ref))
    .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

/** RFC 4180 fields of one CSV line (no embedded newlines in these rows). */
export function parseCsvLine(line: string): string[] {
  const cells: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let cell = '';
      i += 1;
      for (;;) {
        const q = line.indexOf('"', i);
        if (q < 0) throw new Error(`unterminated quote in ${line}`);
        cell += line.slice(i, q);
        if (line[q + 1] === '"') {
          cell += '"';
          i = q + 2;
        } else {
          i = q + 1;
          break;
        }
      }
      cells.push(cell);
      i += 1; // the comma
    } else {
      const comma = line.indexOf(',', i);
      const end = comma < 0 ? line.length : comma;
      cells.push(line.slice(i, end));
      i = end + 1;
    }
  }
  return cells;
}
