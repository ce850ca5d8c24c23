import type { ProductOffer } from '@drawhouse/contract';
import { describe, expect, it } from 'vitest';
import { type Recommendation, recommendedItemBody } from './recommended-item.ts';

const gameOffer = (key: string, minGames: number, maxGames: number, defaultGames: number) => ({
  key,
  minGames,
  maxGames,
  defaultGames,
});

/** What the rule reads of an offer; the rest of a ProductOffer is not read. */
function offer(fields: Partial<ProductOffer> & Pick<ProductOffer, 'key' | 'type'>): ProductOffer {
  return {
    availability: 'available',
    suspended: false,
    gameTypes: [],
    causes: [],
    raffle: null,
    syndicate: null,
    ...fields,
  } as ProductOffer;
}

const powerball = offer({
  key: 'powerball',
  type: 'lottery_ticket',
  gameTypes: [
    { key: 'standard', defaultGameOffer: 'pb-std', gameOffers: [gameOffer('pb-std', 1, 50, 4)] },
    { key: 'powerhit', defaultGameOffer: 'pb-hit', gameOffers: [gameOffer('pb-hit', 1, 1, 1)] },
  ] as unknown as ProductOffer['gameTypes'],
});

const rec = (
  productType: Recommendation['productType'],
  key: string,
  more: Partial<Recommendation> = {},
) => ({
  productOfferKey: key,
  productType,
  gameType: null,
  numGames: null,
  ...more,
});

const raffle = (causes: string[], ticketsSold = 0) =>
  offer({
    key: 'kids-raffle',
    type: 'raffle_ticket',
    causes: causes.map((key) => ({ key, urlSlug: key, name: key })),
    raffle: {
      causeKey: causes[0] ?? 'none',
      totalTickets: 100,
      ticketsSold,
      books: [
        { numTickets: 10, price: { amount: 10, currency: 'AUD' } },
        { numTickets: 3, price: { amount: 5, currency: 'AUD' } },
      ],
    } as unknown as ProductOffer['raffle'],
  });

describe('recommendedItemBody', () => {
  it('quick-picks the games last bought of a lottery, for one draw, within the game offer', () => {
    expect(
      recommendedItemBody(
        rec('lottery_ticket', 'powerball', { gameType: 'standard', numGames: 6 }),
        powerball,
      ),
    ).toEqual({
      lottery: 'powerball',
      gameType: 'standard',
      gameOffer: 'pb-std',
      quickpick: true,
      numGames: 6,
      numDraws: 1,
    });
    expect(
      recommendedItemBody(
        rec('lottery_ticket', 'powerball', { gameType: 'standard', numGames: 500 }),
        powerball,
      )?.numGames,
    ).toBe(50);
  });

  it('falls back to the standard game type when the last one is not a whole-game quick pick', () => {
    const body = recommendedItemBody(rec('lottery_ticket', 'powerball', { gameType: 'powerhit' }), powerball);
    expect(body).toMatchObject({ gameType: 'standard', gameOffer: 'pb-std', numGames: 4 });
  });

  it("buys a raffle's smallest book that is left, for its one cause", () => {
    expect(recommendedItemBody(rec('raffle_ticket', 'kids-raffle'), raffle(['kids-first']))).toEqual({
      lottery: 'kids-raffle',
      book: 3,
      causeKey: 'kids-first',
    });
    expect(recommendedItemBody(rec('raffle_ticket', 'kids-raffle'), raffle(['kids-first'], 98))).toBeNull();
  });

  it('has no one-click item for a raffle with several causes, a lotto party or a membership', () => {
    expect(recommendedItemBody(rec('raffle_ticket', 'kids-raffle'), raffle(['a', 'b']))).toBeNull();
    const syndicate = offer({ key: 'pb-syndicate', type: 'syndicate_share' });
    expect(recommendedItemBody(rec('syndicate_share', 'pb-syndicate'), syndicate)).toEqual({
      syndicate: 'pb-syndicate',
      numShares: 1,
    });
    expect(
      recommendedItemBody(rec('syndicate_share', 'pb-syndicate', { gameType: 'lotto_party' }), syndicate),
    ).toBeNull();
    expect(
      recommendedItemBody(
        rec('membership', 'daily-winners'),
        offer({ key: 'daily-winners', type: 'membership' }),
      ),
    ).toBeNull();
  });

  it('has none for an offer that is not on sale or not the one recommended', () => {
    expect(recommendedItemBody(rec('lottery_ticket', 'powerball'), undefined)).toBeNull();
    expect(
      recommendedItemBody(rec('lottery_ticket', 'powerball'), { ...powerball, suspended: true }),
    ).toBeNull();
    expect(recommendedItemBody(rec('lottery_ticket', 'oz-lotto'), powerball)).toBeNull();
  });
});
