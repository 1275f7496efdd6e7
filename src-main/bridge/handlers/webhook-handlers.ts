import type { CoreHandlers, ParsedInput } from '../../contract/index.js';
import type { Core } from '../../core/create-core.js';
import { fail } from '../bridge-result.js';
import type { Session } from '../session.js';

export function webhookHandlers(core: Core, session: Session) {
  return {
    'webhooks.unrecognised': async () => (await core.webhookInbox()).list(),
    'webhooks.reprocess': async (input: ParsedInput<'webhooks.reprocess'>) => {
      const result = await (await core.webhookInbox()).reprocess(input.id, session.staff!.id);
      return result.outcome === 'not-found' ? fail('NOT_FOUND', 'That recorded event is no longer there') : result;
    },
    'webhooks.reprocessAll': async () => ({ results: await (await core.webhookInbox()).reprocessAll(session.staff!.id) }),
    'webhooks.dismiss': async (input: ParsedInput<'webhooks.dismiss'>) => {
      if (!(await core.webhookInbox()).dismiss(input.id, session.staff!.id)) return fail('NOT_FOUND', 'That recorded event is no longer there');
      return { dismissed: true as const };
    },
  } satisfies Partial<CoreHandlers>;
}
