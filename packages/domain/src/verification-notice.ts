/**
 * What a customer is told once a check of their identity ends (at once, or later): a feed entry and a
 * mail in the same words.
 */
import { formatMoney } from './money.ts';
import { type VerificationFailure, verificationFailureMessage } from './verification-decision.ts';
import type { WinNotice } from './win-notice.ts';

export const VERIFIED_NOTICE_ICON = 'shield-check';

export function verifiedNotice(depositCapCents: number): WinNotice {
  return {
    title: 'Your account is verified',
    icon: VERIFIED_NOTICE_ICON,
    message: `Thanks for verifying your identity. The ${formatMoney(depositCapCents)} limit on your deposits is lifted and you can now withdraw your winnings.`,
    isAutoDismissed: false,
    actions: [{ id: 'add-funds', text: 'Add funds', link: '/my-account/deposit', deepLink: null }],
  };
}

export const VERIFY_ACCOUNT_PATH = '/my-account/verify-account';

/** A check that answered later and did not verify: why, and what to do (the next method, if any). */
export function notVerifiedNotice(reason: VerificationFailure, nextMethodTitle?: string): WinNotice {
  return {
    title: 'We could not verify your account',
    icon: 'shield-alert',
    message: verificationFailureMessage(reason, nextMethodTitle),
    isAutoDismissed: false,
    actions: [{ id: 'verify', text: 'Verify my account', link: VERIFY_ACCOUNT_PATH, deepLink: null }],
  };
}
