/**
 * The purchase's two statements, written once and prepared once (decision 048).
 *
 * `load`, in the purchase's transaction: the customer's accounts locked (`lockCustomer`'s lock, in id
 * order), then their open cart, then a voucher with a total limit, then `for share` every draw the
 * cart's lines enter and the draws they ride (ADR 033), then the raffles and syndicate draw shares
 * they take stock from; with them the cart's items and the catalogue of their offers, the voucher's
 * uses, the state, limits and spend by day, and what an Idempotency-Key already holds. Rows read in
 * the statement's snapshot are only as new as the locks when nothing was waited for: when a locked
 * account or the cart changed since the snapshot (a purchase of the same customer committed while
 * this one waited), `stale` says so and the purchase reads again, now holding the locks.
 *
 * `write`: everything the purchase writes, in one statement: the key with its answer, the checkout,
 * orders, tickets, pre-orders, the voucher's use (its total limit counted again), the ledger's
 * transfers (their triggers keep the balances, refuse an overdraft and count the spend), raffle
 * numbers and syndicate shares taken from stock, the cart closed, and `checkout.completed` in the
 * outbox. Each part writes only when the key (if any) and the checkout were new.
 */
import {
  cartItems,
  carts,
  checkouts,
  clientOf,
  customerLimits,
  customerSpendDays,
  type DbOrTx,
  draws,
  insertFromJson,
  jsonRecords,
  ledgerAccounts,
  ledgerTransfers,
  orders,
  RIDDEN_DRAWS_FROM,
  raffles,
  raffleTicketNumbers,
  rowFromJson,
  rowsFromJson,
  run,
  scheduledPurchases,
  statement,
  syndicateDrawShares,
  tickets,
  voucherRedemptions,
  vouchers,
} from '@drawhouse/db';
import { CATALOGUE_COLUMNS, type CatalogueRows, catalogueCtes, catalogueOf } from '../cart/index.ts';

/** $1 customer, $2 now, $3 first day of spend read, $4 key scope, $5 key (both null without a key). */
const LOAD = statement(
  'purchase-load',
  `with accounts as materialized (
    select a.*, a.xmin::text as version from ledger_accounts a
    where a.customer_id = $1::uuid order by a.id for update
  ),
  cart as materialized (
    select c.*, c.xmin::text as version from carts c
    where c.customer_id = $1::uuid and c.status = 'open' for update
  ),
  items as (select i.* from cart_items i where i.cart_id in (select id from cart)),
  offer_keys as (select distinct product_offer_key as key from items),
  ${catalogueCtes('offer_keys', '$2')},
  voucher_locked as materialized (
    select v.id from vouchers v
    where v.id in (select voucher_id from cart) and v.max_redemptions is not null for update
  ),
  voucher as (select v.* from vouchers v where v.id in (select voucher_id from cart)),
  entered as (
    select i.id as item_id, d.id as draw_id, d.draw_no from items i
    cross join lateral (
      select d.id, d.draw_no from draws d
      where d.product_offer_key = i.product_offer_key
        and d.draw_no >= coalesce(i.first_draw_no, (select f.draw_no from draws f where f.id = i.draw_id))
      order by d.draw_no limit i.num_draws
    ) d
    where i.product_type <> 'membership' and coalesce(i.payload->>'gameType', '') <> 'lotto_party'
  ),
  sold as (
    select draw_id as id from entered
    union select i.draw_id from items i where i.payload->>'gameType' = 'lotto_party' and i.draw_id is not null
  ),
  riding as (
    select rider_d.id as rider, ridden_d.id as ridden from ${RIDDEN_DRAWS_FROM}
    where rider_d.id in (select id from sold)
  ),
  locked_draws as materialized (
    select d.* from draws d where d.id in (select id from sold union select ridden from riding)
    order by d.id for share
  ),
  raffle_stock as materialized (
    select r.* from raffles r
    where r.product_offer_key in (select product_offer_key from items where product_type = 'raffle_ticket')
    order by r.product_offer_key for update
  ),
  share_stock as materialized (
    select s.* from syndicate_draw_shares s
    where s.draw_id in (select e.draw_id from entered e join items i on i.id = e.item_id
      where i.product_type = 'syndicate_share')
    order by s.draw_id for update
  )
  select (select json_agg(a order by a.id) from accounts a) as accounts,
    (select json_agg(a.xmin::text order by a.id) from ledger_accounts a where a.customer_id = $1::uuid) as accounts_seen,
    (select row_to_json(c) from cart c) as cart,
    (select c.xmin::text from carts c where c.id in (select id from cart)) as cart_seen,
    (select count(*) from voucher_locked)::int as voucher_locked,
    (select json_agg(d) from locked_draws d) as draws,
    (select json_agg(d) from draws d where d.id in (select draw_id from items)) as item_draws,
    (select json_agg(r) from raffle_stock r) as raffles,
    (select json_agg(s) from share_stock s) as shares,
    (select json_agg(e order by e.item_id, e.draw_no) from entered e) as entered,
    (select json_agg(r) from riding r) as riding,
    (select row_to_json(k) from (select request_hash, response_body from idempotency_keys
      where scope = $4::text and key = $5::text) k) as stored,
    (select json_agg(i order by i.created_at, i.id) from items i) as items,
    ${CATALOGUE_COLUMNS},
    (select row_to_json(v) from voucher v) as voucher,
    (select count(*) from voucher_redemptions r where r.voucher_id in (select id from voucher)
      and r.customer_id = $1::uuid)::int as customer_uses,
    (select count(*) from voucher_redemptions r
      where r.voucher_id in (select id from voucher where max_redemptions is not null))::int as total_uses,
    (select c.state from customers c where c.id = $1::uuid) as state,
    (select c.segment_name from customers c where c.id = $1::uuid) as segment,
    (select json_agg(l) from customer_limits l where l.customer_id = $1::uuid) as limits,
    (select json_agg(d) from customer_spend_days d
      where d.customer_id = $1::uuid and d.day >= $3::date) as spend_days,
    exists (select 1 from checkouts k where k.customer_id = $1::uuid) as bought_before,
    (select json_agg(json_build_object('code', a.code, 'id', a.id)) from ledger_accounts a
      where a.code in (select 'sales:' || product_type from items union select 'promotions')) as house`,
);

export type StoredKey = { requestHash: string; responseBody: string | null };

/** The purchase's state as `load` read it, under its locks. */
export type PurchaseRead = {
  /** Something locked changed after the statement's snapshot: read again. */
  stale: boolean;
  accounts: (typeof ledgerAccounts.$inferSelect)[];
  cart: typeof carts.$inferSelect | undefined;
  items: (typeof cartItems.$inferSelect)[];
  catalogue: CatalogueRows;
  voucher: typeof vouchers.$inferSelect | undefined;
  uses: { customer: number; total: number | null; segment: string | null };
  state: string | null;
  limits: (typeof customerLimits.$inferSelect)[];
  spendDays: { day: string; cents: number }[];
  /** Each cart item's draws, soonest first (none for memberships and lotto party shares). */
  entered: Map<string, string[]>;
  /** The draws sold into and those they ride, locked for share. */
  draws: Map<string, typeof draws.$inferSelect>;
  ridden: Map<string, string[]>;
  /** The draws the cart's items name (a pre-order's among them), not locked. */
  itemDraws: Map<string, typeof draws.$inferSelect>;
  /** Raffles and syndicate draws' shares taken from, locked for update. */
  raffles: Map<string, typeof raffles.$inferSelect>;
  shares: Map<string, typeof syndicateDrawShares.$inferSelect>;
  stored: StoredKey | undefined;
  boughtBefore: boolean;
  /** The house accounts the purchase pays into, those made already. */
  house: { code: string; id: number }[];
};

const ORDER_COLUMNS = [
  'id',
  'checkoutId',
  'customerId',
  'productType',
  'productOfferKey',
  'description',
  'quantity',
  'unitPriceCents',
  'totalCents',
  'numDraws',
  'firstDrawNo',
  'purchaseStatus',
  'payload',
  'recurringPurchase',
  'socialSyndicateId',
  'createdAt',
] as const;
const TICKET_COLUMNS = [
  'id',
  'orderId',
  'customerId',
  'drawId',
  'productOfferKey',
  'games',
  'numShares',
  'createdAt',
] as const;
const CHECKOUT_COLUMNS = [
  'id',
  'customerId',
  'cartId',
  'cartTotalCents',
  'discountCents',
  'preOrderTotalCents',
  'paidCents',
  'fromPromoCents',
  'fromWalletCents',
  'depositId',
  'voucherCode',
  'promoCreditCents',
  'createdAt',
] as const;
const TRANSFER_COLUMNS = [
  'id',
  'debitAccountId',
  'creditAccountId',
  'amountCents',
  'flag',
  'code',
  'customerId',
  'reference',
  'description',
] as const;
const SCHEDULED_COLUMNS = [
  'id',
  'customerId',
  'checkoutId',
  'kind',
  'productType',
  'productOfferKey',
  'drawId',
  'description',
  'amountCents',
  'payload',
  'numDraws',
  'quantity',
  'createdAt',
] as const;
const REDEMPTION_COLUMNS = [
  'voucherId',
  'customerId',
  'checkoutId',
  'seq',
  'discountCents',
  'promoCreditCents',
  'createdAt',
] as const;
const NUMBER_COLUMNS = ['productOfferKey', 'drawId', 'number', 'ticketId'] as const;

/** Appends a condition to an `insertFromJson` select. */
const when = (insert: string, condition: string) => `${insert} where ${condition}`;

/**
 * $1 key scope, $2 key, $3 request hash, $4 answer (JSON text), $5 now, $6 checkout, $7 orders,
 * $8 tickets, $9 transfers, $10 pre-orders, $11 voucher use, $12 raffle stock taken
 * ({offer_key, count, sold}: `sold` as locked), $13 raffle numbers, $14 syndicate shares taken
 * ({offer_key, draw_id, count}), $15 the cart, $16 the event's type, $17 its aggregate id, $18 its
 * payload, $19 its subscribers.
 */
const WRITE = statement<{
  claimed: boolean;
  inserted: boolean;
  redeemed: number;
  raffles_taken: number;
  shares_taken: number;
  cart_closed: number;
}>(
  'purchase-write',
  `with key_row as (
    insert into idempotency_keys (scope, key, request_hash, response_status, response_body, created_at, completed_at)
    select $1::text, $2::text, $3::text, 200, $4::text, $5::timestamptz, $5::timestamptz where $2::text is not null
    on conflict do nothing returning 1
  ),
  claimed as (select $2::text is null or exists (select 1 from key_row) as ok),
  checkout_row as (
    ${when(insertFromJson(checkouts, CHECKOUT_COLUMNS, 6), '(select ok from claimed)')}
    on conflict do nothing returning id
  ),
  go as (select exists (select 1 from checkout_row) as ok),
  order_rows as (${when(insertFromJson(orders, ORDER_COLUMNS, 7), '(select ok from go)')} returning 1),
  ticket_rows as (${when(insertFromJson(tickets, TICKET_COLUMNS, 8), '(select ok from go)')} returning 1),
  scheduled_rows as (
    ${when(insertFromJson(scheduledPurchases, SCHEDULED_COLUMNS, 10), '(select ok from go)')} returning 1
  ),
  redeemed as (
    insert into voucher_redemptions (voucher_id, customer_id, checkout_id, seq, discount_cents, promo_credit_cents, created_at)
    select r.voucher_id, r.customer_id, r.checkout_id, r.seq, r.discount_cents, r.promo_credit_cents, r.created_at
    from jsonb_to_recordset($11::jsonb) as r(voucher_id uuid, customer_id uuid, checkout_id uuid, seq integer,
      discount_cents bigint, promo_credit_cents bigint, created_at timestamptz)
    join vouchers v on v.id = r.voucher_id
    where (select ok from go) and (v.max_redemptions is null
      or (select count(*) from voucher_redemptions u where u.voucher_id = v.id) < v.max_redemptions)
    on conflict do nothing returning 1
  ),
  transfer_rows as (
    ${when(insertFromJson(ledgerTransfers, TRANSFER_COLUMNS, 9), '(select ok from go)')}
    on conflict (id) do nothing returning 1
  ),
  raffles_taken as (
    update raffles r set tickets_sold = r.tickets_sold + x.count
    from jsonb_to_recordset($12::jsonb) as x(offer_key text, count integer, sold integer)
    where r.product_offer_key = x.offer_key and r.tickets_sold = x.sold and (select ok from go)
    returning 1
  ),
  number_rows as (${when(insertFromJson(raffleTicketNumbers, NUMBER_COLUMNS, 13), '(select ok from go)')} returning 1),
  shares_taken as (
    insert into syndicate_draw_shares as s (draw_id, total_shares, shares_sold)
    select d.id, o.syndicate_total_shares, x.count
    from jsonb_to_recordset($14::jsonb) as x(offer_key text, draw_id uuid, count integer)
    join draws d on d.id = x.draw_id
    join product_offers o on o.key = d.product_offer_key and o.key = x.offer_key
    where (select ok from go) and d.status = 'DRAW_OPEN' and o.syndicate_total_shares >= x.count
    on conflict (draw_id) do update set shares_sold = s.shares_sold + excluded.shares_sold
      where s.outcome is null and s.shares_sold + excluded.shares_sold <= s.total_shares
    returning s.draw_id
  ),
  cart_closed as (
    update carts set status = 'purchased', updated_at = $5::timestamptz
    where id = $15::uuid and (select ok from go) returning 1
  ),
  event as (
    insert into outbox_events (type, aggregate_id, payload)
    select $16::text, $17::text, $18::jsonb where (select ok from go) returning id
  ),
  deliveries as (
    insert into outbox_deliveries (event_id, subscriber)
    select event.id, s from event cross join unnest($19::text[]) as s returning 1
  )
  select (select ok from claimed) as claimed, (select ok from go) as inserted,
    (select count(*) from redeemed)::int as redeemed,
    (select count(*) from raffles_taken)::int as raffles_taken,
    (select count(*) from shares_taken)::int as shares_taken,
    (select count(*) from cart_closed)::int as cart_closed`,
);

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

/** Everything one purchase writes (`write`). */
export type PurchaseWrite = {
  key: { scope: string; key: string; requestHash: string; answer: string } | undefined;
  at: Date;
  checkout: Insert<typeof checkouts>;
  orders: Insert<typeof orders>[];
  tickets: Insert<typeof tickets>[];
  transfers: Insert<typeof ledgerTransfers>[];
  scheduled: Insert<typeof scheduledPurchases>[];
  redemption: Insert<typeof voucherRedemptions> | undefined;
  raffleStock: { offerKey: string; count: number; sold: number }[];
  raffleNumbers: Insert<typeof raffleTicketNumbers>[];
  shareStock: { offerKey: string; drawId: string; count: number }[];
  cartId: string;
  event: { type: string; aggregateId: string; payload: unknown; subscribers: readonly string[] };
};

/** What `write` did: whether the key and checkout were new, and the guarded parts that landed. */
export type PurchaseWritten = {
  claimed: boolean;
  inserted: boolean;
  /** Every guarded part (the voucher's use, stock) landed as asked. */
  whole: boolean;
};

const grouped = <T>(
  rows: readonly T[] | null | undefined,
  key: (r: T) => string,
  value: (r: T) => string,
) => {
  const map = new Map<string, string[]>();
  for (const r of rows ?? []) map.set(key(r), [...(map.get(key(r)) ?? []), value(r)]);
  return map;
};

export function purchaseQueries(db: DbOrTx) {
  const client = clientOf(db);
  return {
    async load(
      customerId: string,
      now: Date,
      spendFrom: string,
      key: { scope: string; key: string } | undefined,
    ): Promise<PurchaseRead> {
      const [row] = await run(client, LOAD, [
        customerId,
        now,
        spendFrom,
        key?.scope ?? null,
        key?.key ?? null,
      ]);
      if (!row) throw new Error('the purchase read answered no row');
      const accountsJson = (row.accounts ?? []) as { version: string }[];
      const cartJson = row.cart as { version: string } | null;
      const seen = (row.accounts_seen ?? []) as string[];
      const stale =
        accountsJson.some((a, i) => a.version !== seen[i]) ||
        (cartJson !== null && cartJson.version !== row.cart_seen);
      const voucher = row.voucher ? rowFromJson(vouchers, row.voucher) : undefined;
      const stored = row.stored as { request_hash: string; response_body: string | null } | null;
      const entered = (row.entered ?? []) as { item_id: string; draw_id: string }[];
      const riding = (row.riding ?? []) as { rider: string; ridden: string }[];
      return {
        stale,
        accounts: rowsFromJson(ledgerAccounts, row.accounts),
        cart: row.cart ? rowFromJson(carts, row.cart) : undefined,
        items: rowsFromJson(cartItems, row.items),
        catalogue: catalogueOf(row),
        voucher,
        uses: {
          customer: Number(row.customer_uses ?? 0),
          total: !voucher || voucher.maxRedemptions === null ? null : Number(row.total_uses ?? 0),
          segment: typeof row.segment === 'string' ? row.segment : null,
        },
        state: typeof row.state === 'string' ? row.state : null,
        limits: rowsFromJson(customerLimits, row.limits),
        spendDays: rowsFromJson(customerSpendDays, row.spend_days).map((d) => ({
          day: d.day,
          cents: d.spentCents,
        })),
        entered: grouped(
          entered,
          (e) => e.item_id,
          (e) => e.draw_id,
        ),
        draws: new Map(rowsFromJson(draws, row.draws).map((d) => [d.id, d])),
        itemDraws: new Map(rowsFromJson(draws, row.item_draws).map((d) => [d.id, d])),
        ridden: grouped(
          riding,
          (r) => r.rider,
          (r) => r.ridden,
        ),
        raffles: new Map(rowsFromJson(raffles, row.raffles).map((r) => [r.productOfferKey, r])),
        shares: new Map(rowsFromJson(syndicateDrawShares, row.shares).map((s) => [s.drawId, s])),
        stored: stored ? { requestHash: stored.request_hash, responseBody: stored.response_body } : undefined,
        boughtBefore: row.bought_before === true,
        house: ((row.house ?? []) as { code: string; id: number }[]).map((h) => ({
          code: h.code,
          id: Number(h.id),
        })),
      };
    },

    async write(w: PurchaseWrite): Promise<PurchaseWritten> {
      const [row] = await run(client, WRITE, [
        w.key?.scope ?? null,
        w.key?.key ?? null,
        w.key?.requestHash ?? null,
        w.key?.answer ?? null,
        w.at,
        jsonRecords(checkouts, CHECKOUT_COLUMNS, [w.checkout]),
        jsonRecords(orders, ORDER_COLUMNS, w.orders),
        jsonRecords(tickets, TICKET_COLUMNS, w.tickets),
        jsonRecords(ledgerTransfers, TRANSFER_COLUMNS, w.transfers),
        jsonRecords(scheduledPurchases, SCHEDULED_COLUMNS, w.scheduled),
        jsonRecords(voucherRedemptions, REDEMPTION_COLUMNS, w.redemption ? [w.redemption] : []),
        JSON.stringify(w.raffleStock.map((r) => ({ offer_key: r.offerKey, count: r.count, sold: r.sold }))),
        jsonRecords(raffleTicketNumbers, NUMBER_COLUMNS, w.raffleNumbers),
        JSON.stringify(
          w.shareStock.map((s) => ({ offer_key: s.offerKey, draw_id: s.drawId, count: s.count })),
        ),
        w.cartId,
        w.event.type,
        w.event.aggregateId,
        JSON.stringify(w.event.payload),
        w.event.subscribers,
      ]);
      if (!row) throw new Error('the purchase write answered no row');
      const whole =
        row.redeemed === (w.redemption ? 1 : 0) &&
        row.raffles_taken === w.raffleStock.length &&
        row.shares_taken === w.shareStock.length;
      return { claimed: row.claimed, inserted: row.inserted, whole };
    },
  };
}
