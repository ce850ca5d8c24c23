/** The email a reset link was sent to, for /check-email and its resend link (sealed, 30 minutes). */
import { serializeCookie } from '../../lib/cookies';
import { createSealer, type Sealer, sessionSecretFromEnv } from '../../lib/seal.server';

export const CHECK_EMAIL_COOKIE = 'dh_check_email';

export type CheckEmail = { email: string; sentAt: number };

let sealer: Sealer | undefined;
function sealerOf(): Sealer {
  sealer ??= createSealer(sessionSecretFromEnv(), 'check-email');
  return sealer;
}

export function checkEmailCookie(value: CheckEmail, secure: boolean): string {
  return serializeCookie(CHECK_EMAIL_COOKIE, sealerOf().seal(value), { maxAge: 30 * 60, secure });
}

export function readCheckEmail(value: string | undefined): CheckEmail | undefined {
  const read = sealerOf().unseal<Partial<CheckEmail>>(value);
  if (typeof read?.email !== 'string' || typeof read.sentAt !== 'number') return undefined;
  return { email: read.email, sentAt: read.sentAt };
}

/** "a****@example.com": enough to recognise, not the whole address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  return `${email[0]}${'*'.repeat(Math.max(1, Math.min(at - 1, 6)))}${email.slice(at)}`;
}
