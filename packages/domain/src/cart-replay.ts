/**
 * Cart replay: a past order's entries put back in the cart. Each order becomes the item body the cart
 * takes, with no first draw (the cart puts it in the next draw on sale) and no recurring purchase
 * (buying again is one purchase, not a new autoplay). Lotto party shares and memberships cannot be
 * bought again from an order: their note says so.
 */

/** An order as replay reads it: the stored entry of its item. */
export type ReplayOrder = {
  productType: string;
  productOfferKey: string;
  numDraws: number;
  payload: Record<string, unknown>;
};

export type ReplayBody =
  | {
      kind: 'lottery';
      lottery: string;
      gameType: string;
      gameOffer: string;
      games: { numbers: number[]; powerball?: number[]; favourites?: number[] }[];
      quickpick: boolean;
      numDraws: number;
      day: string | null;
      causeKey: string | null;
    }
  | { kind: 'raffle'; lottery: string; book: number; causeKey: string | null }
  | { kind: 'syndicate'; syndicate: string; numShares: number; numDraws: number };

export const REPLAY_NOT_REBUYABLE =
  'This entry cannot be bought again from a past order: choose it again on its page.';

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const whole = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) ? value : null;

/** The cart body of a past order, or null when it cannot be bought again this way. */
export function replayItemBody(order: ReplayOrder): ReplayBody | null {
  const p = order.payload;
  if (order.productType === 'lottery_ticket') {
    const gameType = text(p.gameType);
    const gameOffer = text(p.gameOffer);
    if (!gameType || !gameOffer || !Array.isArray(p.games)) return null;
    return {
      kind: 'lottery',
      lottery: order.productOfferKey,
      gameType,
      gameOffer,
      games: p.games as ReplayBody extends { games: infer G } ? G : never,
      quickpick: false,
      numDraws: order.numDraws,
      day: text(p.day),
      causeKey: text(p.causeKey),
    };
  }
  if (order.productType === 'raffle_ticket') {
    const book = whole(p.numTickets);
    return book ? { kind: 'raffle', lottery: order.productOfferKey, book, causeKey: text(p.causeKey) } : null;
  }
  if (order.productType === 'syndicate_share' && p.gameType === 'syndicate') {
    const numShares = whole(p.numShares);
    return numShares
      ? { kind: 'syndicate', syndicate: order.productOfferKey, numShares, numDraws: order.numDraws }
      : null;
  }
  return null;
}
