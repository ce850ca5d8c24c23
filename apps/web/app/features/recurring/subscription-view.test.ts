import type { ProductOffer } from '@drawhouse/contract';
import { describe, expect, it } from 'vitest';
import { subscribableOffers, subscriptionView } from './subscription-view';

const AUD = (amount: number) => ({ amount, currency: 'AUD' });

function offer(extra: Partial<ProductOffer>): ProductOffer {
  return {
    key: 'kids-raffle',
    name: 'Kids Raffle',
    type: 'raffle_ticket',
    availability: 'available',
    suspended: false,
    recurringPurchase: { type: 'subscription', availability: 'optional' },
    gameTypes: [],
    raffle: { books: [{ numTickets: 5, price: AUD(10) }] },
    draws: [],
    ...extra,
  } as unknown as ProductOffer;
}

const powerball = offer({
  key: 'powerball',
  name: 'Powerball',
  type: 'lottery_ticket',
  recurringPurchase: { type: 'autoplay', availability: 'optional' },
  gameTypes: [
    {
      key: 'standard',
      defaultGameOffer: 'pb-std',
      recurringPurchase: { type: 'autoplay', availability: 'optional' },
      gameOffers: [
        {
          key: 'pb-std',
          minGames: 1,
          maxGames: 50,
          defaultGames: 4,
          prices: [
            { games: 1, price: AUD(1.5) },
            { games: 4, price: AUD(6) },
          ],
        },
      ],
    },
  ] as unknown as ProductOffer['gameTypes'],
});

describe('subscriptionView', () => {
  it('subscribes to a raffle book every draw, with the calendar', () => {
    const view = subscriptionView(offer({}));
    expect(view).toMatchObject({
      type: 'subscription',
      frequency: 'Every draw',
      calendarHref: '/public/pdf/subscription/kids-raffle-calendar.pdf',
      closed: null,
    });
    expect(view?.options).toEqual([
      {
        value: '5',
        label: '5 tickets: $10.00 a draw',
        item: {
          lottery: 'kids-raffle',
          book: 5,
          recurring_purchase: { type: 'subscription', enabled: true },
        },
      },
    ]);
  });

  it('autoplays a lottery as one quick-pick draw at a time', () => {
    const view = subscriptionView(powerball);
    expect(view?.type).toBe('autoplay');
    expect(view?.frequency).toBe('Weekly');
    expect(view?.options.map((o) => o.label)).toEqual([
      '1 quick pick game: $1.50 a draw',
      '4 quick pick games: $6.00 a draw',
    ]);
    expect(view?.options[1]?.item).toEqual({
      lottery: 'powerball',
      game_type: 'standard',
      game_offer: 'pb-std',
      games: [],
      quickpick: true,
      num_games: 4,
      num_draws: 1,
      recurring_purchase: { type: 'autoplay', enabled: true },
    });
  });

  it('has none for an offer without recurring purchases, and says why an unavailable one is closed', () => {
    expect(subscriptionView(offer({ recurringPurchase: null }))).toBeNull();
    expect(
      subscriptionView({ ...powerball, recurringPurchase: { type: 'autoplay', availability: 'never' } }),
    ).toBeNull();
    expect(subscriptionView(offer({ suspended: true }))?.closed).toBe(
      'Kids Raffle is not on sale at the moment.',
    );
    expect(subscribableOffers([offer({ suspended: true }), powerball]).map((v) => v.offerKey)).toEqual([
      'powerball',
    ]);
  });
});
