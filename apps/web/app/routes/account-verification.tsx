import { EmptyResultSchema } from '@drawhouse/contract';
import { Link, redirect } from 'react-router';
import { StandalonePage } from '../components/standalone-page';
import { ApiError, api } from '../lib/api.server';
import { customerRequest, flash, forgetCustomer } from '../lib/customer.server';
import { privateHeaders } from '../lib/headers';
import { pageMeta } from '../lib/meta';
import { backToReferer } from '../lib/redirect-to';
import type { ScreenHandle } from '../lib/route-records';
import { callerOf, visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/account-verification';

export const handle: ScreenHandle = { screenName: 'account-verification' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Confirm your email');

/**
 * The landing page of the welcome mail's link: PATCH /v2/customer/confirm-email-address with the
 * token (no sign-in needed). Confirming twice is harmless, so the link works when opened.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const token = new URL(request.url).searchParams.get('token');
  if (!token || token.length > 400) return { status: 'missing' as const };
  try {
    await api.request(EmptyResultSchema, 'main', '/customer/confirm-email-address', {
      method: 'PATCH',
      body: { token },
      caller: { ...callerOf(visitor), customerToken: undefined },
    });
    forgetCustomer(visitor);
    return { status: 'confirmed' as const };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500 && error.status !== 408 && error.status !== 429) {
      return { status: 'invalid' as const };
    }
    throw error;
  }
}

/**
 * The confirmation banner's Confirm for an email: signed in, PATCH /v2/customer/confirm-email-address
 * without a token sends a fresh link (only the mail proves the address); back to the page it came from.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const visitor = visitorOf(context);
  if (!visitor.signedIn) return redirect('/login');
  let level: 'success' | 'error' = 'success';
  let message = 'To confirm your email address, open the link we have just sent you.';
  try {
    await customerRequest(EmptyResultSchema, visitor, '/customer/confirm-email-address', {
      method: 'PATCH',
      body: {},
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    level = 'error';
    message = error.message || 'Something went wrong';
  }
  flash(visitor, { level, message });
  return redirect(backToReferer(request, '/my-account'));
}

export default function AccountVerification({ loaderData }: Route.ComponentProps) {
  const { status } = loaderData;
  if (status === 'confirmed') {
    return (
      <StandalonePage title="Thank you" testId="email-confirmed">
        <p className="mt-4" role="status">
          Your email address is confirmed.
        </p>
        <p className="mt-6">
          <Link to="/my-account" className="button-primary">
            Go to my account
          </Link>
        </p>
      </StandalonePage>
    );
  }
  return (
    <StandalonePage title="Confirm your email" testId="email-not-confirmed">
      <p className="mt-4" role="alert">
        {status === 'missing'
          ? 'This page needs the link from the email we sent you.'
          : 'This link is no longer valid: it has expired or was used already.'}
      </p>
      <p className="mt-6">
        <Link to="/my-account" className="link">
          Go to my account
        </Link>
      </p>
    </StandalonePage>
  );
}
