import type { AuditLog } from '../../audit/audit-log.js';
import type { EndOfDayReport } from '../../contract/index.js';
import { orderApiFor } from '../../orders/engine/partner-order-api.js';
import type { Clock } from '../../platform/clock.js';
import { istDay, istDayBounds } from '../../platform/india-time.js';
import { EndOfDay } from '../../reports/end-of-day.js';
import type { SettingsService } from '../../settings/settings-service.js';
import type { StaffService } from '../../staff/staff-service.js';
import type { EnvironmentContext } from '../environment-context.js';
import type { WalletFacade } from './wallet-facade.js';
import type { StoreConnection } from '../../store-link/store-connection.js';
import { counterPart, storeEndOfDay } from '../../reports/store-end-of-day.js';

/** The current environment's end-of-day check. */
export interface ReportFacade {
  /**
   * Checks the store day `YYYY-MM-DD` (India time) three ways; audited with who ran it. Refused
   * for a day that is not a date or has not started. A store's counter checks its own sales,
   * sends its check to the store server and answers the store's day.
   */
  endOfDay(day: string, actor: string): Promise<{ ok: true; report: EndOfDayReport } | { ok: false; message: string }>;
  /** A store's counter sends its own check of today to the store server (after a drawer closes), so the store's day has its figures. */
  sendDayCheck(): Promise<void>;
}

export function reportFacade(deps: {
  env: () => EnvironmentContext;
  staff: StaffService;
  audit: AuditLog;
  settings: SettingsService;
  clock: Clock;
  wallet: WalletFacade;
  /** A store's counter: its day is the store's (every counter's check, the wallet store-wide). */
  store: StoreConnection | null;
}): ReportFacade {
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
    async sendDayCheck() {
      if (!deps.store) return;
      const day = istDay(deps.clock.now());
      const bounds = istDayBounds(day)!;
      await deps.store.saveDayCheck(counterPart(await checkerOf(deps.env()).check(day, bounds)));
    },
    async endOfDay(day, actor) {
      const bounds = istDayBounds(day);
      if (!bounds) return { ok: false, message: `${day} is not a date; choose the day from the calendar.` };
      if (bounds.from > deps.clock.now()) return { ok: false, message: 'That day has not started yet; choose today or an earlier day.' };
      const env = deps.env();
      let check = await checkerOf(env).check(day, bounds);
      if (deps.store) {
        const store = deps.store;
        try {
          await store.saveDayCheck(counterPart(check));
          check = storeEndOfDay(check, await store.storeDay({ day, ...bounds }, actor), { counterId: store.view().counterId, check });
        } catch (error) {
          return { ok: false, message: `${(error as Error).message} The store's end of day is made with the store server: run it again when it answers.` };
        }
      }
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
