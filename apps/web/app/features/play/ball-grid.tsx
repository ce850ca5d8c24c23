import type { Slot } from '@drawhouse/domain';
import { singular } from './play-state';

type NumberSet = { name: string; count: number; first: number; last: number };

/** The cells per row of a number set's grid. */
export function gridColumns(set: NumberSet): number {
  return Math.min(set.last - set.first + 1, 10);
}

/** The roving key of one ball (also its test id). */
export function ballKey(setName: string, n: number): string {
  return `ball-${setName.toLowerCase()}-${n}`;
}

/**
 * The balls of one number set: toggle buttons in fixed cells (the grid never shifts). The game they
 * are in moves the focus between them (one tab stop per game, see roving-keys.ts); Space and Enter
 * toggle.
 */
export function BallGrid({
  set,
  slots,
  label,
  repeatsAllowed,
  tabStop,
  onPress,
}: {
  set: NumberSet;
  slots: readonly Slot[];
  label: string;
  repeatsAllowed: boolean;
  /** The roving key of the game's tab stop. */
  tabStop: string;
  onPress: (n: number) => void;
}) {
  const numbers: number[] = [];
  for (let n = set.first; n <= set.last; n++) numbers.push(n);
  const full = !slots.includes(null);
  const ballName = singular(set.name);

  return (
    <fieldset className="m-0 min-w-0 border-0 p-0">
      <legend className="sr-only">{label}</legend>
      <div
        className="grid gap-1"
        style={{ gridTemplateColumns: `repeat(${gridColumns(set)}, minmax(0, 2.5rem))` }}
      >
        {numbers.map((n) => {
          const picked = slots.includes(n);
          const unavailable = full && (repeatsAllowed || !picked);
          const key = ballKey(set.name, n);
          return (
            <button
              key={n}
              type="button"
              tabIndex={key === tabStop ? 0 : -1}
              aria-label={`${ballName} ${n}`}
              aria-pressed={repeatsAllowed ? undefined : picked}
              aria-disabled={unavailable || undefined}
              data-testid={key}
              data-roving={key}
              onClick={() => {
                if (!unavailable) onPress(n);
              }}
              className={`flex aspect-square w-full items-center justify-center rounded-full border-2 text-sm font-bold tabular-nums ${
                picked
                  ? 'border-primary bg-primary text-on-primary'
                  : unavailable
                    ? 'border-black/10 bg-page text-ink'
                    : 'border-black/30 bg-page text-ink hover:border-primary'
              }`}
            >
              {n}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
