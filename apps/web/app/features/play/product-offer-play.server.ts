/**
 * What the play panel of an offer page needs besides the catalogue: the draws it may start with,
 * the draw days, the visitor's favourite numbers, and the cart item being edited (`?item=`).
 */

import type { CartItemView, ProductOffer } from '@drawhouse/contract';
import {
  type FavouriteNumberSet,
  GAMES,
  isLotteryKey,
  type NumberSet,
  parseFavouriteNumbers,
  selectableDays,
} from '@drawhouse/domain';
import { loadCart } from '../../lib/cart.server';
import { loadCustomer } from '../../lib/customer.server';
import type { Visitor } from '../../lib/visitor.server';
import type { OfferPageView } from '../catalogue/offer-view';
import type { PlayDraw } from './draw-options';
import {
  chosenFirstDraw,
  type EditedItem,
  type PanelFavourites,
  type PlayStart,
  restoredPlay,
} from './play-state';

export type PlayExtras = {
  draws: PlayDraw[];
  days: string[];
  start: Partial<PlayStart> | null;
  /** The cart item the page edits; null for a new entry. */
  itemId: string | null;
  favourites: PanelFavourites | null;
};

const ON_SALE = new Set(['open', 'pre_order']);

function weekdayOf(iso: string): string {
  return new Intl.DateTimeFormat('en-AU', { weekday: 'long', timeZone: 'Australia/Sydney' })
    .format(new Date(iso))
    .toLowerCase();
}

/** The draws on sale, as the panel names them ("This Monday, Mon 24 Nov 2026"). */
function playDraws(offer: ProductOffer, view: OfferPageView): PlayDraw[] {
  return view.draws
    .filter((row) => ON_SALE.has(row.purchaseStatus))
    .flatMap((row) => {
      const draw = offer.draws.find((d) => d.drawNo === row.drawNo);
      return draw
        ? [{ drawNo: row.drawNo, weekday: weekdayOf(draw.drawDate), label: `${row.label}, ${row.drawDate}` }]
        : [];
    });
}

function editedItem(item: CartItemView): EditedItem {
  return {
    id: item.id,
    gameType: item.gameType,
    gameOffer: item.gameOffer,
    games: item.games,
    numGames: item.numGames,
    numDraws: item.numDraws,
    autoplay: item.recurringPurchase?.type === 'autoplay' && item.recurringPurchase.enabled,
    day: item.day,
    drawNo: item.drawNo,
    causeKey: item.causeKey,
    minimumJackpotAmount: item.minimumJackpotAmount,
  };
}

async function accountFavourites(visitor: Visitor): Promise<FavouriteNumberSet[] | null> {
  if (!visitor.signedIn) return null;
  return parseFavouriteNumbers((await loadCustomer(visitor)).favouriteNumbers);
}

export async function playExtras(
  visitor: Visitor,
  offer: ProductOffer,
  view: OfferPageView,
  search: URLSearchParams,
  /** The segment has the favourite numbers capability. */
  favouritesOn = true,
): Promise<PlayExtras> {
  const gameType = view.gameType;
  const draws = playDraws(offer, view);
  const lotteryKey = offer.lotteryKey && isLotteryKey(offer.lotteryKey) ? offer.lotteryKey : null;
  const days: string[] = lotteryKey ? selectableDays(lotteryKey) : [];
  let start: Partial<PlayStart> | null = null;
  let itemId: string | null = null;

  const requestedItem = search.get('item');
  if (requestedItem && gameType && view.play) {
    const item = (await loadCart(visitor))?.cartItems.find(
      (i) => i.id === requestedItem && i.lotteryKey === offer.key && i.productType === 'lottery_ticket',
    );
    const restored = item ? restoredPlay(gameType.gameOffers, gameType.key, editedItem(item)) : undefined;
    if (item && restored) {
      itemId = item.id;
      // The item's first draw may have closed since: then the entry takes the next draw.
      const first = chosenFirstDraw(draws, String(restored.firstDrawNo ?? ''));
      start = { ...restored, firstDrawNo: first?.drawNo ?? null };
    }
  }
  if (!start) {
    const first = chosenFirstDraw(draws, search.get('firstDrawNo'));
    if (first)
      start = { firstDrawNo: first.drawNo, ...(days.includes(first.weekday) ? { day: first.weekday } : {}) };
  }

  const standardSets: readonly NumberSet[] | undefined = lotteryKey
    ? GAMES[lotteryKey].numberSets
    : undefined;
  const favourites =
    standardSets && favouritesOn
      ? {
          account: await accountFavourites(visitor),
          standardSets: [...standardSets],
          fillOnLoad: visitor.link.favouriteNumbers && itemId === null,
        }
      : null;
  return { draws, days, start, itemId, favourites };
}
