/**
 * Which routes need a signed-in customer, told by the hook that checks it: a module's sign-in hook is
 * marked here, and the OpenAPI document reads the mark off each route's `preValidation`. A route that
 * checks sign-in some other way would not be documented as needing it (the OpenAPI walk test calls
 * every route without a token to catch that).
 */
import type { RouteOptions } from 'fastify';

export type SignIn = 'required' | 'optional';

const SIGN_IN = Symbol('signIn');

type Marked = { [SIGN_IN]?: SignIn };

/** Marks a preValidation hook as the sign-in check of the routes that use it. */
export function signInHook<T extends object>(hook: T, signIn: SignIn): T {
  (hook as Marked)[SIGN_IN] = signIn;
  return hook;
}

/** Whether a route needs a bearer token, may take one, or does not read one. */
export function routeSignIn(route: Pick<RouteOptions, 'preValidation'>): SignIn | undefined {
  const hooks = [route.preValidation].flat();
  for (const hook of hooks) {
    const mark = hook ? (hook as Marked)[SIGN_IN] : undefined;
    if (mark) return mark;
  }
  return undefined;
}
