import type { DrawerCount } from '../bridge/contract';

/**
 * The notes and coins an Indian cash drawer holds, in the order a cashier counts them (largest
 * first). ₹10 exists both as a note and as a coin: two rows on screen, one denomination for main.
 */
export const DENOMINATIONS = [
  { key: 'n2000', kind: 'note', paise: 200_000 },
  { key: 'n500', kind: 'note', paise: 50_000 },
  { key: 'n200', kind: 'note', paise: 20_000 },
  { key: 'n100', kind: 'note', paise: 10_000 },
  { key: 'n50', kind: 'note', paise: 5_000 },
  { key: 'n20', kind: 'note', paise: 2_000 },
  { key: 'n10', kind: 'note', paise: 1_000 },
  { key: 'c10', kind: 'coin', paise: 1_000 },
  { key: 'c5', kind: 'coin', paise: 500 },
  { key: 'c2', kind: 'coin', paise: 200 },
  { key: 'c1', kind: 'coin', paise: 100 },
] as const;

export type DenominationKey = (typeof DENOMINATIONS)[number]['key'];
/** What was typed in each row of the count, as typed. */
export type CountText = Partial<Record<DenominationKey, string>>;

/** main's bound on one row (contract/shift.ts): more pieces than that is a typing slip. */
export const MAX_PIECES = 100_000;

/** A typed number of pieces: blank is none, otherwise whole digits only (null: not a count). */
export function parsePieces(text: string | undefined): number | null {
  const t = (text ?? '').trim();
  if (t === '') return 0;
  if (!/^\d{1,6}$/.test(t)) return null;
  const n = Number(t);
  return n <= MAX_PIECES ? n : null;
}

export interface CountResult {
  /** The sum of every row, in paise (rows that are not a count add nothing). */
  totalPaise: number;
  /** Each row's value, for the line totals beside the inputs. */
  linePaise: Record<DenominationKey, number>;
  /** Rows whose text is not a count of pieces. */
  invalid: DenominationKey[];
  /** Non-empty rows as main takes them: one entry per denomination (the ₹10 note and coin together). */
  count: DrawerCount[];
}

/** Adds up a count of notes and coins. */
export function addUpCount(text: CountText): CountResult {
  const linePaise = {} as Record<DenominationKey, number>;
  const invalid: DenominationKey[] = [];
  const byDenomination = new Map<number, number>();
  let totalPaise = 0;
  for (const d of DENOMINATIONS) {
    const pieces = parsePieces(text[d.key]);
    if (pieces === null) invalid.push(d.key);
    const line = (pieces ?? 0) * d.paise;
    linePaise[d.key] = line;
    totalPaise += line;
    if (pieces) byDenomination.set(d.paise, (byDenomination.get(d.paise) ?? 0) + pieces);
  }
  const count = [...byDenomination].map(([denominationPaise, quantity]) => ({ denominationPaise, quantity }));
  return { totalPaise, linePaise, invalid, count };
}

/** "₹500 note", "₹2 coin": the row's label. */
export function denominationLabel(d: (typeof DENOMINATIONS)[number]): string {
  return `₹${d.paise / 100} ${d.kind}`;
}

export type OverShort = { kind: 'balanced' } | { kind: 'over' | 'short'; paise: number };

/** Counted − expected in words: positive is over (more cash than expected), negative is short. */
export function overShortOf(overShortPaise: number): OverShort {
  if (overShortPaise === 0) return { kind: 'balanced' };
  return { kind: overShortPaise > 0 ? 'over' : 'short', paise: Math.abs(overShortPaise) };
}
