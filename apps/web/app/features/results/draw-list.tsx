import { DrawCard } from './draw-card';
import type { DrawCardView } from './results-view';

/** A page of draw results, or what to say when there are none. */
export function DrawList({
  draws,
  titled = false,
  empty,
}: {
  draws: readonly DrawCardView[];
  titled?: boolean;
  empty: string;
}) {
  if (draws.length === 0)
    return (
      <p className="mt-6" data-testid="no-results">
        {empty}
      </p>
    );
  return (
    <ul className="mt-6 flex flex-col gap-4" data-testid="draw-list">
      {draws.map((draw) => (
        <li key={`${draw.offerKey}-${draw.drawNo}`}>
          <DrawCard draw={draw} titled={titled} />
        </li>
      ))}
    </ul>
  );
}
