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
  'customer.account_closed': { customerId: string };
  /**
   * Someone asked for a reset link for an email (known or not: the answer and the work of the request
   * are the same). Its payload is cleared once handled.
   */
  'customer.password_reset_requested': { email: string };
  /** A throttled sign-in whose password was right: an email code goes out unless it uses an authenticator. */
  'customer.sign_in_code_requested': { customerId: string };
  /** A bank account or PayID was saved as a payout destination. */
  'wallet.payout_destination_added': { customerId: string; fundId: string };
  'withdrawal.requested': { customerId: string; withdrawalId: string };
  /** Approved by the operator(s); `paidAtOnce` when the approval also paid it (then `withdrawal.paid` tells). */
  'withdrawal.approved': { customerId: string; withdrawalId: string; paidAtOnce: boolean };
  'withdrawal.paid': { customerId: string; withdrawalId: string };
  'withdrawal.rejected': { customerId: string; withdrawalId: string };
  'withdrawal.cancelled': { customerId: string; withdrawalId: string };
};

export type EventType = keyof OutboxEvents;

/** An event as a subscriber receives it. */
export type OutboxEvent = {
  [K in EventType]: { id: number; type: K; aggregateId: string; payload: OutboxEvents[K]; createdAt: Date };
}[EventType];
