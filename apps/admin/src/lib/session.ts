/**
 * The signed-in operator. Loaders that run for one navigation share one GET /admin/session; an
 * answer of 401 anywhere sends the browser to the sign-in page.
 */
import { type OperatorRole, type OperatorSession, OperatorSessionSchema } from '@drawhouse/contract';
import { redirect, useRouteLoaderData } from 'react-router';
import { adminCall } from './api';

let inFlight: Promise<OperatorSession> | undefined;

/** The session, asked once however many loaders want it at the same moment. */
export function currentSession(signal?: AbortSignal): Promise<OperatorSession> {
  if (!inFlight) {
    inFlight = adminCall(OperatorSessionSchema, 'GET', '/session', { signal });
    const done = () => {
      inFlight = undefined;
    };
    inFlight.then(done, done);
  }
  return inFlight;
}

/** Where the sign-in page sends the operator back to after signing in. */
export function signInPath(from?: URL): string {
  if (!from || from.pathname === '/' || from.pathname === '/sign-in') return '/sign-in';
  return `/sign-in?next=${encodeURIComponent(from.pathname + from.search)}`;
}

/** A same-site path to go to after signing in, or `/`. */
export function safeNext(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/';
}

export function hasRole(session: OperatorSession, role: OperatorRole | 'any'): boolean {
  return role === 'any' || session.operator.roles.includes(role);
}

export function toSignIn(request: Request): Response {
  return redirect(signInPath(new URL(request.url)));
}

/** The session the signed-in layout's loader read (every page under the layout has one). */
export function useSession(): OperatorSession {
  const session = useRouteLoaderData('layout') as OperatorSession | undefined;
  if (!session) throw new Error('useSession outside the signed-in layout');
  return session;
}
