import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/database.js';
import type { DrawerCount } from '../contract/shift.js';

export interface ShiftRecord {
  id: string;
  counter: string;
  openedBy: string;
  openedAt: number;
  openingFloatPaise: number;
  openingCount: DrawerCount[] | null;
  closedBy: string | null;
  closedAt: number | null;
  expectedCashPaise: number | null;
  countedCashPaise: number | null;
  closingCount: DrawerCount[] | null;
  note: string | null;
}

/** What closing a shift writes: who counted, when, what they counted, and the cash expected then. */
export interface ShiftClose {
  closedBy: string;
  closedAt: number;
  countedCashPaise: number;
  closingCount: DrawerCount[] | null;
  note: string | null;
  expectedCashPaise: number;
}

interface ShiftRow {
  id: string;
  counter: string;
  opened_by: string;
  opened_at: number;
  opening_float_paise: number;
  opening_count: string | null;
  closed_by: string | null;
  closed_at: number | null;
  expected_cash_paise: number | null;
  counted_cash_paise: number | null;
  closing_count: string | null;
  note: string | null;
}

const toShift = (r: ShiftRow): ShiftRecord => ({
  id: r.id,
  counter: r.counter,
  openedBy: r.opened_by,
  openedAt: r.opened_at,
  openingFloatPaise: r.opening_float_paise,
  openingCount: parseCount(r.opening_count),
  closedBy: r.closed_by,
  closedAt: r.closed_at,
  expectedCashPaise: r.expected_cash_paise,
  countedCashPaise: r.counted_cash_paise,
  closingCount: parseCount(r.closing_count),
  note: r.note,
});

/** Counts were written by this class from checked input; a damaged one reads as "not counted". */
function parseCount(raw: string | null): DrawerCount[] | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) && value.every((c) => Number.isSafeInteger(c?.denominationPaise) && Number.isSafeInteger(c?.quantity)) ? (value as DrawerCount[]) : null;
  } catch {
    return null;
  }
}

/** The `shifts` table: a cash drawer's opening and closing, at most one open at a time (a unique index). */
export class ShiftRows {
  private readonly insert: Statement;
  private readonly open: Statement<[], ShiftRow>;
  private readonly byId: Statement<[string], ShiftRow>;
  private readonly openDuring: Statement<[number, number], ShiftRow>;
  private readonly close: Statement;

  constructor(db: Db) {
    this.insert = db.prepare(`INSERT INTO shifts (id, counter, opened_by, opened_at, opening_float_paise, opening_count)
        VALUES (@id, @counter, @openedBy, @openedAt, @openingFloatPaise, @openingCount)`);
    this.open = db.prepare<[], ShiftRow>('SELECT * FROM shifts WHERE closed_at IS NULL');
    this.byId = db.prepare<[string], ShiftRow>('SELECT * FROM shifts WHERE id = ?');
    this.openDuring = db.prepare<[number, number], ShiftRow>('SELECT * FROM shifts WHERE opened_at < ? AND (closed_at IS NULL OR closed_at >= ?) ORDER BY opened_at');
    this.close = db.prepare(`UPDATE shifts SET closed_by = @closedBy, closed_at = @closedAt, expected_cash_paise = @expectedCashPaise,
          counted_cash_paise = @countedCashPaise, closing_count = @closingCount, note = @note WHERE id = @id AND closed_at IS NULL`);
  }

  current(): ShiftRecord | undefined {
    const row = this.open.get();
    return row && toShift(row);
  }

  get(id: string): ShiftRecord | undefined {
    const row = this.byId.get(id);
    return row && toShift(row);
  }

  /** Shifts open at any time in [from, to), oldest first. */
  between(from: number, to: number): ShiftRecord[] {
    return this.openDuring.all(to, from).map(toShift);
  }

  /** False when a shift is already open (the unique index decides, so two windows cannot both open one). */
  add(shift: Pick<ShiftRecord, 'id' | 'counter' | 'openedBy' | 'openedAt' | 'openingFloatPaise' | 'openingCount'>): boolean {
    try {
      this.insert.run({ ...shift, openingCount: shift.openingCount && JSON.stringify(shift.openingCount) });
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') return false;
      throw error;
    }
  }

  /** Writes the close of shift `id` if it is still open. */
  markClosed(id: string, close: ShiftClose): void {
    this.close.run({ id, ...close, closingCount: close.closingCount && JSON.stringify(close.closingCount) });
  }
}
