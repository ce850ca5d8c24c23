import type { ProductOffer } from '@drawhouse/contract';
import {
  formatClockTime,
  formatLongDate,
  frequencyLabel,
  JACKPOT_UNKNOWN_TEXT,
  jackpotText,
  moneyToCents,
} from '@drawhouse/domain';

/** The calendar lists at most this many draws... */
export const CALENDAR_MAX_DRAWS = 12;
/** ...and none more than this many days ahead (about three months). */
export const CALENDAR_DAYS_AHEAD = 92;
const DAY_MS = 24 * 60 * 60 * 1000;

export type CalendarRow = {
  drawNo: number;
  /** "Thursday 26 November 2026", in Sydney. */
  date: string;
  /** "8:30pm", Sydney time. */
  time: string;
  /** "$20 million", or "Announced soon" while the jackpot is not known. */
  jackpot: string;
};

export type SubscriptionCalendar = {
  offerKey: string;
  offerName: string;
  /** "Every draw", "Weekly", "Monthly": how often a subscription buys. */
  frequency: string;
  rows: CalendarRow[];
  /** The file name the browser saves: `{key}-calendar.pdf`. */
  fileName: string;
};

/** The file name of an offer's calendar, and the offer key a file name names (null: not one). */
export function calendarFileName(offerKey: string): string {
  return `${offerKey}-calendar.pdf`;
}

const FILE_NAME = /^([a-z0-9][a-z0-9-]{0,99})-calendar\.pdf$/;

export function offerKeyOfCalendarFile(fileName: string | undefined): string | null {
  return FILE_NAME.exec(fileName ?? '')?.[1] ?? null;
}

export function calendarPath(offerKey: string): string {
  return `/public/pdf/subscription/${calendarFileName(offerKey)}`;
}

function jackpotOf(draw: ProductOffer['draws'][number]): string {
  if (draw.isPrizePoolUnknown || !draw.prizePool) return JACKPOT_UNKNOWN_TEXT;
  try {
    return jackpotText({ amountCents: moneyToCents(draw.prizePool), suffix: draw.prizePoolSuffix }).text;
  } catch {
    return JACKPOT_UNKNOWN_TEXT;
  }
}

/**
 * The coming draws of an offer a subscription would buy: drawn after `now`, soonest first, at most
 * twelve and none beyond three months. Times are Sydney's, as every draw time in the shop.
 */
export function subscriptionCalendar(offer: ProductOffer, now: Date): SubscriptionCalendar {
  const until = now.getTime() + CALENDAR_DAYS_AHEAD * DAY_MS;
  const rows = offer.draws
    .map((draw) => ({ draw, at: new Date(draw.drawDate) }))
    .filter(({ at }) => !Number.isNaN(at.getTime()) && at.getTime() > now.getTime() && at.getTime() <= until)
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .slice(0, CALENDAR_MAX_DRAWS)
    .map(({ draw, at }) => ({
      drawNo: draw.drawNo,
      date: formatLongDate(at),
      time: formatClockTime(at),
      jackpot: jackpotOf(draw),
    }));
  return {
    offerKey: offer.key,
    offerName: offer.name,
    frequency: frequencyLabel({
      type: offer.recurringPurchase?.type ?? 'subscription',
      productType: offer.type,
    }),
    rows,
    fileName: calendarFileName(offer.key),
  };
}
