import { describe, expect, it } from 'vitest';
import { parseFavouriteStore } from './favourite-store';

describe('favourite numbers in session storage', () => {
  it('reads the sets and the tooltip state back', () => {
    const raw = JSON.stringify({
      sets: [
        { lottery: 'powerball', numbers: [1, 2], powerball: [3] },
        { lottery: 'x', numbers: 'no' },
      ],
      tooltipDismissed: true,
    });
    expect(parseFavouriteStore(raw)).toEqual({
      sets: [{ lottery: 'powerball', numbers: [1, 2], powerball: [3] }],
      tooltipDismissed: true,
    });
  });

  it('treats missing or broken text as an empty store', () => {
    const empty = { sets: [], tooltipDismissed: false };
    expect(parseFavouriteStore(null)).toEqual(empty);
    expect(parseFavouriteStore('{')).toEqual(empty);
    expect(parseFavouriteStore('7')).toEqual(empty);
    expect(parseFavouriteStore('{"tooltipDismissed":"yes"}')).toEqual(empty);
  });
});
