import { describe, expect, it } from 'vitest';
import { OperatorError } from './command.ts';
import { numberList, prizeList } from './draw-commands.ts';

describe('draw command arguments', () => {
  it('reads numbers as typed, keeping a word that is no number for the game to name', () => {
    expect(numberList('1,2, 3 4')).toEqual([1, 2, 3, 4]);
    expect(numberList('7,x')).toEqual([7, Number.NaN]);
    expect(numberList(undefined)).toBeUndefined();
  });

  it('reads prizes as dollars per division, in cents', () => {
    expect(prizeList('1=1000000,2=12345.6, 3=0.05')).toEqual({ '1': 100_000_000, '2': 1_234_560, '3': 5 });
    expect(prizeList(undefined)).toBeUndefined();
    for (const bad of ['1=', '1=12.345', '2=-5', 'x', '3=1e3']) {
      expect(() => prizeList(bad), bad).toThrow(OperatorError);
    }
  });
});
