/**
 * The order of product offers in lists such as the home page and /lotto-tickets:
 *
 * 1. offers sorted by ranking, lowest first (ties keep their input order; a missing or NaN ranking
 *    goes last);
 * 2. the mega-jackpot product (the first offer with megaJackpot, by ranking) moved to position 2
 *    (index 1), even when it ranks first;
 * 3. when syndicates are enabled, the syndicate entry (the first syndicate_share offer, by ranking)
 *    inserted at position 3 (index 2); other syndicate offers keep their ranked places;
 * 4. the lotto party entry, when given, placed right before the syndicate entry: with both, the list
 *    reads [first, mega jackpot, lotto party, syndicate, ...]; without a syndicate entry lotto party
 *    takes position 3.
 * A list too short for a position gets the entry at its end.
 *
 * Decisions:
 * - syndicatesEnabled false removes every syndicate_share offer: the flag says whether syndicates
 *   are sold to this visitor (the syndicates capability), so they do not show;
 * - an offer in `offers` with the lotto party offer's key is not shown twice;
 * - the input is never mutated; the result is a new array of the same objects.
 */

export type OrderableProductOffer = {
  key: string;
  type: string;
  ranking: number;
  megaJackpot?: boolean | null;
};

export type ProductOrderOptions<T> = {
  syndicatesEnabled: boolean;
  lottoPartyOffer?: T | null;
};

export const SYNDICATE_OFFER_TYPE = 'syndicate_share';
export const MEGA_JACKPOT_INDEX = 1;
export const SYNDICATE_INDEX = 2;

function rankingKey(ranking: number): number {
  return Number.isNaN(ranking) ? Number.POSITIVE_INFINITY : ranking;
}

function takeFirst<T>(list: T[], test: (item: T) => boolean): T | undefined {
  const index = list.findIndex(test);
  if (index === -1) return undefined;
  return list.splice(index, 1)[0];
}

export function orderProductOffers<T extends OrderableProductOffer>(
  offers: readonly T[],
  { syndicatesEnabled, lottoPartyOffer }: ProductOrderOptions<T>,
): T[] {
  const lottoParty = lottoPartyOffer ?? undefined;
  const ranked = offers
    .map((offer, index) => ({ offer, index }))
    .filter(({ offer }) => syndicatesEnabled || offer.type !== SYNDICATE_OFFER_TYPE)
    .filter(({ offer }) => lottoParty === undefined || offer.key !== lottoParty.key)
    .sort((a, b) => rankingKey(a.offer.ranking) - rankingKey(b.offer.ranking) || a.index - b.index)
    .map(({ offer }) => offer);

  const syndicate = syndicatesEnabled
    ? takeFirst(ranked, (offer) => offer.type === SYNDICATE_OFFER_TYPE)
    : undefined;

  const megaJackpot = takeFirst(ranked, (offer) => offer.megaJackpot === true);
  if (megaJackpot) ranked.splice(Math.min(MEGA_JACKPOT_INDEX, ranked.length), 0, megaJackpot);

  const inserted = [lottoParty, syndicate].filter((offer): offer is T => offer !== undefined);
  ranked.splice(Math.min(SYNDICATE_INDEX, ranked.length), 0, ...inserted);
  return ranked;
}
