/**
 * A recommended draw made addable in one click (the pre-cart drawer): the cart item body for an
 * offer the customer bought before, from what the offer sells now. A lottery gets a quick pick of
 * the games last bought (within the game offer's bounds) for the next draw; a raffle its smallest
 * ticket book that is left, for its one cause; a syndicate one share. Anything that needs a choice
 * the customer has not made here (a raffle with several causes, a lotto party, a membership) or
 * that is not on sale has no one-click item.
 */
import type { ProductOffer } from '@drawhouse/contract';

/** What the rule reads of a recommendation (`GET /v2/orders/recommended`). */
export type Recommendation = {
  productOfferKey: string;
  productType: 'lottery_ticket' | 'raffle_ticket' | 'syndicate_share' | 'membership';
  gameType: string | null;
  numGames: number | null;
};

/** Game types a quick pick of whole games suits. */
const QUICK_PICK_TYPES = ['standard', 'random'];

export function recommendedItemBody(
  recommendation: Recommendation,
  offer: ProductOffer | undefined,
): Record<string, unknown> | null {
  if (!offer || offer.key !== recommendation.productOfferKey) return null;
  if (offer.availability !== 'available' || offer.suspended) return null;
  switch (recommendation.productType) {
    case 'lottery_ticket': {
      const wanted = recommendation.gameType;
      const gameType =
        offer.gameTypes.find((t) => t.key === wanted && QUICK_PICK_TYPES.includes(t.key)) ??
        offer.gameTypes.find((t) => t.key === 'standard');
      const gameOffer =
        gameType?.gameOffers.find((o) => o.key === gameType.defaultGameOffer) ?? gameType?.gameOffers[0];
      if (!gameType || !gameOffer) return null;
      const numGames = Math.min(
        gameOffer.maxGames,
        Math.max(gameOffer.minGames, recommendation.numGames ?? gameOffer.defaultGames),
      );
      return {
        lottery: offer.key,
        gameType: gameType.key,
        gameOffer: gameOffer.key,
        quickpick: true,
        numGames,
        numDraws: 1,
      };
    }
    case 'raffle_ticket': {
      const raffle = offer.raffle;
      if (!raffle || offer.causes.length > 1) return null;
      const left = raffle.totalTickets - raffle.ticketsSold;
      const book = raffle.books
        .filter((b) => b.numTickets <= left)
        .sort((a, b) => a.numTickets - b.numTickets)[0];
      if (!book) return null;
      const cause = offer.causes[0]?.key ?? raffle.causeKey;
      return { lottery: offer.key, book: book.numTickets, ...(cause ? { causeKey: cause } : {}) };
    }
    case 'syndicate_share': {
      if (recommendation.gameType === 'lotto_party' || offer.type !== 'syndicate_share') return null;
      const left = offer.syndicate ? offer.syndicate.totalShares - offer.syndicate.sharesSold : 1;
      return left > 0 ? { syndicate: offer.key, numShares: 1 } : null;
    }
    default:
      return null;
  }
}
