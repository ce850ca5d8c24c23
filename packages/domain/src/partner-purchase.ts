/**
 * Partner purchase: a partner (a club, a charity) sells some Drawhouse offers on its own purchase
 * pages. These rules say what a partner may sell, how a partner's cart item becomes a cart item, and
 * which action each blocked reason of a partner cart carries (the cart banner action types).
 */
import type { CartBannerAction } from '@drawhouse/contract';

/** The action a blocked reason's banner offers: the limit kinds and verification name their own. */
export function blockedReasonAction(reasonId: string): CartBannerAction {
  const kind = reasonId.split(':')[0] ?? '';
  const own: readonly string[] = [
    'spend_limit',
    'deposit_limit',
    'global_spend_limit',
    'verify_account_required',
  ];
  return own.includes(kind) ? (kind as CartBannerAction) : 'fixed';
}

/** A cart's blocked reasons with the action of each. */
export function blockedReasonsWithActions(
  reasons: Record<string, string>,
): Record<string, { message: string; actionType: CartBannerAction }> {
  return Object.fromEntries(
    Object.entries(reasons).map(([id, message]) => [id, { message, actionType: blockedReasonAction(id) }]),
  );
}

export type PartnerTerms = { key: string; channels: readonly string[]; allowedOffers: readonly string[] };

/** A field that refuses a partner purchase, or null when the partner may sell it on that channel. */
export function partnerPurchaseRefusal(
  partner: PartnerTerms,
  purchase: { partnerKey: string; channelKey: string; offerKey: string | null },
): { field: string; code: string; message: string } | null {
  if (purchase.partnerKey !== partner.key) {
    return {
      field: 'purchase.partner_key',
      code: 'unknown_partner',
      message: 'This is not the partner of this page.',
    };
  }
  if (!partner.channels.includes(purchase.channelKey)) {
    return {
      field: 'purchase.channel_key',
      code: 'unknown_channel',
      message: 'This partner does not sell on this channel.',
    };
  }
  if (purchase.offerKey !== null && !partner.allowedOffers.includes(purchase.offerKey)) {
    return {
      field: 'cart_item.lottery',
      code: 'offer_not_sold',
      message: 'This partner does not sell this offer.',
    };
  }
  return null;
}

/** What a partner's cart item names: the offer, a raffle's book size, the draw and a recurring purchase. */
export type PartnerCartItem = {
  lottery: string;
  raffleOffer?: number | null;
  drawNumber?: number | null;
  recurringPurchase?: { type: 'autoplay' | 'subscription'; enabled: boolean } | null;
};

/** What the catalogue says of the offer a partner item names. */
export type PartnerOfferFacts =
  | { type: 'lottery_ticket'; gameType: string; gameOffer: string; defaultGames: number }
  | { type: 'raffle_ticket'; books: readonly number[] }
  | { type: 'other' };

/** The item as the cart takes it: a lottery's quick pick of its default game offer, or a raffle book. */
export type PartnerItemBody =
  | {
      kind: 'lottery';
      lottery: string;
      gameType: string;
      gameOffer: string;
      games: [];
      quickpick: true;
      numGames: number;
      numDraws: 1;
      firstDrawNo?: number;
      recurringPurchase?: { type: 'autoplay' | 'subscription'; enabled: boolean } | null;
    }
  | {
      kind: 'raffle';
      lottery: string;
      book: number;
      firstDrawNo?: number;
      recurringPurchase?: { type: 'autoplay' | 'subscription'; enabled: boolean } | null;
    };

/**
 * The cart item of a partner's item, or the field error refusing it: a lottery is one quick pick
 * entry (the default number of games) for one draw; a raffle needs `raffle_offer`, one of its book
 * sizes (the smallest book when absent).
 */
export function partnerItemBody(
  item: PartnerCartItem,
  offer: PartnerOfferFacts | null,
): { ok: true; body: PartnerItemBody } | { ok: false; field: string; code: string; message: string } {
  const common = {
    lottery: item.lottery,
    ...(item.drawNumber ? { firstDrawNo: item.drawNumber } : {}),
    ...(item.recurringPurchase ? { recurringPurchase: item.recurringPurchase } : {}),
  };
  if (!offer || offer.type === 'other') {
    return {
      ok: false,
      field: 'cart_item.lottery',
      code: 'unknown_offer',
      message: 'There is no such lottery or raffle.',
    };
  }
  if (offer.type === 'lottery_ticket') {
    return {
      ok: true,
      body: {
        kind: 'lottery',
        ...common,
        gameType: offer.gameType,
        gameOffer: offer.gameOffer,
        games: [],
        quickpick: true,
        numGames: offer.defaultGames,
        numDraws: 1,
      },
    };
  }
  const book = item.raffleOffer ?? Math.min(...offer.books);
  if (!offer.books.includes(book)) {
    return {
      ok: false,
      field: 'cart_item.raffle_offer',
      code: 'unknown_book',
      message: `Choose a book of ${offer.books.join(', ')} tickets.`,
    };
  }
  return { ok: true, body: { kind: 'raffle', ...common, book } };
}
