/**
 * A raffle subscription bought through the cart and checkout: the book is bought now and checkout
 * starts a subscription holding the book, recorded as bought for the draw just paid for, so the
 * processor buys the raffle's next draws and never this one again. A raffle that stops taking
 * subscriptions before checkout has the book taken out of the cart, with nothing charged.
 */
import {
  customers,
  eq,
  orders,
  productOffers,
  recurringPurchaseAttempts,
  recurringPurchases,
  tickets,
} from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { newCustomer } from './accounts-helpers.ts';
import { aud, balancesOf, checkoutCalls, dueCents, fundWallet } from './checkout-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const { cart, add, purchase } = checkoutCalls(app);
const RAFFLE = 'coastal-prize-home';

async function verifiedCustomer() {
  const customer = await newCustomer(app);
  await db.update(customers).set({ verifiedAt: new Date() }).where(eq(customers.id, customer.id));
  return customer;
}

describe('raffle subscriptions bought at checkout', () => {
  it('starts an active subscription with the book, its price and the draw just bought', async () => {
    const customer = await verifiedCustomer();
    const added = await add(customer.access_token, {
      lottery: RAFFLE,
      book: 1,
      recurring_purchase: { type: 'subscription', enabled: true },
    });
    expect(added.statusCode, added.body).toBe(200);
    const due = dueCents(await cart(customer.access_token));
    expect(due).toBeGreaterThan(0);
    await fundWallet(db, customer.id, due);
    const bought = await purchase(customer.access_token, { expected_total: aud(due) });
    expect(bought.statusCode, bought.body).toBe(200);

    const [order, ...moreOrders] = await db.select().from(orders).where(eq(orders.customerId, customer.id));
    expect(moreOrders).toHaveLength(0);
    if (!order) throw new Error('no order');
    expect(order.recurringPurchase).toEqual({ type: 'subscription', enabled: true });
    const [recurring, ...more] = await db
      .select()
      .from(recurringPurchases)
      .where(eq(recurringPurchases.customerId, customer.id));
    expect(more).toHaveLength(0);
    expect(recurring).toMatchObject({
      type: 'subscription',
      status: 'active',
      productType: 'raffle_ticket',
      productOfferKey: RAFFLE,
      quantity: 1,
      unitPriceCents: due,
      quickpick: false,
      billingPeriod: null,
      sourceOrderId: order.id,
      lastAttemptStatus: 'purchased',
    });
    expect(recurring?.payload).toMatchObject({ numTickets: 1 });
    const [ticket] = await db.select().from(tickets).where(eq(tickets.customerId, customer.id));
    if (!ticket || !recurring) throw new Error('no ticket or subscription');
    const attempts = await db
      .select()
      .from(recurringPurchaseAttempts)
      .where(eq(recurringPurchaseAttempts.recurringPurchaseId, recurring.id));
    expect(attempts).toMatchObject([{ periodKey: ticket.drawId, status: 'purchased', orderId: order.id }]);
  });

  it('takes the book out and charges nothing when the raffle stops offering subscriptions before checkout', async () => {
    const customer = await verifiedCustomer();
    const added = await add(customer.access_token, {
      lottery: RAFFLE,
      book: 1,
      recurring_purchase: { type: 'subscription', enabled: true },
    });
    expect(added.statusCode, added.body).toBe(200);
    const [offer] = await db.select().from(productOffers).where(eq(productOffers.key, RAFFLE));
    if (!offer) throw new Error('no raffle offer');
    try {
      await db
        .update(productOffers)
        .set({ recurringPurchase: { type: 'subscription', availability: 'never' } })
        .where(eq(productOffers.key, RAFFLE));
      const due = dueCents(await cart(customer.access_token));
      await fundWallet(db, customer.id, due);
      const bought = await purchase(customer.access_token, { expected_total: aud(due) });
      expect(bought.statusCode, bought.body).toBe(409);
      expect(bought.json().error.code).toBe('cart_changed');
      expect((await balancesOf(db, customer.id)).wallet).toBe(due);
    } finally {
      await db
        .update(productOffers)
        .set({ recurringPurchase: offer.recurringPurchase })
        .where(eq(productOffers.key, RAFFLE));
    }
    expect(await db.select().from(orders).where(eq(orders.customerId, customer.id))).toEqual([]);
    expect(
      await db.select().from(recurringPurchases).where(eq(recurringPurchases.customerId, customer.id)),
    ).toEqual([]);
  });
});
