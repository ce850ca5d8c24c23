import type { EventType } from './outbox.events.ts';

/**
 * Who follows up each event, by subscriber name: the one place that says it. A delivery row per
 * subscriber is written with the event, so adding a subscriber here applies to events written after.
 * The handlers behind the names are put together in `jobs/subscribers.ts`; a relay refuses to start
 * if a name here has none.
 */
export const SUBSCRIPTIONS: { readonly [K in EventType]: readonly string[] } = {
  'checkout.completed': ['receipt-mail'],
  'mail.requested': ['mail'],
  'preorder.charged': ['pre-order-notice'],
  'preorder.failed': ['pre-order-notice'],
};

export const subscribedNames = (): string[] => [...new Set(Object.values(SUBSCRIPTIONS).flat())];
