/**
 * The ticket in progress of the play panel: pure steps over the domain's ticket rules, so the panel
 * only keeps state and draws it. Everything follows the game offer's number sets and the game type
 * key; nothing is written per lottery.
 */
import type { Money } from '@drawhouse/contract';
import {
  centsToMoney,
  completeGames,
  emptyGame,
  entryOdds,
  entryPriceCents,
  type FavouriteNumberSet,
  formatMoney,
  formatOdds,
  gameTypeRules,
  isGameComplete,
  isLotteryKey,
  type NumberSet,
  parseCurrencyInput,
  pickedNumbers,
  pickedSets,
  pickNumber,
  quickPick,
  type RandomInt,
  type Slot,
  type TicketGame,
  unpickNumber,
  VALIDATION_MESSAGES,
} from '@drawhouse/domain';
import type { GameOfferView } from '../catalogue/offer-view';

/** Favourite numbers on this panel: standard and system games of a lottery. */
export type PanelFavourites = {
  /** The signed-in customer's saved sets (they replace the session copy); null when signed out. */
  account: FavouriteNumberSet[] | null;
  /** The lottery's standard game sets: a saved set holds at most their counts. */
  standardSets: readonly NumberSet[];
  /** `favourite_numbers=true`: game 1 starts with the favourites. */
  fillOnLoad: boolean;
};

/** What the panel reads of a game offer. */
export type PlayOffer = Pick<
  GameOfferView,
  'key' | 'minGames' | 'maxGames' | 'defaultGames' | 'priceTable' | 'currency' | 'locale' | 'numberSets'
>;

export function clampGames(offer: PlayOffer, n: number): number {
  return Math.min(Math.max(n, Math.max(1, offer.minGames)), Math.max(1, offer.maxGames));
}

/** The offer's default number of empty games. */
export function initialGames(offer: PlayOffer, gameType: string): TicketGame[] {
  const count = clampGames(offer, offer.defaultGames);
  return Array.from({ length: count }, () => emptyGame(offer.numberSets, gameType));
}

/**
 * A ball pressed: an unpicked number goes into the first empty slot (when the set has room), a picked
 * one leaves its slot. Where repeats are allowed (Super 66 digits) a press always adds.
 */
export function toggleBall(
  offer: PlayOffer,
  gameType: string,
  game: TicketGame,
  setName: string,
  n: number,
): TicketGame {
  const set = offer.numberSets.find((s) => s.name === setName);
  const slots = game[setName];
  if (!set || !slots) return game;
  const { repeatsAllowed } = gameTypeRules(gameType);
  if (!repeatsAllowed && slots.includes(n)) return { ...game, [setName]: unpickNumber(slots, n) };
  const result = pickNumber(slots, set, n, { repeatsAllowed });
  return result.ok ? { ...game, [setName]: result.slots } : game;
}

/** Empties one slot (the order row of ordered games). */
export function clearSlotOf(game: TicketGame, setName: string, index: number): TicketGame {
  const slots = game[setName];
  if (!slots) return game;
  const next: Slot[] = [...slots];
  if (index >= 0 && index < next.length) next[index] = null;
  return { ...game, [setName]: next };
}

export function quickPickGame(
  offer: PlayOffer,
  gameType: string,
  game: TicketGame,
  random: RandomInt,
): TicketGame {
  return quickPick(offer.numberSets, gameType, random, game);
}

/** The games moved to another offer of the same type (System 8 to System 10): numbers kept in order. */
export function moveToOffer(games: readonly TicketGame[], to: PlayOffer, gameType: string): TicketGame[] {
  const count = clampGames(to, games.length);
  return Array.from({ length: count }, (_, i) => {
    const from = games[i];
    const game = emptyGame(to.numberSets, gameType);
    if (!from) return game;
    const next: Record<string, Slot[]> = {};
    for (const set of pickedSets(to.numberSets, gameType)) {
      const kept = pickedNumbers(from[set.name]).filter((n) => n >= set.first && n <= set.last);
      next[set.name] = Array.from({ length: set.count }, (_, j) => kept[j] ?? null);
    }
    return next;
  });
}

export function gameComplete(offer: PlayOffer, gameType: string, game: TicketGame): boolean {
  return isGameComplete(offer.numberSets, game, gameType);
}

/** "Pick 3 more numbers and 1 Powerball" or "Complete". */
export function gameStatus(offer: PlayOffer, gameType: string, game: TicketGame): string {
  if (gameComplete(offer, gameType, game)) return 'Complete';
  const parts: string[] = [];
  for (const set of pickedSets(offer.numberSets, gameType)) {
    const left = set.count - pickedNumbers(game[set.name]).length;
    if (left > 0) parts.push(`${left} ${left === 1 ? singular(set.name) : set.name}`);
  }
  return `Pick ${parts.join(' and ')}`;
}

/** "Numbers" -> "Number", "Favourites" -> "Favourite", "Powerball" stays. */
export function singular(setName: string): string {
  return setName.endsWith('s') ? setName.slice(0, -1) : setName;
}

export type EntrySummary = {
  completeCount: number;
  price: string;
  topOdds: string | null;
  anyPrizeOdds: string | null;
};

/** Live price and odds of the entry as it stands (complete games only; odds of one game before any). */
export function entrySummary(options: {
  offer: PlayOffer;
  gameType: string;
  lotteryKey: string | null;
  games: readonly TicketGame[];
  numDraws: number;
  /** The random game type: games are quick picked by the server, so they all count. */
  quickPickCount?: number;
}): EntrySummary {
  const { offer, gameType, lotteryKey, games, numDraws } = options;
  const completeCount = options.quickPickCount ?? completeGames(offer.numberSets, games, gameType).length;
  let cents = 0;
  try {
    if (completeCount > 0 && offer.priceTable.length > 0)
      cents = entryPriceCents(offer.priceTable, completeCount, numDraws);
  } catch {
    cents = 0;
  }
  let topOdds: string | null = null;
  let anyPrizeOdds: string | null = null;
  if (lotteryKey && isLotteryKey(lotteryKey)) {
    try {
      const main = offer.numberSets[0];
      const odds = entryOdds({
        lotteryKey,
        gameType,
        lines: Math.max(1, completeCount),
        ...(main ? { mainCount: main.count } : {}),
      });
      topOdds = formatOdds(odds.topDivision.oneIn);
      anyPrizeOdds = odds.anyPrize ? formatOdds(odds.anyPrize.oneIn) : null;
    } catch {
      topOdds = null;
    }
  }
  return { completeCount, price: formatMoney(cents, offer.currency, offer.locale), topOdds, anyPrizeOdds };
}

/** A uniform integer 0 <= r < max from the browser's crypto generator (rejection sampling, no bias). */
export const browserRandom: RandomInt = (max) => {
  const buf = new Uint32Array(1);
  const limit = Math.floor(0x1_0000_0000 / max) * max;
  for (;;) {
    crypto.getRandomValues(buf);
    const x = buf[0] ?? 0;
    if (x < limit) return x % max;
  }
};

/** The entry as a cart item body (docs/api/cart.md "Adding or changing a lottery item"), camelCase. */
export type PlayEntry = {
  lottery: string;
  gameType: string;
  gameOffer: string;
  games: Record<string, Slot[]>[];
  quickpick?: boolean;
  numGames?: number;
  numDraws: number;
  recurringPurchase?: { type: 'autoplay'; enabled: true };
  /** Autoplay only: buy only for draws whose jackpot is at least this. */
  minimumJackpotAmount?: Money;
  /** Lower-case weekday, for lotteries with selectable days (Monday & Wednesday Lotto). */
  day?: string;
  firstDrawNo?: number;
  causeKey?: string;
  /** Complete games (quick-picked ones for the random type): the add button waits for minGames. */
  completeCount: number;
  /** Enough complete games, and a day where the lottery needs one. */
  ready: boolean;
  /** Why the minimum jackpot typed cannot be sent (not an amount); null when it can. */
  minimumJackpotError: string | null;
};

/**
 * The minimum jackpot as typed ("20,000,000", "$5000000.50"): the amount to send, null when the
 * field is empty, or why it is not an amount. Its limits are the API's rule, whose words are shown.
 */
export function minimumJackpotInput(text: string): { amount: Money | null; error: string | null } {
  const typed = text.replace(/[$,\s]/g, '');
  if (typed === '') return { amount: null, error: null };
  const cents = parseCurrencyInput(typed);
  if (cents === null) return { amount: null, error: VALIDATION_MESSAGES.currency };
  return { amount: centsToMoney(cents), error: null };
}

/** The draw choices of an entry besides the games: sent only when chosen. */
export type DrawFields = {
  day?: string | null;
  dayRequired?: boolean;
  firstDrawNo?: number | null;
  causeKey?: string | null;
};

/**
 * What an add-to-cart sends: the complete games only (slots per set, set names in lower case), the
 * offer and draws. The random game type sends no games, `quickpick` and `num_games`.
 */
export function playEntry(
  options: {
    offerKey: string;
    gameType: string;
    offer: PlayOffer;
    games: readonly TicketGame[];
    numDraws: number;
    autoplay: boolean;
    /** The minimum jackpot as typed (used with autoplay only). */
    minimumJackpot?: string;
    quickPickCount?: number;
  } & DrawFields,
): PlayEntry {
  const { offer, gameType } = options;
  const minimum = options.autoplay
    ? minimumJackpotInput(options.minimumJackpot ?? '')
    : { amount: null, error: null };
  const complete =
    options.quickPickCount === undefined ? completeGames(offer.numberSets, options.games, gameType) : [];
  const games = complete.map((g) => {
    const wire: Record<string, Slot[]> = {};
    for (const [name, slots] of Object.entries(g)) wire[name.toLowerCase()] = [...slots];
    return wire;
  });
  const completeCount = options.quickPickCount ?? games.length;
  return {
    lottery: options.offerKey,
    gameType,
    gameOffer: offer.key,
    games,
    ...(options.quickPickCount !== undefined ? { quickpick: true, numGames: options.quickPickCount } : {}),
    numDraws: options.autoplay ? 1 : options.numDraws,
    ...(options.autoplay ? { recurringPurchase: { type: 'autoplay', enabled: true } as const } : {}),
    ...(minimum.amount ? { minimumJackpotAmount: minimum.amount } : {}),
    ...(options.day ? { day: options.day } : {}),
    ...(options.firstDrawNo ? { firstDrawNo: options.firstDrawNo } : {}),
    ...(options.causeKey ? { causeKey: options.causeKey } : {}),
    completeCount,
    ready:
      completeCount >= Math.max(1, offer.minGames) &&
      completeCount <= offer.maxGames &&
      (!options.dayRequired || Boolean(options.day)),
    minimumJackpotError: minimum.error,
  };
}

/**
 * The first draw of `?firstDrawNo=` among the draws on sale (`open` or `pre_order`); anything else
 * (unknown, closed, not a number) is null and the entry takes the next draw.
 */
export function chosenFirstDraw<D extends { drawNo: number }>(
  drawsOnSale: readonly D[],
  requested: string | null | undefined,
): D | null {
  if (!requested || !/^\d{1,9}$/.test(requested)) return null;
  const drawNo = Number(requested);
  return drawsOnSale.find((d) => d.drawNo === drawNo) ?? null;
}

/** A lottery cart item as the play screen restores it (`?item=` from the cart's Edit). */
export type EditedItem = {
  id: string;
  gameType: string | null;
  gameOffer: string | null;
  games?: Record<string, (number | null)[] | number | null>[] | null;
  numGames?: number | null;
  numDraws: number;
  autoplay: boolean;
  day: string | null;
  drawNo: number | null;
  causeKey: string | null;
  minimumJackpotAmount?: Money | null;
};

/** Where the play panel starts: the defaults, or a cart item being edited. */
export type PlayStart = {
  gameOfferKey: string;
  games: TicketGame[];
  randomCount: number;
  drawChoice: string;
  day: string | null;
  firstDrawNo: number | null;
  causeKey: string | null;
  /** The autoplay's minimum jackpot as the field shows it ("20000000"); empty for none. */
  minimumJackpot: string;
};

/**
 * The panel's start from a cart item of this game type: its offer, games (wire sets back to slots,
 * padded to the set's count), draws or autoplay with its minimum jackpot, day, first draw and cause. Undefined when the item
 * belongs to another game type or offer.
 */
export function restoredPlay(
  offers: readonly PlayOffer[],
  gameType: string,
  item: EditedItem,
): PlayStart | undefined {
  if (item.gameType !== gameType) return undefined;
  const offer = offers.find((o) => o.key === item.gameOffer);
  if (!offer) return undefined;
  const games = (item.games ?? []).map((wire) => {
    const game: Record<string, Slot[]> = {};
    for (const set of pickedSets(offer.numberSets, gameType)) {
      const raw = wire[set.name.toLowerCase()];
      const numbers = (Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw]).filter(
        (n): n is number => typeof n === 'number',
      );
      game[set.name] = Array.from({ length: set.count }, (_, j) => numbers[j] ?? null);
    }
    return game;
  });
  return {
    gameOfferKey: offer.key,
    games: games.length > 0 ? games : initialGames(offer, gameType),
    randomCount: clampGames(offer, item.numGames ?? games.length ?? offer.defaultGames),
    drawChoice: item.autoplay ? 'autoplay' : String(item.numDraws),
    day: item.day,
    firstDrawNo: item.drawNo,
    causeKey: item.causeKey,
    minimumJackpot: item.minimumJackpotAmount ? String(item.minimumJackpotAmount.amount) : '',
  };
}
