/**
 * Every event a use case writes to the outbox, with what it carries. Payloads hold identifiers and
 * the few facts a follow-up needs; a subscriber reads anything else it needs from the committed rows.
 */
export type OutboxEvents = {
  /** A purchase committed (from the balance, or completed after its deposit). */
  'checkout.completed': { customerId: string; checkoutId: string };
  /**
   * One mail to send, already written (a notice subscriber or a use case renders it). Its payload is
   * cleared once it is sent: a sign-in code or reset link does not stay in the database.
   */
  'mail.requested': { to: string; subject: string; text: string; html: string };
  /** A pre-order was charged when its draw opened: its order is in the checkout `checkoutId`. */
  'preorder.charged': { customerId: string; scheduledPurchaseId: string; checkoutId: string };
  /** A pre-order's charge was refused for a reason it had not been refused for just before. */
  'preorder.failed': {
    customerId: string;
    scheduledPurchaseId: string;
    status: 'soft_failure' | 'hard_failure';
    reason: string;
  };
  /** A customer joined (the welcome mail, with its confirm link, follows). */
  'customer.signed_up': { customerId: string; email: string };
  /** A customer changed the email: the new address gets a confirm link, the previous one a notice. */
  'customer.email_changed': { customerId: string; previousEmail: string; email: string };
  /** A session started on a device the customer had not signed in from. */
  'customer.new_device_signed_in': { customerId: string; at: string };
  /** The password changed: by the customer, by a reset link, or as an operator required. */
  'customer.password_changed': { customerId: string; how: 'changed' | 'reset' | 'forced' };
  /** The second factor was turned on (with its method), over to another method, or off (null). */
  'customer.two_factor_changed': { customerId: string; method: 'authenticator' | 'email' | null };
  /** The phone or the postal address changed. */
  'customer.contact_changed': { customerId: string; changed: ('phone' | 'address')[] };
  /** An Apple or Google account was linked to the account, or unlinked. */
  'customer.sign_in_provider_changed': {
    customerId: string;
    provider: 'apple' | 'google';
    change: 'linked' | 'unlinked';
  };
  'customer.account_closed': { customerId: string };
  /** A take a break or self-exclusion began; `endsAt` ISO instant, null for a permanent one. */
  'customer.break_started': {
    customerId: string;
    kind: 'take_a_break' | 'self_exclusion';
    endsAt: string | null;
  };
  /** A customer started (or retried) moving their older account in: the `attempt`th try. */
  'customer.migration_requested': { customerId: string; legacyAccountId: string; attempt: number };
  /**
   * Someone asked for a reset link for an email (known or not: the answer and the work of the request
   * are the same). Its payload is cleared once handled.
   */
  'customer.password_reset_requested': { email: string };
  /** A throttled sign-in whose password was right: an email code goes out unless it uses an authenticator. */
  'customer.sign_in_code_requested': { customerId: string };
  /** The customer's identity was verified by a check (`attemptId`): deposits uncapped, withdrawals open. */
  'customer.verified': { customerId: string; attemptId: string };
  /** A check whose sources answered later did not verify the customer (reason: under_age, partial_match, no_match). */
  'customer.verification_failed': {
    customerId: string;
    attemptId: string;
    reason: 'under_age' | 'partial_match' | 'no_match' | 'document_mismatch' | 'document_not_found';
    /** The title of the method to try next, as the customer is told it (absent: ask our support team). */
    nextMethodTitle?: string;
  };
  /** An unverified customer's deadline (ISO instant) is `days` away: the verification-reminder tells them. */
  'verification.reminder': { customerId: string; days: 3 | 1; deadline: string };
  /** A check of the customer's identity answers later: the identity-check subscriber asks for its answer. */
  'verification.started': { customerId: string; attemptId: string };
  /** An operator rejected documents sent for review, saying why (`reason`, told to the customer). */
  'verification.documents_rejected': {
    customerId: string;
    attemptId: string;
    method: 'photo_id_upload' | 'pdf_form';
    reason: string;
  };
  /** A bank account or PayID was saved as a payout destination. */
  'wallet.payout_destination_added': { customerId: string; fundId: string };
  /** `approvedByRule`: approved at once by the auto-approval rule and being paid (told when paid or failed). */
  'withdrawal.requested': { customerId: string; withdrawalId: string; approvedByRule?: boolean };
  /**
   * Approved by the operator(s) and being paid; `paidAtOnce`: the payout follows at once (then
   * `withdrawal.paid` or `withdrawal.failed` tells).
   */
  'withdrawal.approved': { customerId: string; withdrawalId: string; paidAtOnce: boolean };
  'withdrawal.paid': { customerId: string; withdrawalId: string };
  'withdrawal.rejected': { customerId: string; withdrawalId: string };
  'withdrawal.cancelled': { customerId: string; withdrawalId: string };
  /** The payout adapter refused the payout: the money (less any card refunds) is back in the wallet. */
  'withdrawal.failed': { customerId: string; withdrawalId: string };
  /** A draw stopped taking entries (DRAW_CLOSED); its offer's next draw is now the one on sale. */
  'draw.closed': { drawId: string; offerKey: string; drawType: string };
  /** A draw's results (or a raffle's winning numbers) were published (DRAW_DRAWN). */
  'draw.published': { drawId: string; offerKey: string; drawNo: number };
  /** A draw was scored (DRAW_SCORED: its winning lines and payouts written), or priced again once
   * prizes it awaited were entered. */
  'draw.scored': { drawId: string; offerKey: string; drawNo: number };
  /** One batch of a draw's payouts paid: prizes credited (or won prizes that are not money). */
  'prize.credited': { drawId: string; ticketIds: string[] };
  /** Payouts held over the approval threshold: their winners are told it is being approved. */
  'prize.held': { drawId: string; ticketIds: string[] };
  /** An operator released a draw's held prizes (its tickets' and its lotto party sessions'). */
  'prize.released': { drawId: string; operator: string };
  /** A Daily Winners giveaway was drawn: its winning entries and winners are known. */
  'giveaway.drawn': { giveawayId: string; type: string; number: number; winners: number };
  /** Prizes of a drawn giveaway credited (cash to the wallet, credit to the promotional balance). */
  'giveaway.prize_credited': { giveawayId: string; prizeIndexes: number[] };
  /** A public syndicate's draw closed with enough shares sold: it goes ahead. */
  'syndicate.filled': { drawId: string; sharesSold: number; totalShares: number };
  /** A public syndicate's draw closed with too few shares sold: cancelled, every share refunded. */
  'syndicate.cancelled': { drawId: string; sharesSold: number; totalShares: number };
  /** A lotto party session closed with its lottery draw: its entry bought, the leftover refunded. */
  'lotto_party.session.closed': { sessionId: string; drawId: string };
  /** A lotto party session whose pot bought no game: cancelled, every share refunded. */
  'lotto_party.session.cancelled': { sessionId: string; drawId: string };
  /** A lotto party session's prize split among its members and credited (its draw scored). */
  'lotto_party.session.settled': { sessionId: string; drawId: string; prizeCents: number };
  /**
   * A recurring purchase's attempt for a draw or billing period came to an outcome: bought, refused
   * (`soft_failure`, `hard_failure`) or skipped. A soft failure tried again for the same reason writes
   * none, nor does a refusal the saved card chosen as the method is about to mend (its try after the
   * charge writes the outcome).
   */
  'recurring.attempted': {
    customerId: string;
    recurringPurchaseId: string;
    attemptId: string;
    periodKey: string;
    status: 'purchased' | 'soft_failure' | 'hard_failure' | 'skipped';
    reason: string | null;
    /** The same final refusal as the draw before (a closed account refused again): told then. */
    sameAsLastDraw: boolean;
  };
  /** A deposit was posted to the wallet: at once, after 3-D Secure or PayPal, or reconciled. */
  'deposit.completed': { customerId: string; depositId: string; amountCents: number };
  /** A deposit ended without taking money: declined, cancelled, or expired while it waited. */
  'deposit.failed': {
    customerId: string;
    depositId: string;
    amountCents: number;
    status: 'declined' | 'cancelled' | 'expired';
    code: string;
  };
};

export type EventType = keyof OutboxEvents;

/** An event as a subscriber receives it. */
export type OutboxEvent = {
  [K in EventType]: { id: number; type: K; aggregateId: string; payload: OutboxEvents[K]; createdAt: Date };
}[EventType];
