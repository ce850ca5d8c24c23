import { EmptyResultSchema } from '@drawhouse/contract';
import { isValidEmail, VALIDATION_MESSAGES } from '@drawhouse/domain';
import { Form, Link, redirect, useActionData, useNavigation } from 'react-router';
import { EmailField, FormAlert, NewPasswordField, SubmitButton } from '../components/form';
import { StandalonePage } from '../components/standalone-page';
import { useFormResult } from '../components/use-form-result';
import { checkEmailCookie } from '../features/account/check-email.server';
import { ApiError, api } from '../lib/api.server';
import { flash } from '../lib/customer.server';
import { formFailure } from '../lib/form-errors.server';
import { type FormResult, failed, formSecret, formText, hasErrors, newPasswordErrors } from '../lib/forms';
import { privateHeaders } from '../lib/headers';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { callerOf, visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/forgot-password';

export const handle: ScreenHandle = { screenName: 'forgot-password' };
export const headers = privateHeaders;

/**
 * /forgot-password asks for a reset link by email; the link in the mail comes back here as
 * /forgot-password?token=... and shows the new password form (one route for both, as the API's
 * mail links it).
 */
export const meta: Route.MetaFunction = ({ location, matches }) =>
  pageMeta(
    matches,
    new URLSearchParams(location.search).has('token') ? 'Choose a new password' : 'Forgot your password?',
  );

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token');
  return { token: token && token.length <= 400 ? token : null };
}

export async function action({ request, context }: Route.ActionArgs): Promise<FormResult | Response> {
  const visitor = visitorOf(context);
  const form = await request.formData();
  const token = formText(form, 'token');
  if (token) {
    const newPassword = formSecret(form, 'newPassword');
    const errors = newPasswordErrors(form);
    if (hasErrors(errors)) return failed(errors);
    try {
      await api.request(EmptyResultSchema, 'main', '/password/reset', {
        method: 'POST',
        body: { token, newPassword },
        caller: callerOf(visitor),
      });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'invalid_token') {
        return failed({
          general:
            'This reset link is no longer valid: it has expired or was used already. Please ask for a new one.',
        });
      }
      return formFailure(error);
    }
    flash(visitor, { level: 'success', message: 'Your password has been changed. Please log in.' });
    return redirect('/login');
  }
  const email = formText(form, 'email');
  if (!email) return failed({ email: VALIDATION_MESSAGES.required });
  if (!isValidEmail(email)) return failed({ email: VALIDATION_MESSAGES.email });
  try {
    await api.request(EmptyResultSchema, 'main', '/password/forgot', {
      method: 'POST',
      body: { email },
      caller: callerOf(visitor),
    });
  } catch (error) {
    return formFailure(error);
  }
  visitor.responseCookies.push(checkEmailCookie({ email, sentAt: Date.now() }, visitor.secure));
  return redirect('/check-email');
}

export default function ForgotPassword({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>() as FormResult | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toLowerCase() === 'post';
  const { formRef, errors } = useFormResult(result, busy);
  if (loaderData.token) {
    return (
      <StandalonePage title="Choose a new password">
        <Form
          method="post"
          ref={formRef}
          noValidate
          data-testid="reset-password-form"
          aria-labelledby="page-heading"
        >
          <input type="hidden" name="token" value={loaderData.token} />
          <FormAlert error={errors.general} />
          <NewPasswordField errors={errors} />
          <SubmitButton busy={busy} label="Save my new password" busyLabel="Saving..." />
        </Form>
        <p className="mt-6">
          <Link to="/forgot-password" className="link">
            Ask for a new link
          </Link>
        </p>
      </StandalonePage>
    );
  }
  return (
    <StandalonePage title="Forgot your password?">
      <p className="mt-2">Enter your email and we will send you a link to choose a new password.</p>
      <Form
        method="post"
        ref={formRef}
        noValidate
        data-testid="forgot-password-form"
        aria-labelledby="page-heading"
      >
        <FormAlert error={errors.general} />
        <EmailField error={errors.email} />
        <SubmitButton busy={busy} label="Send me a link" busyLabel="Sending..." />
      </Form>
      <p className="mt-6">
        <Link to="/login" className="link">
          Back to log in
        </Link>
      </p>
    </StandalonePage>
  );
}
