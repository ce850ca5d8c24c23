/**
 * Which upcoming draws show their prize pool. The next draw's jackpot is announced; a later draw's is
 * only an estimate until the draws before it are drawn (a division 1 winner resets it), so it shows
 * "Announced soon" — unless it is the same as the next draw's, as with a fixed first prize
 * (Monday & Wednesday Lotto's $1 million, Set for Life's monthly payment).
 */
export function announcedPrizePool(
  index: number,
  prizePoolCents: number | null,
  nextDrawPrizePoolCents: number | null,
): number | null {
  if (prizePoolCents === null) return null;
  if (index === 0) return prizePoolCents;
  return prizePoolCents === nextDrawPrizePoolCents ? prizePoolCents : null;
}
