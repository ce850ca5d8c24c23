/**
 * When an outbox subscriber that failed is tried again: exponential backoff from 2 s, doubling to a
 * ceiling of 30 minutes, with up to a fifth of the delay added as jitter so subscribers that failed
 * together (an SMTP outage) do not all come back in the same second. After OUTBOX_MAX_ATTEMPTS tries
 * the delivery is a dead letter: kept, listed to operators, and retried only when one asks.
 */
export const OUTBOX_MAX_ATTEMPTS = 10;

/**
 * Days an event is kept once every follow-up of it is done: long enough to answer a customer's
 * "I never got the mail" from the record; an event with a dead letter or a delivery still to come is
 * kept until it is done.
 */
export const OUTBOX_KEEP_DAYS = 30;

const FIRST_DELAY_MS = 2_000;
const MAX_DELAY_MS = 30 * 60_000;

/** The wait before try number `attempts + 1`, after `attempts` failed tries; `random` is in [0, 1). */
export function outboxRetryDelayMs(attempts: number, random: number = Math.random()): number {
  const base = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base + base * 0.2 * Math.min(Math.max(random, 0), 1));
}

/** Whether a delivery that has now failed `attempts` times is given up on. */
export function outboxGivesUp(attempts: number): boolean {
  return attempts >= OUTBOX_MAX_ATTEMPTS;
}
