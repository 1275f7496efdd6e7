import type { ShiftReport, ShiftView } from '../../contract/index.js';
import type { ShiftResult, ShiftService } from '../../till/shift-service.js';
import type { EnvironmentContext } from '../environment-context.js';

/** The current environment's cash drawer (Training's shifts stay with Training's sales). */
export interface ShiftsFacade {
  current(): ShiftView | null;
  open(...args: Parameters<ShiftService['open']>): ShiftResult<ShiftView>;
  cashMovement(...args: Parameters<ShiftService['cashMovement']>): ShiftResult<ShiftView>;
  xReport(actor: string): ShiftResult<ShiftReport>;
  close(...args: Parameters<ShiftService['close']>): ShiftResult<ShiftReport>;
  reportOf(shiftId: string, actor: string): ShiftResult<ShiftReport>;
}

export function shiftsFacade(env: () => EnvironmentContext): ShiftsFacade {
  return {
    current: () => env().shifts.current(),
    open: (input, actor) => env().shifts.open(input, actor),
    cashMovement: (input, actor) => env().shifts.cashMovement(input, actor),
    xReport: (actor) => env().shifts.xReport(actor),
    close: (input, actor) => env().shifts.close(input, actor),
    reportOf: (shiftId, actor) => env().shifts.reportOf(shiftId, actor),
  };
}
