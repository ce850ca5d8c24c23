/**
 * Lottery tickets an older shop sold for draws still to come, entered in Drawhouse's draws when the
 * customer's account moves in (account migration). Each entry is checked and described by the
 * cart's own lottery item rules for the draw it was sold for, then bought from the wallet at the
 * price the customer paid: the move credits that price to the wallet first, so the customer pays
 * nothing twice. Each ticket is bought in a savepoint: one that can no longer be entered (its draw
 * has closed, its offer is gone) writes nothing, and the credited price stays as a refund.
 */
import { randomInt } from 'node:crypto';
import type { DbOrTx, legacyTickets } from '@drawhouse/db';
import { AppError } from '../../http/errors.ts';
import { buildLotteryItem, cartQueries, parseCartItem } from '../cart/index.ts';
import { type AccountRow, eventId } from '../ledger/index.ts';
import { buyLine, type PurchaseLine } from './checkout.orders.ts';

export type MovedTicket = Pick<
  typeof legacyTickets.$inferSelect,
  'id' | 'productOfferKey' | 'gameType' | 'gameOffer' | 'games' | 'drawNo' | 'priceCents'
>;

/** The checkout a moved ticket is bought in: one per older ticket, so a move never buys it twice. */
export const movedTicketCheckoutId = (ticketId: string) => eventId(`legacy-ticket:${ticketId}:checkout`);

/** The older ticket as a purchase line for its draw, or an AppError when it can no longer be entered. */
async function lineOf(tx: DbOrTx, ticket: MovedTicket, at: Date): Promise<PurchaseLine> {
  const catalogue = cartQueries(tx);
  const cat = await catalogue.lotteryItemCatalogue(
    ticket.productOfferKey,
    ticket.gameType,
    ticket.gameOffer,
    at,
  );
  const item = await buildLotteryItem(
    cat,
    {
      lottery: ticket.productOfferKey,
      gameType: ticket.gameType,
      gameOffer: ticket.gameOffer,
      games: ticket.games,
      quickpick: false,
      numGames: ticket.games.length,
      numDraws: 1,
      firstDrawNo: ticket.drawNo,
      day: null,
      causeKey: null,
      recurringPurchase: null,
    },
    {
      now: at,
      random: (max) => randomInt(max),
      drawExists: async (drawNo) => (await catalogue.drawByNo(ticket.productOfferKey, drawNo)) !== undefined,
    },
  );
  return {
    ...parseCartItem({ id: ticket.id, productType: item.productType, payload: item.payload }),
    productOfferKey: item.productOfferKey,
    quantity: 1,
    // The entry was sold at the older shop's price: the order records what the customer paid.
    unitPriceCents: ticket.priceCents,
    numDraws: 1,
    firstDrawNo: item.firstDrawNo ?? null,
    drawId: item.drawId ?? null,
    recurringPurchase: null,
  };
}

/**
 * Enters each moved ticket in its draw, in the caller's transaction with the customer's accounts
 * locked and each ticket's price already credited to the wallet. Answers each ticket's order id, or
 * null for one that could not be entered (its price stays in the wallet).
 */
export async function enterMovedTickets(
  tx: DbOrTx,
  args: {
    customerId: string;
    accounts: Record<'wallet' | 'promo', AccountRow>;
    tickets: readonly MovedTicket[];
    at: Date;
  },
): Promise<Map<string, string | null>> {
  const outcomes = new Map<string, string | null>();
  for (const ticket of args.tickets) {
    try {
      const orderId = await tx.transaction(async (inner) =>
        buyLine(inner, {
          checkoutId: movedTicketCheckoutId(ticket.id),
          cartId: ticket.id,
          customerId: args.customerId,
          line: await lineOf(inner, ticket, args.at),
          amountCents: ticket.priceCents,
          purchaseStatus: 'standard',
          eventKey: `legacy-ticket:${ticket.id}`,
          accounts: args.accounts,
          fromPromo: 0,
          at: args.at,
        }),
      );
      if (!orderId) throw new Error(`moved ticket ${ticket.id} was bought already`);
      outcomes.set(ticket.id, orderId);
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      outcomes.set(ticket.id, null);
    }
  }
  return outcomes;
}
