/**
 * How a syndicate's entry is named to customers: in entries (the system entries the syndicate plays)
 * and the standard games they cover, never the one as the other ("4 × System 10: 4 entries,
 * 480 games"). A customer buys shares of it.
 */
import { countOf } from './number-format.ts';

export type SyndicateEntry = {
  name: string | null;
  numGames: number | null;
  numStandardGames: number | null;
};

export function syndicateEntryText(entry: SyndicateEntry): string | null {
  const counts = [
    entry.numGames ? countOf(entry.numGames, 'entry', 'entries') : null,
    entry.numStandardGames ? countOf(entry.numStandardGames, 'game') : null,
  ].filter((part): part is string => part !== null);
  const name = entry.name?.trim() || null;
  if (!name) return counts.length > 0 ? counts.join(', ') : null;
  return counts.length > 0 ? `${name}: ${counts.join(', ')}` : name;
}
