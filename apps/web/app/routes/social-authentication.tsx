import { useRef } from 'react';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { FormAlert, TextField, useFocusFirstError } from '../components/form';
import { JoinDetailsFields } from '../features/account/join-details-fields';
import { SOCIAL_LABEL, socialAnswerOf, socialProviderOf } from '../features/account/social-answer';
import {
  dropSocialPending,
  holdPostedAnswer,
  joinWithProvider,
  landSocialAnswer,
  socialPending,
  socialProvidersOn,
  takePostedAnswer,
} from '../features/account/social-sign-in.server';
import { signupDetailsBody, signupDetailsFrom, socialJoinErrors } from '../lib/account-validation';
import { ApiError } from '../lib/api.server';
import { flash } from '../lib/customer.server';
import { formFailure } from '../lib/form-errors.server';
import { type FormResult, failed, formText, hasErrors } from '../lib/forms';
import { NO_STORE } from '../lib/headers';
import { pageMeta } from '../lib/meta';
import { isCrossSite } from '../lib/origin.server';
import type { ScreenHandle } from '../lib/route-records';
import { loadSite } from '../lib/site.server';
import { type Visitor, visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/social-authentication';

export const handle: ScreenHandle = { screenName: 'social-authentication' };
/** Its address carries the provider's one-time code: never stored, never sent on as a referrer. */
export const headers = (): HeadersInit => ({ ...NO_STORE, 'Referrer-Policy': 'no-referrer' });
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Join with Apple or Google');

/** The answer is used once: never post it again when something else on the page revalidates. */
export function shouldRevalidate() {
  return false;
}

async function offeredProvider(visitor: Visitor, value: string | undefined) {
  const provider = socialProviderOf(value);
  const site = await loadSite(visitor);
  if (!provider || !socialProvidersOn(site).includes(provider)) throw data(null, { status: 404 });
  return { provider, site };
}

/**
 * Where Apple or Google sends the visitor back. With an answer (Google's query, or Apple's posted
 * answer kept by the action below): it is posted to the API and its outcome followed. Without one:
 * the join form of an answer that found no account.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const { provider, site } = await offeredProvider(visitor, params.provider);
  const answer = socialAnswerOf(new URL(request.url).searchParams) ?? takePostedAnswer(visitor);
  if (answer) throw await landSocialAnswer(visitor, provider, answer);
  const pending = socialPending(visitor, 'join');
  if (!pending || pending.provider !== provider || visitor.signedIn) throw redirect('/login');
  const { profile } = pending;
  return {
    provider,
    email: profile.email ?? '',
    isPrivateEmail: profile.isPrivateEmail,
    names: { firstname: profile.firstname ?? '', lastname: profile.lastname ?? '' },
    minimumAge: site.config.minimumRegistrationAge ?? 18,
    siteName: site.config.siteName,
  };
}

/**
 * Two posts come here: Apple's answer (response_mode=form_post, from Apple's site, so without the
 * visitor's SameSite cookies: it is kept and read again by the redirect to this page), and the join form.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const visitor = visitorOf(context);
  const { provider, site } = await offeredProvider(visitor, params.provider);
  const form = await request.formData();
  if (formText(form, 'intent') !== 'join') {
    const answer = socialAnswerOf(form);
    if (!answer) throw redirect('/login');
    holdPostedAnswer(visitor, answer);
    throw redirect(`/social-authentication/${provider}`, 303);
  }
  // Only Apple's answer may come from another site (origin.server.ts lets it through).
  if (isCrossSite(request)) throw data(null, { status: 403 });
  const pending = socialPending(visitor, 'join');
  if (!pending || pending.provider !== provider) {
    flash(visitor, {
      level: 'error',
      message: `This join with ${SOCIAL_LABEL[provider]} has expired. Please start again.`,
    });
    throw redirect('/login');
  }
  const values = { email: pending.profile.email ?? '', ...signupDetailsFrom(form) };
  const errors = socialJoinErrors(values, site.config.minimumRegistrationAge ?? 18);
  if (hasErrors(errors)) return failed(errors);
  const fields = signupDetailsBody(values, form, visitor.link);
  try {
    return await joinWithProvider(visitor, pending, fields, `Welcome to ${site.config.siteName}`);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'social_pending_invalid') dropSocialPending(visitor);
    return formFailure(error) satisfies FormResult;
  }
}

export default function SocialJoin({ loaderData, actionData }: Route.ComponentProps) {
  const { provider, email, isPrivateEmail, names, minimumAge, siteName } = loaderData;
  const formRef = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'join';
  const errors = actionData?.errors ?? {};
  useFocusFirstError(formRef, actionData?.errors);
  const label = SOCIAL_LABEL[provider];
  return (
    <section aria-labelledby="social-join-heading" className="container-page max-w-2xl py-8">
      <h1 id="social-join-heading" className="text-3xl font-extrabold">
        Join {siteName} with {label}
      </h1>
      <p className="mt-2">
        No {siteName} account has this {label} account or its email yet. Tell us a few more details to join.
        You will sign in with {label}; you can set a password later with Forgot password.
      </p>
      <Form
        method="post"
        ref={formRef}
        noValidate
        data-testid="social-join-form"
        aria-labelledby="social-join-heading"
      >
        <FormAlert error={errors.general} />
        <TextField
          name="email"
          label="Email"
          type="email"
          value={email}
          readOnly
          hint={
            isPrivateEmail
              ? `${label} hides your own address: mail to this address reaches you through ${label}.`
              : `The email of your ${label} account.`
          }
          error={errors.email}
        />
        <JoinDetailsFields errors={errors} minimumAge={minimumAge} names={names} busy={busy} />
      </Form>
      <p className="mt-6">
        <Link to="/login" className="link">
          Back to log in
        </Link>
      </p>
    </section>
  );
}
