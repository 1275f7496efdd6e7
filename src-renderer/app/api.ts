import type { ApiEvents, ApiOutputs } from '../bridge/api-types';
import { posClient, type BridgeError, type BridgeResult } from '../bridge/pos-client';

export type { BridgeError, BridgeResult };

/** Typed `posClient().call` for the methods whose outputs api-types.ts describes. */
export function api<M extends keyof ApiOutputs>(method: M, payload: object = {}): Promise<BridgeResult<ApiOutputs[M]>> {
  return posClient().call<ApiOutputs[M]>(method, payload);
}

/** Typed `posClient().on`; returns the unsubscribe. */
export function onEvent<E extends keyof ApiEvents>(event: E, listener: (payload: ApiEvents[E]) => void): () => void {
  return posClient().on(event, (payload) => listener(payload as ApiEvents[E]));
}

/** Field problems keyed by field path ('amount', 'customer.phoneNumber', …), first message wins. */
export function fieldErrors(error: BridgeError | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of error?.fields ?? []) out[f.field] ??= f.message;
  return out;
}
