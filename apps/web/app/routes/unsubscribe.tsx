import { CommunicationPreferencesResultSchema } from '@drawhouse/contract';
import { Form, Link, useActionData, useNavigation } from 'react-router';
import { FormAlert } from '../components/form';
import { StandalonePage } from '../components/standalone-page';
import { isUnsubscribeLinkUsable } from '../features/account/unsubscribe-link';
import { ApiError, api } from '../lib/api.server';
import { customerRequest } from '../lib/customer.server';
import type { FormResult } from '../lib/forms';
import { privateHeaders } from '../lib/headers';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { callerOf, visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/unsubscribe';

export const handle: ScreenHandle = { screenName: 'unsubscribe' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Unsubscribe');

const REASONS = [
  { value: 'too_many', label: 'You send too many emails' },
  { value: 'not_relevant', label: 'The emails are not relevant to me' },
  { value: 'never_signed_up', label: 'I never signed up for these' },
  { value: 'other', label: 'Another reason' },
];

const INVALID_LINK = 'This link is no longer valid. Log in to change your communication preferences.';

/** The unsubscribe link of a marketing mail: /unsubscribe/{customerId}/{productOfferKey?}?token=... */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const token = new URL(request.url).searchParams.get('token');
  const usable = isUnsubscribeLinkUsable(
    {
      customerId: params.customerId,
      token,
      signedInCustomerId: visitor.signedIn ? visitor.customerId : undefined,
    },
    new Date(),
  );
  return { topic: params.productOfferKey ?? null, usable };
}

export async function action({ params, request, context }: Route.ActionArgs): Promise<FormResult> {
  const visitor = visitorOf(context);
  const form = await request.formData();
  const token = new URL(request.url).searchParams.get('token') ?? undefined;
  const reasons = form
    .getAll('reason')
    .filter((r): r is string => typeof r === 'string')
    .slice(0, 10);
  const topic = params.productOfferKey ?? 'marketing';
  const path = `/customer/${encodeURIComponent(params.customerId)}/communication-preferences/${encodeURIComponent(topic)}`;
  const body = { preferences: { email: false }, unsubscribeReasons: reasons, token };
  try {
    if (visitor.signedIn && visitor.customerId === params.customerId) {
      await customerRequest(CommunicationPreferencesResultSchema, visitor, path, { method: 'PUT', body });
    } else {
      await api.request(CommunicationPreferencesResultSchema, 'main', path, {
        method: 'PUT',
        body,
        caller: { ...callerOf(visitor), customerToken: undefined },
      });
    }
    return {
      ok: true,
      message: 'You have been unsubscribed. It can take a couple of days for emails to stop.',
    };
  } catch (error) {
    if (error instanceof ApiError) {
      return {
        ok: false,
        errors: { general: INVALID_LINK },
      };
    }
    throw error;
  }
}

export default function Unsubscribe({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  if (result?.ok) {
    return (
      <StandalonePage title="Unsubscribed">
        <p className="mt-4" role="status">
          {result.message}
        </p>
        <p className="mt-6">
          <Link to="/communication-preferences" className="link">
            Manage all communication preferences
          </Link>
        </p>
      </StandalonePage>
    );
  }
  if (!loaderData.usable) {
    return (
      <StandalonePage title="Unsubscribe">
        <p className="mt-4 font-semibold" role="alert" data-testid="unsubscribe-invalid">
          {INVALID_LINK}
        </p>
        <p className="mt-6">
          <Link to="/communication-preferences" className="link">
            Log in to manage your communication preferences
          </Link>
        </p>
      </StandalonePage>
    );
  }
  return (
    <StandalonePage title="Unsubscribe">
      <p className="mt-4">
        {loaderData.topic
          ? 'Stop receiving marketing emails about this game?'
          : 'Stop receiving marketing emails from us?'}
      </p>
      <Form method="post" className="mt-4" data-testid="unsubscribe-form" aria-labelledby="page-heading">
        <FormAlert error={result?.errors?.general} />
        <fieldset className="mt-4">
          <legend className="font-semibold">Tell us why (optional)</legend>
          {REASONS.map((reason) => (
            <div key={reason.value} className="mt-2 flex items-center gap-2">
              <input
                id={`reason-${reason.value}`}
                type="checkbox"
                name="reason"
                value={reason.value}
                className="h-5 w-5"
              />
              <label htmlFor={`reason-${reason.value}`}>{reason.label}</label>
            </div>
          ))}
        </fieldset>
        <button type="submit" disabled={busy} className="button-primary mt-6 disabled:opacity-60">
          {busy ? 'Unsubscribing...' : 'Unsubscribe'}
        </button>
      </Form>
    </StandalonePage>
  );
}
