/**
 * Purchases racing each other: one wallet spent by 50 purchases at once, 500 buyers for the last 100
 * tickets of a raffle, one Idempotency-Key sent 20 times at once. The database decides every race
 * (the customer's account lock, the raffle's stock check), never a read made before the write.
 */
import { randomUUID } from 'node:crypto';
import {
  checkouts,
  createDb,
  createRaffle,
  eq,
  ledgerTransfers,
  raffles,
  raffleTicketNumbers,
} from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/http/errors.ts';
import { cartForCheckout } from '../src/modules/cart/index.ts';
import { createCheckoutService } from '../src/modules/checkout/checkout.service.ts';
import { ledgerQueries } from '../src/modules/ledger/index.ts';
import { newCustomer } from './accounts-helpers.ts';
import { PB_ITEM } from './cart-helpers.ts';
import { aud, balancesOf, buyersOfItem, checkoutCalls, dueCents, fundWallet } from './checkout-helpers.ts';
import { getTestApp } from './helpers.ts';
import { testDatabaseUrl } from './test-database.ts';

const app: FastifyInstance = await getTestApp();
const { add, cart, purchase } = checkoutCalls(app);
// A pool of its own, wide enough for the races to overlap.
const handle = createDb(testDatabaseUrl(), { max: 16 });
afterAll(() => handle.close());
const { db } = handle;
const service = createCheckoutService(() => new Date());

/** Runs every task at once and sorts the outcomes: answers, and the codes of expected refusals. */
async function race<T>(tasks: (() => Promise<T>)[]) {
  const outcomes = await Promise.allSettled(tasks.map((task) => task()));
  const done: T[] = [];
  const refused: string[] = [];
  for (const o of outcomes) {
    if (o.status === 'fulfilled') done.push(o.value);
    else if (o.reason instanceof AppError) refused.push(o.reason.code);
    else throw o.reason;
  }
  return { done, refused };
}

describe('purchase races', () => {
  it('50 purchases at once from a wallet that can afford 10: exactly 10 succeed', async () => {
    const customer = await newCustomer(app);
    expect((await add(customer.access_token, PB_ITEM)).statusCode).toBe(200);
    const base = await db.transaction(async (tx) => {
      const prepared = await service.prepare(tx, customer.id, undefined);
      return prepared;
    });
    await fundWallet(db, customer.id, base.dueCents * 10);
    const { done, refused } = await race(
      Array.from(
        { length: 50 },
        () => () =>
          db.transaction(async (tx) => {
            const accounts = await ledgerQueries(tx).lockCustomer(customer.id);
            return service.complete(
              tx,
              { ...base, accounts },
              {
                checkoutId: randomUUID(),
                useWallet: true,
                depositId: null,
              },
            );
          }),
      ),
    );
    expect(done).toHaveLength(10);
    expect(refused).toEqual(Array(40).fill('insufficient_funds'));
    expect(await balancesOf(db, customer.id)).toEqual({ wallet: 0, promo: 0 });
    const rows = await db.select().from(checkouts).where(eq(checkouts.customerId, customer.id));
    expect(rows).toHaveLength(10);
  }, 120_000);

  it('500 buyers for the last 100 tickets of a raffle: exactly 100 sold, no number twice', async () => {
    const { offer } = await createRaffle(db, { totalTickets: 1000, ticketsSold: 900 });
    // One real cart item, added the storefront's way, copied into each buyer's cart.
    const first = await newCustomer(app);
    expect((await add(first.access_token, { lottery: offer.key, book: 1 })).statusCode).toBe(200);
    const price = dueCents(await cart(first.access_token));
    const { items } = await db.transaction((tx) => cartForCheckout(tx, () => new Date()).build(first.id));
    const template = items[0];
    if (!template) throw new Error('no raffle item');

    const buyers = await buyersOfItem(db, template, 500, 10_000);

    const { done, refused } = await race(
      buyers.map(
        (customerId) => () =>
          db.transaction((tx) =>
            service.purchaseFromBalance(tx, customerId, { useWallet: true, expectedTotalCents: price }),
          ),
      ),
    );
    expect(done).toHaveLength(100);
    expect(refused).toEqual(Array(400).fill('sold_out'));

    const [raffle] = await db.select().from(raffles).where(eq(raffles.productOfferKey, offer.key));
    expect(raffle?.ticketsSold).toBe(1000);
    const numbers = (
      await db.select().from(raffleTicketNumbers).where(eq(raffleTicketNumbers.productOfferKey, offer.key))
    ).map((n) => n.number);
    expect(numbers).toHaveLength(100);
    expect(new Set(numbers).size).toBe(100);
    expect(Math.min(...numbers)).toBe(901);
    expect(Math.max(...numbers)).toBe(1000);
    const sold = done.flatMap((r) =>
      r.orders.flatMap((o) => o.tickets.flatMap((t) => t.raffleTicketNumbers)),
    );
    expect(sold.sort((a, b) => a - b)).toEqual(numbers.sort((a, b) => a - b));
    // Only the 100 buyers paid.
    let charged = 0;
    for (const id of buyers) charged += 10_000 - (await balancesOf(db, id)).wallet;
    expect(charged).toBe(100 * price);
  }, 300_000);

  it('one Idempotency-Key sent 20 times at once charges once', async () => {
    const customer = await newCustomer(app);
    expect((await add(customer.access_token, PB_ITEM)).statusCode).toBe(200);
    const due = dueCents(await cart(customer.access_token));
    await fundWallet(db, customer.id, 10_000);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => purchase(customer.access_token, { expected_total: aud(due) }, key)),
    );
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of answers.filter((a) => a.statusCode !== 200)) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().error.code).toBe('idempotency_in_flight');
    }
    const ids = new Set(ok.map((r) => r.json().result.checkout_id));
    expect(ids.size).toBe(1);
    expect((await balancesOf(db, customer.id)).wallet).toBe(10_000 - due);
    const purchases = await db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.customerId, customer.id));
    expect(purchases.filter((t) => t.code === 'purchase')).toHaveLength(1);
  }, 60_000);
});
