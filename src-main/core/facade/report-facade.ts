import type { AuditLog } from '../../audit/audit-log.js';
import type { EndOfDayReport } from '../../contract/index.js';
import { orderApiFor } from '../../orders/engine/partner-order-api.js';
import type { Clock } from '../../platform/clock.js';
import { istDayBounds } from '../../platform/india-time.js';
import { EndOfDay } from '../../reports/end-of-day.js';
import type { SettingsService } from '../../settings/settings-service.js';
import type { StaffService } from '../../staff/staff-service.js';
import type { EnvironmentContext } from '../environment-context.js';
import type { WalletFacade } from './wallet-facade.js';

/** The current environment's end-of-day check. */
export interface ReportFacade {
  /**
   * Checks the store day `YYYY-MM-DD` (India time) three ways; audited with who ran it. Refused
   * for a day that is not a date or has not started.
   */
  endOfDay(day: string, actor: string): Promise<{ ok: true; report: EndOfDayReport } | { ok: false; message: string }>;
}

export function reportFacade(deps: { env: () => EnvironmentContext; staff: StaffService; audit: AuditLog; settings: SettingsService; clock: Clock; wallet: WalletFacade }): ReportFacade {
  // One checker per environment, built on first use (its statements prepared once).
  const checkers = new WeakMap<EnvironmentContext, EndOfDay>();
  const checkerOf = (env: EnvironmentContext): EndOfDay => {
    let checker = checkers.get(env);
    if (!checker) {
      checker = new EndOfDay({
        db: env.db,
        journal: env.journal,
        api: orderApiFor(() => env.client),
        walletHistory: env.wallet.history,
        async readWalletNow() {
          const read = await deps.wallet.refresh();
          return read.ok && read.view.readAt !== null && read.view.balancePaise !== null ? { at: read.view.readAt, balancePaise: read.view.balancePaise } : null;
        },
        till: env.till,
        shifts: env.shifts,
        now: () => deps.clock.now(),
      });
      checkers.set(env, checker);
    }
    return checker;
  };

  return {
    async endOfDay(day, actor) {
      const bounds = istDayBounds(day);
      if (!bounds) return { ok: false, message: `${day} is not a date; choose the day from the calendar.` };
      if (bounds.from > deps.clock.now()) return { ok: false, message: 'That day has not started yet; choose today or an earlier day.' };
      const env = deps.env();
      const check = await checkerOf(env).check(day, bounds);
      const report: EndOfDayReport = {
        ...check,
        generatedByName: deps.staff.nameOf(actor),
        training: env.environment === 'training',
        store: deps.settings.get().store,
      };
      const byKind: Record<string, number> = {};
      for (const d of report.discrepancies) byKind[d.kind] = (byKind[d.kind] ?? 0) + 1;
      deps.audit.append({
        actor,
        action: 'report.end_of_day',
        details: { day, matched: report.matched, discrepancies: report.discrepancies.length, byKind, checked: report.service.checked, completed: report.journal.completed },
      });
      return { ok: true, report };
    },
  };
}
