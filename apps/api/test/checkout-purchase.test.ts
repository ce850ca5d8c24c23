/**
 * Buying the cart from the balance (`POST /v2/cart/purchase`) and the receipt
 * (`GET /v2/checkout/{id}`): orders and tickets written, the ledger moved, refusals charging nothing.
 */
import {
  and,
  asc,
  checkouts,
  createDraw,
  createProductOffer,
  createRaffle,
  draws,
  eq,
  gt,
  raffles,
  raffleTicketNumbers,
  scheduledPurchases,
  syndicateDrawShares,
  tickets,
} from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { newCustomer } from './accounts-helpers.ts';
import { cents, PB_ITEM } from './cart-helpers.ts';
import { aud, balancesOf, checkoutCalls, dueCents, fundWallet } from './checkout-helpers.ts';
import { getTestApp, getTestDb, mailOf, signedHeaders } from './helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const { cart, add, purchase, receipt } = checkoutCalls(app);

async function customerWith(cartItems: unknown[], fundCents: number) {
  const customer = await newCustomer(app);
  for (const item of cartItems) {
    const res = await add(customer.access_token, item);
    expect(res.statusCode, res.body).toBe(200);
  }
  if (fundCents > 0) await fundWallet(db, customer.id, fundCents);
  const shown = await cart(customer.access_token);
  return { customer, token: customer.access_token, due: dueCents(shown) };
}

describe('POST /v2/cart/purchase', () => {
  it("shows a game's numbers smallest first on the receipt, as stored they stay as picked", async () => {
    const picked = { ...PB_ITEM, games: [{ numbers: [32, 8, 25, 10, 13, 3, 6], powerball: 8 }] };
    const { token, due } = await customerWith([picked], 10_000);
    const res = await purchase(token, { expected_total: aud(due) });
    expect(res.statusCode, res.body).toBe(200);
    const game = res.json().result.receipt.orders[0].tickets[0].games[0];
    expect(game.numbers).toEqual([3, 6, 8, 10, 13, 25, 32]);
    expect(game.powerball).toEqual([8]);
  });

  it('buys the cart from the wallet: receipt with tickets, wallet debited, cart emptied', async () => {
    const { customer, token, due } = await customerWith([PB_ITEM], 10_000);
    expect(due).toBeGreaterThan(0);
    const res = await purchase(token, { expected_total: aud(due) });
    expect(res.statusCode, res.body).toBe(200);
    const { checkout_id, receipt: r } = res.json().result;
    expect(r.checkout_id).toBe(checkout_id);
    expect(cents(r.paid_now)).toBe(due);
    expect(cents(r.paid.wallet)).toBe(due);
    expect(r.orders).toHaveLength(1);
    const order = r.orders[0];
    expect(order.product_type).toBe('lottery_ticket');
    expect(order.tickets).toHaveLength(1);
    expect(order.tickets[0].games).toEqual([{ numbers: [1, 2, 3, 4, 5, 6, 7], powerball: [8] }]);
    expect(r.tracking_data.products[0]).toMatchObject({
      lottery_key: 'powerball',
      purchase_status: 'standard',
    });
    expect(r.tracking_data.goals.map((g: { name: string }) => g.name)).toEqual([
      'purchase',
      'first_purchase',
    ]);
    expect((await balancesOf(db, customer.id)).wallet).toBe(10_000 - due);
    expect((await cart(token)).cart_items).toHaveLength(0);

    const mail = await mailOf(app).waitFor(customer.email, /Your Drawhouse tickets/);
    expect(mail.text).toContain('Powerball');
    expect(mail.text).toContain('1 2 3 4 5 6 7 | PB 8');
    expect(mail.text).toContain(`/receipt/${checkout_id}`);

    const again = await receipt(token, checkout_id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().result).toEqual(r);
  });

  it('refuses an empty cart (422) and a cart changed since shown (409), charging nothing', async () => {
    const empty = await customerWith([], 10_000);
    const res = await purchase(empty.token, { expected_total: aud(0) });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.code).toBe('cart_empty');

    const { customer, token, due } = await customerWith([PB_ITEM], 10_000);
    const changed = await purchase(token, { expected_total: aud(due + 100) });
    expect(changed.statusCode, changed.body).toBe(409);
    expect(changed.json().error.code).toBe('cart_changed');
    expect((await balancesOf(db, customer.id)).wallet).toBe(10_000);
  });

  it('refuses insufficient funds with a clear message and the ledger unchanged', async () => {
    const { customer, token, due } = await customerWith([PB_ITEM], 1);
    const res = await purchase(token, { expected_total: aud(due) });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.code).toBe('insufficient_funds');
    expect(res.json().error.message).toMatch(/^Your balance is not enough/);
    expect(await balancesOf(db, customer.id)).toEqual({ wallet: 1, promo: 0 });
  });

  it('refuses bad amounts with the amount rule', async () => {
    const { token } = await customerWith([PB_ITEM], 0);
    for (const amount of [-1, 1.005, 'ten']) {
      const res = await purchase(token, { expected_total: { amount, currency: 'AUD' } });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });

  it('replays the same key with the same receipt and refuses the key for another body', async () => {
    const { customer, token, due } = await customerWith([PB_ITEM], 10_000);
    const key = `key-${customer.id}`;
    const first = await purchase(token, { expected_total: aud(due) }, key);
    expect(first.statusCode, first.body).toBe(200);
    const replay = await purchase(token, { expected_total: aud(due) }, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().result).toEqual(first.json().result);
    const other = await purchase(token, { expected_total: aud(due + 1) }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('idempotency_mismatch');
    expect((await balancesOf(db, customer.id)).wallet).toBe(10_000 - due);
    const rows = await db.select().from(checkouts).where(eq(checkouts.customerId, customer.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses a closed draw, takes the item out with its reason and charges nothing', async () => {
    const { offer, draw } = await createRaffle(db, { totalTickets: 50 });
    const { customer, token, due } = await customerWith([{ lottery: offer.key, book: 1 }], 10_000);
    await db.update(draws).set({ status: 'DRAW_CLOSED' }).where(eq(draws.id, draw.id));
    const res = await purchase(token, { expected_total: aud(due) });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.code).toBe('draw_closed');
    expect(res.json().errors.cart_items[0].code).toBe('draw_closed');
    expect((await balancesOf(db, customer.id)).wallet).toBe(10_000);
    expect((await cart(token)).cart_items).toHaveLength(0);
  });

  it('sells raffle ticket numbers from the database count and refuses a sold-out raffle', async () => {
    const { offer } = await createRaffle(db, { totalTickets: 4, ticketsSold: 0 });
    const a = await customerWith([{ lottery: offer.key, book: 3 }], 10_000);
    const res = await purchase(a.token, { expected_total: aud(a.due) });
    expect(res.statusCode, res.body).toBe(200);
    const ticket = res.json().result.receipt.orders[0].tickets[0];
    expect(ticket.raffle_ticket_numbers).toEqual([1, 2, 3]);

    const b = await customerWith([{ lottery: offer.key, book: 1 }], 10_000);
    // Another buyer takes the last ticket between the cart and the purchase.
    await db.update(raffles).set({ ticketsSold: 4 }).where(eq(raffles.productOfferKey, offer.key));
    const refused = await purchase(b.token, { expected_total: aud(b.due) });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe('sold_out');
    expect(refused.json().error.message).toMatch(/sold out/);
    expect((await balancesOf(db, b.customer.id)).wallet).toBe(10_000);
    const numbers = await db
      .select()
      .from(raffleTicketNumbers)
      .where(eq(raffleTicketNumbers.productOfferKey, offer.key));
    expect(numbers.map((n) => n.number).sort()).toEqual([1, 2, 3]);
  });

  it('with CREDIT20 charges the full total and adds $20 promotional credit, spent first next time', async () => {
    const { customer, token } = await customerWith([PB_ITEM], 10_000);
    const applied = await app.inject({
      method: 'POST',
      url: '/v2/cart/promotion',
      headers: {
        ...signedHeaders(token),
        authorization: `Bearer ${token}`,
        'x-api-version': '3.3',
      },
      payload: { promotion_code: 'CREDIT20' },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const due = dueCents(applied.json().result);
    const res = await purchase(token, { expected_total: aud(due) });
    expect(res.statusCode, res.body).toBe(200);
    expect(cents(res.json().result.receipt.promo_credit_granted)).toBe(2000);
    expect(await balancesOf(db, customer.id)).toEqual({ wallet: 10_000 - due, promo: 2000 });

    await add(token, PB_ITEM);
    const next = await purchase(token, { expected_total: aud(due) });
    expect(next.statusCode, next.body).toBe(200);
    expect(cents(next.json().result.receipt.paid.promo)).toBe(Math.min(2000, due));
  });
});

describe('pre-orders and syndicate shares', () => {
  it('schedules a pre-order (charged when its draw opens) and charges the rest now', async () => {
    const [, later] = await db
      .select()
      .from(draws)
      .where(
        and(
          eq(draws.productOfferKey, 'powerball'),
          eq(draws.status, 'DRAW_OPEN'),
          gt(draws.stopAt, new Date()),
        ),
      )
      .orderBy(asc(draws.drawAt))
      .limit(2);
    if (!later) throw new Error('no second Powerball draw');
    const { customer, token, due } = await customerWith(
      [PB_ITEM, { ...PB_ITEM, first_draw_no: later.drawNo }],
      10_000,
    );
    const shown = await cart(token);
    expect(cents(shown.pre_order_total)).toBeGreaterThan(0);
    const res = await purchase(token, { expected_total: aud(due) });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().result.receipt;
    expect(r.orders).toHaveLength(1);
    expect(r.scheduled_purchases).toEqual([
      expect.objectContaining({
        kind: 'pre_order',
        status: 'active',
        draw_no: later.drawNo,
        lottery_key: 'powerball',
      }),
    ]);
    expect(cents(r.scheduled_purchases[0].amount)).toBe(cents(shown.pre_order_total));
    expect(cents(r.pre_order_total)).toBe(cents(shown.pre_order_total));
    expect(r.tracking_data.products.map((p: { purchase_status: string }) => p.purchase_status)).toEqual([
      'standard',
      'pre_order',
    ]);
    expect((await balancesOf(db, customer.id)).wallet).toBe(10_000 - due);
    const rows = await db
      .select()
      .from(scheduledPurchases)
      .where(eq(scheduledPurchases.customerId, customer.id));
    expect(rows).toHaveLength(1);
  });

  it("sells syndicate shares: the ticket holds them and the syndicate's draw counts them sold", async () => {
    const offer = await createProductOffer(db, {
      type: 'syndicate_share',
      displayCategory: 'syndicate',
      costPerShareCents: 500,
      syndicateTotalShares: 10,
      syndicateSharesSold: 0,
      recurringPurchase: null,
    });
    const draw = await createDraw(db, offer.key, { type: 'syndicate_share_draw' });
    const { token, due } = await customerWith([{ syndicate: offer.key, num_shares: 2 }], 10_000);
    const res = await purchase(token, { expected_total: aud(due) });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().result.receipt.orders[0];
    expect(order.product_type).toBe('syndicate_share');
    expect(order.tickets[0].num_shares).toBe(2);
    // Counted for the draw bought, not the offer.
    const [row] = await db.select().from(syndicateDrawShares).where(eq(syndicateDrawShares.drawId, draw.id));
    expect(row).toMatchObject({ sharesSold: 2, totalShares: 10, outcome: null });
  });
});

describe('GET /v2/checkout/{id}', () => {
  it("answers 404 for another customer's receipt and for an unknown id", async () => {
    const { token, due } = await customerWith([PB_ITEM], 10_000);
    const res = await purchase(token, { expected_total: aud(due) });
    const id = res.json().result.checkout_id;
    const other = await newCustomer(app);
    expect((await receipt(other.access_token, id)).statusCode).toBe(404);
    expect((await receipt(token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await receipt(token, 'nope')).statusCode).toBe(404);
    const rows = await db.select().from(tickets).where(eq(tickets.customerId, other.id));
    expect(rows).toHaveLength(0);
  });
});
