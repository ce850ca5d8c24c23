/**
 * Arrow-key moves inside one game of the play panel, which is a single tab stop (roving tabindex).
 * A game is a column of groups: order slots, ball grids, the game's buttons. Left and Right step
 * through every control in reading order; Up and Down move a row in a grid and, past its edge, into
 * the group above or below (same column where it is a grid); Home and End go to the ends of the
 * group, with Ctrl (or Cmd) to the ends of the game.
 */
export type RovingGroup = {
  /** The focusable controls of the group, in reading order (disabled ones left out). */
  keys: readonly string[];
  /** Set for a grid: cells per row. */
  columns?: number;
};

export const ROVING_KEYS: ReadonlySet<string> = new Set([
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
]);

/** The control a key press moves to, or null when it stays where it is. */
export function rovingTarget(
  groups: readonly RovingGroup[],
  from: string,
  key: string,
  toEnds = false,
): string | null {
  const filled = groups.filter((g) => g.keys.length > 0);
  const g = filled.findIndex((group) => group.keys.includes(from));
  const group = filled[g];
  if (!group) return null;
  const i = group.keys.indexOf(from);
  const flat = filled.flatMap((x) => x.keys);
  const at = flat.indexOf(from);
  const columns = group.columns ?? 0;
  const column = columns > 0 ? i % columns : 0;
  const found = (k: string | undefined) => (k === undefined || k === from ? null : k);

  switch (key) {
    case 'ArrowRight':
      return found(flat[at + 1]);
    case 'ArrowLeft':
      return found(flat[at - 1]);
    case 'Home':
      return found(toEnds ? flat[0] : group.keys[0]);
    case 'End':
      return found(toEnds ? flat.at(-1) : group.keys.at(-1));
    case 'ArrowDown': {
      if (columns > 0 && i + columns < group.keys.length) return found(group.keys[i + columns]);
      const below = filled[g + 1];
      if (!below) return null;
      return found(below.keys[Math.min(below.columns ? column : 0, below.keys.length - 1)]);
    }
    case 'ArrowUp': {
      if (columns > 0 && i - columns >= 0) return found(group.keys[i - columns]);
      const above = filled[g - 1];
      if (!above) return null;
      if (!above.columns) return found(above.keys.at(-1));
      const lastRow = Math.floor((above.keys.length - 1) / above.columns) * above.columns;
      // A short last row: the cell above is in the row before it.
      const target =
        lastRow + column < above.keys.length ? lastRow + column : lastRow + column - above.columns;
      return found(above.keys[Math.max(0, target)]);
    }
    default:
      return null;
  }
}
