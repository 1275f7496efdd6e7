/**
 * Compile-time check (tsconfig.node.json type-checks test/**): every renderer DTO in
 * src-renderer/bridge/api-types.ts must accept what main's handlers actually return, and
 * every event payload main emits. Nothing runs; `tsc --noEmit` failing here means the
 * renderer's picture of the bridge is out of date.
 */
import type { MethodOutput } from '../../src-main/bridge/bridge.js';
import type { CoreEventMap } from '../../src-main/core/core-events.js';
import type { ApiEvents, ApiOutputs } from '../../src-renderer/bridge/api-types.js';

type Outputs = { [M in keyof ApiOutputs]: MethodOutput<M> };
type Events = { [E in keyof ApiEvents]: CoreEventMap[E] };

/** Resolves to `true` only when From is assignable to To. */
type Assignable<From, To> = [From] extends [To] ? true : false;
type AllTrue<T extends Record<string, true>> = T;

export type MethodsCheck = AllTrue<{ [M in keyof ApiOutputs]: Assignable<Outputs[M], ApiOutputs[M]> }>;
export type EventsCheck = AllTrue<{ [E in keyof ApiEvents]: Assignable<Events[E], ApiEvents[E]> }>;

// The same, spelled out for the most used methods so an error points at the method by name.
export const _appInfo: ApiOutputs['app.info'] = null as unknown as MethodOutput<'app.info'>;
export const _staffList: ApiOutputs['staff.list'] = null as unknown as MethodOutput<'staff.list'>;
export const _session: ApiOutputs['staff.session'] = null as unknown as MethodOutput<'staff.session'>;
export const _search: ApiOutputs['catalog.search'] = null as unknown as MethodOutput<'catalog.search'>;
export const _brand: ApiOutputs['catalog.brand'] = null as unknown as MethodOutput<'catalog.brand'>;
export const _categories: ApiOutputs['catalog.categories'] = null as unknown as MethodOutput<'catalog.categories'>;
export const _quote: ApiOutputs['sale.quote'] = null as unknown as MethodOutput<'sale.quote'>;
export const _place: ApiOutputs['sale.place'] = null as unknown as MethodOutput<'sale.place'>;
export const _get: ApiOutputs['sale.get'] = null as unknown as MethodOutput<'sale.get'>;
export const _pending: ApiOutputs['sale.pending'] = null as unknown as MethodOutput<'sale.pending'>;
export const _retry: ApiOutputs['sale.retry'] = null as unknown as MethodOutput<'sale.retry'>;
export const _receipt: ApiOutputs['receipt.print'] = null as unknown as MethodOutput<'receipt.print'>;
export const _wallet: ApiOutputs['wallet.view'] = null as unknown as MethodOutput<'wallet.view'>;
export const _settings: ApiOutputs['settings.get'] = null as unknown as MethodOutput<'settings.get'>;
