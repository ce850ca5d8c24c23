/**
 * The worked example of the how-it-works page, computed with the same rules the close and the
 * settlement use (entryFromPot, splitByShares), so the page can never tell a different story.
 */
import { entryFromPot, formatMoney, splitByShares } from '@drawhouse/domain';

export type WorkedExample = {
  setup: string;
  close: string;
  refunds: string;
  prize: string;
};

const MEMBERS = [
  { id: 'Sam', shares: 4 },
  { id: 'Alex', shares: 3 },
  { id: 'Kim', shares: 3 },
] as const;

function parts(list: readonly { id: string; cents: number }[]): string {
  return list.map((p) => `${p.id} ${formatMoney(p.cents)}`).join(', ');
}

export function workedExample(
  args: { sharePriceCents: number; gamePriceCents: number; prizeCents: number; maxGames: number } = {
    sharePriceCents: 500,
    gamePriceCents: 155,
    prizeCents: 25_001,
    maxGames: 100,
  },
): WorkedExample {
  const sold = MEMBERS.reduce((n, m) => n + m.shares, 0);
  const potCents = sold * args.sharePriceCents;
  const entry = entryFromPot({ potCents, gamePriceCents: args.gamePriceCents, maxGames: args.maxGames });
  const refund = splitByShares(entry.leftoverCents, MEMBERS, sold);
  const prize = splitByShares(args.prizeCents, MEMBERS, sold);
  const holders = MEMBERS.map((m) => `${m.id} ${m.shares}`).join(', ');
  return {
    setup: `Three friends buy ${sold} shares at ${formatMoney(args.sharePriceCents)} (${holders}): the pot is ${formatMoney(potCents)}.`,
    close: `At the close, with one game at ${formatMoney(args.gamePriceCents)}, the pot buys ${entry.games} quick-pick games for ${formatMoney(entry.spentCents)}.`,
    refunds: `The ${formatMoney(entry.leftoverCents)} left over is refunded by shares: ${parts(refund.parts)}.`,
    prize: `A ${formatMoney(args.prizeCents)} prize is split by shares: ${parts(prize.parts)}${
      prize.remainderCents > 0
        ? ` (the ${formatMoney(prize.remainderCents)} that cannot be split evenly stays with Drawhouse)`
        : ''
    }.`,
  };
}
