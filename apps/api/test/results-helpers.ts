/**
 * Draws with results, tickets and wins written straight to the database, as the draw engine leaves
 * them, for the results, orders and feed tests. Each test owns its offers (unique keys).
 */
import { randomUUID } from 'node:crypto';
import {
  checkouts,
  createDraw,
  createProductOffer,
  createRaffle,
  type DbOrTx,
  type DrawInsert,
  drawPrizeDivisions,
  drawResults,
  draws,
  eq,
  orders,
  raffleDrawSeeds,
  rafflePrizes,
  raffleTicketNumbers,
  ticketPayouts,
  tickets,
  ticketWins,
} from '@drawhouse/db';

const DAY_MS = 86_400_000;

/** A Powerball offer of the test's own (tied to the seeded Powerball lottery, so its sets are named). */
export async function powerballOffer(db: DbOrTx) {
  return createProductOffer(db, { lotteryKey: 'powerball', name: 'Test Powerball' });
}

export const WINNING = { Numbers: [3, 11, 17, 22, 28, 30, 35], Powerball: [7] };

/** A past draw with its result stored and two prize divisions; `status` decides whether it is published. */
export async function pastDraw(
  db: DbOrTx,
  offerKey: string,
  options: {
    drawNo: number;
    daysAgo?: number;
    status?: DrawInsert['status'];
    numbers?: Record<string, number[]>;
  },
) {
  const drawAt = new Date(Date.now() - (options.daysAgo ?? 1) * DAY_MS);
  const draw = await createDraw(db, offerKey, {
    drawNo: options.drawNo,
    drawAt,
    stopAt: new Date(drawAt.getTime() - 3_600_000),
    status: options.status ?? 'DRAW_PAID',
    purchaseStatus: 'past_draw',
    prizePoolCents: 5_000_000_000,
  });
  await db.insert(drawResults).values({
    drawId: draw.id,
    numbers: options.numbers ?? WINNING,
    supplementary: [],
    drawnAt: drawAt,
  });
  await db.insert(drawPrizeDivisions).values([
    { drawId: draw.id, division: 1, description: '7 numbers + Powerball', winners: 0, prizeCents: 0 },
    { drawId: draw.id, division: 9, description: '2 numbers + Powerball', winners: 1, prizeCents: 1_250 },
  ]);
  return draw;
}

/** A checkout, an order and its ticket in one draw for a customer. */
export async function insertTicket(
  db: DbOrTx,
  args: {
    customerId: string;
    offerKey: string;
    drawId: string;
    games?: { numbers: number[]; powerball?: number[] }[];
    productType?: 'lottery_ticket' | 'raffle_ticket' | 'syndicate_share';
    numShares?: number;
    createdAt?: Date;
  },
) {
  const checkoutId = randomUUID();
  await db.insert(checkouts).values({
    id: checkoutId,
    customerId: args.customerId,
    cartId: randomUUID(),
    cartTotalCents: 1_000,
    paidCents: 1_000,
  });
  const games = args.games ?? [];
  const productType = args.productType ?? 'lottery_ticket';
  const payload =
    productType === 'lottery_ticket'
      ? {
          description: 'Test Powerball, 1 game',
          purchaseStatus: 'open' as const,
          drawDate: new Date().toISOString(),
          gameType: 'standard',
          gameOffer: 'standard',
          games,
          quickpick: false,
          numGames: games.length,
          day: null,
          causeKey: null,
        }
      : productType === 'raffle_ticket'
        ? {
            description: 'Test Raffle, 3 tickets',
            purchaseStatus: 'open' as const,
            drawDate: new Date().toISOString(),
            numTickets: 3,
            causeKey: 'cause',
          }
        : {
            description: 'Test Syndicate, 2 shares',
            purchaseStatus: 'open' as const,
            drawDate: new Date().toISOString(),
            gameType: 'syndicate' as const,
            numShares: args.numShares ?? 1,
            offerName: 'Test Syndicate',
          };
  const [order] = await db
    .insert(orders)
    .values({
      checkoutId,
      customerId: args.customerId,
      productType,
      productOfferKey: args.offerKey,
      description: payload.description,
      unitPriceCents: 1_000,
      totalCents: 1_000,
      payload,
      ...(args.createdAt ? { createdAt: args.createdAt } : {}),
    })
    .returning();
  if (!order) throw new Error('order was not created');
  const [ticket] = await db
    .insert(tickets)
    .values({
      orderId: order.id,
      customerId: args.customerId,
      drawId: args.drawId,
      productOfferKey: args.offerKey,
      games,
      numShares: args.numShares ?? null,
    })
    .returning();
  if (!ticket) throw new Error('ticket was not created');
  return { checkoutId, order, ticket };
}

/** A winning line and the ticket's payout, as the engine writes them. */
export async function insertWin(
  db: DbOrTx,
  args: {
    ticketId: string;
    drawId: string;
    customerId: string;
    gameIndex: number;
    division: number;
    prizeCents: number;
    prizeName?: string;
    payout?: 'pending' | 'held' | 'paid';
  },
) {
  await db.insert(ticketWins).values({
    ticketId: args.ticketId,
    drawId: args.drawId,
    customerId: args.customerId,
    gameIndex: args.gameIndex,
    division: args.division,
    prizeCents: args.prizeCents,
    prizeName: args.prizeName ?? null,
  });
  const status = args.payout ?? 'paid';
  await db
    .insert(ticketPayouts)
    .values({
      ticketId: args.ticketId,
      drawId: args.drawId,
      customerId: args.customerId,
      prizeCents: args.prizeCents,
      status,
      paidAt: status === 'paid' ? new Date() : null,
    })
    .onConflictDoNothing();
}

/** A raffle with two prizes, its draw's seed committed; `drawn` gives the seed's draw and the winners. */
export async function raffleWithSeed(db: DbOrTx, options: { drawn: boolean }) {
  const { offer, draw } = await createRaffle(db, {
    closesAt: new Date(Date.now() - (options.drawn ? 2 : -2) * DAY_MS),
  });
  await db
    .insert(rafflePrizes)
    .values({ productOfferKey: offer.key, rank: 2, name: 'A second prize', valueCents: 5_000 });
  const seed = Buffer.alloc(32, 0xab);
  await db.insert(raffleDrawSeeds).values({
    drawId: draw.id,
    seed,
    commitment: 'c0ffee'.padEnd(64, '0'),
    ...(options.drawn ? { ticketsSold: 3, winningTickets: [2, 3], drawnAt: new Date() } : {}),
  });
  if (options.drawn) await db.update(draws).set({ status: 'DRAW_PAID' }).where(eq(draws.id, draw.id));
  return { offer, draw, seedHex: seed.toString('hex') };
}

/** Raffle ticket numbers for a ticket. */
export async function insertRaffleNumbers(
  db: DbOrTx,
  args: { offerKey: string; drawId: string; ticketId: string; numbers: number[] },
) {
  await db.insert(raffleTicketNumbers).values(
    args.numbers.map((number) => ({
      productOfferKey: args.offerKey,
      drawId: args.drawId,
      ticketId: args.ticketId,
      number,
    })),
  );
}
