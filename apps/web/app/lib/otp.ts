/** One-time code boxes; the rules are the domain's. */
import { isCompleteOtp, OTP_LENGTH, OTP_MESSAGES, otpFromPaste } from '@drawhouse/domain';

export { isCompleteOtp, OTP_LENGTH, OTP_MESSAGES };

/**
 * Pasted (or autofilled) text as code digits: trimmed and cut to 6 (the domain's rule), after
 * grouping spaces and hyphens inside are removed ("123 456", "123-456"); anything that is not a
 * digit is dropped.
 */
export function sanitiseOtpPaste(text: string): string {
  return otpFromPaste(text.trim().replace(/[\s\-–]/g, '')).replace(/\D/g, '');
}

/**
 * Text typed or pasted into box `index`: one character fills that box; a longer text (a paste or
 * an autofill) fills the boxes from the first when it is a whole code, else from `index`. Returns
 * the new digits and the box to focus next.
 */
export function applyOtpText(
  digits: readonly string[],
  index: number,
  text: string,
): { digits: string[]; focus: number } {
  const next = Array.from({ length: OTP_LENGTH }, (_, i) => digits[i] ?? '');
  const clean = sanitiseOtpPaste(text);
  if (clean === '') return { digits: next, focus: index };
  const start = clean.length === OTP_LENGTH ? 0 : index;
  let position = start;
  for (const digit of clean) {
    if (position >= OTP_LENGTH) break;
    next[position] = digit;
    position += 1;
  }
  return { digits: next, focus: Math.min(position, OTP_LENGTH - 1) };
}

/** Backspace in box `index`: clears it, or when it is empty already clears and focuses the one before. */
export function applyOtpBackspace(
  digits: readonly string[],
  index: number,
): { digits: string[]; focus: number } {
  const next = Array.from({ length: OTP_LENGTH }, (_, i) => digits[i] ?? '');
  if (next[index]) {
    next[index] = '';
    return { digits: next, focus: index };
  }
  const previous = Math.max(0, index - 1);
  next[previous] = '';
  return { digits: next, focus: previous };
}

/** The code a form sent: the `otp` field, or its six boxes (`otp_0`..`otp_5`) before scripts ran. */
export function otpFromForm(form: FormData, name = 'otp'): string {
  const whole = form.get(name);
  if (typeof whole === 'string' && whole.trim() !== '') return sanitiseOtpPaste(whole);
  let code = '';
  for (let i = 0; i < OTP_LENGTH; i += 1) {
    const digit = form.get(`${name}_${i}`);
    code += typeof digit === 'string' ? digit.trim().slice(0, 1) : '';
  }
  return sanitiseOtpPaste(code);
}

/**
 * The code step of a sign-in whose account is throttled after too many wrong passwords: the right
 * password and a code still sign in (the API mails one when the password is right and no
 * authenticator is set up).
 */
export const THROTTLED_METHOD = 'throttled';

/** What a sign-in's code step asks for: the code we emailed (and where to), or the app's code. */
export function codeInstructions(challenge: { method?: string; identifier?: string }): string {
  if (challenge.method === THROTTLED_METHOD) {
    return 'There have been too many failed sign-in attempts on this account. If your password is right, we have emailed you a 6 digit code: enter it (or the code from your authenticator app) to continue.';
  }
  return challenge.method === 'email'
    ? `We emailed a 6 digit code${challenge.identifier ? ` to ${challenge.identifier}` : ''}. Enter it to continue.`
    : 'Enter the 6 digit code from your authenticator app to continue.';
}
