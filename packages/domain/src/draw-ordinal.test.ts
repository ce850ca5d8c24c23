import { describe, expect, it } from 'vitest';
import { drawPositionText, forwardDrawOrdinal } from './draw-ordinal.ts';

describe('forwardDrawOrdinal', () => {
  it('names offset 0 the next available draw', () => {
    expect(forwardDrawOrdinal(0)).toBe('Next draw');
  });

  it('gives 1st, 2nd, 3rd, then #th', () => {
    expect([1, 2, 3, 4, 5, 9, 10].map(forwardDrawOrdinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '5th',
      '9th',
      '10th',
    ]);
  });

  it('uses th for 11 to 13 and 111 to 113', () => {
    expect([11, 12, 13, 111, 112, 113].map(forwardDrawOrdinal)).toEqual([
      '11th',
      '12th',
      '13th',
      '111th',
      '112th',
      '113th',
    ]);
  });

  it('follows English from 20 on', () => {
    expect([20, 21, 22, 23, 24, 101, 102].map(forwardDrawOrdinal)).toEqual([
      '20th',
      '21st',
      '22nd',
      '23rd',
      '24th',
      '101st',
      '102nd',
    ]);
  });

  it('rejects negative and fractional offsets', () => {
    expect(() => forwardDrawOrdinal(-1)).toThrow(RangeError);
    expect(() => forwardDrawOrdinal(1.5)).toThrow(RangeError);
    expect(() => forwardDrawOrdinal(Number.NaN)).toThrow(RangeError);
  });
});

describe('drawPositionText', () => {
  it('numbers a list of draws from the next one: the second is the 2nd draw, not the 1st', () => {
    expect([0, 1, 2, 3, 10, 20].map(drawPositionText)).toEqual([
      'Next draw',
      '2nd draw',
      '3rd draw',
      '4th draw',
      '11th draw',
      '21st draw',
    ]);
  });

  it('refuses a negative or fractional position', () => {
    expect(() => drawPositionText(-1)).toThrow(RangeError);
    expect(() => drawPositionText(1.5)).toThrow(RangeError);
  });
});
