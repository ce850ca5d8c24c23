import { describe, expect, it } from 'vitest';
import { toCamelDeep, toSnakeDeep } from './case';

describe('key case mapping', () => {
  it('maps nested objects and arrays but leaves values alone', () => {
    const wire = {
      page_info: { offset: 0, total: 2 },
      result: { offers: [{ product_key: 'oz_lotto', prize_pool: { amount: 12.5, currency: 'AUD' } }] },
      messages: [],
    };
    expect(toCamelDeep(wire)).toEqual({
      pageInfo: { offset: 0, total: 2 },
      result: { offers: [{ productKey: 'oz_lotto', prizePool: { amount: 12.5, currency: 'AUD' } }] },
      messages: [],
    });
    expect(toSnakeDeep({ recurringPurchase: { isEnabled: true }, numDraws: 2, note: null })).toEqual({
      recurring_purchase: { is_enabled: true },
      num_draws: 2,
      note: null,
    });
  });

  it('round-trips', () => {
    const camel = { affiliateCode: 'abc', gameOffers: [{ minGames: 1, numberSets: [{ name: 'Numbers' }] }] };
    expect(toCamelDeep(toSnakeDeep(camel))).toEqual(camel);
  });
});
