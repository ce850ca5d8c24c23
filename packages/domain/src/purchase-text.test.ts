import { describe, expect, it } from 'vitest';
import { purchaseLineText } from './purchase-text.ts';

describe('purchaseLineText', () => {
  it('names what the line paid for, each once, at most three', () => {
    expect(purchaseLineText(['Powerball', 'Oz Lotto', 'Powerball'], false)).toBe(
      'Purchase: Powerball, Oz Lotto',
    );
    expect(purchaseLineText(['A', 'B', 'C', 'D', 'E'], false)).toBe('Purchase: A, B, C and 2 more');
    expect(purchaseLineText(['Mater Prize Home'], true)).toBe(
      'Purchase: Mater Prize Home (promotional credit)',
    );
    expect(purchaseLineText([' '], false)).toBe('Purchase');
  });
});
