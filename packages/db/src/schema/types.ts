/** Shapes of the jsonb columns. Money inside is always integer cents. */

export type NumberSet = { name: string; count: number; first: number; last: number };

/**
 * A set of balls a lottery draws, e.g. 7 Numbers from 1-35. `source` says where a result keeps it
 * (draw_results.numbers by name, or draw_results.supplementary); `repeats` allows a digit twice
 * (Super 66).
 */
export type DrawnSet = NumberSet & { source: 'numbers' | 'supplementary'; repeats?: boolean };

/**
 * A weekly timetable in the lottery's local time (weekdays: 0 = Sunday): the same shape as the
 * domain's DrawSchedule, so it feeds nextDrawTimes and pastDrawTimes directly.
 */
export type ScheduleSlot = { weekdays: number[]; hour: number; minute: number };

/**
 * How a lottery's prize pool moves from draw to draw (demo data): the next draw starts at `startCents`,
 * each draw without a division 1 winner adds `stepCents`, and past `capCents` it is won and restarts at
 * `resetCents`. `unknown` draws have no announced prize pool. `suffix` is the draw's prizePoolSuffix.
 */
export type JackpotRule = {
  startCents: number;
  stepCents: number;
  resetCents: number;
  capCents: number;
  suffix: string;
  unknown: boolean;
};

export type PrizeDivisionRule = { division: number; description: string };

export type Fact = { label: string; value: string };

export type Brand = { primaryColor: string; logo: string };

export type Restriction = { type: 'licensing_restriction' | 'migration_restriction'; states: string[] };

export type UrlAlias = { subvariant: string; url: string };

export type RecurringPurchase = {
  type: 'autoplay' | 'subscription' | 'combined_recurring_purchase';
  availability: 'always' | 'optional' | 'never';
};

export type SyndicateTickets = { numStandardGames: number; numGames: number; name: string };

export type ProductOfferType = 'lottery_ticket' | 'raffle_ticket' | 'syndicate_share' | 'membership';

export type DisplayCategory = 'lotto' | 'raffle' | 'syndicate' | 'membership';

export type DrawType = 'lottery_ticket_draw' | 'syndicate_share_draw' | 'raffle_ticket_draw';

/** The draw statuses are the wire's. */
export { DRAW_STATUSES, type DrawStatus } from '@drawhouse/contract';

/** Draw statuses whose results are public (a capped draw's are: only a prize waits for approval). */
export const RESULT_STATUSES = [
  'DRAW_DRAWN',
  'DRAW_SCORED',
  'DRAW_PAID',
  'DRAW_EMAILED',
  'DRAW_CAPPED',
] as const;

/** A draw's purchase status is the domain's (livePurchaseStatus keeps it). */
export type { PurchaseStatus } from '@drawhouse/domain';
