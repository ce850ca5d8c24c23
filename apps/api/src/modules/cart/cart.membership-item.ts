/**
 * A membership item as the server accepts it: one billing period of a membership program, priced
 * from that period's price table, and always a subscription (membership offers have the recurring
 * purchase type subscription, availability always).
 */

import type { MembershipItemBody } from '@drawhouse/contract';
import { cartItemDescription, entryPriceCents, isOfferShown } from '@drawhouse/domain';
import type { MembershipItemCatalogue } from './cart.item-catalogue.repository.ts';
import { fail } from './cart.lottery-item.ts';
import type { CartItemInsert } from './cart.repository.ts';

export function buildMembershipItem(
  cat: MembershipItemCatalogue | undefined,
  body: MembershipItemBody,
): CartItemInsert {
  if (cat?.offer.type !== 'membership') {
    throw fail('membership_program', 'This membership is not sold here.', 'unknown_membership');
  }
  if (!isOfferShown(cat.offer)) {
    throw fail('membership_program', 'This membership is not available right now.', 'unavailable');
  }
  const period = cat.gameOffer;
  if (!period) {
    throw fail('membership_offer', 'This membership has no such billing period.', 'unknown_membership_offer');
  }
  let unitPriceCents: number;
  try {
    unitPriceCents = entryPriceCents(cat.prices, 1, 1);
  } catch {
    throw fail('membership_offer', 'This membership cannot be priced.', 'unpriceable');
  }
  return {
    productOfferKey: cat.offer.key,
    productType: 'membership',
    drawId: null,
    firstDrawNo: null,
    numDraws: 1,
    quantity: 1,
    unitPriceCents,
    payload: {
      gameType: period.gameTypeKey,
      membershipProgram: cat.offer.key,
      membershipOffer: period.key,
      membershipOfferName: period.name,
      description: cartItemDescription({
        kind: 'membership',
        offerName: cat.offer.name,
        gameOfferName: period.name,
      }),
    },
    recurringPurchase: { type: 'subscription', enabled: true },
    affiliateCode: body.affiliateCode ?? null,
  };
}
