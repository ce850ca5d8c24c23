/**
 * A lottery item as the server accepts it (docs/api/cart.md "Adding a lottery item"): the body is
 * checked against the catalogue rows and the ticket rules of @drawhouse/domain, quick picks are
 * filled with the given random source, and the unit price is computed here, never read from the body.
 */
import {
  cartItemDescription,
  DRAW_CHOICE_MESSAGES,
  entryPriceCents,
  gameFromWire,
  gameToWire,
  pickedSets,
  quickPick,
  type RandomInt,
  selectableWeekdays,
  type TicketGame,
  validateEntry,
  type WireGame,
} from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { fieldErrors, validationError } from '../../http/validation.ts';
import type { CartItemInsert, LotteryItemCatalogue } from './cart.repository.ts';
import type { LotteryItemBody } from './cart.schemas.ts';

export const drawClosed = () =>
  new AppError(400, 'draw_closed', 'Entries for this draw have closed; choose another draw.', {
    first_draw_no: [{ code: 'draw_closed', message: 'Entries for this draw have closed.' }],
  });

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

function weekdayOf(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-AU', { weekday: 'long', timeZone }).format(at).toLowerCase();
}

export function fail(field: string, message: string, code = 'invalid'): AppError {
  return validationError(fieldErrors([[field, message, code]]));
}

export type Draw = LotteryItemCatalogue['openDraws'][number];

/**
 * The draws an entry may start with, as the catalogue lists them: the next open draw ("open") and the
 * later ones whose pre-order window has started ("pre_order").
 */
export function purchasableDraws(openDraws: readonly Draw[], now: Date): { draw: Draw; status: string }[] {
  return openDraws
    .filter((d, i) => i === 0 || d.preOrderStartAt === null || d.preOrderStartAt <= now)
    .filter((d) => d.purchaseStatus !== 'sold_out')
    .map((d, i) => ({ draw: d, status: i === 0 ? 'open' : 'pre_order' }));
}

/** The largest unit price a cart item can store (an int4 column). */
export const INT4_MAX = 2_147_483_647;

/**
 * The first draw of an entry among its candidates: the one asked for or the next; 400 `draw_closed`
 * when it is not on sale, or a field error with `noSuchDraw` when the draw does not exist.
 */
export async function chooseFirstDraw(
  candidates: readonly { draw: Draw; status: string }[],
  firstDrawNo: number | undefined,
  drawExists: (drawNo: number) => Promise<boolean>,
  noSuchDraw: string,
): Promise<{ draw: Draw; status: string }> {
  if (firstDrawNo === undefined) {
    const next = candidates[0];
    if (!next) throw drawClosed();
    return next;
  }
  const found = candidates.find((d) => d.draw.drawNo === firstDrawNo);
  if (found) return found;
  if (await drawExists(firstDrawNo)) throw drawClosed();
  throw fail('first_draw_no', noSuchDraw, 'unknown_draw');
}

/**
 * Checks and prices a lottery item. Throws 400 `validation_error` with field errors (unknown offer,
 * game type or game offer, games against the ticket rules, day, cause, recurring purchase) or 400
 * `draw_closed`; `drawByNo` tells a closed draw from one that does not exist.
 */
export async function buildLotteryItem(
  cat: LotteryItemCatalogue | undefined,
  body: LotteryItemBody,
  options: { now: Date; random: RandomInt; drawExists: (drawNo: number) => Promise<boolean> },
): Promise<CartItemInsert> {
  if (cat?.offer.type !== 'lottery_ticket') {
    throw fail('lottery', 'This lottery is not sold here.', 'unknown_lottery');
  }
  if (cat.offer.availability !== 'available' || cat.offer.suspended) {
    throw fail('lottery', 'This lottery is not available right now.', 'unavailable');
  }
  if (!cat.gameType) throw fail('game_type', 'This lottery has no such game type.', 'unknown_game_type');
  const gameOffer = cat.gameOffer;
  if (!gameOffer) throw fail('game_offer', 'This game type has no such game offer.', 'unknown_game_offer');
  const gameType = cat.gameType.key;
  const sets = gameOffer.numberSets;

  // Games: the wire shape as slots; quick pick fills blanks and adds games up to num_games.
  const quick = body.quickpick === true || gameType === 'random';
  // Blanks (null) are kept as empty slots: the domain's slots allow them, quick pick fills them.
  let games: TicketGame[] = body.games.map((g) => gameFromWire(g as WireGame));
  const errors: [string, string, string][] = [];
  if (quick) {
    const target = body.numGames ?? Math.max(games.length, gameOffer.defaultGames);
    if (games.length > target) {
      errors.push(['num_games', 'Send no more games than num_games.', 'invalid']);
    } else {
      // A game is filled only when what it holds is valid and fits its sets; otherwise it stays as
      // sent and validateEntry below refuses it (quick pick never hides a bad pick).
      const filled: TicketGame[] = [];
      for (const game of games) {
        const fits = pickedSets(sets, gameType).every((s) => (game[s.name]?.length ?? 0) <= s.count);
        const bad = validateEntry(
          { gameType, minGames: 0, maxGames: Number.MAX_SAFE_INTEGER, numberSets: sets },
          { games: [game] },
        ).some((f) => f.code !== 'incomplete');
        filled.push(fits && !bad ? quickPick(sets, gameType, options.random, game) : game);
      }
      while (filled.length < target) filled.push(quickPick(sets, gameType, options.random));
      games = filled;
    }
  } else if (body.numGames !== undefined && body.numGames !== games.length) {
    errors.push([
      'num_games',
      'num_games must be the number of games sent (or ask for a quick pick).',
      'invalid',
    ]);
  }
  const failures = validateEntry(
    {
      gameType,
      minGames: gameOffer.minGames,
      maxGames: gameOffer.maxGames,
      numberSets: sets,
    },
    { games },
  );
  for (const f of failures) errors.push([f.path, f.message, f.code]);

  // Cause: required where the offer has causes, refused where it has none.
  const causeKey = body.causeKey ?? null;
  if (cat.causeKeys.length > 0 && (causeKey === null || !cat.causeKeys.includes(causeKey))) {
    errors.push([
      'cause_key',
      'Choose one of the causes of this lottery.',
      causeKey ? 'invalid' : 'required',
    ]);
  } else if (cat.causeKeys.length === 0 && causeKey !== null) {
    errors.push(['cause_key', 'This lottery has no causes.', 'invalid']);
  }

  // Day: one of the lottery's draw days (Monday & Wednesday Lotto), lower case.
  const day = body.day ?? null;
  const drawDays = new Set(
    (cat.lottery?.schedule ?? []).flatMap((slot) => slot.weekdays.map((w) => WEEKDAYS[w % 7] ?? '')),
  );
  const choosableDays = selectableWeekdays(
    (cat.lottery?.schedule ?? []).flatMap((slot) => slot.weekdays),
    (cat.lottery?.linkedLotteryKeys.length ?? 0) > 0,
  );
  if (day !== null && !drawDays.has(day)) {
    errors.push(['day', `Choose a draw day of this lottery: ${[...drawDays].join(', ')}.`, 'invalid']);
  } else if (day === null && choosableDays.length > 0) {
    errors.push(['day', DRAW_CHOICE_MESSAGES.day, 'required']);
  }

  // Recurring purchase: only of the type the game type offers; autoplay buys one draw at a time.
  const recurring = body.recurringPurchase ?? null;
  if (recurring?.enabled) {
    const offered = cat.gameType.recurringPurchase;
    if (!offered || offered.availability === 'never' || offered.type !== recurring.type) {
      errors.push(['recurring_purchase', 'This game does not offer this recurring purchase.', 'invalid']);
    } else if (recurring.type === 'autoplay' && body.numDraws !== 1) {
      errors.push(['num_draws', 'Autoplay buys one draw at a time: choose 1 draw.', 'invalid']);
    }
  }
  if (errors.length > 0) throw validationError(fieldErrors(errors));

  // Draw: the first draw must be open or on pre-order (and on the chosen day).
  const timeZone = cat.lottery?.timeZone ?? 'Australia/Sydney';
  const candidates = purchasableDraws(cat.openDraws, options.now).filter(
    (d) => day === null || weekdayOf(d.draw.drawAt, timeZone) === day,
  );
  const first = await chooseFirstDraw(
    candidates,
    body.firstDrawNo,
    options.drawExists,
    'This lottery has no such draw.',
  );

  let unitPriceCents: number;
  try {
    unitPriceCents = entryPriceCents(cat.prices, games.length, body.numDraws);
  } catch {
    throw fail('games', 'This entry cannot be priced.', 'unpriceable');
  }
  if (unitPriceCents > INT4_MAX) throw fail('num_draws', 'This entry is too large.', 'too_large');

  const wireGames = games.map(gameToWire);
  return {
    productOfferKey: cat.offer.key,
    productType: 'lottery_ticket',
    drawId: first.draw.id,
    firstDrawNo: first.draw.drawNo,
    numDraws: body.numDraws,
    quantity: 1,
    unitPriceCents,
    payload: {
      gameType,
      gameOffer: gameOffer.key,
      description: cartItemDescription({
        kind: 'lottery',
        offerName: cat.offer.name,
        gameOfferName: gameOffer.name,
        numGames: games.length,
        day,
      }),
      drawDate: first.draw.drawAt.toISOString(),
      games: wireGames,
      quickpick: quick,
      numGames: games.length,
      day,
      causeKey,
      purchaseStatus: first.status,
    },
    recurringPurchase: recurring,
    affiliateCode: body.affiliateCode ?? null,
  };
}
