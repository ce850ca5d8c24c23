/**
 * The cart's own reads and writes: carts (anonymous by token hash, a customer's open one made once
 * and locked), their items (each read with its payload parsed, and with what the blocked-reasons
 * rule needs of its offer), the items of closed draws taken out, a cart's voucher and its changes.
 * What building an item reads of the catalogue is in cart.item-catalogue.repository.ts; the cart's
 * queries are both (`cartQueries`).
 */
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
  inArray,
  lte,
  ne,
  or,
  productOffers,
  ridesClosedDraw,
  type TypedCartItemPayload,
} from '@drawhouse/db';
import { type VoucherRow, voucherQueries, voucherUses } from '../vouchers/index.ts';
import { itemCatalogueQueries } from './cart.item-catalogue.repository.ts';
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
  'key' | 'name' | 'availability' | 'suspended' | 'published' | 'restrictions'
>;

function cartRowQueries(db: DbOrTx) {
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
            published: productOffers.published,
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

function queries(db: DbOrTx) {
  return { ...cartRowQueries(db), ...itemCatalogueQueries(db) };
}

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
