import type { ProductOffer } from '@drawhouse/contract';

/**
 * The syndicate an offer's `/syndicates` play screen opens: a syndicate offer is its own; a lottery's
 * is the first shown syndicate riding that lottery, in the catalogue's order. Undefined: none.
 */
export function syndicateFor(
  offers: readonly ProductOffer[],
  offerKey: string,
  shown: (offer: ProductOffer) => boolean,
): ProductOffer | undefined {
  const offer = offers.find((o) => o.key === offerKey && shown(o));
  if (!offer) return undefined;
  if (offer.type === 'syndicate_share') return offer;
  if (offer.type !== 'lottery_ticket' || !offer.lotteryKey) return undefined;
  return offers.find(
    (o) => o.type === 'syndicate_share' && o.syndicate?.lotteryKey === offer.lotteryKey && shown(o),
  );
}
