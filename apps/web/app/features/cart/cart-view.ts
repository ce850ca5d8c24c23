/**
 * What the cart screens (/cart and /cart/buy) show of the API's cart: item lines, totals, the
 * promotion and the banners (closable notices of removed items and the blocks on buying).
 */

import type { CartView as CartAnswer, CartItemView, Money } from '@drawhouse/contract';
import {
  countOf,
  formatDrawDate,
  formatMoney,
  frequencyLabel,
  gameTypeRules,
  MEMBERSHIP_BILLING_PERIODS,
  type MembershipBillingPeriod,
  moneyToCents,
} from '@drawhouse/domain';
import { AUTO_REMOVED_FALLBACK } from '../../lib/cart.server';
import type { CartPromotion } from './promotion-text';

export type ItemView = {
  id: string;
  description: string;
  /** "Draw 1523 · Sat 29 Nov 2026, 8:30pm, 2 draws". */
  draw: string;
  /** "5 games" for lottery entries. */
  gameCount: string | null;
  games: string[];
  unitPrice: string;
  total: string;
  /** The play screen that restores the entry for Update entry; lottery items only. */
  editHref: string | null;
  /** The terms the item is bought under: a raffle draw's, else its offer's. */
  termsHref: string;
  /**
   * What recurs and how often: "Autoplay · Weekly, until you cancel", "Autoplay · Jackpots $20
   * million and over, until you cancel"; null for a one-off.
   */
  recurs: string | null;
};

/** A banner of the cart: `close` banners can be dismissed. */
export type CartBanner = { id: string; action: 'close'; message: string };

export type CartView = {
  items: ItemView[];
  total: string;
  preOrderTotal: string | null;
  promotion: CartPromotion | null;
  blocked: CartBanner[];
  autoRemoved: string[];
};

/** The catalogue as the cart needs it: names and the play screen path of each game type. */
export type OfferRef = {
  key: string;
  name: string;
  lotteryKey: string | null;
  playPaths: Record<string, string>;
};

function money(value: Money | null | undefined): string {
  if (!value) return formatMoney(0);
  return formatMoney(moneyToCents(value), value.currency || 'AUD');
}

const GAME_TYPE_NAMES: Record<string, string> = {
  standard: 'Standard',
  system: 'System',
  random: 'Quick pick',
};

/** A game as the customer reads it: ascending numbers, unless the order is the game (Strike, Super 66). */
function gameText(game: Record<string, unknown>, ordered: boolean): string {
  const parts: string[] = [];
  for (const [set, slots] of Object.entries(game)) {
    const numbers = (Array.isArray(slots) ? slots : [slots]).filter(
      (n): n is number => typeof n === 'number',
    );
    if (!ordered) numbers.sort((a, b) => a - b);
    if (numbers.length === 0) continue;
    parts.push(
      set === 'numbers'
        ? numbers.join(' ')
        : `${set.replace(/^\w/, (c) => c.toUpperCase())} ${numbers.join(' ')}`,
    );
  }
  return parts.join(' · ');
}

function offerOf(item: CartItemView, offers: readonly OfferRef[]): OfferRef | undefined {
  return (
    offers.find((o) => o.key === item.lotteryKey) ?? offers.find((o) => o.lotteryKey === item.lotteryKey)
  );
}

function drawDateText(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : formatDrawDate(date);
}

function editHref(item: CartItemView, offer: OfferRef | undefined): string | null {
  const path =
    item.productType === 'lottery_ticket' && item.gameType ? offer?.playPaths[item.gameType] : undefined;
  return path ? `${path}?item=${encodeURIComponent(item.id)}` : null;
}

const RECURRING_NAMES: Record<string, string> = {
  autoplay: 'Autoplay',
  subscription: 'Subscription',
  combined_recurring_purchase: 'Recurring purchase',
};

/** Billing periods longer than a month, which the domain's frequency label reads as Monthly or Weekly. */
const LONGER_PERIODS: Partial<Record<MembershipBillingPeriod, string>> = {
  quarterly: 'Every three months',
  biannually: 'Every six months',
  annually: 'Every year',
};

/** A membership offer key ends with its billing period: `daily-winners-quarterly`. */
function billingPeriodOf(membershipOffer: string | null): MembershipBillingPeriod | null {
  return MEMBERSHIP_BILLING_PERIODS.find((p) => membershipOffer?.endsWith(`-${p}`)) ?? null;
}

/** What an item bought with recurring purchase enabled repeats as, in the frequency's words. */
export function recurrenceText(item: CartItemView): string | null {
  const recurring = item.recurringPurchase;
  if (!recurring?.enabled) return null;
  const type =
    recurring.type === 'subscription' || recurring.type === 'combined_recurring_purchase'
      ? recurring.type
      : 'autoplay';
  const billingPeriod = billingPeriodOf(item.membershipOffer);
  const frequency =
    (billingPeriod && LONGER_PERIODS[billingPeriod]) ??
    frequencyLabel({
      type,
      productType: item.productType,
      billingPeriod,
      minimumJackpotCents: item.minimumJackpotAmount ? moneyToCents(item.minimumJackpotAmount) : null,
    });
  return `${RECURRING_NAMES[type]} · ${frequency}, until you cancel`;
}

export function itemView(item: CartItemView, offers: readonly OfferRef[]): ItemView {
  const offer = offerOf(item, offers);
  const offerName =
    offer?.name ??
    item.lotteryKey
      .replace(/^au_/, '')
      .replace(/[_-]+/g, ' ')
      .replace(/^\w/, (c) => c.toUpperCase());
  const kind =
    item.numTickets != null
      ? countOf(item.numTickets, 'ticket')
      : item.numShares != null
        ? countOf(item.numShares, 'share')
        : (GAME_TYPE_NAMES[item.gameType ?? ''] ?? item.gameType ?? '');
  const computed = kind ? `${offerName} – ${kind}` : offerName;
  const ordered = gameTypeRules(item.gameType ?? '').ordered;
  const games = (item.games ?? []).map((game) => gameText(game, ordered)).filter((text) => text !== '');
  const numGames = item.productType === 'lottery_ticket' ? (item.numGames ?? (games.length || null)) : null;
  const drawParts = [item.drawNo != null ? `Draw ${item.drawNo}` : null, drawDateText(item.drawDate)].filter(
    (part): part is string => part !== null,
  );
  const draw = [drawParts.join(' · '), item.numDraws > 1 ? countOf(item.numDraws, 'draw') : null]
    .filter((part) => part)
    .join(', ');
  return {
    id: item.id,
    description: item.description || computed,
    draw,
    gameCount: numGames ? countOf(numGames, 'game') : null,
    games,
    unitPrice: money(item.unitPrice),
    total: money(item.totalPrice),
    editHref: editHref(item, offer),
    termsHref:
      item.numTickets != null && item.drawNo != null
        ? `/${offer?.key ?? item.lotteryKey}/terms-and-conditions/${item.drawNo}`
        : `/${offer?.key ?? item.lotteryKey}/terms-and-conditions`,
    recurs: recurrenceText(item),
  };
}

export function cartView(cart: CartAnswer | undefined, offers: readonly OfferRef[]): CartView {
  if (!cart) {
    return {
      items: [],
      total: formatMoney(0),
      preOrderTotal: null,
      promotion: null,
      blocked: [],
      autoRemoved: [],
    };
  }
  const p = cart.promotion;
  const isCredit = p?.type === 'voucher_credit_amount';
  const promotion: CartPromotion | null = p
    ? {
        code: p.code,
        applies: p.applies,
        discount: p.applies && !isCredit ? money(p.discount) : null,
        credit: p.applies && isCredit ? p.label : null,
        message: p.message,
      }
    : null;
  return {
    items: cart.cartItems.map((item) => itemView(item, offers)),
    total: money(cart.cartTotal),
    preOrderTotal: cart.preOrderTotal && cart.preOrderTotal.amount !== 0 ? money(cart.preOrderTotal) : null,
    promotion,
    blocked: Object.entries(cart.blockedReasons ?? {})
      .filter(([, message]) => typeof message === 'string' && message !== '')
      .map(([id, message]) => ({ id, action: 'close' as const, message })),
    autoRemoved: autoRemovedMessages(cart),
  };
}

/** What the cart says about the items an answer took out (each once). */
export function autoRemovedMessages(cart: Pick<CartAnswer, 'autoRemovedItems'> | undefined): string[] {
  return (cart?.autoRemovedItems ?? []).map((removed) => {
    const message = removed.message || AUTO_REMOVED_FALLBACK;
    return removed.description && !removed.message ? `${removed.description}: ${message}` : message;
  });
}
