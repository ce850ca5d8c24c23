import type { ProductOffer } from '@drawhouse/contract';
import { countOf, formatMoney, frequencyLabel, isOfferShown, moneyToCents } from '@drawhouse/domain';
import { calendarPath } from './calendar-view';

/** One thing a subscription may buy each time: a raffle book, a number of games, a billing period. */
export type SubscriptionOption = {
  value: string;
  label: string;
  /** The cart item body (snake_case, as the buy panels send it). */
  item: Record<string, unknown>;
};

export type SubscriptionView = {
  offerKey: string;
  offerName: string;
  /** autoplay (lotteries, syndicates) or subscription (raffles, memberships). */
  type: 'autoplay' | 'subscription';
  /** "Every draw", "Weekly", "Monthly". */
  frequency: string;
  /** What a subscription to this offer is, in one or two sentences. */
  explanation: string;
  /** What the option chooser is labelled: "Ticket book". */
  optionLabel: string;
  options: SubscriptionOption[];
  /** The calendar PDF of the coming draws; null for a membership (it has no draws of its own). */
  calendarHref: string | null;
  /** Why it cannot be subscribed to now, or null. */
  closed: string | null;
};

function priceText(money: { amount: number; currency: string } | null | undefined): string {
  if (!money) return '';
  try {
    return formatMoney(moneyToCents(money), money.currency);
  } catch {
    return '';
  }
}

const ENABLED = (type: 'autoplay' | 'subscription') => ({ type, enabled: true });

function lotteryOptions(offer: ProductOffer): SubscriptionOption[] {
  const gameType = offer.gameTypes.find((t) => t.recurringPurchase?.availability !== 'never');
  const gameOffer =
    gameType?.gameOffers.find((g) => g.key === gameType.defaultGameOffer) ?? gameType?.gameOffers[0];
  if (!gameType || !gameOffer) return [];
  const counts = [...new Set([gameOffer.defaultGames, gameOffer.minGames])].filter(
    (n) => n >= gameOffer.minGames && n <= gameOffer.maxGames,
  );
  return counts
    .sort((a, b) => a - b)
    .map((games) => {
      const price = gameOffer.prices.find((p) => p.games === games)?.price;
      return {
        value: String(games),
        label: `${countOf(games, 'quick pick game')}${price ? `: ${priceText(price)} a draw` : ''}`,
        item: {
          lottery: offer.key,
          game_type: gameType.key,
          game_offer: gameOffer.key,
          games: [],
          quickpick: true,
          num_games: games,
          num_draws: 1,
          recurring_purchase: ENABLED('autoplay'),
        },
      };
    });
}

function optionsOf(offer: ProductOffer): { label: string; options: SubscriptionOption[] } {
  switch (offer.type) {
    case 'raffle_ticket':
      return {
        label: 'Ticket book each draw',
        options: (offer.raffle?.books ?? []).map((book) => ({
          value: String(book.numTickets),
          label: `${countOf(book.numTickets, 'ticket')}: ${priceText(book.price)} a draw`,
          item: { lottery: offer.key, book: book.numTickets, recurring_purchase: ENABLED('subscription') },
        })),
      };
    case 'syndicate_share':
      return {
        label: 'Shares each draw',
        options: [1, 2, 5].map((shares) => ({
          value: String(shares),
          label: countOf(shares, 'share'),
          item: {
            syndicate: offer.key,
            num_shares: shares,
            num_draws: 1,
            recurring_purchase: ENABLED('autoplay'),
          },
        })),
      };
    case 'membership':
      return {
        label: 'How often you pay',
        options: offer.gameTypes.flatMap((t) =>
          t.gameOffers.map((g) => ({
            value: g.key,
            label: `${g.name}: ${priceText(g.prices[0]?.price)}`,
            item: { membership_program: offer.key, membership_offer: g.key },
          })),
        ),
      };
    default:
      return { label: 'Games each draw', options: lotteryOptions(offer) };
  }
}

const EXPLANATIONS: Record<ProductOffer['type'], string> = {
  lottery_ticket:
    'Autoplay buys the same entry for every draw, quick picked afresh each time, paid from your wallet or the card you choose. You can set a minimum jackpot, pause it until a date, or cancel it at any time in My account.',
  syndicate_share:
    'Autoplay buys the same number of shares for every draw, paid from your wallet or the card you choose. Pause or cancel it at any time in My account.',
  raffle_ticket:
    'A subscription buys the same ticket book for every draw of this raffle, paid from your wallet or the card you choose. Pause or cancel it at any time in My account.',
  membership:
    'A membership renews each period until you cancel it, paid from your wallet or the card you choose. Cancel it at any time in My account.',
};

/** The subscription page of an offer that takes recurring purchases; null for one that does not. */
export function subscriptionView(offer: ProductOffer): SubscriptionView | null {
  const recurring = offer.recurringPurchase;
  if (!recurring || recurring.availability === 'never') return null;
  const type = offer.type === 'raffle_ticket' || offer.type === 'membership' ? 'subscription' : 'autoplay';
  const { label, options } = optionsOf(offer);
  return {
    offerKey: offer.key,
    offerName: offer.name,
    type,
    // A membership is billed monthly unless the customer picks a longer period.
    frequency: frequencyLabel({
      type,
      productType: offer.type,
      billingPeriod: offer.type === 'membership' ? 'monthly' : null,
    }),
    explanation: EXPLANATIONS[offer.type],
    optionLabel: label,
    options,
    calendarHref: offer.type === 'membership' ? null : calendarPath(offer.key),
    closed: !isOfferShown(offer)
      ? `${offer.name} is not on sale at the moment.`
      : options.length === 0
        ? `${offer.name} cannot be subscribed to online yet.`
        : null,
  };
}

/** The offers listed on /subscription: those a visitor may subscribe to, by name. */
export function subscribableOffers(offers: readonly ProductOffer[]): SubscriptionView[] {
  return offers
    .flatMap((offer) => {
      const view = subscriptionView(offer);
      return view && view.closed === null ? [view] : [];
    })
    .sort((a, b) => a.offerName.localeCompare(b.offerName));
}
