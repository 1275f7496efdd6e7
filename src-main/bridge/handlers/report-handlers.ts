import type { CoreHandlers, ParsedInput } from '../../contract/index.js';
import { STATEMENT_PAGE_LINES } from '../../wallet/wallet-statement.js';
import type { Core } from '../../core/create-core.js';
import { fail } from '../bridge-result.js';
import type { Session } from '../session.js';
import { NOT_IN_A_STORE, storeFailure } from './store-handlers.js';

/** The manager's end of day, and the wallet top-ups it needs to tell from sales. */
export function reportHandlers(core: Core, session: Session) {
  return {
    'report.endOfDay': async (input: ParsedInput<'report.endOfDay'>) => {
      const result = await core.reports.endOfDay(input.day, session.staff!.id);
      if (!result.ok) return fail('INVALID_DAY', result.message, { fields: [{ field: 'day', message: result.message }] });
      return result.report;
    },
    'wallet.recordTopUp': async (input: ParsedInput<'wallet.recordTopUp'>) => {
      const result = await core.wallet.recordTopUp(input, session.staff!.id);
      if (!result.ok) return fail('INVALID_TOP_UP', result.message, { fields: [{ field: result.field, message: result.message }] });
      return result.view;
    },
    'wallet.statement': async (input: ParsedInput<'wallet.statement'>) => {
      const query = { before: input.before ?? core.clock.now() + 1, limit: input.limit ?? STATEMENT_PAGE_LINES };
      const local = () => core.wallet.statement(query);
      // A store's wallet is one, spent by every counter: its statement is the store's.
      if (!core.store) return input.counterId ? fail('NOT_IN_A_STORE', NOT_IN_A_STORE) : { lines: local() };
      return core.store.walletStatement({ ...query, counterId: input.counterId }, session.staff!.id, local).catch(storeFailure);
    },
  } satisfies Partial<CoreHandlers>;
}
