import type { Core } from '../../core/create-core.js';
import { fail } from '../bridge-result.js';
import type { CoreHandlers, ParsedInput } from '../../contract/index.js';
import { permissionRefusal } from '../../contract/permissions.js';
import type { Session } from '../session.js';
import { NOT_IN_A_STORE, storeFailure } from './store-handlers.js';

export function managerHandlers(core: Core, session: Session) {
  return {
    'orders.list': async (input: ParsedInput<'orders.list'>) => {
      const filter = input.filter ?? {};
      const local = () => {
        const page = core.orders.list(filter, { after: input.after ?? null, limit: input.limit });
        return { items: page.items, next: page.next };
      };
      // A store's counter lists every counter's sales; on its own, only its journal has any.
      if (!core.store) return filter.counterId ? fail('NOT_IN_A_STORE', NOT_IN_A_STORE) : local();
      return core.store.listOrders({ filter, after: input.after ?? null, limit: input.limit }, session.staff!.id, local).catch(storeFailure);
    },
    'orders.attention': async () => {
      const local = () => ({ items: core.orders.attention(), total: core.orders.attentionTotal() });
      // A store's counter lists every counter's sales needing attention, as Orders lists them.
      return core.store ? core.store.attention(session.staff!.id, local).catch(storeFailure) : local();
    },
    'orders.detail': async (input: ParsedInput<'orders.detail'>) => {
      const own = core.orders.detail(input.saleId);
      if (own) return own;
      // Another counter's sale: the store's records answer for it.
      if (!core.store) return fail('NOT_FOUND', 'No such sale');
      return core.store.orderDetail(input.saleId, session.staff!.id).catch(storeFailure);
    },
    'orders.exportCsv': async (input: ParsedInput<'orders.exportCsv'>) => {
      const filter = input.filter ?? {};
      const store = core.store;
      // This counter's own sales come from its own journal; every counter's (or another's) from the store's records.
      if (!store || filter.counterId === store.view().counterId) {
        const { counterId: _self, ...own } = filter;
        const exported = core.orders.exportCsv(own, session.staff!.id);
        return exported.ok ? { csv: exported.csv } : fail(exported.code, exported.message);
      }
      core.audit.append({ actor: session.staff!.id, action: 'export.csv', details: { filter, scope: 'store' } });
      return store.exportCsv(filter, session.staff!.id).catch(storeFailure);
    },
    'orders.summary': async (input: ParsedInput<'orders.summary'>) =>
      // A store's counter sums every counter's sales, as Orders lists them.
      core.store ? core.store.salesSummary({ from: input.from, to: input.to }, session.staff!.id).catch(storeFailure) : core.orders.summary(input.from, input.to),
    'delivery.resend': async (input: ParsedInput<'delivery.resend'>) => {
      const result = await core.orders.resend(input.saleId, input.channels, session.staff!.id);
      if (result.ok) return { message: result.message };
      if (result.kind === 'contacts') {
        return fail('DELIVERY_CONTACT_MISSING', result.problems[0]?.message ?? 'The order lacks a contact for that channel', {
          fields: result.problems.map((p) => ({ field: p.channel ?? 'channels', message: p.message })),
        });
      }
      if (result.kind === 'service') return fail(result.error.code, result.error.message, { action: result.error.action, requestId: result.error.requestId });
      return fail(result.kind === 'not-found' ? 'NOT_FOUND' : 'NOT_DELIVERABLE', result.message);
    },
    'wallet.view': () => core.wallet.view(),
    'wallet.refresh': async () => {
      const result = await core.wallet.refresh();
      if (!result.ok) return fail(result.error.code, result.error.message, { action: result.error.action, requestId: result.error.requestId });
      return result.view;
    },
    'settings.get': () => core.settingsAdmin.view(),
    'settings.update': (input: ParsedInput<'settings.update'>) => {
      if ('environment' in input) return fail('BAD_REQUEST', 'Switch environments with settings.switchEnvironment');
      // The service's address goes only with its credentials: changed alone, the stored client secret would be sent to it at the next login.
      if ('staging' in input || 'production' in input) return fail('BAD_REQUEST', "Change the service's address with its credentials (settings.setCredentials)");
      // Where the webhook receiver listens is the connection's, not the shop's settings.
      if ('webhook' in input && !session.staff!.permissions.includes('manageConnection')) {
        return fail('FORBIDDEN', permissionRefusal('manageConnection'), { permission: 'manageConnection' });
      }
      const result = core.settingsAdmin.update(input, session.staff!.id);
      if (!result.ok) return fail('INVALID_SETTINGS', result.problems[0]?.message ?? 'Check the settings', { fields: result.problems });
      return { settings: result.settings };
    },
    'settings.setCredentials': (input: ParsedInput<'settings.setCredentials'>) => {
      const result = core.settingsAdmin.setCredentials(input, session.staff!.id);
      if (!result.ok) return fail('INVALID_SETTINGS', result.problems[0]?.message ?? 'Check the address', { fields: result.problems });
      return { saved: true as const };
    },
    'settings.switchEnvironment': async (input: ParsedInput<'settings.switchEnvironment'>) => {
      const result = await core.settingsAdmin.switchEnvironment(input.environment, session.staff!.id);
      if (!result.ok) return fail('ENVIRONMENT_NOT_CONFIGURED', result.message);
      return { environment: input.environment };
    },
    'audit.verify': () => core.audit.verify(),
    'settings.setWebhookSecret': (input: ParsedInput<'settings.setWebhookSecret'>) => {
      core.settingsAdmin.setWebhookSecret(input.secret, session.staff!.id);
      return { saved: true as const };
    },
    'webhook.apply': () => core.settingsAdmin.applyWebhooks(),
    'training.scenarios': () => core.training.scenarios(),
    'training.run': async (input: ParsedInput<'training.run'>) => {
      const result = await core.training.run(input.scenario);
      if (!result.ok) return fail('NOT_TRAINING', result.message);
      return { ran: input.scenario };
    },
  } satisfies Partial<CoreHandlers>;
}
