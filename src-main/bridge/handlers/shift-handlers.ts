import type { CoreHandlers, ParsedInput, ShiftReport } from '../../contract/index.js';
import type { Core } from '../../core/create-core.js';
import type { ShiftResult } from '../../till/shift-service.js';
import { fail } from '../bridge-result.js';
import type { Session } from '../session.js';

function answer<T>(result: ShiftResult<T>): T {
  if (result.ok) return result.value;
  return fail(result.code, result.message, 'fields' in result ? { fields: result.fields } : {});
}

/** The counter's cash drawer: anyone who sells may own a shift. */
export function shiftHandlers(core: Core, session: Session) {
  const me = () => session.staff!.id;
  /** The drawer's figures are the drawer's; other people's totals only for those who may see everyone's. */
  const forMe = (report: ShiftReport): ShiftReport =>
    session.staff!.permissions.includes('seeAllTotals') ? report : { ...report, byCashier: report.byCashier.filter((c) => c.staffId === me()) };
  return {
    'shift.open': (input: ParsedInput<'shift.open'>) => answer(core.shifts.open(input, me())),
    'shift.current': () => core.shifts.current(),
    'shift.cashMovement': (input: ParsedInput<'shift.cashMovement'>) => answer(core.shifts.cashMovement(input, me())),
    'shift.xReport': () => forMe(answer(core.shifts.xReport(me()))),
    'shift.close': (input: ParsedInput<'shift.close'>) => {
      const closed = forMe(answer(core.shifts.close(input, me())));
      // A store's counter sends its check of the day with the closed drawer, for the store's end of day.
      if (core.store) core.env().runInBackground(core.reports.sendDayCheck());
      return closed;
    },
    'shift.report': (input: ParsedInput<'shift.report'>) => answer(core.shifts.reportOf(input.shiftId, me())),
  } satisfies Partial<CoreHandlers>;
}
