import type { Core } from '../../core/create-core.js';
import type { CoreHandlers, ParsedInput } from '../../contract/index.js';
import { StoreRefusedError, StoreUnreachableError } from '../../store-link/store-client.js';
import { fail } from '../bridge-result.js';
import type { Session } from '../session.js';

/** A store server's refusal or absence as the bridge's error (its sentence says what to do). */
export function storeFailure(error: unknown): never {
  if (error instanceof StoreUnreachableError) return fail('STORE_UNREACHABLE', error.message);
  if (error instanceof StoreRefusedError) return fail(error.code, error.message);
  throw error;
}

export const REVOKED =
  'The store revoked this counter: it cannot sell through the store server any more. A manager pairs it again with a new pairing code (a new data folder, or the desktop app’s Join a store).';

export const NOT_IN_A_STORE = 'This counter does not belong to a store: join one in Settings → Connection';

export function storeHandlers(core: Core, session: Session) {
  const linked = () => core.store ?? fail('NOT_IN_A_STORE', NOT_IN_A_STORE);
  return {
    'store.status': async () => {
      const store = core.store;
      if (!store) return { linked: false, store: null, reachable: null, revoked: false, message: null, outbox: 0, refused: [] };
      const unreachable = await store.unreachable();
      const revoked = unreachable === null && !(await store.stillPaired());
      const message = unreachable ?? (revoked ? REVOKED : null);
      return { linked: true, store: store.view(), reachable: unreachable === null, revoked, message, outbox: store.pendingInOutbox(), refused: store.refusedRecords() };
    },
    'store.counters': () => linked().counters(session.staff!.id).catch(storeFailure),
    'store.revokeCounter': async (input: ParsedInput<'store.revokeCounter'>) => {
      const store = linked();
      if (input.counterId === store.view().counterId) return fail('INVALID_INPUT', 'A counter cannot revoke itself: revoke it from another counter or on the store server');
      const result = await store.revoke(input.counterId, session.staff!.id).catch(storeFailure);
      core.audit.append({ actor: session.staff!.id, action: 'store.counter_revoked', details: { counterId: input.counterId } });
      return result;
    },
    'store.join': async (input: ParsedInput<'store.join'>) => {
      try {
        const link = await core.joinStore(input, session.staff!.id);
        return {
          joined: true as const,
          storeId: link.storeId,
          restartRequired: true as const,
          message: `This counter joined store ${link.storeId} as “${link.counterName}”. Start the app again to sell through the store server.`,
        };
      } catch (error) {
        return fail('STORE_JOIN_FAILED', (error as Error).message);
      }
    },
  } satisfies Partial<CoreHandlers>;
}
