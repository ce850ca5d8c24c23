/**
 * The feature placement: which one offer the home page features for a visitor. The rule reads the
 * offers as they are on sale now and what the visitor's cart already holds:
 *
 * 1. never an offer already in the cart, nor one with no draw on sale;
 * 2. a raffle whose draw stops within a day goes first (the soonest), as its chance is about to go;
 * 3. otherwise an offer of a category the cart lacks (a raffle for a cart of lotteries), then any
 *    other; within each, the biggest announced jackpot, then the offers' own ranking.
 *
 * Nothing left to feature (everything on sale is in the cart) is no placement at all.
 */

/** A raffle is featured as closing soon when its draw stops within this time. */
export const CLOSING_SOON_MS = 24 * 60 * 60 * 1000;

/** The placement keys the placement service answers. */
export const PLACEMENT_KEYS = ['feature_placement'] as const;
export type PlacementKey = (typeof PLACEMENT_KEYS)[number];

/** Why an offer was featured. */
export type FeatureReason = 'closing_soon' | 'cart_lacks' | 'highest_jackpot' | 'ranking';

/** What the rule reads of an offer. */
export type FeatureCandidate = {
  key: string;
  displayCategory: 'lotto' | 'raffle' | 'syndicate' | 'membership';
  ranking: number;
  /** The next draw on sale: its stop time and announced prize pool in cents (null: not announced). */
  nextDraw: { stopAt: Date; prizePoolCents: number | null } | null;
};

export type FeaturePick = { key: string; reason: FeatureReason };

function byJackpotThenRanking(a: FeatureCandidate, b: FeatureCandidate): number {
  const pa = a.nextDraw?.prizePoolCents ?? -1;
  const pb = b.nextDraw?.prizePoolCents ?? -1;
  return pb - pa || a.ranking - b.ranking;
}

export function featurePlacement(
  candidates: readonly FeatureCandidate[],
  inCart: readonly string[],
  now: Date,
): FeaturePick | null {
  const held = new Set(inCart);
  const onSale = candidates.filter(
    (c) =>
      c.nextDraw !== null &&
      c.nextDraw.stopAt > now &&
      !held.has(c.key) &&
      c.displayCategory !== 'membership',
  );
  if (onSale.length === 0) return null;

  const closing = onSale
    .filter(
      (c) =>
        c.displayCategory === 'raffle' &&
        c.nextDraw !== null &&
        c.nextDraw.stopAt.getTime() - now.getTime() <= CLOSING_SOON_MS,
    )
    .sort((a, b) => (a.nextDraw?.stopAt.getTime() ?? 0) - (b.nextDraw?.stopAt.getTime() ?? 0));
  if (closing[0]) return { key: closing[0].key, reason: 'closing_soon' };

  const cartCategories = new Set(candidates.filter((c) => held.has(c.key)).map((c) => c.displayCategory));
  if (cartCategories.size > 0) {
    const lacking = onSale.filter((c) => !cartCategories.has(c.displayCategory)).sort(byJackpotThenRanking);
    if (lacking[0]) return { key: lacking[0].key, reason: 'cart_lacks' };
  }

  const [best] = [...onSale].sort(byJackpotThenRanking);
  if (!best) return null;
  return { key: best.key, reason: best.nextDraw?.prizePoolCents != null ? 'highest_jackpot' : 'ranking' };
}
