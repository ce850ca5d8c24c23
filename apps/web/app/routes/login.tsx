import { type LoginResult, LoginResultSchema } from '@drawhouse/contract';
import { isValidEmail, VALIDATION_MESSAGES } from '@drawhouse/domain';
import { useRef } from 'react';
import {
  Form,
  Link,
  redirect,
  useActionData,
  useNavigation,
  useRouteLoaderData,
  useSearchParams,
} from 'react-router';
import {
  CurrentPasswordField,
  EmailField,
  FormAlert,
  SubmitButton,
  TextField,
  useFocusFirstError,
} from '../components/form';
import { OtpInput } from '../components/otp-input';
import { JoinDetailsFields } from '../features/account/join-details-fields';
import { SOCIAL_LABEL, socialProviderOf } from '../features/account/social-answer';
import {
  linkPendingAfterSignIn,
  socialFailureMessage,
  socialPending,
  socialProvidersOn,
  startSocialSignIn,
} from '../features/account/social-sign-in.server';
import { SocialSignInButtons } from '../features/account/social-sign-in-buttons';
import { type CheckoutStep, CheckoutSteps } from '../features/checkout/checkout-steps';
import { joinErrors, signupDetailsBody, signupDetailsFrom } from '../lib/account-validation';
import { api } from '../lib/api.server';
import { flash } from '../lib/customer.server';
import { formFailure } from '../lib/form-errors.server';
import { type FormResult, failed, formSecret, formText, hasErrors, requireFields } from '../lib/forms';
import { once, sameRequestKey } from '../lib/in-flight.server';
import { pageMeta } from '../lib/meta';
import { codeInstructions, isCompleteOtp, OTP_MESSAGES, otpFromForm, THROTTLED_METHOD } from '../lib/otp';
import { safeRedirectTo } from '../lib/redirect-to';
import type { ScreenHandle } from '../lib/route-records';
import type { RootData } from '../lib/shell';
import {
  afterSignInPath,
  challengeOf,
  completeSignIn,
  dropPendingSignIn,
  holdPendingSignIn,
  isLoginThrottled,
  isTwoFactorRequired,
  pendingSignIn,
  THROTTLED_CODE_REFUSED,
  type TwoFactorStep,
  twoFactorFailure,
} from '../lib/sign-in.server';
import {
  challengeIdOf,
  isChallengeRefused,
  SIGN_IN_EXPIRED,
  sendSignInCode,
} from '../lib/sign-in-code.server';
import { loadSite, type Site, siteHas } from '../lib/site.server';
import { callerOf, type Visitor, visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/login';

export const handle: ScreenHandle = { screenName: 'login' };

export const SIGNUP_VERSION = '3.5';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Log in or join');

export async function loader({ context, request }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const redirectTo = safeRedirectTo(new URL(request.url).searchParams.get('redirectTo'));
  if (visitor.signedIn) throw redirect(redirectTo);
  const site = await loadSite(visitor);
  // A sign-in with Apple or Google that asked for the second factor: the code step.
  const pending =
    new URL(request.url).searchParams.get('step') === 'code' ? pendingSignIn(visitor) : undefined;
  const link = socialPending(visitor, 'link');
  return {
    registration: siteHas(site, 'registration'),
    social: socialProvidersOn(site),
    otp:
      pending?.kind === 'login'
        ? ({ step: 'otp', method: pending.method, identifier: pending.identifier } satisfies TwoFactorStep)
        : undefined,
    // An Apple or Google account whose email has an account here: linked after the password sign-in.
    socialLink: link ? { provider: SOCIAL_LABEL[link.provider], email: link.profile.email } : undefined,
    minimumAge: site.config.minimumRegistrationAge ?? 18,
    // The same forms are checkout's first step at /checkout/login, with the checkout's steps shown.
    checkout: new URL(request.url).pathname.startsWith('/checkout/'),
  };
}

type LoginActionData = (FormResult & { form: 'signin' | 'join' }) | (TwoFactorStep & { form: 'otp' });

const LOGIN_ERROR_FIELDS = ['email', 'password'] as const;

async function signIn(visitor: Visitor, body: Record<string, unknown>): Promise<LoginResult> {
  const { result } = await api.request(LoginResultSchema, 'main', '/login', {
    method: 'POST',
    body,
    caller: callerOf(visitor),
  });
  return result;
}

export async function action({ request, context }: Route.ActionArgs): Promise<LoginActionData | Response> {
  const visitor = visitorOf(context);
  const form = await request.formData();
  const intent = formText(form, 'intent');
  const redirectTo = afterSignInPath(
    visitor,
    formText(form, 'redirectTo') || new URL(request.url).searchParams.get('redirectTo'),
  );
  if (intent === 'join') {
    const site = await loadSite(visitor);
    return join(visitor, form, redirectTo, site);
  }
  if (intent === 'otp' || intent === 'resend') return confirmCode(visitor, form, intent);
  if (intent === 'social') return startSocial(visitor, formText(form, 'provider'), redirectTo);

  const email = formText(form, 'email');
  const password = formSecret(form, 'password');
  const errors = requireFields({ email, password }, LOGIN_ERROR_FIELDS);
  if (!errors.email && !isValidEmail(email)) errors.email = VALIDATION_MESSAGES.email;
  if (hasErrors(errors)) return { form: 'signin', ...failed(errors) };
  try {
    const result = await once(sameRequestKey('login', visitor.deviceId, email, password), () =>
      signIn(visitor, { email, password, fingerprint: visitor.fingerprint }),
    );
    return await passwordSignedIn(visitor, result, redirectTo);
  } catch (error) {
    if (isTwoFactorRequired(error) || isLoginThrottled(error)) {
      // The code step goes with the API's challenge id: the password is not kept for it.
      const challengeId = challengeIdOf(error);
      if (!challengeId) return expired();
      const challenge = isLoginThrottled(error) ? { method: THROTTLED_METHOD } : challengeOf(error);
      holdPendingSignIn(visitor, { kind: 'login', challengeId, redirect: redirectTo, ...challenge });
      return { form: 'otp', step: 'otp', ...challenge };
    }
    // A locked account shows the code step's locked alert, with the inputs disabled.
    const locked = twoFactorFailure(error, {});
    if (locked?.locked) return { form: 'otp', ...locked };
    return { form: 'signin', ...formFailure(error) };
  }
}

/**
 * A password sign-in done (its code too): the session, and the Apple or Google account this browser
 * was told has an account here linked to it.
 */
async function passwordSignedIn(visitor: Visitor, result: LoginResult, redirectTo: string) {
  const response = await completeSignIn(visitor, result, redirectTo);
  await linkPendingAfterSignIn(visitor);
  return response;
}

/** "Continue with Apple" or "Continue with Google": to the provider's sign-in page. */
async function startSocial(visitor: Visitor, value: string, redirectTo: string) {
  const provider = socialProviderOf(value);
  const site = await loadSite(visitor);
  if (!provider || !socialProvidersOn(site).includes(provider)) {
    return { form: 'signin', ok: false, errors: { general: 'Choose Apple or Google.' } } as const;
  }
  try {
    return await startSocialSignIn(visitor, provider, 'sign_in', redirectTo);
  } catch (error) {
    return { form: 'signin', ok: false, errors: { general: socialFailureMessage(error, provider) } } as const;
  }
}

/** The sign-in form again, saying the pending sign-in is over. */
function expired(): LoginActionData {
  return { form: 'signin', ok: false, errors: { general: SIGN_IN_EXPIRED } };
}

async function confirmCode(
  visitor: Visitor,
  form: FormData,
  intent: string,
): Promise<LoginActionData | Response> {
  const pending = pendingSignIn(visitor);
  if (pending?.kind !== 'login') return expired();
  const challenge = { method: pending.method, identifier: pending.identifier };
  const otp = otpFromForm(form);
  if (intent === 'otp' && !isCompleteOtp(otp))
    return { form: 'otp', step: 'otp', ...challenge, error: OTP_MESSAGES.required };
  try {
    const result = await once(
      sameRequestKey('login-otp', visitor.deviceId, pending.challengeId, otp, intent),
      () => sendSignInCode(visitor, pending.challengeId, intent === 'otp' ? otp : undefined),
    );
    return await passwordSignedIn(visitor, result, pending.redirect);
  } catch (error) {
    if (isChallengeRefused(error)) {
      dropPendingSignIn(visitor);
      return expired();
    }
    if (isTwoFactorRequired(error)) {
      // Asking again (resend) sends a new code by email.
      return {
        form: 'otp',
        step: 'otp',
        ...challenge,
        notice: intent === 'resend' ? 'We have sent you a new code.' : undefined,
      };
    }
    if (isLoginThrottled(error)) {
      // The same answer for a wrong code and a wrong password: say both, never which.
      return intent === 'resend'
        ? {
            form: 'otp',
            step: 'otp',
            ...challenge,
            notice: 'If your password is right, we have sent you a new code.',
          }
        : { form: 'otp', step: 'otp', ...challenge, error: THROTTLED_CODE_REFUSED };
    }
    const step = twoFactorFailure(error, challenge);
    if (step) {
      if (step.locked) dropPendingSignIn(visitor);
      return { form: 'otp', ...step };
    }
    const failure = formFailure(error);
    return {
      form: 'otp',
      step: 'otp',
      ...challenge,
      error: failure.errors?.general ?? OTP_MESSAGES.incorrect,
    };
  }
}

async function join(
  visitor: Visitor,
  form: FormData,
  redirectTo: string,
  site: Site,
): Promise<LoginActionData | Response> {
  const minimumAge = site.config.minimumRegistrationAge ?? 18;
  const values = {
    email: formText(form, 'email'),
    password: formSecret(form, 'password'),
    ...signupDetailsFrom(form),
  };
  const errors = joinErrors(values, minimumAge);
  if (hasErrors(errors)) return { form: 'join', ...failed(errors) };

  const body = {
    email: values.email,
    password: values.password,
    ...signupDetailsBody(values, form, visitor.link),
  };
  try {
    const result = await once(sameRequestKey('signup', visitor.deviceId, body), async () => {
      const envelope = await api.request(LoginResultSchema, 'main', '/signup', {
        method: 'POST',
        body,
        version: SIGNUP_VERSION,
        caller: callerOf(visitor),
      });
      return envelope.result;
    });
    // Sign-up marks the customer as new: they are welcomed on the next page.
    flash(visitor, {
      level: 'success',
      title: `Welcome to ${site.config.siteName}`,
      message: 'We have emailed you a link to confirm your email address.',
    });
    return await completeSignIn(visitor, result, redirectTo);
  } catch (error) {
    return { form: 'join', ...formFailure(error) };
  }
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const data = useActionData<typeof action>() as LoginActionData | undefined;
  const { registration, social, socialLink } = loaderData;
  // The code step: after a password, or after Apple or Google (the sign-in page opened at ?step=code).
  const otpStep = data ? (data.form === 'otp' ? data : undefined) : loaderData.otp;
  const step: CheckoutStep = otpStep
    ? '2fa'
    : data?.form === 'signin'
      ? 'login'
      : data?.form === 'join'
        ? 'register'
        : 'login_register';
  return (
    <div className="container-page py-8">
      {loaderData.checkout ? <CheckoutSteps step={step} /> : null}
      <h1 className="text-3xl font-extrabold">{otpStep ? 'Two-factor authentication' : 'Log in or join'}</h1>
      {otpStep ? (
        <TwoFactorForm step={otpStep} />
      ) : (
        <div className="mt-6 grid gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
          <div>
            {socialLink ? (
              <div role="status" className="mb-6 rounded-lg bg-surface p-4" data-testid="social-link-notice">
                <p className="font-semibold">
                  You already have an account with {socialLink.email ?? 'that email'}.
                </p>
                <p>Log in with your password to link your {socialLink.provider} account to it.</p>
              </div>
            ) : null}
            <SignInForm result={data?.form === 'signin' ? data : undefined} email={socialLink?.email} />
            {socialLink ? null : <SocialSignInButtons providers={social} title="Or log in with" />}
          </div>
          {registration ? (
            <div>
              <JoinForm
                result={data?.form === 'join' ? data : undefined}
                minimumAge={loaderData.minimumAge}
              />
              <SocialSignInButtons providers={social} title="Or join with" />
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}

function useBusy(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
}

function RedirectField() {
  // The protected page the visitor came from travels with the form (the server checks it again).
  const [search] = useSearchParams();
  const redirectTo = search.get('redirectTo') ?? '';
  return redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null;
}

function SignInForm({ result, email }: { result?: FormResult; email?: string | null }) {
  const formRef = useRef<HTMLFormElement>(null);
  const busy = useBusy('signin');
  useFocusFirstError(formRef, result?.errors);
  const errors = result?.errors ?? {};
  return (
    <section aria-labelledby="signin-heading">
      <h2 id="signin-heading" className="text-2xl font-bold">
        Log in
      </h2>
      <Form method="post" ref={formRef} noValidate data-testid="login-form" aria-labelledby="signin-heading">
        <RedirectField />
        <FormAlert error={errors.general} />
        <EmailField error={errors.email} defaultValue={email ?? undefined} />
        <CurrentPasswordField name="password" label="Password" error={errors.password} />
        <p className="mt-3">
          <Link to="/forgot-password" className="link">
            Forgot your password?
          </Link>
        </p>
        <SubmitButton busy={busy} label="Log in" busyLabel="Logging in..." name="intent" value="signin" />
      </Form>
    </section>
  );
}

function TwoFactorForm({ step }: { step: TwoFactorStep }) {
  const busy = useBusy('otp');
  const resending = useBusy('resend');
  const root = useRouteLoaderData<RootData>('root');
  const supportHref = '/about/contact-us';
  return (
    <section aria-labelledby="otp-heading" className="mt-6 max-w-md">
      <h2 id="otp-heading" className="sr-only">
        Enter your code
      </h2>
      <p>{codeInstructions(step)}</p>
      <Form method="post" noValidate data-testid="otp-form">
        <OtpInput autoFocus error={step.error} locked={step.locked} resetKey={step} />
        {step.notice ? (
          <p role="status" className="mt-2">
            {step.notice}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton
            busy={busy}
            disabled={step.locked}
            label="Continue"
            busyLabel="Checking..."
            name="intent"
            value="otp"
            testId="otp-continue"
          />
          {(step.method === 'email' || step.method === THROTTLED_METHOD) && !step.locked ? (
            <SubmitButton
              busy={resending}
              label="Send a new code"
              busyLabel="Sending..."
              name="intent"
              value="resend"
              variant="secondary"
            />
          ) : null}
        </div>
      </Form>
      <p className="mt-6">
        Having trouble?{' '}
        <Link to={supportHref} className="link" data-testid="support-link">
          Contact {root?.siteName ?? 'Drawhouse'} support
        </Link>
      </p>
      <p className="mt-2">
        <Link to="/login" reloadDocument className="link">
          Back to log in
        </Link>
      </p>
    </section>
  );
}

function JoinForm({ result, minimumAge }: { result?: FormResult; minimumAge: number }) {
  const formRef = useRef<HTMLFormElement>(null);
  const busy = useBusy('join');
  useFocusFirstError(formRef, result?.errors);
  const errors = result?.errors ?? {};
  return (
    <section aria-labelledby="join-heading">
      <h2 id="join-heading" className="text-2xl font-bold">
        New here? Join
      </h2>
      <p className="text-muted">You must be {minimumAge} or older to join.</p>
      <Form method="post" ref={formRef} noValidate data-testid="join-form" aria-labelledby="join-heading">
        <RedirectField />
        <FormAlert error={errors.general} />
        <EmailField error={errors.email} />
        <TextField
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          hint="At least 8 characters."
          error={errors.password}
        />
        <JoinDetailsFields errors={errors} minimumAge={minimumAge} busy={busy} />
      </Form>
    </section>
  );
}
