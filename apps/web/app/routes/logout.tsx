import { Form, redirect } from 'react-router';
import { flash, signOut } from '../lib/customer.server';
import { pageMeta } from '../lib/meta';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/logout';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Log out');

/** Sign out: GET /v2/logout, the session cookie cleared, and home. */
export async function action({ context }: Route.ActionArgs) {
  const visitor = visitorOf(context);
  await signOut(visitor);
  return redirect('/');
}

/**
 * A link to /logout signs out when it was followed from this site (or typed); a link on another
 * site gets a button instead, so a page elsewhere cannot sign the customer out. The inactivity
 * timer comes here with ?reason=timeout and the customer goes to /login.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const fetchSite = request.headers.get('Sec-Fetch-Site');
  if (!visitor.signedIn) throw redirect('/');
  if (fetchSite === null || fetchSite === 'same-origin' || fetchSite === 'none') {
    const timedOut = new URL(request.url).searchParams.get('reason') === 'timeout';
    await signOut(visitor);
    if (timedOut) {
      flash(visitor, { level: 'info', message: 'You have been logged out after a period of inactivity.' });
      throw redirect('/login');
    }
    throw redirect('/');
  }
  return null;
}

export default function Logout() {
  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-extrabold">Log out</h1>
      <Form method="post" className="mt-6">
        <button type="submit" className="button-primary" data-testid="logout-confirm">
          Log out
        </button>
      </Form>
    </div>
  );
}
