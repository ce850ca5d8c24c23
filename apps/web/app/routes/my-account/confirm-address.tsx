import { EmptyResultSchema } from '@drawhouse/contract';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { StandalonePage } from '../../components/standalone-page';
import { ApiError, api } from '../../lib/api.server';
import { customerRequest, flash, forgetCustomer } from '../../lib/customer.server';
import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import { backToReferer } from '../../lib/redirect-to';
import type { ScreenHandle } from '../../lib/route-records';
import { callerOf, visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/confirm-address';

export const handle: ScreenHandle = { screenName: 'confirm-address' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Confirm your address');

/** Not protected: the mail's link carries a token; without one the signed-in customer confirms. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  return { hasToken: Boolean(params.token), signedIn: visitor.signedIn };
}

/** PATCH /v2/customer/confirm-address, with the link's token or as the signed-in customer. */
export async function action({ context, params, request }: Route.ActionArgs) {
  const visitor = visitorOf(context);
  const token = params.token && params.token.length <= 400 ? params.token : undefined;
  const fromBanner = new URL(request.url).pathname === '/my-account/confirm-address';
  try {
    if (visitor.signedIn) {
      await customerRequest(EmptyResultSchema, visitor, '/customer/confirm-address', {
        method: 'PATCH',
        body: token ? { token } : {},
      });
    } else if (token) {
      await api.request(EmptyResultSchema, 'main', '/customer/confirm-address', {
        method: 'PATCH',
        body: { token },
        caller: callerOf(visitor),
      });
    } else {
      return redirect(`/login?redirectTo=${encodeURIComponent('/my-account/confirm-address')}`);
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    flash(visitor, { level: 'error', message: error.message || 'Something went wrong' });
    return redirect(visitor.signedIn ? '/my-account' : '/');
  }
  forgetCustomer(visitor);
  flash(visitor, { level: 'success', message: 'Thank you: your address is confirmed.' });
  // From the banner: back to the page the customer was on.
  const home = visitor.signedIn ? '/my-account' : '/';
  return redirect(fromBanner ? backToReferer(request, home) : home);
}

export default function ConfirmAddress({ loaderData }: Route.ComponentProps) {
  const busy = useNavigation().state !== 'idle';
  return (
    <StandalonePage title="Confirm your address">
      <p className="mt-4">Please confirm that the address on your account is still correct.</p>
      {loaderData.hasToken || loaderData.signedIn ? (
        <Form method="post" className="mt-6 flex flex-wrap gap-3">
          <button type="submit" disabled={busy} className="button-primary disabled:opacity-60">
            {busy ? 'Confirming...' : 'Confirm my address'}
          </button>
          <Link to="/my-account/my-details" className="button-secondary">
            Update my address
          </Link>
        </Form>
      ) : (
        <p className="mt-6">
          <Link to="/login?redirectTo=%2Fmy-account%2Fconfirm-address" className="link">
            Log in to confirm your address
          </Link>
        </p>
      )}
    </StandalonePage>
  );
}
