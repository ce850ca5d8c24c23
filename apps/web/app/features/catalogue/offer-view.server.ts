import type { GameType, Money, ProductOffer, UpcomingDraw } from '@drawhouse/contract';
import {
  drawPositionText,
  drawWhen,
  formatDrawDate,
  formatMoney,
  isOfferShown,
  jackpotText,
  MIN_SHARE_PRICE_CENTS,
  moneyToCents,
} from '@drawhouse/domain';
import type { DrawRowView, JackpotView, OfferCardView, OfferPageView } from './offer-view';

/** Cents of wire money, or null when it is absent or not a valid amount. */
export function centsOf(money: Money | null | undefined): number | null {
  if (!money) return null;
  try {
    return moneyToCents(money);
  } catch {
    return null;
  }
}

/** The currency and locale a storefront shows its prices in (the site's, from its pricing). */
export type MoneyStyle = { currency: string; locale: string };

/** Money as text: in the storefront's currency and locale when given, else in the money's own currency. */
export function moneyText(money: Money | null | undefined, style?: MoneyStyle): string | null {
  const cents = centsOf(money);
  if (cents === null || !money) return null;
  return style ? formatMoney(cents, style.currency, style.locale) : formatMoney(cents, money.currency);
}

function drawJackpot(draw: UpcomingDraw): JackpotView {
  return jackpotText({
    amountCents: centsOf(draw.prizePool),
    suffix: draw.prizePoolSuffix,
    isUnknown: draw.isPrizePoolUnknown,
  });
}

function date(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

function nextDraw(offer: ProductOffer): UpcomingDraw | undefined {
  return (
    offer.draws.find((d) => d.purchaseStatus === 'open' || d.purchaseStatus === 'pre_order') ?? offer.draws[0]
  );
}

/** A membership's billing periods with the price of one membership each, in the offer's order. */
function membershipPeriods(offer: ProductOffer) {
  return offer.gameTypes.flatMap((t) =>
    t.gameOffers.flatMap((g) => {
      const price = g.prices.find((p) => p.games === 1) ?? g.prices[0];
      const text = moneyText(price?.price);
      const cents = centsOf(price?.price);
      return text && cents !== null ? [{ cents, view: { key: g.key, name: g.name, price: text } }] : [];
    }),
  );
}

/** What a membership card says: the lowest price and its period, what members get, how it bills. */
function membershipCard(offer: ProductOffer): OfferCardView['membership'] {
  const periods = membershipPeriods(offer);
  const cheapest = periods.reduce<(typeof periods)[number] | undefined>(
    (low, p) => (low === undefined || p.cents < low.cents ? p : low),
    undefined,
  );
  if (!cheapest) return null;
  const names = periods.map((p) => p.view.name);
  const billing =
    names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : (names[0] ?? '');
  return {
    priceFrom: `From ${cheapest.view.price} (${cheapest.view.name})`,
    summary: offer.description,
    billing: `Billed ${billing.toLowerCase()}, renewed until you cancel`,
  };
}

export function offerCardView(offer: ProductOffer, now: Date): OfferCardView {
  const draw = nextDraw(offer);
  const drawDate = date(draw?.drawDate);
  const when = drawDate ? drawWhen(drawDate, now) : null;
  const raffle = offer.raffle;
  const firstPrize = raffle?.prizes.slice().sort((a, b) => a.rank - b.rank)[0];
  let jackpot: JackpotView | null = draw ? drawJackpot(draw) : null;
  if (raffle && (!draw || draw.isPrizePoolUnknown || !draw.prizePool) && firstPrize?.value) {
    jackpot = jackpotText({ amountCents: centsOf(firstPrize.value) });
  }
  const stop = raffle?.closesAt ?? draw?.stop ?? null;
  const stopDate = date(stop);
  return {
    key: offer.key,
    name: offer.name,
    description: offer.description,
    type: offer.type,
    category: offer.displayCategory,
    href: `/${offer.key}`,
    logo: offer.brand?.logo ?? null,
    highlighted: offer.highlighted || offer.megaJackpot,
    jackpot,
    drawLabel: when?.label ?? null,
    drawDate: when?.date ?? null,
    stop: stopDate ? stop : null,
    stopText: stopDate ? formatDrawDate(stopDate) : null,
    purchaseStatus: draw?.purchaseStatus ?? null,
    raffle: raffle
      ? {
          ticketsLeft: Math.max(0, raffle.totalTickets - raffle.ticketsSold),
          totalTickets: raffle.totalTickets,
        }
      : null,
    syndicate: offer.syndicate
      ? {
          sharesLeft: Math.max(0, offer.syndicate.totalShares - offer.syndicate.sharesSold),
          totalShares: offer.syndicate.totalShares,
          costPerShare: moneyText(offer.costPerShare),
        }
      : null,
    membership: offer.type === 'membership' ? membershipCard(offer) : null,
    lottoParty: null,
  };
}

/**
 * The Lotto Party entry of a listing: playing together rather than an offer of its own. Its next
 * draw is the soonest one on sale of the lotteries a group can play (named with its lottery: "Powerball:
 * This Thursday"), and its price the lowest share price a group may set.
 */
export function lottoPartyCardView(lotteries: readonly ProductOffer[], now: Date): OfferCardView {
  const soonest = lotteries
    .filter((o) => o.type === 'lottery_ticket')
    .map((o) => ({ offer: o, draw: nextDraw(o) }))
    .filter((c) => c.draw && (c.draw.purchaseStatus === 'open' || c.draw.purchaseStatus === 'pre_order'))
    .map((c) => ({ ...c, at: date(c.draw?.drawDate)?.getTime() ?? Number.POSITIVE_INFINITY }))
    .sort((a, b) => a.at - b.at)[0];
  const card = soonest ? offerCardView(soonest.offer, now) : null;
  return {
    key: 'lotto-party',
    name: 'Lotto Party',
    description: LOTTO_PARTY_SUMMARY,
    type: 'syndicate_share',
    category: 'syndicate',
    href: '/lotto-party',
    logo: null,
    highlighted: false,
    jackpot: null,
    drawLabel: card?.drawLabel ? `${card.name}: ${card.drawLabel}` : null,
    drawDate: card?.drawDate ?? null,
    stop: card?.stop ?? null,
    stopText: card?.stopText ?? null,
    purchaseStatus: card?.purchaseStatus ?? null,
    raffle: null,
    syndicate: null,
    membership: null,
    lottoParty: {
      summary: LOTTO_PARTY_SUMMARY,
      sharesFrom: `Shares from ${formatMoney(MIN_SHARE_PRICE_CENTS)}`,
      priceNote: 'Your group sets the share price',
    },
  };
}

const LOTTO_PARTY_SUMMARY = 'Start a group with friends, share the cost of an entry and split any prize.';

export function drawRows(offer: ProductOffer, now: Date): DrawRowView[] {
  const rows: DrawRowView[] = [];
  for (const [index, draw] of offer.draws.entries()) {
    const drawDate = date(draw.drawDate);
    const stop = date(draw.stop);
    if (!drawDate) continue;
    const when = drawWhen(drawDate, now);
    // Every row names its date the same way ("Thu 17 Dec 2026, 8:30pm"); a near draw's "This
    // Thursday" or "Next Thursday" goes under it.
    rows.push({
      drawNo: draw.drawNo,
      ordinal: drawPositionText(index),
      label: formatDrawDate(drawDate),
      dateNote: when.date === null ? null : when.label,
      drawDate: formatDrawDate(drawDate),
      stopDate: stop ? formatDrawDate(stop) : '',
      jackpot: drawJackpot(draw),
      purchaseStatus: draw.purchaseStatus,
    });
  }
  return rows;
}

/** The game type a /{key}/{suffix} path names: its path suffix, or the default type without one. */
export function chosenGameType(
  offer: ProductOffer,
  gameTypeKey: string | undefined,
): GameType | null | undefined {
  if (offer.gameTypes.length === 0) return gameTypeKey ? undefined : null;
  if (gameTypeKey === undefined) {
    return offer.gameTypes.find((t) => t.pathSuffix === '') ?? offer.gameTypes[0];
  }
  return offer.gameTypes.find((t) => t.pathSuffix !== '' && t.pathSuffix === `/${gameTypeKey}`);
}

const MAX_PRICE_ROWS = 8;

/** Draws an entry can be bought for: the upcoming draws on sale or on pre-order (at least 1). */
function maxDraws(offer: ProductOffer): number {
  const onSale = offer.draws.filter((d) => d.purchaseStatus === 'open' || d.purchaseStatus === 'pre_order');
  return Math.max(1, onSale.length);
}

export function offerPageView(
  offer: ProductOffer,
  gameType: GameType | null,
  now: Date,
  style?: MoneyStyle,
): OfferPageView {
  const raffle = offer.raffle;
  return {
    card: offerCardView(offer, now),
    facts: offer.facts ?? [],
    draws: drawRows(offer, now),
    gameTypes: offer.gameTypes.map((t) => ({
      key: t.key,
      name: t.name,
      href: `/${offer.key}${t.pathSuffix}`,
      current: t.key === gameType?.key,
    })),
    gameType: gameType
      ? {
          key: gameType.key,
          name: gameType.name,
          defaultGameOffer: gameType.defaultGameOffer,
          autoplay:
            gameType.recurringPurchase?.type === 'autoplay' ? gameType.recurringPurchase.availability : null,
          gameOffers: gameType.gameOffers.map((g) => ({
            key: g.key,
            name: g.name,
            minGames: g.minGames,
            maxGames: g.maxGames,
            defaultGames: g.defaultGames,
            prices: g.prices
              .slice(0, MAX_PRICE_ROWS)
              .map((p) => ({ games: p.games, price: moneyText(p.price, style) ?? '' })),
            priceTable: g.prices.flatMap((p) => {
              const priceCents = centsOf(p.price);
              return priceCents === null ? [] : [{ games: p.games, priceCents }];
            }),
            currency: style?.currency || g.priceCurrency || g.prices[0]?.price.currency || 'AUD',
            ...(style ? { locale: style.locale } : {}),
            numberSets: g.numberSets,
          })),
        }
      : null,
    raffle: raffle
      ? {
          books: raffle.books.map((b) => ({ numTickets: b.numTickets, price: moneyText(b.price) ?? '' })),
          prizes: raffle.prizes
            .slice()
            .sort((a, b) => a.rank - b.rank)
            .map((p) => ({ rank: p.rank, name: p.name, value: moneyText(p.value) })),
          ticketsLeft: Math.max(0, raffle.totalTickets - raffle.ticketsSold),
          totalTickets: raffle.totalTickets,
          closesAt: date(raffle.closesAt) ? formatDrawDate(new Date(raffle.closesAt)) : '',
          open: (date(raffle.closesAt)?.getTime() ?? Number.POSITIVE_INFINITY) > now.getTime(),
        }
      : null,
    syndicate: offer.syndicate
      ? {
          totalShares: offer.syndicate.totalShares,
          sharesLeft: Math.max(0, offer.syndicate.totalShares - offer.syndicate.sharesSold),
          costPerShare: moneyText(offer.costPerShare),
          costPerShareCents: centsOf(offer.costPerShare),
          currency: offer.costPerShare?.currency ?? 'AUD',
          ticketsName: offer.tickets?.name ?? null,
          numGames: offer.tickets?.numGames ?? null,
          numStandardGames: offer.tickets?.numStandardGames ?? null,
          lotteryKey: offer.syndicate.lotteryKey,
        }
      : null,
    play:
      offer.type === 'lottery_ticket' && gameType && gameType.gameOffers.length > 0
        ? { lotteryKey: offer.lotteryKey, maxDraws: maxDraws(offer) }
        : null,
    membership: offer.type === 'membership' ? { periods: membershipPeriods(offer).map((p) => p.view) } : null,
    causes: offer.causes.map((c) => ({ key: c.key, name: c.name, urlSlug: c.urlSlug })),
    available: isOfferShown(offer),
  };
}
