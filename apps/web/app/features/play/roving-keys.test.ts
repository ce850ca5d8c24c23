import { describe, expect, it } from 'vitest';
import { type RovingGroup, rovingTarget } from './roving-keys';

const balls = (set: string, count: number) => Array.from({ length: count }, (_, i) => `${set}-${i + 1}`);

// Powerball: 35 numbers and 20 Powerballs in rows of 10, then the game's buttons.
const game: RovingGroup[] = [
  { keys: balls('n', 35), columns: 10 },
  { keys: balls('p', 20), columns: 10 },
  { keys: ['quick-pick', 'clear', 'remove'] },
];

describe('rovingTarget', () => {
  it('steps left and right through every control of the game, without wrapping', () => {
    expect(rovingTarget(game, 'n-1', 'ArrowRight')).toBe('n-2');
    expect(rovingTarget(game, 'n-35', 'ArrowRight')).toBe('p-1');
    expect(rovingTarget(game, 'p-1', 'ArrowLeft')).toBe('n-35');
    expect(rovingTarget(game, 'p-20', 'ArrowRight')).toBe('quick-pick');
    expect(rovingTarget(game, 'remove', 'ArrowRight')).toBeNull();
    expect(rovingTarget(game, 'n-1', 'ArrowLeft')).toBeNull();
  });

  it('moves a row up and down inside a grid', () => {
    expect(rovingTarget(game, 'n-7', 'ArrowDown')).toBe('n-17');
    expect(rovingTarget(game, 'n-17', 'ArrowUp')).toBe('n-7');
    expect(rovingTarget(game, 'n-21', 'ArrowDown')).toBe('n-31');
  });

  it('moves past the edge of a grid into the next group, keeping the column in a grid', () => {
    // 27 has nothing under it in the short last row (31-35): down goes to the Powerballs.
    expect(rovingTarget(game, 'n-27', 'ArrowDown')).toBe('p-7');
    expect(rovingTarget(game, 'n-33', 'ArrowDown')).toBe('p-3');
    expect(rovingTarget(game, 'p-13', 'ArrowDown')).toBe('quick-pick');
    expect(rovingTarget(game, 'p-3', 'ArrowUp')).toBe('n-33');
    expect(rovingTarget(game, 'p-7', 'ArrowUp')).toBe('n-27');
    expect(rovingTarget(game, 'clear', 'ArrowUp')).toBe('p-11');
    expect(rovingTarget(game, 'n-5', 'ArrowUp')).toBeNull();
    expect(rovingTarget(game, 'clear', 'ArrowDown')).toBeNull();
  });

  it('goes to the ends of the group with Home and End, and of the game with Ctrl', () => {
    expect(rovingTarget(game, 'n-14', 'Home')).toBe('n-1');
    expect(rovingTarget(game, 'n-14', 'End')).toBe('n-35');
    expect(rovingTarget(game, 'p-4', 'Home', true)).toBe('n-1');
    expect(rovingTarget(game, 'p-4', 'End', true)).toBe('remove');
    expect(rovingTarget(game, 'n-1', 'Home')).toBeNull();
  });

  it('skips empty groups and ignores other keys and unknown controls', () => {
    const ordered: RovingGroup[] = [{ keys: [] }, { keys: balls('n', 5), columns: 10 }, { keys: ['clear'] }];
    expect(rovingTarget(ordered, 'n-1', 'ArrowUp')).toBeNull();
    expect(rovingTarget(ordered, 'n-3', 'ArrowDown')).toBe('clear');
    expect(rovingTarget(ordered, 'clear', 'ArrowUp')).toBe('n-1');
    expect(rovingTarget(ordered, 'n-1', 'Tab')).toBeNull();
    expect(rovingTarget(ordered, 'x', 'ArrowRight')).toBeNull();
  });
});
