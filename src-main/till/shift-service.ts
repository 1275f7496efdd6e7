import { randomUUID } from 'node:crypto';
import type { AuditLog } from '../audit/audit-log.js';
import type { ParsedInput } from '../contract/index.js';
import type { CashierTotal, CashMovementKind, DrawerCount, MovementIdInUse, MovementInClosedShift, ShiftReport, ShiftView, TenderTotal } from '../contract/shift.js';
import { formatRupees, type FieldProblem } from '../orders/rules/index.js';
import { istDateTimes } from '../platform/india-time.js';
import type { Settings } from '../settings/settings-schema.js';
import { TENDER_METHODS } from './tender.js';
import { heldPaymentState } from './payment-state.js';
import { expectedCash, type ShiftRecord, type TillScope, type TillStore } from './till-store.js';

export type ShiftRefusal =
  | { ok: false; code: 'NO_OPEN_SHIFT' | 'SHIFT_ALREADY_OPEN' | 'NOT_FOUND' | MovementIdInUse | MovementInClosedShift; message: string }
  | { ok: false; code: 'INVALID_INPUT'; message: string; fields: FieldProblem[] };
export type ShiftResult<T> = { ok: true; value: T } | ShiftRefusal;

export interface ShiftServiceDeps {
  store: TillStore;
  audit: AuditLog;
  now: () => number;
  staffName: (staffId: string) => string;
  settings: () => Pick<Settings, 'store' | 'receipt'>;
  training: boolean;
  onChanged?: (shift: ShiftView | null) => void;
}

export const NO_OPEN_SHIFT = 'The drawer is not open. Open it with the counted float on the Drawer screen first.';
export const MOVEMENT_ID_IN_USE =
  "A pay-in or pay-out with another amount, kind or reason was already recorded from this entry; nothing more was recorded. Check the drawer's pay-ins and pay-outs before entering it again.";
/**
 * The refusal of a repeat whose movement stands in a shift now closed: its answer was lost, then
 * the drawer was closed (and maybe opened again) before Confirm was pressed again.
 */
export const MOVEMENT_IN_CLOSED_SHIFT = (movement: { kind: CashMovementKind; amountPaise: number }, shift: { openedByName: string; openedAt: number }): string => {
  const what = `${movement.kind === 'PAY_IN' ? 'pay-in' : 'pay-out'} of ${formatRupees(movement.amountPaise)}`;
  const opened = istDateTimes()(shift.openedAt).slice(0, 16);
  return `This ${what} was already recorded, in the shift ${shift.openedByName} opened on ${opened}, which is now closed; nothing more was recorded. It counts in that shift's Z report: check it before entering the ${what} again.`;
};

/**
 * The counter's cash drawer: one shift open at a time, opened with a counted float, pay-ins
 * and pay-outs with a reason, X reports while open, a Z report at the close with the counted
 * cash against the expected. Every step is audited with who did it.
 */
export class ShiftService {
  constructor(private readonly deps: ShiftServiceDeps) {}

  current(): ShiftView | null {
    const shift = this.deps.store.currentShift();
    return shift ? this.view(shift) : null;
  }

  currentId(): string | null {
    return this.deps.store.currentShift()?.id ?? null;
  }

  open(input: { openingFloatPaise: number; count?: DrawerCount[] }, actor: string): ShiftResult<ShiftView> {
    const countProblem = countMismatch(input.count, input.openingFloatPaise, 'count', 'float');
    if (countProblem) return { ok: false, code: 'INVALID_INPUT', message: countProblem.message, fields: [countProblem] };
    const open = this.deps.store.currentShift();
    if (open) return this.alreadyOpen(open);
    const shift = {
      id: randomUUID(),
      counter: this.deps.settings().store.counter,
      openedBy: actor,
      openedAt: this.deps.now(),
      openingFloatPaise: input.openingFloatPaise,
      openingCount: nonEmpty(input.count),
    };
    // Audited before it is written (as sales and refunds are): a shift on record always has its line.
    this.deps.audit.append({ actor, action: 'shift.opened', details: { shiftId: shift.id, openingFloatPaise: shift.openingFloatPaise } });
    if (!this.written(() => this.deps.store.openShift(shift), actor, shift.id)) return this.alreadyOpen(this.deps.store.currentShift());
    return this.changed(this.deps.store.shift(shift.id)!);
  }

  /**
   * Records a pay-in or pay-out. Under a `movementId` already recorded (the first answer was lost,
   * Confirm pressed again), nothing more is recorded and the answer is the drawer as it is now —
   * checked before the drawer's cash, so a pay-out that emptied the drawer is not refused on its
   * repeat, and before the open drawer, so a repeat after the drawer was closed is told it stands
   * in that closed shift (never "the drawer is not open", which reads as nothing recorded). The
   * same id with another kind, amount or reason is refused and nothing is recorded.
   */
  cashMovement(input: ParsedInput<'shift.cashMovement'>, actor: string): ShiftResult<ShiftView> {
    const shift = this.deps.store.currentShift();
    const earlier = input.movementId === undefined ? undefined : this.deps.store.movementById(input.movementId);
    if (earlier) {
      if (earlier.kind !== input.kind || earlier.amountPaise !== input.amountPaise || earlier.reason !== input.reason) {
        return { ok: false, code: 'MOVEMENT_ID_IN_USE', message: MOVEMENT_ID_IN_USE };
      }
      if (!shift || earlier.shiftId !== shift.id) {
        const closed = this.deps.store.shift(earlier.shiftId);
        const opened = { openedByName: closed ? this.deps.staffName(closed.openedBy) : 'someone', openedAt: closed?.openedAt ?? earlier.at };
        return { ok: false, code: 'MOVEMENT_IN_CLOSED_SHIFT', message: MOVEMENT_IN_CLOSED_SHIFT(earlier, opened) };
      }
      this.deps.audit.append({ actor, action: 'shift.cash_movement_repeated', details: { shiftId: earlier.shiftId, movementId: earlier.movementId } });
      return { ok: true, value: this.view(shift) };
    }
    if (!shift) return noShift();
    if (input.kind === 'PAY_OUT') {
      const inDrawer = expectedCash(shift, this.deps.store.drawerTotals(shift.id));
      if (input.amountPaise > inDrawer) {
        const message = `The drawer should hold ${formatRupees(inDrawer)}; a pay-out of ${formatRupees(input.amountPaise)} is more than that. Count the drawer.`;
        return { ok: false, code: 'INVALID_INPUT', message, fields: [{ field: 'amountPaise', message }] };
      }
    }
    const movementId = input.movementId ?? null;
    const movement = { id: randomUUID(), movementId, shiftId: shift.id, kind: input.kind, amountPaise: input.amountPaise, reason: input.reason, staffId: actor, at: this.deps.now() };
    this.deps.audit.append({
      actor,
      action: 'shift.cash_movement',
      details: { shiftId: shift.id, kind: input.kind, amountPaise: input.amountPaise, reason: input.reason, ...(movementId ? { movementId } : {}) },
    });
    if (!this.written(() => this.deps.store.addMovement(movement), actor, shift.id)) return noShift();
    return this.changed(shift);
  }

  xReport(actor: string): ShiftResult<ShiftReport> {
    const shift = this.deps.store.currentShift();
    if (!shift) return noShift();
    const report = this.report(shift, 'X', actor);
    this.deps.audit.append({ actor, action: 'shift.x_report', details: { shiftId: shift.id, expectedCashPaise: report.expectedCashPaise } });
    return { ok: true, value: report };
  }

  close(input: { countedCashPaise: number; count?: DrawerCount[]; note?: string }, actor: string): ShiftResult<ShiftReport> {
    const countProblem = countMismatch(input.count, input.countedCashPaise, 'count', 'counted cash');
    if (countProblem) return { ok: false, code: 'INVALID_INPUT', message: countProblem.message, fields: [countProblem] };
    const open = this.deps.store.currentShift();
    if (!open) return noShift();
    const closed = this.deps.store.closeShift(open.id, {
      closedBy: actor,
      closedAt: this.deps.now(),
      countedCashPaise: input.countedCashPaise,
      closingCount: nonEmpty(input.count),
      note: input.note || null,
    });
    if (!closed) return noShift();
    // Audited after the commit, unlike the rest: the line carries the expected cash and the
    // over/short the close worked out inside its commit. The shift's row is the record itself.
    const report = this.report(closed, 'Z', actor);
    this.deps.audit.append({
      actor,
      action: 'shift.closed',
      details: { shiftId: closed.id, expectedCashPaise: report.expectedCashPaise, countedCashPaise: report.countedCashPaise, overShortPaise: report.overShortPaise },
    });
    this.deps.onChanged?.(null);
    return { ok: true, value: report };
  }

  /** A shift's report again: Z when it is closed, X while it is open. */
  reportOf(shiftId: string, actor: string): ShiftResult<ShiftReport> {
    const shift = this.deps.store.shift(shiftId);
    if (!shift) return { ok: false, code: 'NOT_FOUND', message: 'No such shift' };
    const report = this.report(shift, shift.closedAt === null ? 'X' : 'Z', actor);
    this.deps.audit.append({ actor, action: shift.closedAt === null ? 'shift.x_report' : 'shift.z_reprinted', details: { shiftId } });
    return { ok: true, value: report };
  }

  view(shift: ShiftRecord): ShiftView {
    const { store, staffName } = this.deps;
    return {
      id: shift.id,
      counter: shift.counter,
      openedAt: shift.openedAt,
      openedByName: staffName(shift.openedBy),
      openingFloatPaise: shift.openingFloatPaise,
      closedAt: shift.closedAt,
      closedByName: shift.closedBy && staffName(shift.closedBy),
      // A closed shift's expectation was fixed by its close; an open one's moves with each sale.
      expectedCashPaise: shift.expectedCashPaise ?? expectedCash(shift, store.drawerTotals(shift.id)),
      movements: store.movements(shift.id).map((m) => ({ id: m.id, kind: m.kind, amountPaise: m.amountPaise, reason: m.reason, byName: staffName(m.staffId), at: m.at })),
    };
  }

  /** Per-method totals in TENDER_METHODS order, every method listed (a report shows ₹0 rather than leave a line out). */
  tenderTotals(scope: TillScope): TenderTotal[] {
    const rows = this.deps.store.tenderTotals(scope);
    return TENDER_METHODS.map((method) => {
      const row = rows.find((r) => r.method === method);
      const takenPaise = row?.takenPaise ?? 0;
      const refundedPaise = row?.refundedPaise ?? 0;
      return { method, count: row?.count ?? 0, takenPaise, refundedPaise, netPaise: takenPaise - refundedPaise };
    });
  }

  cashierTotals(scope: TillScope): CashierTotal[] {
    return this.deps.store
      .staffTotals(scope)
      .map((r) => ({ staffId: r.staffId, name: this.deps.staffName(r.staffId), payments: r.payments, takenPaise: r.takenPaise, refundedPaise: r.refundedPaise, netPaise: r.takenPaise - r.refundedPaise }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  private report(shift: ShiftRecord, kind: 'X' | 'Z', actor: string): ShiftReport {
    const totals = this.deps.store.drawerTotals(shift.id);
    const view = this.view(shift);
    const expectedCashPaise = view.expectedCashPaise;
    const sales = { completed: 0, completedPaise: 0, onHold: 0, refundDue: 0, refundDuePaise: 0, refunded: 0 };
    for (const held of this.deps.store.heldPayments(shift.id)) {
      if (held.refunded) {
        sales.refunded += 1;
        continue;
      }
      // A sale in review whose payment a manager decided to keep counts as completed: the money is the sale's.
      switch (held.kept ? 'KEPT' : heldPaymentState(held.state, () => held.issued)) {
        case 'KEPT':
          sales.completed += 1;
          sales.completedPaise += held.amountPaise;
          break;
        case 'REFUND_DUE':
          sales.refundDue += 1;
          sales.refundDuePaise += held.amountPaise;
          break;
        case 'ON_HOLD':
          sales.onHold += 1;
          break;
        default:
          // A manager's review (cancelled after its vouchers were issued): counted in none of these.
          break;
      }
    }
    const counted = kind === 'Z' ? shift.countedCashPaise : null;
    return {
      kind,
      shift: view,
      generatedAt: this.deps.now(),
      generatedByName: this.deps.staffName(actor),
      training: this.deps.training,
      store: this.deps.settings().store,
      paperWidth: this.deps.settings().receipt.paperWidth,
      cash: { openingFloatPaise: shift.openingFloatPaise, ...totals },
      expectedCashPaise,
      countedCashPaise: counted,
      overShortPaise: counted === null ? null : counted - expectedCashPaise,
      count: kind === 'Z' ? shift.closingCount : null,
      note: kind === 'Z' ? shift.note : null,
      byTender: this.tenderTotals({ shiftId: shift.id }),
      byCashier: this.cashierTotals({ shiftId: shift.id }),
      sales,
    };
  }

  /** Runs a write whose audit line went first; a refused or failed write gets a second line saying so. */
  private written(write: () => boolean, actor: string, shiftId: string): boolean {
    let done = false;
    try {
      done = write();
      return done;
    } finally {
      if (!done) {
        try {
          this.deps.audit.append({ actor, action: 'shift.not_recorded', details: { shiftId } });
        } catch {
          /* the first failure is the one to report */
        }
      }
    }
  }

  private alreadyOpen(open: ShiftRecord | undefined): ShiftRefusal {
    const since = open ? ` (opened by ${this.deps.staffName(open.openedBy)})` : '';
    return { ok: false, code: 'SHIFT_ALREADY_OPEN', message: `The drawer is already open${since}. Close that shift before opening another.` };
  }

  private changed(shift: ShiftRecord): ShiftResult<ShiftView> {
    const view = this.view(this.deps.store.shift(shift.id) ?? shift);
    this.deps.onChanged?.(view);
    return { ok: true, value: view };
  }
}

function noShift(): ShiftRefusal {
  return { ok: false, code: 'NO_OPEN_SHIFT', message: NO_OPEN_SHIFT };
}

function nonEmpty(count: DrawerCount[] | undefined): DrawerCount[] | null {
  const counted = (count ?? []).filter((c) => c.quantity > 0);
  return counted.length > 0 ? counted : null;
}

/** A count given beside a total must add up to it; the cashier sees which was mistyped. */
function countMismatch(count: DrawerCount[] | undefined, totalPaise: number, field: string, what: string): FieldProblem | null {
  if (!count || count.length === 0) return null;
  const seen = new Set<number>();
  for (const c of count) {
    if (seen.has(c.denominationPaise)) return { field, message: `${formatRupees(c.denominationPaise)} is counted twice; count each note or coin once.` };
    seen.add(c.denominationPaise);
  }
  const sum = count.reduce((s, c) => s + c.denominationPaise * c.quantity, 0);
  return sum === totalPaise ? null : { field, message: `The notes and coins add up to ${formatRupees(sum)}, but the ${what} entered is ${formatRupees(totalPaise)}.` };
}
