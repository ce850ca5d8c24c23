import { VerifyResultSchema } from '@drawhouse/contract';
import { ConnectIdOutcome } from '../../features/verification/connect-id';
import { ApiError } from '../../lib/api.server';
import { customerRequest, forgetCustomer } from '../../lib/customer.server';
import { NO_STORE } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite, requireScreen } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/verify-account-connectid-callback';

export const handle: ScreenHandle = { screenName: 'verify-account-connectid-callback' };
/** Its address carries the provider's one-time code: never stored, never sent on as a referrer. */
export const headers = (): HeadersInit => ({ ...NO_STORE, 'Referrer-Policy': 'no-referrer' });
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Verify with ConnectID');

const NO_ANSWER =
  'This page takes the answer of a ConnectID sign-in, and there is none here. Start again from Verify your account.';

const param = (params: URLSearchParams, name: string, max: number) => {
  const value = params.get(name);
  return value === null ? undefined : value.slice(0, max);
};

/** The answer is used once: never post it again when something else on the page revalidates. */
export function shouldRevalidate() {
  return false;
}

/**
 * Where the provider sends the customer back: its answer (code, state, iss, or an error) posted to
 * POST /v2/customer/verification/connectid/callback, which checks it is this customer's, once.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireScreen(await loadSite(visitor), handle.screenName);
  const params = new URL(request.url).searchParams;
  const state = param(params, 'state', 200);
  if (!state) return { outcome: null, error: NO_ANSWER };
  const body = {
    state,
    code: param(params, 'code', 2000),
    iss: param(params, 'iss', 500),
    error: param(params, 'error', 200),
    errorDescription: param(params, 'error_description', 1000),
  };
  try {
    const answer = await customerRequest(
      VerifyResultSchema,
      visitor,
      '/customer/verification/connectid/callback',
      {
        method: 'POST',
        body,
      },
    );
    forgetCustomer(visitor);
    const { outcome, message } = answer.result;
    return { outcome: { outcome, message }, error: null };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { outcome: null, error: error.message };
  }
}

export default function VerifyAccountConnectIdCallback({ loaderData }: Route.ComponentProps) {
  return (
    <section
      aria-labelledby="connectid-callback-heading"
      className="max-w-2xl"
      data-testid="connectid-callback"
    >
      <h1 id="connectid-callback-heading" className="text-3xl font-extrabold">
        Verify with ConnectID
      </h1>
      <ConnectIdOutcome outcome={loaderData.outcome} error={loaderData.error} />
    </section>
  );
}
