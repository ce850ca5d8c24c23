import type { EventType } from './outbox.events.ts';

/**
 * Who follows up each event, by subscriber name: the one place that says it. A delivery row per
 * subscriber is written with the event, so adding a subscriber here applies to events written after.
 * The handlers behind the names are put together in `jobs/subscribers.ts`; a relay refuses to start
 * if a name here has none.
 */
export const SUBSCRIPTIONS: { readonly [K in EventType]: readonly string[] } = {
  'checkout.completed': ['receipt-mail', 'membership-purchase'],
  'mail.requested': ['mail'],
  'preorder.charged': ['pre-order-notice'],
  'preorder.failed': ['pre-order-notice'],
  'customer.signed_up': ['welcome-mail'],
  'customer.email_changed': ['email-change-mail'],
  'customer.new_device_signed_in': ['account-security-mail'],
  'customer.password_changed': ['account-security-mail'],
  'customer.two_factor_changed': ['account-security-mail'],
  'customer.contact_changed': ['account-security-mail'],
  'customer.sign_in_provider_changed': ['account-security-mail'],
  'customer.account_closed': ['account-security-mail'],
  'customer.break_started': ['break-started'],
  'customer.migration_requested': ['account-migration'],
  'customer.password_reset_requested': ['password-reset-mail'],
  'customer.sign_in_code_requested': ['sign-in-code-mail'],
  'customer.verified': ['verification-notice'],
  'customer.verification_failed': ['verification-notice'],
  'verification.started': ['identity-check'],
  'verification.documents_rejected': ['verification-documents-notice'],
  'verification.reminder': ['verification-reminder'],
  'wallet.payout_destination_added': ['payout-destination-mail'],
  'withdrawal.requested': ['withdrawal-notices', 'withdrawal-payout'],
  'withdrawal.approved': ['withdrawal-notices', 'withdrawal-payout'],
  'withdrawal.paid': ['withdrawal-notices'],
  'withdrawal.rejected': ['withdrawal-notices'],
  'withdrawal.cancelled': ['withdrawal-notices'],
  'withdrawal.failed': ['withdrawal-notices'],
  'draw.closed': ['draw-riders-close', 'lotto-party-close', 'pre-orders-due', 'recurring-due'],
  'draw.published': [],
  'draw.scored': ['lotto-party-settle'],
  'prize.credited': ['win-notices'],
  'prize.held': ['win-held-notices'],
  'prize.released': ['lotto-party-release'],
  'giveaway.drawn': [],
  'giveaway.prize_credited': ['giveaway-win-notices'],
  'syndicate.filled': [],
  'syndicate.cancelled': ['syndicate-refund-notices'],
  'lotto_party.session.closed': [],
  'lotto_party.session.cancelled': [],
  'lotto_party.session.settled': ['draw-pays-settled'],
  'recurring.attempted': ['recurring-notice', 'membership-renewal'],
  'deposit.completed': ['deposit-notice', 'membership-deposit'],
  'deposit.failed': ['deposit-notice'],
};

export const subscribedNames = (): string[] => [...new Set(Object.values(SUBSCRIPTIONS).flat())];
