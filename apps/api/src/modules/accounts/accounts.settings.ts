/** Durations and limits of accounts, sessions and second factors, in one place. */
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const ACCOUNT_RULES = {
  /** A session ends this long after sign-in whatever the refreshes. */
  sessionAbsoluteMs: 90 * DAY,
  /** A refresh token not used for this long expires (sliding). */
  refreshSlidingMs: 30 * DAY,
  /** A step-up counts for this long. */
  elevationMs: 5 * MINUTE,
  twoFactorMaxFailures: 5,
  twoFactorLockMs: 15 * MINUTE,
  emailCodeTtlMs: 10 * MINUTE,
  /** A sign-in waiting for its code (the challenge id of a 2fa_required answer) lives this long. */
  signInChallengeTtlMs: 10 * MINUTE,
  /** A new email code is not sent while the last one is younger than this (no mail bombing). */
  emailCodeResendMs: 30_000,
  passwordResetTtlMs: 60 * MINUTE,
  confirmEmailTtlMs: 7 * DAY,
  confirmAddressTtlMs: 30 * DAY,
  transferTtlMs: 60_000,
  /** An unsubscribe link works this long. */
  unsubscribeLinkTtlMs: 90 * DAY,
  /** A device that passed the second factor skips it for this many days. */
  rememberForDays: 30,
  /** Failed sign-ins per account: then 429 for that account for `blockMs`, except from its known devices. */
  loginFailures: { max: 10, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
  /** Reset mails per account. */
  resetMails: { max: 3, windowMs: 60 * MINUTE, blockMs: 60 * MINUTE },
} as const;

/** The topic of an unsubscribe link that names no offer (the storefront sends it in the path). */
export const UNSUBSCRIBE_TOPIC = 'marketing';

/** Per-client-address limits (@fastify/rate-limit per route). */
export const RATE_LIMITS = {
  login: { max: 30, timeWindow: 5 * MINUTE },
  /** The email check tells who has an account: throttled as a sign-in is. */
  checkEmail: { max: 30, timeWindow: 5 * MINUTE },
  signup: { max: 10, timeWindow: 60 * MINUTE },
  forgotPassword: { max: 5, timeWindow: 15 * MINUTE },
  resetPassword: { max: 10, timeWindow: 15 * MINUTE },
  codes: { max: 10, timeWindow: MINUTE },
  autologin: { max: 10, timeWindow: MINUTE },
  refresh: { max: 60, timeWindow: MINUTE },
  confirm: { max: 20, timeWindow: 15 * MINUTE },
} as const;
