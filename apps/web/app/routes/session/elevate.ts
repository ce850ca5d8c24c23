import { CodeSentSchema, ElevateResultSchema } from '@drawhouse/contract';
import { AUTH_REFRESH_FAILED } from '@drawhouse/domain';
import { ApiError } from '../../lib/api.server';
import { customerRequest, requireCustomer } from '../../lib/customer.server';
import { isCompleteOtp, OTP_MESSAGES, otpFromForm } from '../../lib/otp';
import { tokenCustomerId } from '../../lib/session.server';
import { setSession, visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/elevate';

/**
 * The elevation modal's form: POST /v2/customer/elevate with the code; the elevated access token
 * replaces the session's (it must name the same customer). `send-email` asks for a code by email.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const visitor = visitorOf(context);
  requireCustomer(visitor);
  const form = await request.formData();
  if (form.get('intent') === 'send-email') {
    try {
      await customerRequest(CodeSentSchema, visitor, '/customer/elevate/email', { method: 'POST', body: {} });
      return { ok: true, sent: 'We have emailed you a new code.' };
    } catch (error) {
      if (error instanceof ApiError) return { ok: false, error: error.message };
      throw error;
    }
  }
  const otp = otpFromForm(form);
  if (!isCompleteOtp(otp)) return { ok: false, error: OTP_MESSAGES.required };
  try {
    const { result } = await customerRequest(ElevateResultSchema, visitor, '/customer/elevate', {
      method: 'POST',
      body: { otp },
    });
    const session = visitor.session;
    const accessToken = result?.accessToken;
    if (!session || typeof accessToken !== 'string' || tokenCustomerId(accessToken) !== session.customerId) {
      return { ok: false, error: OTP_MESSAGES.elevationFailed };
    }
    setSession(visitor, { ...session, accessToken });
    return { ok: true };
  } catch (error) {
    // The session's renewal, which carried the code, was refused: the customer is signed out, and
    // told here rather than sent away mid-dialog (trying again leads to the sign-in page).
    if (error instanceof Response && visitor.sessionWrite === 'clear') {
      return { ok: false, code: AUTH_REFRESH_FAILED.code, error: AUTH_REFRESH_FAILED.message };
    }
    if (!(error instanceof ApiError)) throw error;
    if (error.code === '2fa_account_locked' || error.status === 423) {
      return { ok: false, locked: true, error: OTP_MESSAGES.locked };
    }
    return { ok: false, error: OTP_MESSAGES.elevationFailed };
  }
}

export function loader() {
  return new Response('Not found', { status: 404 });
}
