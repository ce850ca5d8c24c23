/** The cart module's reads and writes. The only file of the module that touches Drizzle. */
import {
  and,
  asc,
  cartItems,
  carts,
  customers,
  type Database,
  type DbOrTx,
  draws,
  eq,
  exists,
  gameOfferPrices,
  gameOffers,
  gameTypes,
  inArray,
  lotteries,
  lte,
  ne,
  openDraws,
  or,
  productOfferCauses,
  productOffers,
  raffleBooks,
  raffles,
  ridesClosedDraw,
  syndicateDrawShares,
  type TypedCartItemPayload,
} from '@drawhouse/db';
import { lottoPartyMoney } from '../lotto-party/index.ts';
import { type VoucherRow, voucherQueries, voucherUses } from '../vouchers/index.ts';
import { parseCartItem } from './cart.payload.ts';

export type CartRow = typeof carts.$inferSelect;
/** An item as read: its payload parsed, of the shape of its product type. */
export type CartItemRow = Omit<typeof cartItems.$inferSelect, 'productType' | 'payload'> &
  TypedCartItemPayload;
export type { VoucherRow };
export type CartItemInsert = Omit<
  typeof cartItems.$inferInsert,
  'id' | 'cartId' | 'createdAt' | 'productType' | 'payload'
> &
  TypedCartItemPayload;

/** What an item's offer is to the blocked-reasons rule. */
export type ItemOffer = Pick<
  typeof productOffers.$inferSelect,
  'key' | 'name' | 'availability' | 'suspended' | 'restrictions'
>;

/** What a lottery item is checked and priced against: its offer, game type, game offer and draws. */
export type LotteryItemCatalogue = {
  offer: typeof productOffers.$inferSelect;
  lottery: typeof lotteries.$inferSelect | undefined;
  gameType: typeof gameTypes.$inferSelect | undefined;
  gameOffer: typeof gameOffers.$inferSelect | undefined;
  prices: { games: number; priceCents: number }[];
  /** The offer's draws that take entries, soonest first. */
  openDraws: (typeof draws.$inferSelect)[];
  causeKeys: string[];
  /** A syndicate's shares sold, by open draw (a draw with none sold is missing): each draw counts its own. */
  sharesSold?: ReadonlyMap<string, number>;
};

function queries(db: DbOrTx) {
  /** Shares sold of syndicate draws, by draw (a draw with none sold is missing). */
  const sharesSoldOf = async (drawIds: string[]): Promise<Map<string, number>> => {
    if (drawIds.length === 0) return new Map();
    const rows = await db
      .select({ drawId: syndicateDrawShares.drawId, sold: syndicateDrawShares.sharesSold })
      .from(syndicateDrawShares)
      .where(inArray(syndicateDrawShares.drawId, drawIds));
    return new Map(rows.map((r) => [r.drawId, r.sold]));
  };

  /** An offer with its raffle row (null when it is not a raffle); undefined when there is no such offer. */
  const offerWithRaffle = async (offerKey: string) => {
    const [row] = await db
      .select({ offer: productOffers, raffle: raffles })
      .from(productOffers)
      .leftJoin(raffles, eq(raffles.productOfferKey, productOffers.key))
      .where(eq(productOffers.key, offerKey))
      .limit(1);
    return row;
  };
  const causeKeysOf = async (offerKey: string) =>
    (
      await db
        .select({ key: productOfferCauses.causeKey })
        .from(productOfferCauses)
        .where(eq(productOfferCauses.productOfferKey, offerKey))
    ).map((c) => c.key);

  return {
    async insertAnonymousCart(tokenHash: string, expiresAt: Date): Promise<CartRow> {
      const [row] = await db.insert(carts).values({ anonymousTokenHash: tokenHash, expiresAt }).returning();
      if (!row) throw new Error('cart insert returned no row');
      return row;
    },

    /** The anonymous cart of a token hash, whatever its status; `lock` holds it until the transaction ends. */
    async cartByTokenHash(tokenHash: string, lock = false): Promise<CartRow | undefined> {
      const query = db.select().from(carts).where(eq(carts.anonymousTokenHash, tokenHash)).limit(1);
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    async cartById(id: string): Promise<CartRow | undefined> {
      const [row] = await db.select().from(carts).where(eq(carts.id, id)).limit(1);
      return row;
    },

    /** The customer's open cart, locked until the transaction ends. */
    async lockOpenCustomerCart(customerId: string): Promise<CartRow | undefined> {
      const [row] = await db
        .select()
        .from(carts)
        .where(and(eq(carts.customerId, customerId), eq(carts.status, 'open')))
        .limit(1)
        .for('update');
      return row;
    },

    /**
     * The customer's open cart, created when there is none (safe against a concurrent first use),
     * locked until the transaction ends: calls on one cart take their turn, so the cart's rules
     * (one membership per program, shares left) hold against parallel requests.
     */
    async ensureCustomerCart(customerId: string): Promise<CartRow> {
      const found = await this.lockOpenCustomerCart(customerId);
      if (found) return found;
      await db.insert(carts).values({ customerId }).onConflictDoNothing();
      const row = await this.lockOpenCustomerCart(customerId);
      if (!row) throw new Error('customer cart missing after insert');
      return row;
    },

    async itemsOf(cartId: string): Promise<CartItemRow[]> {
      const rows = await db
        .select()
        .from(cartItems)
        .where(eq(cartItems.cartId, cartId))
        .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
      return rows.map(parseCartItem);
    },

    /** Deletes an item of the cart; false when the cart has no such item. */
    async deleteItem(cartId: string, itemId: string): Promise<boolean> {
      const rows = await db
        .delete(cartItems)
        .where(and(eq(cartItems.cartId, cartId), eq(cartItems.id, itemId)))
        .returning({ id: cartItems.id });
      return rows.length > 0;
    },

    async moveItems(fromCartId: string, toCartId: string, ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(cartItems)
        .set({ cartId: toCartId })
        .where(and(eq(cartItems.cartId, fromCartId), inArray(cartItems.id, ids)));
    },

    /** The cart was bought: the customer's next cart is a new one. */
    async markPurchased(cartId: string, now: Date): Promise<void> {
      await db.update(carts).set({ status: 'purchased', updatedAt: now }).where(eq(carts.id, cartId));
    },

    async markConverted(cartId: string, intoCartId: string, now: Date): Promise<void> {
      await db
        .update(carts)
        .set({ status: 'converted', convertedToCartId: intoCartId, updatedAt: now })
        .where(eq(carts.id, cartId));
    },

    async insertItem(cartId: string, item: CartItemInsert): Promise<CartItemRow> {
      const [row] = await db
        .insert(cartItems)
        .values({ ...item, cartId })
        .returning();
      if (!row) throw new Error('cart item insert returned no row');
      return parseCartItem(row);
    },

    /** Replaces an item of the cart (same id); false when the cart has no such item. */
    async replaceItem(cartId: string, itemId: string, item: CartItemInsert): Promise<boolean> {
      const rows = await db
        .update(cartItems)
        .set(item)
        .where(and(eq(cartItems.cartId, cartId), eq(cartItems.id, itemId)))
        .returning({ id: cartItems.id });
      return rows.length > 0;
    },

    /** A lotto party session with its group and draw, and whether the customer is a member. */
    lottoPartySession: (sessionId: string, customerId: string | null) =>
      lottoPartyMoney(db).sessionForCart(sessionId, customerId),

    /** A draw of an offer by number, whatever its status. */
    async drawByNo(offerKey: string, drawNo: number) {
      const [row] = await db
        .select()
        .from(draws)
        .where(and(eq(draws.productOfferKey, offerKey), eq(draws.drawNo, drawNo)))
        .limit(1);
      return row;
    },

    /** The catalogue rows a lottery item needs; undefined when there is no such product offer. */
    async lotteryItemCatalogue(
      offerKey: string,
      gameTypeKey: string,
      gameOfferKey: string,
      now: Date,
    ): Promise<LotteryItemCatalogue | undefined> {
      // The offer with its lottery, game type and game offer in one query (each null when missing).
      const [row] = await db
        .select({ offer: productOffers, lottery: lotteries, gameType: gameTypes, gameOffer: gameOffers })
        .from(productOffers)
        .leftJoin(lotteries, eq(lotteries.key, productOffers.lotteryKey))
        .leftJoin(
          gameTypes,
          and(eq(gameTypes.productOfferKey, productOffers.key), eq(gameTypes.key, gameTypeKey)),
        )
        .leftJoin(
          gameOffers,
          and(
            eq(gameOffers.key, gameOfferKey),
            eq(gameOffers.productOfferKey, productOffers.key),
            eq(gameOffers.gameTypeKey, gameTypeKey),
          ),
        )
        .where(eq(productOffers.key, offerKey))
        .limit(1);
      if (!row) return undefined;
      // One after another: inside a transaction the queries share one connection.
      const prices = await db
        .select({ games: gameOfferPrices.games, priceCents: gameOfferPrices.priceCents })
        .from(gameOfferPrices)
        .where(eq(gameOfferPrices.gameOfferKey, gameOfferKey))
        .orderBy(asc(gameOfferPrices.games));
      const open = await openDraws(db, [offerKey], now);
      const causeKeys = await causeKeysOf(offerKey);
      const sharesSold =
        row.offer.type === 'syndicate_share' ? await sharesSoldOf(open.map((d) => d.id)) : undefined;
      return {
        sharesSold,
        offer: row.offer,
        lottery: row.lottery ?? undefined,
        gameType: row.gameType ?? undefined,
        gameOffer: row.gameOffer ?? undefined,
        prices,
        openDraws: open,
        causeKeys,
      };
    },

    /** The rows a raffle item needs; undefined when there is no such product offer. */
    async raffleItemCatalogue(offerKey: string, now: Date): Promise<RaffleItemCatalogue | undefined> {
      const row = await offerWithRaffle(offerKey);
      if (!row) return undefined;
      const books = await db
        .select({ numTickets: raffleBooks.numTickets, priceCents: raffleBooks.priceCents })
        .from(raffleBooks)
        .where(eq(raffleBooks.productOfferKey, offerKey))
        .orderBy(asc(raffleBooks.numTickets));
      const open = await openDraws(db, [offerKey], now);
      const causeKeys = await causeKeysOf(offerKey);
      return { offer: row.offer, raffle: row.raffle ?? undefined, books, openDraws: open, causeKeys };
    },

    /**
     * The shares or tickets left (total minus sold) of a syndicate's draw on sale or of a raffle;
     * undefined for other offers and missing ones.
     */
    async stockLeft(offerKey: string): Promise<number | undefined> {
      const row = await offerWithRaffle(offerKey);
      if (row?.offer.type === 'syndicate_share') {
        const [onSale] = await openDraws(db, [offerKey], new Date());
        const sold = onSale ? ((await sharesSoldOf([onSale.id])).get(onSale.id) ?? 0) : 0;
        return (row.offer.syndicateTotalShares ?? 0) - sold;
      }
      if (row?.offer.type === 'raffle_ticket' && row.raffle)
        return row.raffle.totalTickets - row.raffle.ticketsSold;
      return undefined;
    },

    /**
     * Takes out the items of the cart whose first draw is no longer open (drawn, closed, past its stop
     * time, or riding a lottery draw that no longer takes entries).
     */
    async deleteClosedDrawItems(cartId: string, now: Date): Promise<CartItemRow[]> {
      const closedDraw = db
        .select({ id: draws.id })
        .from(draws)
        .where(
          and(
            eq(draws.id, cartItems.drawId),
            or(ne(draws.status, 'DRAW_OPEN'), lte(draws.stopAt, now), ridesClosedDraw(now)),
          ),
        );
      const rows = await db
        .delete(cartItems)
        .where(and(eq(cartItems.cartId, cartId), exists(closedDraw)))
        .returning();
      return rows.map(parseCartItem);
    },

    async deleteItems(cartId: string, ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.delete(cartItems).where(and(eq(cartItems.cartId, cartId), inArray(cartItems.id, ids)));
    },

    /**
     * The cart's items in order, each with what the blocked-reasons rule needs of its offer (null when
     * the offer is gone).
     */
    async itemsWithOffers(cartId: string) {
      const rows = await db
        .select({
          item: cartItems,
          offer: {
            key: productOffers.key,
            name: productOffers.name,
            availability: productOffers.availability,
            suspended: productOffers.suspended,
            restrictions: productOffers.restrictions,
          },
        })
        .from(cartItems)
        .leftJoin(productOffers, eq(productOffers.key, cartItems.productOfferKey))
        .where(eq(cartItems.cartId, cartId))
        .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
      return rows.map((row) => ({ item: parseCartItem(row.item), offer: row.offer }));
    },

    /** The state a customer lives in (licensing restrictions are per state). */
    async customerState(customerId: string): Promise<string | null> {
      const [row] = await db
        .select({ state: customers.state })
        .from(customers)
        .where(eq(customers.id, customerId))
        .limit(1);
      return row?.state ?? null;
    },

    /** A membership offer (program) and one of its game offers (billing periods) with its price. */
    async membershipItemCatalogue(programKey: string, offerKey: string) {
      const [row] = await db
        .select({ offer: productOffers, gameOffer: gameOffers })
        .from(productOffers)
        .leftJoin(
          gameOffers,
          and(eq(gameOffers.key, offerKey), eq(gameOffers.productOfferKey, productOffers.key)),
        )
        .where(eq(productOffers.key, programKey))
        .limit(1);
      if (!row) return undefined;
      const { offer } = row;
      const gameOffer = row.gameOffer ?? undefined;
      const prices = gameOffer
        ? await db
            .select({ games: gameOfferPrices.games, priceCents: gameOfferPrices.priceCents })
            .from(gameOfferPrices)
            .where(eq(gameOfferPrices.gameOfferKey, gameOffer.key))
            .orderBy(asc(gameOfferPrices.games))
        : [];
      return { offer, gameOffer, prices };
    },

    /** The voucher of a promo code, whatever its case; undefined when there is none. */
    voucherByCode: (code: string) => voucherQueries(db).byCode(code),

    voucherById: (id: string) => voucherQueries(db).byId(id),

    /** How often a voucher was used (by the customer of a customer's cart; in all when it has a limit). */
    voucherUses: (voucher: VoucherRow, customerId: string | null) => voucherUses(db, voucher, customerId),

    /** Applies a voucher to the cart (null removes it). */
    async setVoucher(cartId: string, voucherId: string | null): Promise<void> {
      await db.update(carts).set({ voucherId }).where(eq(carts.id, cartId));
    },

    /** Records a change: `updated_at`, and for an anonymous cart its new expiry. */
    async touch(cartId: string, now: Date, expiresAt?: Date): Promise<void> {
      await db
        .update(carts)
        .set({ updatedAt: now, ...(expiresAt ? { expiresAt } : {}) })
        .where(eq(carts.id, cartId));
    },
  };
}

export type RaffleItemCatalogue = {
  offer: typeof productOffers.$inferSelect;
  raffle: typeof raffles.$inferSelect | undefined;
  books: { numTickets: number; priceCents: number }[];
  openDraws: (typeof draws.$inferSelect)[];
  causeKeys: string[];
};

export type MembershipItemCatalogue = NonNullable<
  Awaited<ReturnType<ReturnType<typeof queries>['membershipItemCatalogue']>>
>;

export type CartQueries = ReturnType<typeof queries>;
export type CartRepository = CartQueries & {
  /** Runs `work` in one transaction; everything it does through the given repository commits or none. */
  transaction: <T>(work: (tx: CartQueries) => Promise<T>) => Promise<T>;
};

/** The cart's queries on a transaction another module runs (checkout). */
export const cartQueries = queries;

export function createCartRepository(db: Database): CartRepository {
  return {
    ...queries(db),
    transaction: (work) => db.transaction((tx) => work(queries(tx))),
  };
}
