import { describe, expect, it } from 'vitest';
import { camelKey, snakeKey } from './case.ts';

describe('key case mapping', () => {
  it('maps single keys both ways', () => {
    expect(camelKey('draw_no')).toBe('drawNo');
    expect(camelKey('num_standard_games')).toBe('numStandardGames');
    expect(camelKey('already')).toBe('already');
    expect(camelKey('_private')).toBe('_private');
    expect(camelKey('c[]')).toBe('c[]');
    expect(snakeKey('drawNo')).toBe('draw_no');
    expect(snakeKey('isPrizePoolUnknown')).toBe('is_prize_pool_unknown');
    expect(snakeKey('already_snake')).toBe('already_snake');
  });

  it('gives address_line_2 its wire name both ways', () => {
    expect(snakeKey('addressLine2')).toBe('address_line_2');
    expect(camelKey('address_line_2')).toBe('addressLine2');
    expect(camelKey('address_line2')).toBe('addressLine2');
  });

  it('leaves identifiers of records (lowercase with digits and dashes) as they are', () => {
    const id = '3f2a9b10-7c4d-4e2f-9a1b-0c3d5e7f9a2b';
    expect(snakeKey(id)).toBe(id);
    expect(camelKey(id)).toBe(id);
  });
});
