import { describe, expect, it } from 'vitest';
import { camelKey, snakeKey, snakeReplacer, toCamel, toSnake } from './case.ts';

describe('case mapping', () => {
  it('maps keys both ways', () => {
    expect(snakeKey('prizePoolSuffix')).toBe('prize_pool_suffix');
    expect(snakeKey('numGames')).toBe('num_games');
    expect(camelKey('prize_pool_suffix')).toBe('prizePoolSuffix');
    expect(camelKey('utm_campaign')).toBe('utmCampaign');
    expect(camelKey('c[]')).toBe('c[]');
  });

  it('maps nested objects and arrays but leaves values and dates alone', () => {
    const date = new Date('2026-11-26T09:30:00Z');
    const inside = { drawNo: 1, numberSets: [{ firstNumber: 1 }], drawDate: date, label: 'keepThisValue' };
    const wire = toSnake(inside);
    expect(wire).toEqual({
      draw_no: 1,
      number_sets: [{ first_number: 1 }],
      draw_date: date,
      label: 'keepThisValue',
    });
    expect(toCamel(wire)).toEqual(inside);
  });

  it('renames keys while serialising', () => {
    const text = JSON.stringify({ result: { drawNo: 7, gameOffers: [{ minGames: 1 }] } }, snakeReplacer);
    expect(text).toBe('{"result":{"draw_no":7,"game_offers":[{"min_games":1}]}}');
  });
});
