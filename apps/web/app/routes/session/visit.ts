import { randomUUID } from 'node:crypto';
import { serializeCookie } from '../../lib/cookies';
import { SESSION_INACTIVITY_SECONDS, visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/visit';

/**
 * A new visit: the page calls it when the visitor comes back to it after 30 minutes or more without
 * activity (the tab stayed open, so no request let the old id lapse). Answers the new session id's
 * cookie, which replaces the one the middleware slid forward.
 */
export async function action({ context }: Route.ActionArgs) {
  const visitor = visitorOf(context);
  visitor.responseCookies.push(
    serializeCookie('session_id', randomUUID(), {
      maxAge: SESSION_INACTIVITY_SECONDS,
      secure: visitor.secure,
    }),
  );
  return { ok: true };
}

export function loader() {
  return new Response('Not found', { status: 404 });
}
