/**
 * The two-person rule for what operators enter (a draw's results, or later its prizes), and the
 * check of a prizes entry.
 *
 * Decisions:
 * - Entries are blind: an operator never sees another's entry, only that one waits.
 * - The first live entry waits. The next entry must come from another operator: when it matches,
 *   both publish; when it does not, both are void and nothing is published (the operators are not
 *   told which fields differ, so nobody can fix an entry to fit the other).
 * - After a void, a fresh pair is needed and its first entry must come from an operator who has no
 *   void entry for it (a third operator); the second may come from anyone but the first, so two
 *   people always agree and at least one of them had not disagreed before.
 * - An operator has one live entry at a time; an entry after publication is refused.
 */

export type EntryState = 'pending' | 'published' | 'mismatched' | 'void';

export type PairEntry = { id: string; operator: string; status: EntryState };

export type EntryDecision<T extends PairEntry = PairEntry> =
  | { decision: 'refused'; code: 'published' | 'already_entered' | 'operator_voided'; message: string }
  | { decision: 'wait' }
  | { decision: 'publish'; with: T }
  | { decision: 'void'; with: T };

const isVoid = (e: PairEntry) => e.status === 'void' || e.status === 'mismatched';

/**
 * What a new entry by `operator` does, given the entries made before it (of the same draw and kind)
 * and whether it matches a given earlier entry.
 */
export function decideEntry<T extends PairEntry>(
  earlier: readonly T[],
  operator: string,
  matches: (entry: T) => boolean,
): EntryDecision<T> {
  if (earlier.some((e) => e.status === 'published')) {
    return { decision: 'refused', code: 'published', message: 'These figures are published already.' };
  }
  if (earlier.some((e) => e.status === 'pending' && e.operator === operator)) {
    return {
      decision: 'refused',
      code: 'already_entered',
      message: `${operator} has an entry waiting already: a second operator must enter them.`,
    };
  }
  const waiting = earlier.find((e) => e.status === 'pending');
  if (waiting)
    return matches(waiting) ? { decision: 'publish', with: waiting } : { decision: 'void', with: waiting };
  if (earlier.some((e) => isVoid(e) && e.operator === operator)) {
    return {
      decision: 'refused',
      code: 'operator_voided',
      message: `${operator}'s entry was voided by a mismatch: the next entry must come from an operator whose entry was not voided.`,
    };
  }
  return { decision: 'wait' };
}

/** Operators whose entries were voided (named when the next entry is asked of someone else). */
export function voidedOperators(entries: readonly PairEntry[]): string[] {
  return [...new Set(entries.filter(isVoid).map((e) => e.operator))];
}

/**
 * A prizes entry for a draw whose divisions `awaiting` won without a known prize: it must give each
 * of them, a whole number of cents above 0, and nothing else.
 */
export function checkPrizesEntry(
  awaiting: readonly number[],
  prizes: Record<string, number>,
): { field: string; message: string }[] {
  const errors: { field: string; message: string }[] = [];
  const wanted = new Set(awaiting.map(String));
  for (const [division, cents] of Object.entries(prizes)) {
    if (!wanted.has(division)) {
      errors.push({
        field: `prizes.${division}`,
        message: `Division ${division} is not waiting for its prize (waiting: ${awaiting.join(', ') || 'none'})`,
      });
    } else if (!Number.isSafeInteger(cents) || cents <= 0) {
      errors.push({
        field: `prizes.${division}`,
        message: `The prize of division ${division} must be above 0`,
      });
    }
  }
  for (const division of wanted) {
    if (prizes[division] === undefined) {
      errors.push({ field: `prizes.${division}`, message: `Division ${division} is waiting for its prize` });
    }
  }
  return errors;
}
