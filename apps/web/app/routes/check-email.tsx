import { EmptyResultSchema } from '@drawhouse/contract';
import { useEffect, useState } from 'react';
import { Form, Link, useActionData, useNavigation } from 'react-router';
import { FormAlert } from '../components/form';
import { StandalonePage } from '../components/standalone-page';
import {
  CHECK_EMAIL_COOKIE,
  checkEmailCookie,
  maskEmail,
  readCheckEmail,
} from '../features/account/check-email.server';
import { api } from '../lib/api.server';
import { formFailure } from '../lib/form-errors.server';
import { type FormResult, RESEND_AFTER_MS } from '../lib/forms';
import { privateHeaders } from '../lib/headers';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { callerOf, visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/check-email';

export const handle: ScreenHandle = { screenName: 'check-email' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Check your email');

/**
 * After asking for a reset link the page names the (masked) address and offers to send it again.
 * Opened without that (a bookmark, another browser, the 30 minutes are over) it still explains
 * where the link went and how to ask for a new one.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const sent = readCheckEmail(visitorOf(context).cookies[CHECK_EMAIL_COOKIE]);
  if (!sent) return { sent: null };
  return { sent: { email: maskEmail(sent.email), resendAt: sent.sentAt + RESEND_AFTER_MS } };
}

/** Resend: the same request again, no sooner than 60 s after the last. */
export async function action({ context }: Route.ActionArgs): Promise<FormResult> {
  const visitor = visitorOf(context);
  const sent = readCheckEmail(visitor.cookies[CHECK_EMAIL_COOKIE]);
  if (!sent) return { ok: false, errors: { general: 'Please ask for a new link.' } };
  if (Date.now() - sent.sentAt < RESEND_AFTER_MS) {
    return { ok: false, errors: { general: 'Please wait a minute before asking again.' } };
  }
  try {
    await api.request(EmptyResultSchema, 'main', '/password/forgot', {
      method: 'POST',
      body: { email: sent.email },
      caller: callerOf(visitor),
    });
  } catch (error) {
    return formFailure(error);
  }
  visitor.responseCookies.push(checkEmailCookie({ email: sent.email, sentAt: Date.now() }, visitor.secure));
  return { ok: true, message: 'We have sent the link again.' };
}

function useSecondsUntil(at: number): number {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  // Before the page runs its scripts the link counts as waiting (the server checks again anyway).
  if (now === null) return Math.ceil(RESEND_AFTER_MS / 1000);
  return Math.max(0, Math.ceil((at - now) / 1000));
}

export default function CheckEmail({ loaderData }: Route.ComponentProps) {
  return (
    <StandalonePage title="Check your email">
      {loaderData.sent ? (
        <SentTo email={loaderData.sent.email} resendAt={loaderData.sent.resendAt} />
      ) : (
        <>
          <p className="mt-4" data-testid="check-email-general">
            If you asked for a link to choose a new password, we have sent it to the email address of your
            account. The link works once, for a limited time.
          </p>
          <p className="mt-4">
            Did not get it? Check your spam folder, or{' '}
            <Link to="/forgot-password" className="link">
              ask for a new link
            </Link>
            .
          </p>
        </>
      )}
      <p className="mt-6">
        <Link to="/login" className="link">
          Back to log in
        </Link>
      </p>
    </StandalonePage>
  );
}

function SentTo({ email, resendAt }: { email: string; resendAt: number }) {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const wait = useSecondsUntil(resendAt);
  return (
    <>
      <p className="mt-4">
        If an account uses <strong>{email}</strong>, we have sent it a link to choose a new password. The link
        works once, for a limited time.
      </p>
      <FormAlert error={result?.errors?.general} success={result?.ok ? result.message : undefined} />
      <Form method="post" className="mt-6">
        <p>
          Did not get it? Check your spam folder, or{' '}
          <button
            type="submit"
            disabled={busy || wait > 0}
            aria-disabled={busy || wait > 0}
            className="link disabled:cursor-not-allowed disabled:no-underline disabled:opacity-60"
            data-testid="resend-link"
          >
            send the link again
          </button>
          {wait > 0 ? <span className="text-muted"> (in {wait} s)</span> : null}.
        </p>
      </Form>
    </>
  );
}
