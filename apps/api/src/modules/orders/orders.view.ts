/**
 * Orders and tickets as the contract's answers: each game with the numbers that matched the
 * published result, its division and prize, raffle numbers with their prizes, and where the
 * ticket's prize is (payout status).
 */
import type {
  OrderSummary,
  PayoutStatus,
  RaffleTicketNumber,
  TicketDetails,
  TicketGameLine,
} from '@drawhouse/contract';
import { centsToMoney, matchedNumbers, matchOrderOf } from '@drawhouse/domain';
import { type DrawRecord, drawResult, drawSummary, isPublished } from '../results/index.ts';
import type { OrderRow, PayoutRow, TicketRow, WinRow } from './orders.repository.ts';

export type TicketFacts = {
  wins: readonly WinRow[];
  payouts: readonly PayoutRow[];
  raffleNumbers: readonly { ticketId: string; number: number }[];
  /** A syndicate draw's entry: its games are every share's games. */
  syndicateEntries: readonly {
    drawId: string;
    gameType: string;
    games: { numbers: number[]; powerball?: number[] }[];
  }[];
  /** Share tickets refunded because their syndicate draw was cancelled at the close. */
  refunds?: readonly { ticketId: string; refundCents: number }[];
};

function gameTypeOf(order: OrderRow): string | null {
  return 'gameType' in order.payload && typeof order.payload.gameType === 'string'
    ? order.payload.gameType
    : null;
}

function sumCents(values: readonly (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null);
  return known.length === 0 ? null : known.reduce((a, b) => a + b, 0);
}

const money = (cents: number | null) => (cents === null || cents === 0 ? null : centsToMoney(cents));

/**
 * Where the ticket's prize is: `no_result` until the results are published and the ticket scored
 * (a published draw not yet scored has no winning lines to tell), `not_won`, or the payout's status.
 */
function payoutStatus(
  record: DrawRecord,
  wins: readonly WinRow[],
  payout: PayoutRow | undefined,
): PayoutStatus {
  if (!isPublished(record)) return 'no_result';
  if (payout) return payout.status;
  if (wins.length > 0) return 'pending';
  return record.draw.status === 'DRAW_DRAWN' ? 'no_result' : 'not_won';
}

function refundOf(facts: TicketFacts, ticketId: string) {
  const refund = facts.refunds?.find((r) => r.ticketId === ticketId);
  return refund ? centsToMoney(refund.refundCents) : null;
}

export function ticketDetails(
  ticket: TicketRow,
  order: OrderRow,
  record: DrawRecord,
  facts: TicketFacts,
): TicketDetails {
  const published = isPublished(record);
  const wins = published ? facts.wins.filter((w) => w.ticketId === ticket.id) : [];
  const payout = published ? facts.payouts.find((p) => p.ticketId === ticket.id) : undefined;
  const entry =
    order.productType === 'syndicate_share'
      ? facts.syndicateEntries.find((e) => e.drawId === ticket.drawId)
      : undefined;
  const gameType = entry?.gameType ?? gameTypeOf(order);
  const soldGames = entry?.games ?? ticket.games;
  const matchOrder = matchOrderOf(record.offer.lotteryKey, gameType);
  const shownResult = published ? record.result : null;
  const raffle = order.productType === 'raffle_ticket';

  const games: TicketGameLine[] = raffle
    ? []
    : soldGames.map((game, index) => {
        const numbers = game.numbers ?? [];
        const match = matchedNumbers(
          { numbers, ...(game.powerball ? { powerball: game.powerball } : {}) },
          shownResult,
          matchOrder,
        );
        const own = wins.filter((w) => w.gameIndex === index);
        return {
          index,
          sets: match.sets,
          supplementaryMatched: match.supplementaryMatched,
          division: own.length === 0 ? null : Math.min(...own.map((w) => w.division)),
          combos: own.reduce((n, w) => n + w.combos, 0),
          prize: money(sumCents(own.map((w) => w.prizeCents))),
        };
      });

  const raffleTicketNumbers: RaffleTicketNumber[] = facts.raffleNumbers
    .filter((n) => n.ticketId === ticket.id)
    .map(({ number }) => {
      const win = raffle ? wins.find((w) => w.gameIndex === number) : undefined;
      return { number, prizeRank: win?.division ?? null, prizeName: win?.prizeName ?? null };
    });

  return {
    id: ticket.id,
    orderId: order.id,
    productType: order.productType,
    gameType,
    purchasedAt: ticket.createdAt.toISOString(),
    draw: drawSummary(record),
    result: drawResult(record),
    games,
    raffleTicketNumbers,
    numShares: ticket.numShares,
    prize: money(payout ? payout.prizeCents : sumCents(wins.map((w) => w.prizeCents))),
    prizeNames: [...new Set(wins.flatMap((w) => (w.prizeName ? [w.prizeName] : [])))],
    payoutStatus: payoutStatus(record, wins, payout),
    refund: refundOf(facts, ticket.id),
  };
}

function numGamesOf(order: OrderRow): number | null {
  if (order.productType !== 'lottery_ticket') return null;
  return 'numGames' in order.payload && typeof order.payload.numGames === 'number'
    ? order.payload.numGames
    : 'games' in order.payload
      ? order.payload.games.length
      : null;
}

export function orderSummary(
  order: OrderRow,
  offerName: string,
  ticketRows: readonly TicketRow[],
  records: ReadonlyMap<string, DrawRecord>,
  facts: TicketFacts,
): OrderSummary {
  const own = ticketRows.filter((t) => t.orderId === order.id);
  const ticketDraws = own
    .map((t) => records.get(t.drawId))
    .filter((r): r is DrawRecord => r !== undefined)
    .sort((a, b) => a.draw.drawAt.getTime() - b.draw.drawAt.getTime());
  const next = ticketDraws.find((r) => !isPublished(r));
  const last = ticketDraws.at(-1);
  const ids = new Set(own.map((t) => t.id));
  const payouts = facts.payouts.filter((p) => ids.has(p.ticketId));
  const won = payouts.map((p) => p.prizeCents);
  return {
    id: order.id,
    checkoutId: order.checkoutId,
    createdAt: order.createdAt.toISOString(),
    productType: order.productType,
    productOfferKey: order.productOfferKey,
    offerName,
    description: order.description,
    gameType: gameTypeOf(order),
    numGames: numGamesOf(order),
    quantity: order.quantity,
    total: centsToMoney(order.totalCents),
    purchaseStatus: order.purchaseStatus,
    numDraws: order.numDraws,
    ticketCount: own.length,
    nextDraw: next ? drawSummary(next) : null,
    lastDraw: last ? drawSummary(last) : null,
    prize: money(sumCents(won)),
    prizePending: payouts.some((p) => p.status === 'prize_pending'),
  };
}
