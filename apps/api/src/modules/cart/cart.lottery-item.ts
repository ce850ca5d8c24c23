/**
 * A lottery item as the server accepts it: the body is checked against the catalogue rows and the
 * rules of @drawhouse/domain (the ticket rules for the games, validateDrawChoice for the day, cause,
 * recurring purchase and number of draws, the draws on sale for the first draw), quick picks are
 * filled with the given random source, and the unit price is computed here, never read from the body.
 */

import type { LotteryItemBody } from '@drawhouse/contract';
import {
  cartItemDescription,
  entryPriceCents,
  type FirstDrawChoice,
  firstDrawOf,
  gameFromWire,
  gameToWire,
  isOfferShown,
  type PurchasableDraw,
  pickedSets,
  purchasableDraws,
  quickPick,
  type RandomInt,
  scheduledDrawsFailure,
  scheduledDrawsFrom,
  type TicketGame,
  validateDrawChoice,
  validateEntry,
  type WireGame,
} from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { fieldErrors, validationError } from '../../http/validation.ts';
import type { LotteryItemCatalogue } from './cart.item-catalogue.repository.ts';
import type { CartItemInsert } from './cart.repository.ts';

export const drawClosed = () =>
  new AppError(400, 'draw_closed', 'Entries for this draw have closed; choose another draw.', {
    first_draw_no: [{ code: 'draw_closed', message: 'Entries for this draw have closed.' }],
  });

export function fail(field: string, message: string, code = 'invalid'): AppError {
  return validationError(fieldErrors([[field, message, code]]));
}

export type Draw = LotteryItemCatalogue['openDraws'][number];

/** The largest unit price a cart item can store (an int4 column). */
export const INT4_MAX = 2_147_483_647;

/** Where a first draw is looked for: the offer's draws that take entries, the clock, its stock. */
export type DrawSource = {
  openDraws: readonly Draw[];
  now: Date;
  /** The offer has no stock left (a raffle with every ticket sold): nothing is on sale. */
  soldOut?: boolean;
  drawExists: (drawNo: number) => Promise<boolean>;
  /** The field error's message when the draw asked for does not exist at all. */
  noSuchDraw: string;
};

/**
 * The first draw of an entry: the domain's firstDrawOf among the draws the catalogue lists as `open`
 * or `pre_order`. A draw asked for that is not among them is 400 `draw_closed` (closed, sold out,
 * beyond the listed draws or before its pre-order window) when it exists, else a field error on
 * `first_draw_no`; no draw on sale at all is 400 `draw_closed`.
 */
export async function chooseFirstDraw(
  source: DrawSource,
  choice: FirstDrawChoice,
): Promise<PurchasableDraw<Draw>> {
  const first = firstDrawOf(purchasableDraws(source.openDraws, source.now, source.soldOut), choice);
  if (first.ok) return first;
  if (choice.firstDrawNo !== undefined && !(await source.drawExists(choice.firstDrawNo))) {
    throw fail('first_draw_no', source.noSuchDraw, 'unknown_draw');
  }
  throw drawClosed();
}

/**
 * An entry for more draws than are scheduled from its first draw (those taking entries now) is a
 * field error on `num_draws`: it would be charged for draws it gets no ticket for.
 */
export function assertDrawsScheduled(openDraws: readonly Draw[], first: Draw, numDraws: number): void {
  const failure = scheduledDrawsFailure(numDraws, scheduledDrawsFrom(openDraws, first.drawNo));
  if (failure) throw fail(failure.path, failure.message, failure.code);
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
  if (!isOfferShown(cat.offer)) {
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

  // Cause, day, recurring purchase and number of draws.
  const causeKey = body.causeKey ?? null;
  const day = body.day ?? null;
  const recurring = body.recurringPurchase ?? null;
  const weekdays = (cat.lottery?.schedule ?? []).flatMap((slot) => slot.weekdays);
  const choice = validateDrawChoice(
    { numDraws: body.numDraws, day, causeKey, recurringPurchase: recurring },
    {
      kind: 'lottery',
      weekdays,
      linked: (cat.lottery?.linkedLotteryKeys.length ?? 0) > 0,
      causeKeys: cat.causeKeys,
      recurring: cat.gameType.recurringPurchase,
    },
  );
  for (const f of choice) errors.push([f.path, f.message, f.code]);
  if (errors.length > 0) throw validationError(fieldErrors(errors));

  // The first draw: one the catalogue lists as open or on pre-order (on the chosen day).
  const first = await chooseFirstDraw(
    {
      openDraws: cat.openDraws,
      now: options.now,
      drawExists: options.drawExists,
      noSuchDraw: 'This lottery has no such draw.',
    },
    { firstDrawNo: body.firstDrawNo, day, timeZone: cat.lottery?.timeZone },
  );
  assertDrawsScheduled(cat.openDraws, first.draw, body.numDraws);

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
      purchaseStatus: first.purchaseStatus,
    },
    recurringPurchase: recurring,
    affiliateCode: body.affiliateCode ?? null,
  };
}
