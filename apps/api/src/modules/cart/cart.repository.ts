/** The cart module's reads and writes. The only file of the module that touches Drizzle. */
import { and, asc, cartItems, carts, type Database, type DbOrTx, eq } from '@drawhouse/db';

export type CartRow = typeof carts.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;

function queries(db: DbOrTx) {
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

    async openCustomerCart(customerId: string): Promise<CartRow | undefined> {
      const [row] = await db
        .select()
        .from(carts)
        .where(and(eq(carts.customerId, customerId), eq(carts.status, 'open')))
        .limit(1);
      return row;
    },

    /** The customer's open cart, created when there is none (safe against a concurrent first use). */
    async ensureCustomerCart(customerId: string): Promise<CartRow> {
      const found = await this.openCustomerCart(customerId);
      if (found) return found;
      await db.insert(carts).values({ customerId }).onConflictDoNothing();
      const row = await this.openCustomerCart(customerId);
      if (!row) throw new Error('customer cart missing after insert');
      return row;
    },

    async itemsOf(cartId: string): Promise<CartItemRow[]> {
      return db
        .select()
        .from(cartItems)
        .where(eq(cartItems.cartId, cartId))
        .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
    },

    /** Deletes an item of the cart; false when the cart has no such item. */
    async deleteItem(cartId: string, itemId: string): Promise<boolean> {
      const rows = await db
        .delete(cartItems)
        .where(and(eq(cartItems.cartId, cartId), eq(cartItems.id, itemId)))
        .returning({ id: cartItems.id });
      return rows.length > 0;
    },

    async moveItems(fromCartId: string, toCartId: string): Promise<void> {
      await db.update(cartItems).set({ cartId: toCartId }).where(eq(cartItems.cartId, fromCartId));
    },

    async markConverted(cartId: string, intoCartId: string, now: Date): Promise<void> {
      await db
        .update(carts)
        .set({ status: 'converted', convertedToCartId: intoCartId, updatedAt: now })
        .where(eq(carts.id, cartId));
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

export type CartQueries = ReturnType<typeof queries>;
export type CartRepository = CartQueries & {
  /** Runs `work` in one transaction; everything it does through the given repository commits or none. */
  transaction: <T>(work: (tx: CartQueries) => Promise<T>) => Promise<T>;
};

export function createCartRepository(db: Database): CartRepository {
  return {
    ...queries(db),
    transaction: (work) => db.transaction((tx) => work(queries(tx))),
  };
}
