import type { Core } from '../../core/create-core.js';
import { fail } from '../bridge-result.js';
import type { CoreHandlers, ParsedInput } from '../../contract/index.js';
import type { Session } from '../session.js';
import { saleView } from './sale-handlers.js';
import { scenarioList } from '../../training/scenarios.js';

export function managerHandlers(core: Core, session: Session) {
  return {
    'orders.list': (input: ParsedInput<'orders.list'>) => {
      const env = core.env();
      const page = env.history.list(input.filter ?? {}, { after: input.after ?? null, limit: input.limit });
      return { items: page.items, next: page.next };
    },
    'orders.attention': () => ({ items: core.env().history.needingAttention() }),
    'orders.detail': (input: ParsedInput<'orders.detail'>) => {
      const env = core.env();
      const sale = env.journal.get(input.saleId) ?? fail('NOT_FOUND', 'No such sale');
      return {
        ...saleView(core, sale),
        customer: sale.payload.customerDetails ?? null,
        delivery: sale.payload.deliveryDetails ?? null,
        canBalanceBeFetched: sale.brandSnapshot.canBalanceBeFetched,
        attempts: env.journal.attempts(sale.id),
      };
    },
    'orders.exportCsv': (input: ParsedInput<'orders.exportCsv'>) => {
      core.audit.append({ actor: session.staff!.id, action: 'export.csv', details: { filter: input.filter } });
      return { csv: [...core.env().history.csv(input.filter ?? {})].join('') };
    },
    'orders.summary': (input: ParsedInput<'orders.summary'>) => core.env().history.summary(input.from, input.to),
    'delivery.resend': async (input: ParsedInput<'delivery.resend'>) => {
      const result = await core.env().vouchers.resend(input.saleId, input.channels, session.staff!.id);
      if (result.ok) return { message: result.message };
      if (result.kind === 'contacts') {
        return fail('DELIVERY_CONTACT_MISSING', result.problems[0]?.message ?? 'The order lacks a contact for that channel', {
          fields: result.problems.map((p) => ({ field: p.channel ?? 'channels', message: p.message })),
        });
      }
      if (result.kind === 'service') return fail(result.error.code, result.error.message, { action: result.error.action, requestId: result.error.requestId });
      return fail(result.kind === 'not-found' ? 'NOT_FOUND' : 'NOT_DELIVERABLE', result.message);
    },
    'wallet.view': () => core.env().wallet.view(),
    'wallet.refresh': async () => {
      const result = await core.env().wallet.refresh();
      core.events.emit('wallet.updated', result.view);
      if (!result.ok) return fail(result.error.code, result.error.message, { action: result.error.action, requestId: result.error.requestId });
      return result.view;
    },
    'settings.get': () => {
      const env = core.env();
      return { settings: core.settings.get(), environment: env.environment, hasClientSecret: env.credentials.has('client_secret') };
    },
    'settings.update': (input: ParsedInput<'settings.update'>) => {
      if ('environment' in input) return fail('BAD_REQUEST', 'Switch environments with settings.switchEnvironment');
      const result = core.settings.update(input);
      if (!result.ok) return fail('INVALID_SETTINGS', result.problems[0]?.message ?? 'Check the settings', { fields: result.problems });
      core.audit.append({ actor: session.staff!.id, action: 'settings.changed', details: { keys: Object.keys(input) } });
      return { settings: result.settings };
    },
    'settings.setCredentials': async (input: ParsedInput<'settings.setCredentials'>) => {
      const update = core.settings.update({ [input.environment]: { baseUrl: input.baseUrl, clientId: input.clientId } });
      if (!update.ok) return fail('INVALID_SETTINGS', update.problems[0]?.message ?? 'Check the address', { fields: update.problems });
      // The secret goes only to the keychain-backed store of that environment's database.
      core.putClientSecret(input.environment, input.clientSecret);
      core.audit.append({ actor: session.staff!.id, action: 'credentials.changed', details: { environment: input.environment, clientId: input.clientId } });
      return { saved: true };
    },
    'settings.switchEnvironment': async (input: ParsedInput<'settings.switchEnvironment'>) => {
      const result = await core.switchEnvironment(input.environment);
      if (!result.ok) return fail('ENVIRONMENT_NOT_CONFIGURED', result.message);
      core.audit.append({ actor: session.staff!.id, action: 'settings.changed', details: { environment: input.environment } });
      return { environment: input.environment };
    },
    'audit.verify': () => core.audit.verify(),
    'settings.setWebhookSecret': (input: ParsedInput<'settings.setWebhookSecret'>) => {
      core.env().credentials.put('webhook_secret', input.secret);
      core.audit.append({ actor: session.staff!.id, action: 'credentials.changed', details: { webhookSecret: 'replaced' } });
      return { saved: true };
    },
    'webhook.apply': async () => core.applyWebhookSettings(),
    'training.scenarios': () => ({
      available: core.env().environment === 'training',
      scenarios: scenarioList(),
    }),
    'training.run': async (input: ParsedInput<'training.run'>) => {
      const result = await core.runTrainingScenario(input.scenario);
      if (!result.ok) return fail('NOT_TRAINING', result.message);
      return { ran: input.scenario };
    },
  } satisfies Partial<CoreHandlers>;
}
