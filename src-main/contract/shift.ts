import { z } from 'zod';
import type { Settings } from '../settings/settings-schema.js';
import type { TenderMethod } from '../till/tender.js';
import { needs } from './define.js';
import { empty, id, paise, printedText } from './fields.js';

/** Notes and coins counted into or out of the drawer (optional beside the total). */
const drawerCount = z
  .array(z.strictObject({ denominationPaise: paise.min(1), quantity: z.number().int().min(0).max(100_000) }))
  .max(30)
  .optional();
const reason = printedText(200).pipe(z.string().min(1, 'say why'));

export const CASH_MOVEMENT_KINDS = ['PAY_IN', 'PAY_OUT'] as const;
export type CashMovementKind = (typeof CASH_MOVEMENT_KINDS)[number];

/** The code `shift.cashMovement` refuses with when its `movementId` is another movement's (another kind, amount or reason). */
export type MovementIdInUse = 'MOVEMENT_ID_IN_USE';
/**
 * The code `shift.cashMovement` refuses with when its `movementId` is a movement recorded in a
 * shift that is now closed (its answer was lost, then the drawer was closed): that movement
 * stands there, nothing more is recorded.
 */
export type MovementInClosedShift = 'MOVEMENT_IN_CLOSED_SHIFT';

export interface CashMovementView {
  id: string;
  kind: CashMovementKind;
  amountPaise: number;
  reason: string;
  byName: string;
  at: number;
}

export interface DrawerCount {
  denominationPaise: number;
  quantity: number;
}

/** A cash-drawer shift of this counter, as screens see it. */
export interface ShiftView {
  id: string;
  counter: string;
  openedAt: number;
  openedByName: string;
  openingFloatPaise: number;
  closedAt: number | null;
  closedByName: string | null;
  /** Cash that should be in the drawer now: float + cash taken − cash refunded + pay-ins − pay-outs. */
  expectedCashPaise: number;
  movements: CashMovementView[];
}

export interface TenderTotal {
  method: TenderMethod;
  /** Payments with a part of this method. */
  count: number;
  takenPaise: number;
  refundedPaise: number;
  netPaise: number;
}

export interface CashierTotal {
  staffId: string;
  name: string;
  /** Payments taken (one per sale paid; a retry carries its sale's payment). */
  payments: number;
  takenPaise: number;
  refundedPaise: number;
  netPaise: number;
}

/**
 * An X report (mid-shift, the shift stays open) or a Z report (the shift's close). Printed on
 * the receipt printer or saved as PDF, audited.
 */
export interface ShiftReport {
  kind: 'X' | 'Z';
  shift: ShiftView;
  generatedAt: number;
  generatedByName: string;
  training: boolean;
  store: Settings['store'];
  /** The receipt roll (or A4) the report is laid out for: cashiers cannot read the settings. */
  paperWidth: Settings['receipt']['paperWidth'];
  cash: {
    openingFloatPaise: number;
    /** Cash tenders taken (what stays in the drawer: received minus change). */
    takenPaise: number;
    refundedPaise: number;
    payInsPaise: number;
    payOutsPaise: number;
  };
  expectedCashPaise: number;
  /** Z only: what was counted, and counted − expected (positive: over, negative: short). */
  countedCashPaise: number | null;
  overShortPaise: number | null;
  /** Z only, when the notes and coins were counted one by one. */
  count: DrawerCount[] | null;
  note: string | null;
  byTender: TenderTotal[];
  byCashier: CashierTotal[];
  sales: {
    completed: number;
    completedPaise: number;
    /** Outcome not known yet: the customer's payment is on hold. */
    onHold: number;
    /** Paid, did not go through, not yet given back. */
    refundDue: number;
    refundDuePaise: number;
    refunded: number;
  };
}

export const shiftMethods = {
  /** Opens this counter's drawer with a counted float; refused if a shift is already open. */
  'shift.open': needs('sell')(z.strictObject({ openingFloatPaise: paise, count: drawerCount })).returns<ShiftView>(),
  /** The counter's open shift, or null when the drawer is closed (selling needs an open shift). */
  'shift.current': needs('sell')(empty).returns<ShiftView | null>(),
  /**
   * A pay-in or pay-out with its reason; a pay-out of more than the drawer holds is refused.
   * `movementId`: the page's own id for the movement being entered. Sent again (an answer lost,
   * Confirm pressed again), the movement recorded under it stands, nothing more is recorded, and
   * the answer is the drawer as it is now; an id that is another movement's is refused with
   * MOVEMENT_ID_IN_USE, and an id whose movement stands in a shift now closed (with no drawer
   * open, or another one) with MOVEMENT_IN_CLOSED_SHIFT, naming that shift; nothing is recorded
   * then. The id is looked up before the open drawer. Without it, every call is a new movement.
   */
  'shift.cashMovement': needs('sell')(
    z.strictObject({ kind: z.enum(CASH_MOVEMENT_KINDS), amountPaise: paise.min(1), reason, movementId: z.string().uuid().optional() }),
  ).returns<ShiftView>(),
  /** Mid-shift totals; the shift stays open. Audited. */
  'shift.xReport': needs('seeOwnTotals')(empty).returns<ShiftReport>(),
  /** Closes the shift with the counted cash and answers its Z report. Audited. */
  'shift.close': needs('sell')(z.strictObject({ countedCashPaise: paise, count: drawerCount, note: printedText(200).optional() })).returns<ShiftReport>(),
  /** A closed shift's Z report again (to reprint it). */
  'shift.report': needs('seeAllTotals')(z.strictObject({ shiftId: id })).returns<ShiftReport>(),
};
