/**
 * A ticket page (/my-account/{upcoming|past}-tickets/ticket/{orderId}): the order and a ticket per
 * draw, each lottery game's numbers as balls with the matched ones marked, the division and prize
 * of each game, raffle numbers and their prizes, syndicate shares, and what the ticket won and
 * where that money is. Texts are made on the server.
 */
import type {
  DrawResult,
  OrderDetails,
  PayoutStatus,
  TicketDetails,
  TicketGameLine,
} from '@drawhouse/contract';
import { countOf, moneyToCents } from '@drawhouse/domain';
import { dayText, drawText, moneyText } from './ticket-list-view';

export type BallView = {
  value: number;
  /** The number is one of the draw's winning numbers of its set. */
  matched: boolean;
  /** Not matched, but one of the draw's supplementary or bonus balls. */
  supplementary: boolean;
  /** The ball of a set drawn apart from the main numbers (Powerball). */
  special: boolean;
  /** What a screen reader says: "14, matched". */
  label: string;
};

export type BallSetView = { name: string; balls: BallView[] };

export type GameView = {
  index: number;
  label: string;
  sets: BallSetView[];
  /** "5 numbers and the Powerball matched"; null before the result. */
  matchedText: string | null;
  /** "Division 3", with "(2 combinations)" for a system entry; null when it won nothing. */
  division: string | null;
  /** "$1,234.50"; "No prize" after a result without a win; "Awaiting the draw" before it. */
  prize: string;
  won: boolean;
};

export type RaffleNumberView = { number: number; prize: string | null };

export type TicketView = {
  id: string;
  draw: string;
  drawNo: number;
  /** The draw's winning numbers, once published. */
  result: { sets: BallSetView[]; supplementary: BallSetView | null } | null;
  games: GameView[];
  raffleNumbers: RaffleNumberView[];
  shares: string | null;
  /** "$1,234.50", a prize's name (a car), both ("$500.00 and Car"), "Prize to be announced", "No prize", or "Not drawn yet". */
  prize: string;
  won: boolean;
  payoutStatus: PayoutStatus;
  /** "Paid into your wallet", "Awaiting approval" ... */
  payout: string;
  /** A syndicate share whose draw was cancelled (too few shares sold): what says so and the refund. */
  cancelled: string | null;
};

export type OrderView = {
  id: string;
  title: string;
  bought: string;
  total: string;
  draws: string;
  prize: string | null;
  tickets: TicketView[];
};

/** A set drawn apart from the main numbers (Powerball): its balls read apart too. */
function isSpecialSet(name: string): boolean {
  return name.toLowerCase() !== 'numbers';
}

function ballLabel(
  value: number,
  matched: boolean,
  supplementary: boolean,
  supplementaryName: string,
): string {
  if (matched) return `${value}, matched`;
  if (supplementary) return `${value}, matched ${supplementaryName.toLowerCase()}`;
  return String(value);
}

/** The balls of a game's sets, matched by position (a Strike number matches only in its place). */
function gameSets(game: TicketGameLine, result: DrawResult | null): BallSetView[] {
  const supplementary = new Set(game.supplementaryMatched);
  const supplementaryName = result?.supplementaryName ?? 'Supplementary';
  return game.sets.map((set) => {
    const matched = new Set(set.matchedPositions);
    const special = isSpecialSet(set.name);
    return {
      name: set.name,
      balls: set.numbers.map((value, position) => {
        const isMatched = matched.has(position);
        const isSupplementary = !isMatched && !special && supplementary.has(value);
        return {
          value,
          matched: isMatched,
          supplementary: isSupplementary,
          special,
          label: ballLabel(value, isMatched, isSupplementary, supplementaryName),
        };
      }),
    };
  });
}

/** "5 numbers and the Powerball matched", "1 number and 1 supplementary matched", "No numbers matched". */
export function matchedText(sets: readonly BallSetView[], supplementaryName = 'Supplementary'): string {
  const parts: string[] = [];
  for (const set of sets) {
    const count = set.balls.filter((b) => b.matched).length;
    if (set.balls.every((b) => b.special)) {
      if (count > 0) parts.push(`the ${set.name}`);
    } else {
      parts.push(countOf(count, 'number'));
      const supplementary = set.balls.filter((b) => b.supplementary).length;
      if (supplementary > 0) parts.push(countOf(supplementary, supplementaryName.toLowerCase()));
    }
  }
  const named = parts.filter((p) => !p.startsWith('0 '));
  if (named.length === 0) return 'No numbers matched';
  const last = named.pop();
  return `${named.length > 0 ? `${named.join(', ')} and ${last}` : last} matched`;
}

function gameView(game: TicketGameLine, result: DrawResult | null): GameView {
  const sets = gameSets(game, result);
  const prizeCents = game.prize ? moneyToCents(game.prize) : 0;
  const won = game.division !== null;
  const combos = game.combos > 1 ? ` (${countOf(game.combos, 'combination')})` : '';
  return {
    index: game.index,
    label: `Game ${game.index + 1}`,
    sets,
    matchedText: result ? matchedText(sets, result.supplementaryName ?? 'Supplementary') : null,
    division: won ? `Division ${game.division}${combos}` : null,
    prize:
      result === null
        ? 'Awaiting the draw'
        : won
          ? game.prize && prizeCents > 0
            ? moneyText(game.prize)
            : 'Prize to be announced'
          : 'No prize',
    won,
  };
}

function resultSets(result: DrawResult): TicketView['result'] {
  const name = result.supplementaryName ?? 'Supplementary';
  const balls = (name: string, values: readonly number[], special: boolean): BallSetView => ({
    name,
    balls: values.map((value) => ({
      value,
      matched: false,
      supplementary: false,
      special,
      label: String(value),
    })),
  });
  return {
    sets: result.numbers.map((set) => balls(set.name, set.numbers, isSpecialSet(set.name))),
    supplementary: result.supplementary.length > 0 ? balls(name, result.supplementary, false) : null,
  };
}

const PAYOUT_TEXT: Record<PayoutStatus, string> = {
  no_result: 'Awaiting the draw',
  not_won: 'No prize this time',
  prize_pending: 'Prize to be announced: we will pay it into your wallet once the lottery announces it',
  pending: 'Being paid into your wallet',
  held: 'Awaiting approval: we will pay it into your wallet once it is approved',
  paid: 'Paid into your wallet',
};

/**
 * The ticket's prize: what it won; while a division it won waits for its prize, "Prize to be
 * announced" (never "No prize", and no partial amount).
 */
function prizeText(status: PayoutStatus, won: readonly string[]): string {
  if (status === 'prize_pending') return 'Prize to be announced';
  if (won.length > 0) return won.join(' and ');
  return status === 'no_result' ? 'Not drawn yet' : 'No prize';
}

/** What a share of a cancelled syndicate draw says instead of a prize. */
export const CANCELLED_PRIZE = 'Cancelled: refunded';

export function ticketView(ticket: TicketDetails): TicketView {
  if (ticket.refund) return cancelledTicketView(ticket, ticket.refund);
  const won = [
    ...(ticket.prize && moneyToCents(ticket.prize) > 0 ? [moneyText(ticket.prize)] : []),
    ...ticket.prizeNames,
  ];
  return {
    id: ticket.id,
    draw: drawText(ticket.draw),
    drawNo: ticket.draw.drawNo,
    result: ticket.result && ticket.result.numbers.length > 0 ? resultSets(ticket.result) : null,
    games: ticket.games.map((game) => gameView(game, ticket.result)),
    raffleNumbers: ticket.raffleTicketNumbers.map((n) => ({
      number: n.number,
      prize: n.prizeName,
    })),
    shares: ticket.numShares != null && ticket.numShares > 0 ? countOf(ticket.numShares, 'share') : null,
    prize: prizeText(ticket.payoutStatus, won),
    won: won.length > 0 || ticket.payoutStatus === 'prize_pending',
    payoutStatus: ticket.payoutStatus,
    payout: PAYOUT_TEXT[ticket.payoutStatus],
    cancelled: null,
  };
}

/** A share of a syndicate cancelled for its draw: nothing drawn for it, its price back in the wallet. */
function cancelledTicketView(
  ticket: TicketDetails,
  refund: NonNullable<TicketDetails['refund']>,
): TicketView {
  return {
    id: ticket.id,
    draw: drawText(ticket.draw),
    drawNo: ticket.draw.drawNo,
    result: null,
    games: [],
    raffleNumbers: [],
    shares: ticket.numShares != null && ticket.numShares > 0 ? countOf(ticket.numShares, 'share') : null,
    prize: CANCELLED_PRIZE,
    won: false,
    payoutStatus: ticket.payoutStatus,
    payout: `${moneyText(refund)} refunded to your wallet`,
    cancelled: `Fewer than half the syndicate's shares were sold by the close, so it did not go ahead for this draw. Your ${moneyText(refund)} was refunded in full.`,
  };
}

export function orderView(order: OrderDetails): OrderView {
  const won = order.prize !== null && moneyToCents(order.prize) > 0;
  return {
    id: order.id,
    title: order.description || order.offerName,
    bought: dayText(order.createdAt),
    total: moneyText(order.total),
    draws: countOf(order.numDraws, 'draw'),
    prize: won && order.prize ? moneyText(order.prize) : null,
    tickets: order.tickets.map(ticketView),
  };
}

/**
 * The printable tickets: each order's tickets still to be drawn (a multi-draw order's drawn tickets
 * are on its ticket page); orders with none left are not printed.
 */
export function printableOrders(orders: readonly OrderDetails[]): OrderView[] {
  return orders
    .map(orderView)
    .map((order) => ({
      ...order,
      tickets: order.tickets.filter((t) => t.payoutStatus === 'no_result' && t.cancelled === null),
    }))
    .filter((order) => order.tickets.length > 0);
}

/**
 * The price beside a printed ticket: an order's price covers all its draws, so it is said once, on
 * its first printed ticket ("$8.10 for 3 draws"); its other tickets say they are part of it.
 */
export function printedPrice(order: OrderView, index: number): string {
  if (order.tickets.length <= 1 && order.draws === '1 draw') return order.total;
  return index === 0 ? `${order.total} for ${order.draws}` : `included in the order's ${order.total}`;
}
