import type { BridgeError, BridgeResult, EventMap, EventName, Input, MethodName, Output } from './contract';
import { posClient } from './pos-client';

/** Methods whose input may be left out (every field optional). */
type InputArgs<M extends MethodName> = Record<string, never> extends Input<M> ? [input?: Input<M>] : [input: Input<M>];

/** The one way a screen calls main: typed by the contract in both directions. */
export function api<M extends MethodName>(method: M, ...[input]: InputArgs<M>): Promise<BridgeResult<Output<M>>> {
  return posClient().call(method, input ?? {}) as Promise<BridgeResult<Output<M>>>;
}

/** Main's events, typed by the contract; returns the unsubscribe. */
export function onEvent<E extends EventName>(event: E, listener: (payload: EventMap[E]) => void): () => void {
  return posClient().on(event, (payload) => listener(payload as EventMap[E]));
}

/** Field problems keyed by field path ('amount', 'customer.phoneNumber', …), first message wins. */
export function fieldErrors(error: BridgeError | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of error?.fields ?? []) out[f.field] ??= f.message;
  return out;
}

/** A field's message from an error's `fields`, matched by exact path or by its last part. */
export function fieldError(error: BridgeError | null | undefined, field: string): string | undefined {
  const fields = error?.fields ?? [];
  return (fields.find((f) => f.field === field) ?? fields.find((f) => f.field.split('.').pop() === field))?.message;
}

export type { BridgeError, BridgeResult };
