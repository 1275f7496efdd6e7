import type { z } from 'zod';

/**
 * How a bridge method is declared: who may call it, the schema its input must pass (main
 * parses every call with it), and — as a type only — what it answers. The output type is
 * carried on the spec so the handler map (main) and the typed client (renderer) are both
 * derived from one declaration.
 */
export type Role = 'none' | 'cashier' | 'manager';

export interface MethodSpec<I extends z.ZodType = z.ZodType, O = unknown> {
  readonly role: Role;
  readonly input: I;
  /** Type only, never set at run time: the handler's answer. */
  readonly output?: O;
}

function withRole(role: Role) {
  return <I extends z.ZodType>(input: I) => ({
    returns: <O>(): MethodSpec<I, O> => ({ role, input }),
  });
}

/** Anyone at the window, signed in or not (the sign-in screen itself). */
export const open = withRole('none');
/** Anyone signed in. */
export const cashier = withRole('cashier');
/** A signed-in manager. */
export const manager = withRole('manager');

export type InputOf<S> = S extends MethodSpec<infer I, unknown> ? z.input<I> : never;
export type ParsedInputOf<S> = S extends MethodSpec<infer I, unknown> ? z.output<I> : never;
export type OutputOf<S> = S extends MethodSpec<z.ZodType, infer O> ? O : never;
