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
};

export type EventType = keyof OutboxEvents;

/** An event as a subscriber receives it. */
export type OutboxEvent = {
  [K in EventType]: { id: number; type: K; aggregateId: string; payload: OutboxEvents[K]; createdAt: Date };
}[EventType];
