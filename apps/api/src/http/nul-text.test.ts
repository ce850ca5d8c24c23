import { describe, expect, it } from 'vitest';
import { nulTextFields } from './nul-text.ts';

describe('nulTextFields', () => {
  it('names every string holding a NUL by its wire path', () => {
    expect(
      nulTextFields({
        lottery: 'power\u0000ball',
        games: [{ numbers: [1, 'x\u0000'] }],
        address: { suburb: 'Sydney', state: '\u0000' },
      }),
    ).toEqual(['lottery', 'games[0].numbers[1]', 'address.state']);
  });
  it('reports a key holding a NUL as general, and nothing for clean input', () => {
    expect(nulTextFields({ 'a\u0000': 1 })).toEqual(['general']);
    expect(nulTextFields({ a: 'b', c: [1, null, true] })).toEqual([]);
    expect(nulTextFields('\u0000')).toEqual(['general']);
  });
});
