/**
 * Adding an item to a customer's cart in two statements, written once and prepared once: one reads
 * everything the add and its answer need (the open cart and its items, the catalogue of the new
 * item's offer, the voucher and its uses, the customer's state, limits, spend and balances); the
 * other writes the item only if the cart is still as read (its row version), making the cart on the
 * customer's first add. A cart changed in between writes nothing, and the add reads again.
 */
import {
  cartItems,
  carts,
  clientOf,
  closedSql,
  customerLimits,
  customerSpendDays,
  type Database,
  insertFromJson,
  jsonRecords,
  ledgerAccounts,
  rowFromJson,
  rowsFromJson,
  run,
  statement,
  vouchers,
} from '@drawhouse/db';
import {
  CATALOGUE_COLUMNS,
  type CatalogueRows,
  catalogueCtes,
  catalogueOf,
} from './cart.catalogue.repository.ts';
import { parseCartItem } from './cart.payload.ts';
import type { CartItemInsert, CartItemRow, CartRow, ItemOffer, VoucherRow } from './cart.repository.ts';

/** An item whose draw no longer takes entries at `$2` (as `deleteClosedDrawItems` finds them). */
const DRAW_CLOSED = `exists (select 1 from draws d where d.id = i.draw_id and ${closedSql('d', '$2')})`;

/**
 * Deposits into the customer's wallet since `since` (held ones count until voided), as the deposit
 * limits count them: from the customer's accounts (read first) through the (account, time) index, so
 * only their own deposits are read.
 */
const DEPOSITED = (since: string) => `(with own as materialized (
    select a.id from ledger_accounts a where a.customer_id = $1::uuid
  )
  select coalesce(sum(t.amount_cents), 0)::bigint from own
  join ledger_transfers t on t.credit_account_id = own.id
  where t.created_at >= ${since} and t.code = 'deposit' and t.flag in ('posted', 'pending')
    and not exists (select 1 from ledger_transfers v where v.pending_id = t.id and v.flag = 'void_pending'))`;

/**
 * $1 customer, $2 now, $3 the new item's offer keys, $4 the first day of spend read, $5 the start of
 * the deposit limit's 7 days.
 */
const READ = statement(
  'cart-add-read',
  `with cart as (select c.*, c.xmin::text as version from carts c
    where c.customer_id = $1::uuid and c.status = 'open'),
  items as (select i.*, ${DRAW_CLOSED} as draw_closed from cart_items i where i.cart_id in (select id from cart)),
  offer_keys as (select unnest($3::text[]) as key),
  ${catalogueCtes('offer_keys', '$2')},
  voucher as (select v.* from vouchers v where v.id in (select voucher_id from cart))
  select (select row_to_json(c) from cart c) as cart,
    (select json_agg(i order by i.created_at, i.id) from items i) as items,
    (select json_agg(o) from (select o.key, o.name, o.availability, o.suspended, o.published, o.restrictions
      from product_offers o where o.key in (select product_offer_key from items)) o) as item_offers,
    ${CATALOGUE_COLUMNS},
    (select row_to_json(v) from voucher v) as voucher,
    (select count(*) from voucher_redemptions r where r.voucher_id in (select id from voucher)
      and r.customer_id = $1)::int as customer_uses,
    (select count(*) from voucher_redemptions r
      where r.voucher_id in (select id from voucher where max_redemptions is not null))::int as total_uses,
    (select c.state from customers c where c.id = $1) as state,
    (select c.verified_at from customers c where c.id = $1) as verified_at,
    (select min(d.created_at) from deposits d
      where d.customer_id = $1 and d.status = 'succeeded') as first_deposit_at,
    ${DEPOSITED("'-infinity'::timestamptz")} as deposited_ever,
    ${DEPOSITED('$5::timestamptz')} as deposited_week,
    (select json_agg(l) from customer_limits l where l.customer_id = $1) as limits,
    (select json_agg(d) from customer_spend_days d where d.customer_id = $1 and d.day >= $4::date) as spend_days,
    (select json_agg(a) from ledger_accounts a where a.customer_id = $1) as accounts`,
);

const ITEM_COLUMNS = [
  'id',
  'cartId',
  'productOfferKey',
  'productType',
  'drawId',
  'firstDrawNo',
  'numDraws',
  'quantity',
  'unitPriceCents',
  'payload',
  'recurringPurchase',
  'affiliateCode',
  'createdAt',
] as const;

/**
 * $1 the cart read (null: none was), $2 its row version, $3 now, $4 a new cart's id, $5 customer,
 * $6 items to take out (their draws closed), $7 the item (JSON, its cart the one read or the new one).
 */
const WRITE = statement<{ cart_id: string | null; added: number }>(
  'cart-add-write',
  `with touched as (
    update carts set updated_at = $3::timestamptz
    where id = $1::uuid and status = 'open' and xmin::text = $2::text returning id
  ),
  made as (
    insert into carts (id, customer_id, created_at, updated_at)
    select $4::uuid, $5::uuid, $3::timestamptz, $3::timestamptz where $1::uuid is null
    on conflict do nothing returning id
  ),
  target as (select id from touched union all select id from made),
  closed as (
    delete from cart_items where cart_id in (select id from target) and id = any($6::uuid[]) returning id
  ),
  added as (${insertFromJson(cartItems, ITEM_COLUMNS, 7)} where exists (select 1 from target) returning id)
  select (select id from target) as cart_id, (select count(*) from added)::int as added`,
);

/** $1 a new cart's id, $2 customer, $3 now: the customer's open cart made (none when there is one). */
const MAKE = statement<{ id: string }>(
  'cart-make',
  `insert into carts (id, customer_id, created_at, updated_at) values ($1::uuid, $2::uuid, $3, $3)
  on conflict do nothing returning id`,
);

/** The customer's cart as one add reads it. */
export type CartAddSnapshot = {
  cart: (CartRow & { version: string }) | undefined;
  /** Items, each saying whether its draw closed (then the add takes it out). */
  items: (CartItemRow & { drawClosed: boolean })[];
  itemOffers: ItemOffer[];
  catalogue: CatalogueRows;
  voucher: VoucherRow | undefined;
  uses: { customer: number; total: number | null };
  state: string | null;
  limits: (typeof customerLimits.$inferSelect)[];
  spendDays: { day: string; cents: number }[];
  accounts: (typeof ledgerAccounts.$inferSelect)[];
  verifiedAt: Date | null;
  /** When the first deposit succeeded: the verification deadline counts from it. */
  firstDepositAt: Date | null;
  deposited: { ever: number; lastWeek: number };
};

export function cartAddQueries(db: Database) {
  const client = clientOf(db);
  return {
    async read(
      customerId: string,
      offerKeys: readonly string[],
      now: Date,
      spendFrom: string,
      depositsFrom: Date,
    ) {
      const [row] = await run(client, READ, [customerId, now, offerKeys, spendFrom, depositsFrom]);
      if (!row) throw new Error('the cart read answered no row');
      const cart = row.cart ? rowFromJson(carts, row.cart) : undefined;
      const version = (row.cart as { version?: string } | null)?.version ?? '';
      const voucher = row.voucher ? rowFromJson(vouchers, row.voucher) : undefined;
      const snapshot: CartAddSnapshot = {
        cart: cart ? { ...cart, version } : undefined,
        items: ((row.items ?? []) as Record<string, unknown>[]).map((json) => ({
          ...parseCartItem(rowFromJson(cartItems, json)),
          drawClosed: json.draw_closed === true,
        })),
        itemOffers: (row.item_offers ?? []) as CartAddSnapshot['itemOffers'],
        catalogue: catalogueOf(row),
        voucher,
        uses: {
          customer: Number(row.customer_uses ?? 0),
          total: voucher?.maxRedemptions === null || !voucher ? null : Number(row.total_uses ?? 0),
        },
        state: typeof row.state === 'string' ? row.state : null,
        limits: rowsFromJson(customerLimits, row.limits),
        spendDays: rowsFromJson(customerSpendDays, row.spend_days).map((d) => ({
          day: d.day,
          cents: d.spentCents,
        })),
        accounts: rowsFromJson(ledgerAccounts, row.accounts),
        verifiedAt: row.verified_at instanceof Date ? row.verified_at : null,
        firstDepositAt: row.first_deposit_at instanceof Date ? row.first_deposit_at : null,
        deposited: { ever: Number(row.deposited_ever ?? 0), lastWeek: Number(row.deposited_week ?? 0) },
      };
      return snapshot;
    },

    /** Makes the customer's open cart; false when one was made meanwhile. */
    async makeCart(id: string, customerId: string, now: Date): Promise<boolean> {
      return (await run(client, MAKE, [id, customerId, now])).length === 1;
    },

    /**
     * Writes `item` into the cart read (`cart`, unchanged since) or a new cart `newCartId` when none
     * was read, taking out `closedIds`. Answers the cart's id, or undefined when the cart changed (or
     * another request made it) since it was read: nothing was written.
     */
    async writeIfUnchanged(args: {
      cart: { id: string; version: string } | undefined;
      newCartId: string;
      customerId: string;
      item: CartItemInsert & { id: string; createdAt: Date };
      closedIds: readonly string[];
      now: Date;
    }): Promise<string | undefined> {
      const cartId = args.cart?.id ?? args.newCartId;
      const [row] = await run(client, WRITE, [
        args.cart?.id ?? null,
        args.cart?.version ?? '',
        args.now,
        args.newCartId,
        args.customerId,
        args.closedIds,
        jsonRecords(cartItems, ITEM_COLUMNS, [{ ...args.item, cartId }]),
      ]);
      return row?.cart_id && row.added === 1 ? row.cart_id : undefined;
    },
  };
}
