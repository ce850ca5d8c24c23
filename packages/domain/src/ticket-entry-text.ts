/**
 * A ticket's entry in one line, as support reads it on a customer's page: a lottery ticket's games
 * (each number set by name), a raffle ticket's numbers (runs written as ranges, so a book of a
 * hundred is one "101–200"), or a syndicate ticket's shares.
 */
export type TicketEntry = {
  games: readonly Record<string, readonly number[]>[];
  raffleNumbers: readonly number[];
  numShares: number | null;
};

/** 3, 4, 5, 9 as "3–5, 9". */
export function numberRanges(numbers: readonly number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const runs: string[] = [];
  let start = sorted[0];
  for (let i = 0; i < sorted.length; i++) {
    const n = sorted[i] as number;
    const next = sorted[i + 1];
    if (next === n + 1) continue;
    runs.push(start === n ? String(n) : `${start}–${n}`);
    start = next;
  }
  return runs.join(', ');
}

export function ticketEntryText(entry: TicketEntry): string {
  if (entry.raffleNumbers.length > 0) {
    const label = entry.raffleNumbers.length === 1 ? 'Ticket' : 'Tickets';
    return `${label} ${numberRanges(entry.raffleNumbers)}`;
  }
  if (entry.numShares !== null && entry.numShares > 0) {
    return entry.numShares === 1 ? '1 share' : `${entry.numShares} shares`;
  }
  if (entry.games.length === 0) return 'No numbers';
  return entry.games
    .map(
      (game, i) =>
        `Game ${i + 1}: ${Object.entries(game)
          .map(([set, numbers]) => `${set} ${numbers.join(' ')}`)
          .join(' · ')}`,
    )
    .join('; ');
}
