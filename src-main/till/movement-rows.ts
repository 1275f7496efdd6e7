import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/database.js';
import type { CashMovementKind } from '../contract/shift.js';

export interface CashMovementRecord {
  id: string;
  /** The page's own id for the movement (`shift.cashMovement`'s `movementId`), null when it sent none. */
  movementId: string | null;
  shiftId: string;
  kind: CashMovementKind;
  amountPaise: number;
  reason: string;
  staffId: string;
  at: number;
}

interface MovementRow {
  id: string;
  movement_id: string | null;
  shift_id: string;
  kind: CashMovementKind;
  amount_paise: number;
  reason: string;
  staff_id: string;
  at: number;
}

const toMovement = (m: MovementRow): CashMovementRecord => ({
  id: m.id,
  movementId: m.movement_id,
  shiftId: m.shift_id,
  kind: m.kind,
  amountPaise: m.amount_paise,
  reason: m.reason,
  staffId: m.staff_id,
  at: m.at,
});

/** The `cash_movements` table: pay-ins and pay-outs of a shift's drawer. */
export class MovementRows {
  private readonly insert: Statement;
  private readonly ofShift: Statement<[string], MovementRow>;
  private readonly byMovementId: Statement<[string], MovementRow>;

  constructor(db: Db) {
    this.insert = db.prepare(`INSERT INTO cash_movements (id, movement_id, shift_id, kind, amount_paise, reason, staff_id, at)
        SELECT @id, @movementId, @shiftId, @kind, @amountPaise, @reason, @staffId, @at WHERE EXISTS (SELECT 1 FROM shifts WHERE id = @shiftId AND closed_at IS NULL)`);
    this.ofShift = db.prepare<[string], MovementRow>('SELECT * FROM cash_movements WHERE shift_id = ? ORDER BY at, rowid');
    this.byMovementId = db.prepare<[string], MovementRow>('SELECT * FROM cash_movements WHERE movement_id = ?');
  }

  /** False when the shift is no longer open. */
  add(movement: CashMovementRecord): boolean {
    return this.insert.run(movement).changes === 1;
  }

  list(shiftId: string): CashMovementRecord[] {
    return this.ofShift.all(shiftId).map(toMovement);
  }

  /** The movement recorded under the page's `movementId`, in whichever shift. */
  get(movementId: string): CashMovementRecord | undefined {
    const row = this.byMovementId.get(movementId);
    return row && toMovement(row);
  }
}
