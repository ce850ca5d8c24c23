/**
 * The entry a recurring purchase buys for a draw: its stored entry, dated for the draw, with fresh
 * quick-picked numbers when it asks for them, as checkout's purchase line.
 */
import { randomInt } from 'node:crypto';
import type { CartItemPayload, CartRecurringPurchase, Database } from '@drawhouse/db';
import { gameToWire, type NumberSet, quickPickGames } from '@drawhouse/domain';
import { parseCartItem, StoredPayloadError } from '../cart/index.ts';
import type { LineToBuy, PurchaseLine } from '../checkout/index.ts';
import { type AccountRow, eventId } from '../ledger/index.ts';
import {
  type DrawRow,
  type RecurringPurchaseRow,
  recurringProcessorQueries,
} from './recurring-processor.repository.ts';

/** The checkout a recurring purchase's attempt for one period writes (its idempotency key). */
export const recurringCheckoutId = (recurringPurchaseId: string, periodKey: string) =>
  eventId(`recurring:${recurringPurchaseId}:${periodKey}:checkout`);

function lineOf(p: RecurringPurchaseRow, payload: CartItemPayload, draw: DrawRow | null): PurchaseLine {
  const typed = parseCartItem({ id: p.id, productType: p.productType, payload });
  const recurringPurchase: CartRecurringPurchase = {
    type: p.type === 'subscription' ? 'subscription' : 'autoplay',
    enabled: true,
  };
  return {
    ...typed,
    productOfferKey: p.productOfferKey,
    quantity: p.quantity,
    unitPriceCents: p.unitPriceCents,
    numDraws: 1,
    firstDrawNo: draw?.drawNo ?? null,
    drawId: draw?.id ?? null,
    recurringPurchase,
  };
}

/** What checkout's shared code writes for one recurring purchase bought for one period. */
export const lineToBuy = (
  p: RecurringPurchaseRow,
  line: PurchaseLine,
  periodKey: string,
  accounts: Record<'wallet' | 'promo', AccountRow>,
  fromPromo: number,
  at: Date,
): LineToBuy => ({
  checkoutId: recurringCheckoutId(p.id, periodKey),
  cartId: p.id,
  customerId: p.customerId,
  line,
  amountCents: p.unitPriceCents * p.quantity,
  purchaseStatus: 'standard',
  eventKey: `recurring:${p.id}:${periodKey}`,
  accounts,
  fromPromo,
  at,
});

/** Entries for recurring purchases, with each game offer's number sets read once. */
export function createRecurringEntries(db: Database) {
  const numberSetCache = new Map<string, NumberSet[] | undefined>();

  async function setsOf(gameOffer: string): Promise<NumberSet[] | undefined> {
    if (!numberSetCache.has(gameOffer))
      numberSetCache.set(gameOffer, await recurringProcessorQueries(db).numberSets(gameOffer));
    return numberSetCache.get(gameOffer);
  }

  /** The entry bought this time: the same, or fresh quick-picked numbers, for this draw. */
  async function payloadFor(p: RecurringPurchaseRow, draw: DrawRow | null): Promise<CartItemPayload> {
    const payload = p.payload;
    if (!draw || !('drawDate' in payload)) return payload;
    const dated = { ...payload, drawDate: draw.drawAt.toISOString(), purchaseStatus: 'open' as const };
    if (p.productType !== 'lottery_ticket' || !p.quickpick || !('games' in dated)) return dated;
    const sets = await setsOf(dated.gameOffer);
    if (!sets) return dated;
    const fresh = quickPickGames(sets, dated.gameType, (max) => randomInt(max), dated.games.length);
    return { ...dated, games: fresh.map(gameToWire) };
  }

  return {
    /** The entry to buy for `due`, or null when its stored entry no longer fits its product. */
    async entryOf(due: RecurringPurchaseRow, draw: DrawRow | null): Promise<PurchaseLine | null> {
      try {
        return lineOf(due, await payloadFor(due, draw), draw);
      } catch (error) {
        if (error instanceof StoredPayloadError) return null;
        throw error;
      }
    },
  };
}

export type RecurringEntries = ReturnType<typeof createRecurringEntries>;
