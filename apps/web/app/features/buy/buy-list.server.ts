/**
 * The buy page (`/buy`) and the buy shortcut of each offer (`/{offer}/buy`).
 *
 * Decisions:
 * - `/buy` lists what can be bought now: offers shown in the shop whose next draw is on sale or on
 *   pre-order (raffles and syndicates also with tickets or shares left; memberships with a price), in
 *   product list order, each with its next draw, its price from and a Buy link to `/{offer}/buy`.
 * - `/{offer}/buy` sends the visitor (a redirect) to where that offer is bought: a lottery to its Quick
 *   Pick screen (`/{offer}/random`: the default game offer of that type chosen, the lines picked at
 *   random, so "Add to cart" is the only step left), or to its default play screen when it sells no
 *   Quick Pick; a raffle to its open draw's ticket books (`/{offer}/draw/{n}/buy`); a syndicate or a
 *   membership to its page, where its shares or periods are bought. An offer with nothing on sale goes
 *   to its page, which says why.
 */
import type { GameType, ProductOffer } from '@drawhouse/contract';
import { formatMoney } from '@drawhouse/domain';
import { centsOf, moneyText, offerCardView } from '../catalogue/offer-view.server';

export type BuyRow = {
  key: string;
  name: string;
  category: ProductOffer['displayCategory'];
  drawLabel: string | null;
  drawDate: string | null;
  price: string | null;
  href: string;
};

const ON_SALE: readonly string[] = ['open', 'pre_order'];

function drawOnSale(offer: ProductOffer) {
  return offer.draws.find((d) => ON_SALE.includes(d.purchaseStatus));
}

function defaultGameType(offer: ProductOffer): GameType | undefined {
  return offer.gameTypes.find((t) => t.pathSuffix === '') ?? offer.gameTypes[0];
}

/** What the offer costs at least, in words: a game, a ticket book, a share or a period. */
export function priceFrom(offer: ProductOffer, now: Date): string | null {
  switch (offer.type) {
    case 'lottery_ticket': {
      const type = defaultGameType(offer);
      const gameOffer = type?.gameOffers.find((g) => g.key === type.defaultGameOffer) ?? type?.gameOffers[0];
      const row = gameOffer?.prices.reduce<(typeof gameOffer.prices)[number] | undefined>(
        (low, p) => (low === undefined || p.games < low.games ? p : low),
        undefined,
      );
      const cents = centsOf(row?.price);
      if (!row || cents === null) return null;
      const perGame = Math.ceil(cents / row.games);
      return `From ${formatMoney(perGame, row.price.currency)} a game`;
    }
    case 'raffle_ticket': {
      const book = offer.raffle?.books.reduce<
        NonNullable<ProductOffer['raffle']>['books'][number] | undefined
      >((low, b) => (low === undefined || b.numTickets < low.numTickets ? b : low), undefined);
      const text = moneyText(book?.price);
      return book && text
        ? `From ${text} for ${book.numTickets === 1 ? '1 ticket' : `${book.numTickets} tickets`}`
        : null;
    }
    case 'syndicate_share': {
      const text = moneyText(offer.costPerShare);
      return text ? `${text} a share` : null;
    }
    case 'membership':
      return offerCardView(offer, now).membership?.priceFrom ?? null;
  }
}

/** Whether the offer can be bought now (its next draw on sale, stock left, a price). */
export function onSaleNow(offer: ProductOffer, now: Date): boolean {
  if (offer.availability !== 'available' || offer.suspended) return false;
  if (priceFrom(offer, now) === null) return false;
  if (offer.type === 'membership') return true;
  if (!drawOnSale(offer)) return false;
  if (offer.raffle && offer.raffle.ticketsSold >= offer.raffle.totalTickets) return false;
  if (offer.syndicate && offer.syndicate.sharesSold >= offer.syndicate.totalShares) return false;
  return true;
}

/** Where `/{offer}/buy` sends the visitor (see the decisions above). */
export function buyPath(offer: ProductOffer, now: Date): string {
  const home = `/${offer.key}`;
  if (!onSaleNow(offer, now)) return home;
  if (offer.type === 'lottery_ticket') {
    return offer.gameTypes.some((t) => t.key === 'random' && t.pathSuffix !== '') ? `${home}/random` : home;
  }
  if (offer.type === 'raffle_ticket') {
    const draw = drawOnSale(offer);
    return draw ? `${home}/draw/${draw.drawNo}/buy` : home;
  }
  return home;
}

/** The rows of `/buy`: the offers on sale now, in the order given. */
export function buyRows(offers: readonly ProductOffer[], now: Date): BuyRow[] {
  return offers
    .filter((o) => onSaleNow(o, now))
    .map((o) => {
      const card = offerCardView(o, now);
      return {
        key: o.key,
        name: o.name,
        category: o.displayCategory,
        drawLabel: o.type === 'membership' ? null : card.drawLabel,
        drawDate: o.type === 'membership' ? null : card.drawDate,
        price: priceFrom(o, now),
        href: `/${o.key}/buy`,
      };
    });
}
