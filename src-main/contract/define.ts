import type { z } from 'zod';
import type { Permission } from './permissions.js';

/**
 * How a bridge method is declared: who may call it, the schema its input must pass (main
 * parses every call with it), and — as a type only — what it answers. The output type is
 * carried on the spec so the handler map (main) and the typed client (renderer) are both
 * derived from one declaration.
 *
 * `access`: 'none' — anyone at the window (the sign-in screen itself); 'signedIn' — anyone
 * signed in; a permission — someone signed in who holds it.
 */
export type Access = 'none' | 'signedIn' | Permission;

export interface MethodSpec<I extends z.ZodType = z.ZodType, O = unknown> {
  readonly access: Access;
  readonly input: I;
  /** Type only, never set at run time: the handler's answer. */
  readonly output?: O;
}

function withAccess(access: Access) {
  return <I extends z.ZodType>(input: I) => ({
    returns: <O>(): MethodSpec<I, O> => ({ access, input }),
  });
}

/** Anyone at the window, signed in or not. */
export const open = withAccess('none');
/** Anyone signed in. */
export const signedIn = withAccess('signedIn');
/** Someone signed in who holds `permission`. */
export const needs = (permission: Permission) => withAccess(permission);

export type InputOf<S> = S extends MethodSpec<infer I, unknown> ? z.input<I> : never;
export type ParsedInputOf<S> = S extends MethodSpec<infer I, unknown> ? z.output<I> : never;
export type OutputOf<S> = S extends MethodSpec<z.ZodType, infer O> ? O : never;
