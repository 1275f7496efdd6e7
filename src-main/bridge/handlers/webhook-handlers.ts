import type { CoreHandlers, ParsedInput } from '../../contract/index.js';
import type { Core } from '../../core/create-core.js';
import { fail } from '../bridge-result.js';
import type { Session } from '../session.js';

export function webhookHandlers(core: Core, session: Session) {
  return {
    'webhooks.unrecognised': () => core.webhookEvents.list(),
    'webhooks.reprocess': async (input: ParsedInput<'webhooks.reprocess'>) => {
      const result = await core.webhookEvents.reprocess(input.id, session.staff!.id);
      return result.outcome === 'not-found' ? fail('NOT_FOUND', 'That recorded event is no longer there') : result;
    },
    'webhooks.reprocessAll': async () => ({ results: await core.webhookEvents.reprocessAll(session.staff!.id) }),
    'webhooks.dismiss': async (input: ParsedInput<'webhooks.dismiss'>) => {
      if (!(await core.webhookEvents.dismiss(input.id, session.staff!.id))) return fail('NOT_FOUND', 'That recorded event is no longer there');
      return { dismissed: true as const };
    },
  } satisfies Partial<CoreHandlers>;
}
