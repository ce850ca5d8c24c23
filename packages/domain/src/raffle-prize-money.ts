/**
 * Which raffle prizes Drawhouse credits to the winner's wallet: only a prize that is cash, named so
 * ("$10,000 cash"). Everything else (a home, a car, gold bullion, a travel voucher) is handed over by
 * the charity: the win is recorded and announced with the prize's name, and no money moves.
 */
export function isCashRafflePrize(name: string): boolean {
  return /\bcash\b/i.test(name);
}

/** What a winning raffle ticket is credited: the prize's value when it is cash, else nothing (null). */
export function raffleCreditCents(prize: { name: string; valueCents: number }): number | null {
  return isCashRafflePrize(prize.name) ? prize.valueCents : null;
}
