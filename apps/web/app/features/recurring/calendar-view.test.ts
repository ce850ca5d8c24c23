import type { ProductOffer, UpcomingDraw } from '@drawhouse/contract';
import { describe, expect, it } from 'vitest';
import {
  CALENDAR_MAX_DRAWS,
  calendarPath,
  offerKeyOfCalendarFile,
  subscriptionCalendar,
} from './calendar-view';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

function upcomingDraw(drawNo: number, drawDate: string, amount: number | null): UpcomingDraw {
  return {
    drawId: `d${drawNo}`,
    drawNo,
    type: 'lottery_ticket_draw',
    stop: drawDate,
    drawDate,
    prizePool: amount === null ? null : { amount, currency: 'AUD' },
    prizePoolSuffix: '',
    isPrizePoolUnknown: amount === null,
    purchaseStatus: 'open',
    drawData: {
      drawNumber: drawNo,
      drawStop: drawDate,
      featureImage: null,
      name: '',
      value: null,
      drawPreOrderStartDate: null,
    },
  };
}

function offer(draws: UpcomingDraw[], extra: Partial<ProductOffer> = {}): ProductOffer {
  return {
    key: 'powerball',
    name: 'Powerball',
    type: 'lottery_ticket',
    recurringPurchase: { type: 'autoplay', availability: 'optional' },
    draws,
    ...extra,
  } as ProductOffer;
}

const NOW = new Date('2026-11-24T08:00:00Z');

describe('subscriptionCalendar', () => {
  it('lists the coming draws with their Sydney date and time, draw number and jackpot', () => {
    const calendar = subscriptionCalendar(
      offer([
        // Thursday 26 November 2026, 8:30pm in Sydney (UTC+11).
        upcomingDraw(1514, '2026-11-26T09:30:00Z', 20_000_000),
        upcomingDraw(1515, '2026-12-03T09:30:00Z', null),
      ]),
      NOW,
    );
    expect(calendar.rows).toEqual([
      { drawNo: 1514, date: 'Thursday 26 November 2026', time: '8:30pm', jackpot: '$20 million' },
      { drawNo: 1515, date: 'Thursday 3 December 2026', time: '8:30pm', jackpot: 'Announced soon' },
    ]);
    expect(calendar.fileName).toBe('powerball-calendar.pdf');
    expect(calendar.frequency).toBe('Weekly');
  });

  it('leaves out drawn draws, sorts by date and stops at twelve draws within three months', () => {
    const weekly = Array.from({ length: 20 }, (_, i) =>
      upcomingDraw(100 + i, new Date(NOW.getTime() + (i - 1) * WEEK_MS + 3_600_000).toISOString(), 1_000_000),
    );
    const rows = subscriptionCalendar(offer(weekly.reverse()), NOW).rows;
    expect(rows).toHaveLength(CALENDAR_MAX_DRAWS);
    expect(rows.map((r) => r.drawNo)).toEqual(Array.from({ length: 12 }, (_, i) => 101 + i));

    const far = [upcomingDraw(7, new Date(NOW.getTime() + 14 * WEEK_MS).toISOString(), null)];
    expect(subscriptionCalendar(offer(far), NOW).rows).toEqual([]);
  });

  it('reads a raffle as bought every draw', () => {
    const raffle = offer([], { type: 'raffle_ticket', recurringPurchase: null });
    expect(subscriptionCalendar(raffle, NOW).frequency).toBe('Every draw');
  });
});

describe('calendar file names', () => {
  it('round-trips an offer key and refuses anything else', () => {
    expect(calendarPath('kids-raffle')).toBe('/public/pdf/subscription/kids-raffle-calendar.pdf');
    expect(offerKeyOfCalendarFile('kids-raffle-calendar.pdf')).toBe('kids-raffle');
    expect(offerKeyOfCalendarFile('kids-raffle.pdf')).toBeNull();
    expect(offerKeyOfCalendarFile('../x-calendar.pdf')).toBeNull();
    expect(offerKeyOfCalendarFile(undefined)).toBeNull();
  });
});
