/**
 * Quick Pick (game type `random`): an entry says only how many games; the server picks every line at
 * random and prices each as one standard game. Ordered games sell no Quick Pick.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { cartCalls, cents, PB_ITEM } from './cart-helpers.ts';
import { getTestApp } from './helpers.ts';

const app: FastifyInstance = await getTestApp();
const { cartCall, newAnonCart } = cartCalls(app);

const QUICK = {
  lottery: 'powerball',
  game_type: 'random',
  game_offer: 'powerball-random',
  games: [],
  num_draws: 2,
};

describe('Quick Pick', () => {
  it('is listed on Powerball at /random and fills every line, priced as standard games', async () => {
    const offers = (await cartCall('/v2/product_offers')).json().result.offers;
    const powerball = offers.find((o: { key: string }) => o.key === 'powerball');
    const random = powerball.game_types.find((t: { key: string }) => t.key === 'random');
    expect(random).toMatchObject({ path_suffix: '/random', name: 'Quick Pick' });

    const token = await newAnonCart();
    const quick = await cartCall(`/v2/anon-cart/${token}/items`, { body: { ...QUICK, num_games: 3 } });
    expect(quick.statusCode, quick.body).toBe(200);
    const [item] = quick.json().result.cart_items;
    expect(item).toMatchObject({
      game_type: 'random',
      game_offer: 'powerball-random',
      quickpick: true,
      num_games: 3,
    });
    expect(item.games).toHaveLength(3);
    for (const g of item.games) {
      expect(new Set(g.numbers).size).toBe(7);
      expect(g.powerball, JSON.stringify(g)).toHaveLength(1);
    }

    const other = await newAnonCart();
    const standard = await cartCall(`/v2/anon-cart/${other}/items`, {
      body: {
        ...PB_ITEM,
        num_draws: 2,
        games: [
          { numbers: [1, 2, 3, 4, 5, 6, 7], powerball: 8 },
          { numbers: [8, 9, 10, 11, 12, 13, 14], powerball: 1 },
          { numbers: [15, 16, 17, 18, 19, 20, 21], powerball: 2 },
        ],
      },
    });
    expect(standard.statusCode, standard.body).toBe(200);
    expect(cents(item.unit_price)).toBe(cents(standard.json().result.cart_items[0].unit_price));
  });

  it('refuses numbers past num_games and an ordered game', async () => {
    const token = await newAnonCart();
    const tooMany = await cartCall(`/v2/anon-cart/${token}/items`, {
      body: {
        ...QUICK,
        num_games: 1,
        games: [{ numbers: [1, 2, 3, 4, 5, 6, 7], powerball: 8 }, { numbers: [] }],
      },
    });
    expect(tooMany.statusCode, tooMany.body).toBe(400);
    const strike = await cartCall(`/v2/anon-cart/${token}/items`, {
      body: { ...QUICK, lottery: 'lotto-strike', game_offer: 'lotto-strike-random', num_games: 1 },
    });
    expect(strike.statusCode, strike.body).toBe(400);
    expect(Object.keys(strike.json().errors)).toContain('game_type');
  });
});
