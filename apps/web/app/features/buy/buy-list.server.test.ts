import type { GameType, ProductOffer, UpcomingDraw } from '@drawhouse/contract';
import { describe, expect, it } from 'vitest';
import { buyPath, buyRows, onSaleNow, priceFrom } from './buy-list.server';

const now = new Date('2026-11-24T01:00:00Z');
const aud = (amount: number) => ({ amount, currency: 'AUD' });

const draw = (drawNo: number, purchaseStatus: UpcomingDraw['purchaseStatus']): UpcomingDraw => ({
  drawId: `d${drawNo}`,
  drawNo,
  type: 'lottery_ticket_draw',
  stop: '2026-11-26T08:30:00Z',
  drawDate: '2026-11-26T09:30:00Z',
  prizePool: aud(20_000_000),
  prizePoolSuffix: '',
  isPrizePoolUnknown: false,
  purchaseStatus,
  drawData: {
    drawNumber: drawNo,
    drawStop: '2026-11-26T08:30:00Z',
    featureImage: null,
    name: '',
    value: null,
    drawPreOrderStartDate: null,
  },
});

const gameType = (key: string, pathSuffix: string): GameType => ({
  key,
  name: key,
  pathSuffix,
  defaultGameOffer: `${key}-offer`,
  recurringPurchase: null,
  rule: '',
  gameOffers: [
    {
      key: `${key}-offer`,
      name: key,
      minGames: 1,
      maxGames: 50,
      defaultGames: 18,
      defaultEntryCount: 1,
      gamesPerEntry: 1,
      prices: [
        { games: 2, price: aud(3.1) },
        { games: 1, price: aud(1.55) },
      ],
      priceCurrency: 'AUD',
      numberSets: [],
    },
  ],
});

const base = {
  availability: 'available',
  suspended: false,
  highlighted: false,
  megaJackpot: false,
  description: '',
  brand: null,
  facts: [],
  causes: [],
  raffle: null,
  syndicate: null,
  costPerShare: null,
  tickets: null,
  gameTypes: [],
  draws: [draw(1514, 'open')],
};
const lottery = {
  ...base,
  key: 'powerball',
  type: 'lottery_ticket',
  name: 'Powerball',
  displayCategory: 'lotto',
  gameTypes: [gameType('standard', ''), gameType('random', '/random')],
} as unknown as ProductOffer;
const raffle = {
  ...base,
  key: 'car-raffle',
  type: 'raffle_ticket',
  name: 'Car Raffle',
  displayCategory: 'raffle',
  draws: [draw(16, 'past_draw'), draw(17, 'open')],
  raffle: {
    causeKey: 'c',
    totalTickets: 100,
    ticketsSold: 10,
    closesAt: '2026-11-26T08:30:00Z',
    postalEntryAvailable: true,
    books: [
      { numTickets: 3, price: aud(10) },
      { numTickets: 1, price: aud(5) },
    ],
    prizes: [],
  },
} as unknown as ProductOffer;
const syndicate = {
  ...base,
  key: 'powerball-syndicate',
  type: 'syndicate_share',
  name: 'Powerball Syndicate',
  displayCategory: 'syndicate',
  costPerShare: aud(12.5),
  syndicate: { totalShares: 10, sharesSold: 10, lotteryKey: 'powerball' },
} as unknown as ProductOffer;

describe('the buy page', () => {
  it('prices an offer from its cheapest game, book or share', () => {
    expect(priceFrom(lottery, now)).toBe('From $1.55 a game');
    expect(priceFrom(raffle, now)).toBe('From $5.00 for 1 ticket');
    expect(priceFrom(syndicate, now)).toBe('$12.50 a share');
  });

  it('lists only what is on sale now, each with a Buy link to its buy address', () => {
    expect(onSaleNow(syndicate, now)).toBe(false);
    expect(onSaleNow({ ...lottery, draws: [draw(1, 'sold_out')] }, now)).toBe(false);
    expect(onSaleNow({ ...lottery, suspended: true }, now)).toBe(false);
    const rows = buyRows([lottery, raffle, syndicate], now);
    expect(rows.map((r) => [r.key, r.href])).toEqual([
      ['powerball', '/powerball/buy'],
      ['car-raffle', '/car-raffle/buy'],
    ]);
    expect(rows[0]?.drawLabel).toBeTruthy();
  });

  it('sends a lottery to Quick Pick, a raffle to its open draw, anything else or off sale to its page', () => {
    expect(buyPath(lottery, now)).toBe('/powerball/random');
    expect(buyPath({ ...lottery, gameTypes: [gameType('standard', '')] }, now)).toBe('/powerball');
    expect(buyPath(raffle, now)).toBe('/car-raffle/draw/17/buy');
    expect(buyPath(syndicate, now)).toBe('/powerball-syndicate');
    expect(buyPath({ ...raffle, draws: [] }, now)).toBe('/car-raffle');
  });
});
