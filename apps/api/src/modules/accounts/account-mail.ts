/**
 * Mail that carries a secret (an email code, a confirm or reset link): the secret is made and its mail
 * requested in the same transaction, so the mail goes out only if the secret was saved, once it is
 * committed; the mail's request is cleared once it is sent. Each function runs in the caller's
 * transaction: a use case's, or an outbox subscriber's.
 */
import type { OneTimeTokenPurpose } from '@drawhouse/db';
import {
  confirmEmailMail,
  passwordResetMail,
  twoFactorCodeMail,
  welcomeMail,
} from '../notifications/index.ts';
import type { AccountsQueries, CustomerRow } from './accounts.repository.ts';
import { ACCOUNT_RULES } from './accounts.settings.ts';
import { randomCode, randomToken, sha256, type TokenKit } from './tokens.ts';

/** Stores a fresh one-time token (its hash) for the customer, valid `ttlMs` from now; returns the token. */
async function issueToken(
  db: AccountsQueries,
  purpose: OneTimeTokenPurpose,
  customerId: string,
  now: Date,
  ttlMs: number,
): Promise<string> {
  const token = randomToken();
  await db.insertOneTimeToken({
    purpose,
    customerId,
    tokenHash: sha256(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlMs),
  });
  return token;
}

/**
 * Mails a link that confirms the customer's email (in the welcome mail, or on its own for a new or
 * unconfirmed address); earlier links stop working.
 */
export async function mailConfirmLink(
  db: AccountsQueries,
  customer: CustomerRow,
  options: { now: Date; webBaseUrl: string; welcome: boolean },
): Promise<void> {
  await db.retireOneTimeTokens(customer.id, 'confirm_email', options.now);
  const token = await issueToken(
    db,
    'confirm_email',
    customer.id,
    options.now,
    ACCOUNT_RULES.confirmEmailTtlMs,
  );
  const confirmUrl = `${options.webBaseUrl}/account-verification?token=${encodeURIComponent(token)}`;
  const mail = options.welcome ? welcomeMail : confirmEmailMail;
  await db.requestMail(customer.id, customer.email, mail({ firstname: customer.firstname, confirmUrl }));
}

/**
 * Mails a fresh email code unless an unused one went out moments ago (no mail bombing); older codes
 * stop working.
 */
export async function mailEmailCode(
  db: AccountsQueries,
  tokens: TokenKit,
  customer: CustomerRow,
  now: Date,
): Promise<void> {
  const last = await db.lastLiveOneTimeTokenAt(customer.id, 'email_2fa', now);
  if (last && now.getTime() - last.getTime() < ACCOUNT_RULES.emailCodeResendMs) return;
  const code = randomCode();
  await db.retireOneTimeTokens(customer.id, 'email_2fa', now);
  await db.insertOneTimeToken({
    purpose: 'email_2fa',
    customerId: customer.id,
    tokenHash: tokens.codeHash(customer.id, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + ACCOUNT_RULES.emailCodeTtlMs),
  });
  await db.requestMail(
    customer.id,
    customer.email,
    twoFactorCodeMail({
      firstname: customer.firstname,
      code,
      expiresInMinutes: ACCOUNT_RULES.emailCodeTtlMs / 60_000,
    }),
  );
}

/** Mails a reset link to an open account with this email, at most three an hour; nothing otherwise. */
export async function mailResetLink(
  db: AccountsQueries,
  email: string,
  options: { now: Date; webBaseUrl: string },
): Promise<void> {
  const customer = await db.customerByEmail(email);
  if (customer?.status !== 'active') return;
  const { now } = options;
  const key = `reset:${customer.id}`;
  if (await db.throttleBlockedUntil(key, now)) return;
  await db.recordThrottleFailure(key, now, ACCOUNT_RULES.resetMails);
  const token = await issueToken(db, 'password_reset', customer.id, now, ACCOUNT_RULES.passwordResetTtlMs);
  await db.requestMail(
    customer.id,
    customer.email,
    passwordResetMail({
      firstname: customer.firstname,
      resetUrl: `${options.webBaseUrl}/forgot-password?token=${encodeURIComponent(token)}`,
      expiresInMinutes: ACCOUNT_RULES.passwordResetTtlMs / 60_000,
    }),
  );
}
