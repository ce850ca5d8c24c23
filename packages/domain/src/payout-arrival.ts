/**
 * When the customer can expect withdrawn money: an instant payment (PayID / NPP) lands in seconds; a
 * standard bank transfer within 2 business days; a refund to a card within 5 business days (the card
 * issuer's usual time). Business days are Monday to Friday in Sydney.
 */
import { sydneyDateTime } from './payout-destination.ts';

export type PayoutSpeed = 'instant' | 'standard' | 'card';

export const PAYOUT_BUSINESS_DAYS: Record<Exclude<PayoutSpeed, 'instant'>, number> = {
  standard: 2,
  card: 5,
};
/** An instant payment is expected within a minute. */
export const INSTANT_PAYOUT_MS = 60_000;

const DAY_MS = 24 * 60 * 60 * 1000;

function sydneyWeekday(at: Date): string {
  return at.toLocaleDateString('en-AU', { timeZone: 'Australia/Sydney', weekday: 'short' });
}

/** `from` moved on by `days` business days (Saturdays and Sundays in Sydney skipped). */
export function addBusinessDays(from: Date, days: number): Date {
  let at = from;
  let left = days;
  while (left > 0) {
    at = new Date(at.getTime() + DAY_MS);
    const weekday = sydneyWeekday(at);
    if (weekday !== 'Sat' && weekday !== 'Sun') left -= 1;
  }
  return at;
}

function sydneyDay(at: Date): string {
  return at.toLocaleDateString('en-AU', {
    timeZone: 'Australia/Sydney',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  });
}

/** When money paid (or to be paid) at `from` is expected, and the words that say so. */
export function expectedArrival(speed: PayoutSpeed, from: Date): { by: Date; text: string } {
  if (speed === 'instant') {
    const by = new Date(from.getTime() + INSTANT_PAYOUT_MS);
    return { by, text: `Within seconds (an instant payment): by ${sydneyDateTime(by)}` };
  }
  const by = addBusinessDays(from, PAYOUT_BUSINESS_DAYS[speed]);
  return {
    by,
    text: `By ${sydneyDay(by)} (${PAYOUT_BUSINESS_DAYS[speed]} business days${speed === 'card' ? ', as your card issuer shows refunds' : ''})`,
  };
}
