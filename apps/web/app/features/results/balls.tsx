import type { BallSetView } from './results-view';

const BALL_CLASS = {
  main: 'bg-primary text-on-primary',
  supplementary: 'border-2 border-primary bg-page text-ink',
  powerball: 'bg-accent text-on-accent',
} as const;

/**
 * A draw's winning numbers as balls, one labelled row per set: the main numbers, the supplementary
 * or bonus balls (outlined), the Powerball (in the accent colour).
 */
export function WinningBalls({ sets, size = 'md' }: { sets: readonly BallSetView[]; size?: 'sm' | 'md' }) {
  const ball = size === 'sm' ? 'h-8 w-8 text-sm' : 'h-10 w-10 text-base';
  return (
    <dl className="flex flex-wrap gap-x-6 gap-y-3">
      {sets.map((set) => (
        <div key={`${set.kind}-${set.label}`} data-testid={`balls-${set.kind}`}>
          <dt className="text-sm font-semibold text-muted">{set.label}</dt>
          <dd className="mt-1">
            <ol className="flex flex-wrap gap-1.5">
              {set.numbers.map((n, index) => (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: balls are in drawn order and digits may repeat (Super 66)
                  key={index}
                  className={`flex ${ball} items-center justify-center rounded-full font-bold tabular-nums ${BALL_CLASS[set.kind]}`}
                  data-testid="ball"
                >
                  {n}
                </li>
              ))}
            </ol>
          </dd>
        </div>
      ))}
    </dl>
  );
}
