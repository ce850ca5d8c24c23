/**
 * Raffle books and syndicate shares as the server accepts them (docs/api/cart.md): checked against
 * the catalogue rows, priced with the domain's rafflePriceCents and syndicatePriceCents, never from
 * the body.
 */
import { cartItemDescription, rafflePriceCents, syndicatePriceCents } from '@drawhouse/domain';
import { fieldErrors, validationError } from '../../http/validation.ts';
import { stockError } from './cart.limits.ts';
import {
  chooseFirstDraw,
  type Draw,
  drawClosed,
  fail,
  INT4_MAX,
  purchasableDraws,
} from './cart.lottery-item.ts';
import type { CartItemInsert, LotteryItemCatalogue, RaffleItemCatalogue } from './cart.repository.ts';
import type { RaffleItemBody, SyndicateItemBody } from './cart.schemas.ts';

/** The first draw: the one asked for (open or pre-order) or the next; 400 when it is not on sale. */
function firstDraw(
  openDraws: readonly Draw[],
  now: Date,
  firstDrawNo: number | undefined,
  drawExists: (drawNo: number) => Promise<boolean>,
): Promise<{ draw: Draw; status: string }> {
  return chooseFirstDraw(purchasableDraws(openDraws, now), firstDrawNo, drawExists, 'There is no such draw.');
}

/**
 * A book of a raffle: the book size must be one the raffle offers, the raffle open (closed: 400
 * `draw_closed`) and not sold out (the book must fit in the tickets left after the `held` tickets of
 * this raffle the cart already holds: 400 `sold_out`). The cause is the raffle's own when none is sent.
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
  if (cat.offer.availability !== 'available' || cat.offer.suspended) {
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
  if (errors.length > 0 || !book) throw validationError(fieldErrors(errors));
  if (raffle.closesAt <= now) throw drawClosed();
  const tooMany = stockError(
    'raffle',
    raffle.totalTickets - raffle.ticketsSold,
    options.held,
    book.numTickets,
  );
  if (tooMany) throw tooMany;
  const first = await firstDraw(cat.openDraws, now, body.firstDrawNo, async () => true);
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
      purchaseStatus: first.status,
      description: cartItemDescription({
        kind: 'raffle',
        offerName: cat.offer.name,
        numTickets: book.numTickets,
      }),
      drawDate: first.draw.drawAt.toISOString(),
    },
    recurringPurchase: null,
    affiliateCode: body.affiliateCode ?? null,
  };
}

/**
 * Shares of a syndicate: between 1 and the shares left (total minus sold) after the `held` shares of
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
  if (offer.availability !== 'available' || offer.suspended) {
    throw fail('syndicate', 'This syndicate is not available right now.', 'unavailable');
  }
  const left = (offer.syndicateTotalShares ?? 0) - (offer.syndicateSharesSold ?? 0);
  const tooMany = stockError('syndicate', left, options.held, body.numShares);
  if (tooMany) throw tooMany;
  const recurring = body.recurringPurchase ?? null;
  if (recurring?.enabled) {
    const offered = cat?.gameType?.recurringPurchase ?? offer.recurringPurchase;
    if (!offered || offered.availability === 'never' || offered.type !== recurring.type) {
      throw fail('recurring_purchase', 'This syndicate does not offer this recurring purchase.');
    }
    if (recurring.type === 'autoplay' && body.numDraws !== 1) {
      throw fail('num_draws', 'Autoplay buys one draw at a time: choose 1 draw.');
    }
  }
  const first = await firstDraw(cat?.openDraws ?? [], options.now, body.firstDrawNo, options.drawExists);
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
      purchaseStatus: first.status,
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
