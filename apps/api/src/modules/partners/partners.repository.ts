/** Partners, the facts of the offers they sell, and the partner a checkout was bought through. */
import {
  and,
  asc,
  carts,
  checkouts,
  type DbOrTx,
  eq,
  gameOffers,
  gameTypes,
  inArray,
  ledgerAccounts,
  partners,
  productOffers,
  raffleBooks,
} from '@drawhouse/db';
import type { PartnerOfferFacts } from '@drawhouse/domain';

export type PartnerRow = typeof partners.$inferSelect;

/** An offer a partner sells, with what its page and its cart items need. */
export type PartnerOfferRow = {
  key: string;
  name: string;
  type: string;
  onSale: boolean;
  facts: PartnerOfferFacts;
  books: { numTickets: number; priceCents: number }[];
};

export function partnersRepository(db: DbOrTx) {
  return {
    async bySlug(slug: string): Promise<PartnerRow | undefined> {
      const [row] = await db.select().from(partners).where(eq(partners.slug, slug));
      return row;
    },

    /** The offers among `keys` (in that order): a lottery's standard (else first) game type, a raffle's books. */
    async offers(keys: readonly string[]): Promise<PartnerOfferRow[]> {
      if (keys.length === 0) return [];
      const offers = await db
        .select()
        .from(productOffers)
        .where(inArray(productOffers.key, [...keys]));
      const types = await db
        .select({
          offerKey: gameTypes.productOfferKey,
          key: gameTypes.key,
          gameOffer: gameTypes.defaultGameOffer,
          defaultGames: gameOffers.defaultGames,
        })
        .from(gameTypes)
        .innerJoin(gameOffers, eq(gameOffers.key, gameTypes.defaultGameOffer))
        .where(inArray(gameTypes.productOfferKey, [...keys]))
        .orderBy(asc(gameTypes.sortOrder));
      const books = await db
        .select()
        .from(raffleBooks)
        .where(inArray(raffleBooks.productOfferKey, [...keys]))
        .orderBy(asc(raffleBooks.numTickets));
      return keys.flatMap((key) => {
        const offer = offers.find((o) => o.key === key);
        if (!offer) return [];
        const own = books.filter((b) => b.productOfferKey === key);
        const offerTypes = types.filter((t) => t.offerKey === key);
        const gameType = offerTypes.find((t) => t.key === 'standard') ?? offerTypes[0];
        const facts: PartnerOfferFacts =
          offer.type === 'lottery_ticket' && gameType
            ? {
                type: 'lottery_ticket',
                gameType: gameType.key,
                gameOffer: gameType.gameOffer,
                defaultGames: gameType.defaultGames,
              }
            : offer.type === 'raffle_ticket'
              ? { type: 'raffle_ticket', books: own.map((b) => b.numTickets) }
              : { type: 'other' };
        return [
          {
            key,
            name: offer.name,
            type: offer.type,
            onSale: offer.availability === 'available' && !offer.suspended && offer.published,
            facts,
            books: own.map((b) => ({ numTickets: b.numTickets, priceCents: b.priceCents })),
          },
        ];
      });
    },

    /** Locks the customer's accounts first, as a purchase does (the same order: no deadlock with it). */
    async lockAccounts(customerId: string): Promise<void> {
      await db
        .select({ id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.customerId, customerId))
        .orderBy(asc(ledgerAccounts.id))
        .for('update');
    },

    /**
     * Sets the customer's open cart aside for the rest of the transaction (a partner item is bought
     * on a cart of its own); `restoreCart` opens it again before the transaction ends.
     */
    async setCartAside(customerId: string): Promise<string | undefined> {
      const [row] = await db
        .update(carts)
        .set({ status: 'converted' })
        .where(and(eq(carts.customerId, customerId), eq(carts.status, 'open')))
        .returning({ id: carts.id });
      return row?.id;
    },

    async restoreCart(cartId: string): Promise<void> {
      await db.update(carts).set({ status: 'open' }).where(eq(carts.id, cartId));
    },

    async recordPurchase(
      checkoutId: string,
      partner: { partnerKey: string; channelKey: string; metadata: Record<string, string> },
    ): Promise<void> {
      await db
        .update(checkouts)
        .set({
          partnerKey: partner.partnerKey,
          channelKey: partner.channelKey,
          partnerMetadata: partner.metadata,
        })
        .where(eq(checkouts.id, checkoutId));
    },
  };
}
