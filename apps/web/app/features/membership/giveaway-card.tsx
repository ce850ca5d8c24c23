import type { CustomerGiveaway, Giveaway } from '@drawhouse/contract';
import { GIVEAWAY_TYPE_NAMES, giveawayPath } from '@drawhouse/domain';
import { Link } from 'react-router';
import { closeText, entryStatusText, prizeText } from './giveaway-text';
import { UnlockButton } from './membership-forms';

/**
 * A giveaway's card: its pill, title, prizes and close time, and for a signed-in customer their
 * entry status (with the unlock button while it is locked); closed ones say the customer's entry
 * number and what they won.
 */
export function GiveawayCard({
  giveaway,
  entry,
}: {
  giveaway: Giveaway;
  /** The customer's view of it; absent for visitors and upcoming giveaways. */
  entry?: CustomerGiveaway;
}) {
  const headingId = `giveaway-${giveaway.id}-title`;
  return (
    <li
      className="flex flex-col gap-2 rounded-xl bg-surface p-5"
      data-testid={`giveaway-${giveaway.type}-${giveaway.number}`}
    >
      <p className="flex flex-wrap items-center gap-2 text-sm font-semibold">
        <span className="rounded-full bg-accent px-2 py-0.5 text-on-accent">
          {GIVEAWAY_TYPE_NAMES[giveaway.type]}
        </span>
        {giveaway.pill ? (
          <span className="rounded-full border border-black/30 px-2 py-0.5" data-testid="giveaway-pill">
            {giveaway.pill}
          </span>
        ) : null}
        {giveaway.tier === 'premium' ? <span>Premium</span> : <span>Free for members</span>}
      </p>
      <h3 id={headingId} className="text-xl font-bold">
        <Link to={giveawayPath(giveaway.type, giveaway.number)} className="hover:underline">
          {giveaway.title}
        </Link>
      </h3>
      <ul className="text-sm" aria-label={`Prizes of ${giveaway.title}`}>
        {giveaway.prizes.map((prize, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: prizes repeat titles and have no id
          <li key={i}>{prizeText(prize)}</li>
        ))}
      </ul>
      <p className="text-sm text-muted">{closeText(giveaway)}</p>
      {entry ? (
        <div className="mt-auto flex flex-col gap-2">
          <p className="font-semibold" data-testid="entry-status" data-status={entry.entryStatus ?? 'none'}>
            {entryStatusText(entry)}
          </p>
          {entry.state !== 'open' ? (
            <p data-testid="entry-outcome">
              {entry.entryNumber !== null
                ? `Your entry number: ${entry.entryNumber}. `
                : 'You were not in this draw. '}
              {entry.won
                ? `You won ${prizeText(entry.won)}.`
                : entry.state === 'drawn'
                  ? 'No prize this time.'
                  : ''}
            </p>
          ) : entry.entryStatus === 'locked' ? (
            <UnlockButton giveaway={entry} />
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
