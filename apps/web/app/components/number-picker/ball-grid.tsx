import type { Slot } from '@drawhouse/domain';
import { type KeyboardEvent, useRef, useState } from 'react';
import { singular } from './play-state';

type NumberSet = { name: string; count: number; first: number; last: number };

/**
 * The balls of one number set: toggle buttons in fixed cells (the grid never shifts), one tab stop
 * (roving tabindex), arrow keys move between balls, Home/End jump, Space and Enter toggle.
 */
export function BallGrid({
  set,
  slots,
  label,
  repeatsAllowed,
  onPress,
}: {
  set: NumberSet;
  slots: readonly Slot[];
  label: string;
  repeatsAllowed: boolean;
  onPress: (n: number) => void;
}) {
  const numbers: number[] = [];
  for (let n = set.first; n <= set.last; n++) numbers.push(n);
  const columns = Math.min(numbers.length, 10);
  const [focus, setFocus] = useState(0);
  const ref = useRef<HTMLFieldSetElement>(null);
  const full = !slots.includes(null);
  const setKey = set.name.toLowerCase();
  const ballName = singular(set.name);

  function move(to: number) {
    const next = Math.max(0, Math.min(numbers.length - 1, to));
    setFocus(next);
    ref.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLFieldSetElement>) {
    const steps: Record<string, number> = {
      ArrowRight: 1,
      ArrowLeft: -1,
      ArrowDown: columns,
      ArrowUp: -columns,
    };
    if (event.key in steps) {
      event.preventDefault();
      move(focus + (steps[event.key] ?? 0));
    } else if (event.key === 'Home') {
      event.preventDefault();
      move(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      move(numbers.length - 1);
    }
  }

  return (
    <fieldset ref={ref} onKeyDown={onKeyDown} className="m-0 min-w-0 border-0 p-0">
      <legend className="sr-only">{label}</legend>
      <div className="grid gap-1" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 2.5rem))` }}>
        {numbers.map((n, i) => {
          const picked = slots.includes(n);
          const unavailable = full && (repeatsAllowed || !picked);
          return (
            <button
              key={n}
              type="button"
              tabIndex={i === focus ? 0 : -1}
              aria-label={`${ballName} ${n}`}
              aria-pressed={repeatsAllowed ? undefined : picked}
              aria-disabled={unavailable || undefined}
              data-testid={`ball-${setKey}-${n}`}
              onFocus={() => setFocus(i)}
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
