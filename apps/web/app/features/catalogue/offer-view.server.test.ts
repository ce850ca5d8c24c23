import type { GameType, ProductOffer, UpcomingDraw } from '@drawhouse/contract';
import { describe, expect, it } from 'vitest';
import {
  centsOf,
  chosenGameType,
  drawRows,
  lottoPartyCardView,
  moneyText,
  offerCardView,
  offerPageView,
} from './offer-view.server';

const gameType = (key: string, pathSuffix: string): GameType => ({
  key,
  name: key,
  pathSuffix,
  defaultGameOffer: `${key}-1`,
  recurringPurchase: null,
  rule: '',
  gameOffers: [],
});

const draw = (drawNo: number, drawDate: string, amount: number | null): UpcomingDraw => ({
  drawId: `d${drawNo}`,
  drawNo,
  type: 'lottery_ticket_draw',
  stop: new Date(Date.parse(drawDate) - 3_600_000).toISOString(),
  drawDate,
  prizePool: amount === null ? null : { amount, currency: 'AUD' },
  prizePoolSuffix: '',
  isPrizePoolUnknown: amount === null,
  purchaseStatus: 'open',
  drawData: {
    drawNumber: drawNo,
    drawStop: new Date(Date.parse(drawDate) - 3_600_000).toISOString(),
    featureImage: null,
    name: '',
    value: amount === null ? null : { amount, currency: 'AUD' },
    drawPreOrderStartDate: null,
  },
});

const powerball = {
  key: 'powerball',
  type: 'lottery_ticket',
  name: 'Powerball',
  displayCategory: 'lotto',
  availability: 'available',
  suspended: false,
  highlighted: false,
  megaJackpot: false,
  description: null,
  brand: null,
  facts: [],
  causes: [],
  raffle: null,
  syndicate: null,
  costPerShare: null,
  tickets: null,
  gameTypes: [
    gameType('standard', '/standard'),
    gameType('reduced_system', '/systems'),
    gameType('sequential', ''),
  ],
  // Thursday 26 November 2026, 8:30pm in Sydney (UTC+11), then a week later.
  draws: [draw(1514, '2026-11-26T09:30:00Z', 20_000_000), draw(1515, '2026-12-03T09:30:00Z', null)],
} as unknown as ProductOffer;

describe('offer views', () => {
  it('picks the game type by path suffix, the one without a suffix by default, and none for an unknown one', () => {
    expect(chosenGameType(powerball, undefined)?.key).toBe('sequential');
    expect(chosenGameType(powerball, 'systems')?.key).toBe('reduced_system');
    expect(chosenGameType(powerball, 'results')).toBeUndefined();
    expect(chosenGameType({ ...powerball, gameTypes: [] }, undefined)).toBeNull();
  });

  it('formats the card with the domain rules', () => {
    const card = offerCardView(powerball, new Date('2026-11-24T01:00:00Z'));
    expect(card).toMatchObject({
      key: 'powerball',
      href: '/powerball',
      jackpot: { text: '$20 million', footnote: false },
      drawLabel: 'This Thursday',
      drawDate: 'Thu 26 Nov 2026, 8:30pm',
      stopText: 'Thu 26 Nov 2026, 7:30pm',
    });
  });

  it('numbers the next draws from the next one and dates every row alike, the day in words under a near one', () => {
    const far = draw(1518, '2026-12-24T09:30:00Z', null);
    const rows = drawRows(
      { ...powerball, draws: [...powerball.draws, far] },
      new Date('2026-11-24T01:00:00Z'),
    );
    expect(rows.map((r) => [r.ordinal, r.label, r.dateNote, r.jackpot.text])).toEqual([
      ['Next draw', 'Thu 26 Nov 2026, 8:30pm', 'This Thursday', '$20 million'],
      ['2nd draw', 'Thu 3 Dec 2026, 8:30pm', 'Next Thursday', 'Announced soon'],
      ['3rd draw', 'Thu 24 Dec 2026, 8:30pm', null, 'Announced soon'],
    ]);
  });

  it('fills the Lotto Party card with the soonest lottery draw on sale and the lowest share price', () => {
    const later = {
      ...powerball,
      key: 'oz-lotto',
      name: 'Oz Lotto',
      draws: [draw(1600, '2026-12-01T09:30:00Z', null)],
    };
    const card = lottoPartyCardView([later, powerball], new Date('2026-11-24T01:00:00Z'));
    expect(card).toMatchObject({
      key: 'lotto-party',
      href: '/lotto-party',
      drawLabel: 'Powerball: This Thursday',
      drawDate: 'Thu 26 Nov 2026, 8:30pm',
      stopText: 'Thu 26 Nov 2026, 7:30pm',
      lottoParty: {
        summary: 'Start a group with friends, share the cost of an entry and split any prize.',
        sharesFrom: 'Shares from $1.00',
        priceNote: 'Your group sets the share price',
      },
    });
    expect(lottoPartyCardView([], new Date('2026-11-24T01:00:00Z'))).toMatchObject({
      drawLabel: null,
      stop: null,
    });
  });

  it('lists the billing periods of a membership with their price, and none for a lottery', () => {
    const period = (key: string, amount: number) => ({
      key,
      name: key,
      minGames: 1,
      maxGames: 1,
      defaultGames: 1,
      defaultEntryCount: 1,
      prices: [{ games: 1, price: { amount, currency: 'AUD' } }],
      priceCurrency: 'AUD',
      numberSets: [],
    });
    const membership = {
      ...powerball,
      key: 'daily-winners',
      type: 'membership',
      draws: [],
      gameTypes: [
        { ...gameType('deferred', ''), gameOffers: [period('monthly', 10), period('annually', 96)] },
      ],
    } as unknown as ProductOffer;
    const now = new Date('2026-11-22T00:00:00Z');
    expect(offerPageView(membership, null, now).membership).toEqual({
      periods: [
        { key: 'monthly', name: 'monthly', price: '$10.00' },
        { key: 'annually', name: 'annually', price: '$96.00' },
      ],
    });
    expect(offerPageView(powerball, null, now).membership).toBeNull();
    expect(offerCardView({ ...membership, description: 'A daily prize draw.' }, now).membership).toEqual({
      priceFrom: 'From $10.00 (monthly)',
      summary: 'A daily prize draw.',
      billing: 'Billed monthly or annually, renewed until you cancel',
    });
    expect(offerCardView(powerball, now).membership).toBeNull();
  });

  it('says a far draw date once, with its time', () => {
    const card = offerCardView(powerball, new Date('2026-11-01T01:00:00Z'));
    expect(card.drawLabel).toBe('Thursday 26 November 2026, 8:30pm');
    expect(card.drawDate).toBeNull();
    const [row] = drawRows(powerball, new Date('2026-11-01T01:00:00Z'));
    expect(row?.label).toBe('Thu 26 Nov 2026, 8:30pm');
    expect(row?.dateNote).toBeNull();
  });

  it('reads wire money as cents and refuses more than two decimals', () => {
    expect(centsOf({ amount: 12.5, currency: 'AUD' })).toBe(1250);
    expect(centsOf({ amount: 1.005, currency: 'AUD' })).toBeNull();
    expect(centsOf(null)).toBeNull();
  });

  it("writes money in its own currency, or in the storefront's currency and locale when given", () => {
    expect(moneyText({ amount: 1.55, currency: 'AUD' })).toBe('$1.55');
    expect(moneyText({ amount: 1.55, currency: 'AUD' }, { currency: 'GBP', locale: 'en-GB' })).toBe('£1.55');
    expect(moneyText(null, { currency: 'GBP', locale: 'en-GB' })).toBeNull();
  });
});
