import { ConnectIdStartSchema } from '@drawhouse/contract';
import { Link, redirect } from 'react-router';
import { ConnectIdError, type ConnectIdStartFailure } from '../../features/verification/connect-id';
import { ApiError } from '../../lib/api.server';
import { customerRequest } from '../../lib/customer.server';
import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite, requireScreen } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/verify-account-connectid';

export const handle: ScreenHandle = { screenName: 'verify-account-connectid' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Verify with ConnectID');

export async function loader({ context }: Route.LoaderArgs) {
  requireScreen(await loadSite(visitorOf(context)), handle.screenName);
  return null;
}

/**
 * Starts a ConnectID sign-in (POST /v2/customer/verification/connectid) and sends the browser to the
 * provider; the page's CSP lets the form follow that redirect (form-action). A refusal is shown.
 */
export async function action({ context }: Route.ActionArgs): Promise<ConnectIdStartFailure | Response> {
  const visitor = visitorOf(context);
  requireScreen(await loadSite(visitor), handle.screenName);
  try {
    const answer = await customerRequest(ConnectIdStartSchema, visitor, '/customer/verification/connectid', {
      method: 'POST',
      body: {},
    });
    return redirect(answer.result.authorizationUrl);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { error: error.message };
  }
}

/** Without JavaScript the form lands here when ConnectID cannot start; opened directly, a way back. */
export default function VerifyAccountConnectId({ actionData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="connectid-start-heading" className="max-w-2xl">
      <h1 id="connectid-start-heading" className="text-3xl font-extrabold">
        Verify with ConnectID
      </h1>
      {actionData && 'error' in actionData ? <ConnectIdError message={actionData.error} /> : null}
      <p className="mt-4">
        <Link to="/my-account/verify-account" className="link">
          Back to Verify your account
        </Link>
      </p>
    </section>
  );
}
