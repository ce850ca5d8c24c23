import { refreshSession } from '../../lib/customer.server';
import { tokenExpiresAt } from '../../lib/session.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/keepalive';

const REFRESH_MARGIN_SECONDS = 120;

/**
 * The session timer's "session refresh" (an active customer's session is kept):
 * slides the cookie's expiry (the middleware does) and swaps an access token about to expire.
 */
export async function action({ context }: Route.ActionArgs) {
  const visitor = visitorOf(context);
  const session = visitor.session;
  if (session) {
    const expiresAt = tokenExpiresAt(session.accessToken);
    if (expiresAt !== undefined && expiresAt - REFRESH_MARGIN_SECONDS < Date.now() / 1000) {
      await refreshSession(visitor);
    }
  }
  return { signedIn: visitor.signedIn };
}

export function loader() {
  return new Response('Not found', { status: 404 });
}
