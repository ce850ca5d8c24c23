/**
 * Raffle books and syndicate shares as the server accepts them: checked against the catalogue rows
 * and the domain's rules (validateDrawChoice, the draws on sale), priced with the domain's
 * rafflePriceCents and syndicatePriceCents, never from the body.
 */

import type { RaffleItemBody, SyndicateItemBody } from '@drawhouse/contract';
import {
  cartItemDescription,
  isOfferShown,
  rafflePriceCents,
  syndicatePriceCents,
  validateDrawChoice,
} from '@drawhouse/domain';
import { fieldErrors, validationError } from '../../http/validation.ts';
import type { LotteryItemCatalogue, RaffleItemCatalogue } from './cart.item-catalogue.repository.ts';
import { stockError } from './cart.limits.ts';
import { assertDrawsScheduled, chooseFirstDraw, drawClosed, fail, INT4_MAX } from './cart.lottery-item.ts';
import type { CartItemInsert } from './cart.repository.ts';

const NO_SUCH_DRAW = 'There is no such draw.';

/**
 * A book of a raffle: the book size must be one the raffle offers, the raffle open (closed: 400
 * `draw_closed`) and not sold out (the book must fit in the tickets left after the `held` tickets of
 * this raffle the cart already holds: 400 `sold_out`). The cause is the raffle's own when none is sent.
 * A subscription (when the offer takes one) buys a book again for each of the raffle's draws.
 */
export async function buildRaffleItem(
  cat: RaffleItemCatalogue | undefined,
  body: RaffleItemBody,
  options: { now: Date; held: number },
): Promise<CartItemInsert> {
  const { now } = options;
  if (cat?.offer.type !== 'raffle_ticket' || !cat.raffle) {
    throw fail('lottery', 'This raffle is not sold here.', 'unknown_raffle');
  }
  if (!isOfferShown(cat.offer)) {
    throw fail('lottery', 'This raffle is not available right now.', 'unavailable');
  }
  const raffle = cat.raffle;
  const book = cat.books.find((b) => b.numTickets === body.book);
  const errors: [string, string, string][] = [];
  if (!book) {
    const sizes = cat.books.map((b) => b.numTickets).join(', ');
    errors.push(['book', `Choose a book of ${sizes} tickets.`, 'invalid']);
  }
  const causeKey = body.causeKey ?? raffle.causeKey;
  if (!cat.causeKeys.includes(causeKey) && causeKey !== raffle.causeKey) {
    errors.push(['cause_key', 'Choose the cause of this raffle.', 'invalid']);
  }
  const recurring = body.recurringPurchase ?? null;
  for (const f of validateDrawChoice(
    { numDraws: 1, recurringPurchase: recurring },
    { kind: 'raffle', recurring: cat.offer.recurringPurchase },
  )) {
    errors.push([f.path, f.message, f.code]);
  }
  if (errors.length > 0 || !book) throw validationError(fieldErrors(errors));
  if (raffle.closesAt <= now) throw drawClosed();
  const left = raffle.totalTickets - raffle.ticketsSold;
  const tooMany = stockError('raffle', left, options.held, book.numTickets);
  if (tooMany) throw tooMany;
  // Any raffle draw not on sale is closed: a raffle's draw numbers are its own runs.
  const first = await chooseFirstDraw(
    {
      openDraws: cat.openDraws,
      now,
      soldOut: left <= 0,
      drawExists: async () => true,
      noSuchDraw: NO_SUCH_DRAW,
    },
    { firstDrawNo: body.firstDrawNo },
  );
  const unitPriceCents = rafflePriceCents(cat.books, book.numTickets);
  return {
    productOfferKey: cat.offer.key,
    productType: 'raffle_ticket',
    drawId: first.draw.id,
    firstDrawNo: first.draw.drawNo,
    numDraws: 1,
    quantity: 1,
    unitPriceCents,
    payload: {
      numTickets: book.numTickets,
      causeKey,
      purchaseStatus: first.purchaseStatus,
      description: cartItemDescription({
        kind: 'raffle',
        offerName: cat.offer.name,
        numTickets: book.numTickets,
      }),
      drawDate: first.draw.drawAt.toISOString(),
    },
    recurringPurchase: recurring,
    affiliateCode: body.affiliateCode ?? null,
  };
}

/**
 * Shares of a syndicate: between 1 and the shares left of its first draw (total minus that draw's sold) after the `held` shares of
 * this syndicate the cart already holds; cost = cost per share x shares x draws. Autoplay (when the
 * game type offers it) buys one draw at a time.
 */
export async function buildSyndicateItem(
  cat: LotteryItemCatalogue | undefined,
  body: SyndicateItemBody,
  options: { now: Date; held: number; drawExists: (drawNo: number) => Promise<boolean> },
): Promise<CartItemInsert> {
  const offer = cat?.offer;
  if (offer?.type !== 'syndicate_share' || offer.costPerShareCents === null) {
    throw fail('syndicate', 'This syndicate is not sold here.', 'unknown_syndicate');
  }
  if (!isOfferShown(offer)) {
    throw fail('syndicate', 'This syndicate is not available right now.', 'unavailable');
  }
  const recurring = body.recurringPurchase ?? null;
  const choice = validateDrawChoice(
    { numDraws: body.numDraws, recurringPurchase: recurring },
    { kind: 'syndicate', recurring: cat?.gameType?.recurringPurchase ?? offer.recurringPurchase },
  );
  if (choice.length > 0) throw validationError(fieldErrors(choice.map((f) => [f.path, f.message, f.code])));
  const first = await chooseFirstDraw(
    {
      openDraws: cat?.openDraws ?? [],
      now: options.now,
      drawExists: options.drawExists,
      noSuchDraw: NO_SUCH_DRAW,
    },
    { firstDrawNo: body.firstDrawNo },
  );
  assertDrawsScheduled(cat?.openDraws ?? [], first.draw, body.numDraws);
  // Each draw sells its own shares: what is left of the first draw the item enters.
  const left = (offer.syndicateTotalShares ?? 0) - (cat?.sharesSold?.get(first.draw.id) ?? 0);
  const tooMany = stockError('syndicate', left, options.held, body.numShares);
  if (tooMany) throw tooMany;
  const unitPriceCents = syndicatePriceCents(offer.costPerShareCents, body.numShares, body.numDraws);
  if (unitPriceCents > INT4_MAX) throw fail('num_shares', 'This entry is too large.', 'too_large');
  return {
    productOfferKey: offer.key,
    productType: 'syndicate_share',
    drawId: first.draw.id,
    firstDrawNo: first.draw.drawNo,
    numDraws: body.numDraws,
    quantity: 1,
    unitPriceCents,
    payload: {
      gameType: 'syndicate',
      numShares: body.numShares,
      offerName: offer.name,
      purchaseStatus: first.purchaseStatus,
      description: cartItemDescription({
        kind: 'syndicate',
        offerName: offer.name,
        numShares: body.numShares,
        totalShares: offer.syndicateTotalShares,
        entryName: offer.syndicateTickets?.name ?? null,
      }),
      drawDate: first.draw.drawAt.toISOString(),
    },
    recurringPurchase: recurring,
    affiliateCode: body.affiliateCode ?? null,
  };
}
