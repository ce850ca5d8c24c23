import { GAMES, isLotteryKey } from './games.ts';

/**
 * Whether the picked order of a game's numbers is part of the entry: Lotto Strike and Super 66 are
 * decided by position, except Strike's boxed games, which win in any order.
 */
export function numbersInPickedOrder(lotteryKey: string, gameType: string | null): boolean {
  if (!isLotteryKey(lotteryKey) || !GAMES[lotteryKey].ordered) return false;
  return !gameType?.includes('boxed');
}

/** A game's numbers as a ticket shows them: as picked where order counts, otherwise smallest first. */
export function ticketNumbers(numbers: readonly number[], inPickedOrder: boolean): number[] {
  return inPickedOrder ? [...numbers] : [...numbers].sort((a, b) => a - b);
}
