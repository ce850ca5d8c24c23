/** What every accounts service shares, and the module's expected failures. */
import { OTP_MESSAGES } from '@drawhouse/domain';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../http/errors.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import type { TokenKit } from './tokens.ts';

export type AccountsContext = {
  repo: AccountsRepository;
  tokens: TokenKit;
  now: () => Date;
  minimumAge: number;
  /** The storefront, where links in mail point. */
  webBaseUrl: string;
  log: FastifyBaseLogger;
};

export const INVALID_CREDENTIALS_MESSAGE = 'The email or password is incorrect.';
export const EMAIL_TAKEN_MESSAGE =
  'An account with this email already exists. Sign in or reset your password.';

export const unauthorised = () => new AppError(401, 'unauthorised', 'Please sign in to continue.');
export const invalidCredentials = () => new AppError(401, 'invalid_credentials', INVALID_CREDENTIALS_MESSAGE);
export const invalidToken = () =>
  new AppError(
    400,
    'invalid_token',
    'Email link no longer valid: It looks like the email link you clicked is no longer valid. This is likely because it has expired or has already been used.',
  );
export const invalidRefreshToken = () =>
  new AppError(401, 'invalid_refresh_token', 'Your session has ended. Please sign in again.');
/** The right password of an account support has put on hold: who to ask, never a session. */
export const accountOnHold = () =>
  new AppError(
    403,
    'account_on_hold',
    'Your account is on hold. Please contact us to find out why and how to lift it: call 1300 000 000 or use the Contact us page.',
  );
/**
 * A throttled sign-in: the same answer for a wrong password, a missing or wrong code and a locked
 * second factor.
 */
export const loginThrottled = () =>
  new AppError(
    429,
    'login_throttled',
    'Too many failed sign-in attempts. If your password is right, we have emailed you a code (or use your authenticator app): enter it with your password to sign in now. Or try again in 15 minutes, or reset your password.',
  );
/**
 * The code step of a sign-in names a challenge that is unknown, used, expired, of another device or
 * of a customer whose password changed since: the sign-in starts again with the password.
 */
export const invalidChallenge = () =>
  new AppError(
    401,
    'invalid_challenge',
    'This sign-in is no longer valid: it has expired, was already used or began on another device. Please sign in again.',
  );
export const twoFactorIncorrect = (status = 401) =>
  new AppError(status, '2fa_incorrect', OTP_MESSAGES.incorrect);
export const twoFactorLocked = () => new AppError(423, '2fa_account_locked', OTP_MESSAGES.locked);
export const elevationRequired = () => new AppError(403, 'REQUIRED', OTP_MESSAGES.elevationTitle);
/** A customer path naming someone else: as if it did not exist. */
export const customerNotFound = () => new AppError(404, 'not_found', 'There is no such customer.');

/** "jane@example.com" shown as "j***@example.com". */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
