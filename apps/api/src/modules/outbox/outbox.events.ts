/**
 * Every event a use case writes to the outbox, with what it carries. Payloads hold identifiers and
 * the few facts a follow-up needs; a subscriber reads anything else it needs from the committed rows.
 */
export type OutboxEvents = {
  /** A purchase committed (from the balance, or completed after its deposit). */
  'checkout.completed': { customerId: string; checkoutId: string };
};

export type EventType = keyof OutboxEvents;

/** An event as a subscriber receives it. */
export type OutboxEvent = {
  [K in EventType]: { id: number; type: K; aggregateId: string; payload: OutboxEvents[K]; createdAt: Date };
}[EventType];
