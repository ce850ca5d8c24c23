import {
  and,
  createDb,
  createDraw,
  type Database,
  draws,
  eq,
  ledgerTransfers,
  notifications,
  or,
  prizeRemainders,
  sql,
  syndicateDrawShares,
  syndicateEntries,
  syndicateShareRefunds,
  ticketPayouts,
  tickets,
} from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/http/errors.ts';
import { cartForCheckout } from '../src/modules/cart/index.ts';
import { createCatalogueRepository } from '../src/modules/catalogue/catalogue.repository.ts';
import { shapeProductOffers } from '../src/modules/catalogue/catalogue.service.ts';
import { createCheckoutService } from '../src/modules/checkout/checkout.service.ts';
import { drawEngineOf } from '../src/modules/draws/index.ts';
import { eventId, ledgerQueries } from '../src/modules/ledger/index.ts';
import { call, newCustomer } from './accounts-helpers.ts';
import {
  aud,
  balancesOf,
  buyersOfItem,
  checkoutCalls,
  dueCents,
  fundWallet,
  givePromoCredit,
} from './checkout-helpers.ts';
import { insertTicket, operatorRun, ownDraw, twoOperators } from './draws-helpers.ts';
import { drainOutbox, getTestApp, getTestDb, mailOf } from './helpers.ts';
import { COST_PER_SHARE, ownSyndicates } from './syndicate-helpers.ts';
import { testDatabaseUrl } from './test-database.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const engine = drawEngineOf(app.deps);
const { add, cart, purchase } = checkoutCalls(app);

const { ownSyndicate, closeNow } = ownSyndicates(app, db);

/** A new customer with `funds` in the wallet who buys `shares` shares of the syndicate. */
async function buyer(offerKey: string, shares: number, funds = 10_000) {
  const customer = await newCustomer(app);
  const added = await add(customer.access_token, { syndicate: offerKey, num_shares: shares });
  expect(added.statusCode, added.body).toBe(200);
  await fundWallet(db, customer.id, funds);
  const due = dueCents(await cart(customer.access_token));
  const res = await purchase(customer.access_token, { expected_total: aud(due) });
  expect(res.statusCode, res.body).toBe(200);
  const [ticket] = await db.select().from(tickets).where(eq(tickets.customerId, customer.id));
  if (!ticket) throw new Error('no share ticket');
  return { customer, ticket, paid: due };
}

async function fillOf(drawId: string) {
  const [row] = await db.select().from(syndicateDrawShares).where(eq(syndicateDrawShares.drawId, drawId));
  return row;
}

/** The wallet's posted balance as the account row keeps it, and as the sum of its ledger transfers. */
async function walletAgainstLedger(database: Database, customerId: string) {
  const { wallet } = await ledgerQueries(database).customerAccounts(customerId);
  const [row] = await database
    .select({
      cents: sql<string>`coalesce(sum(case when ${ledgerTransfers.creditAccountId} = ${wallet.id}
        then ${ledgerTransfers.amountCents} else -${ledgerTransfers.amountCents} end), 0)`,
    })
    .from(ledgerTransfers)
    .where(
      and(
        or(eq(ledgerTransfers.debitAccountId, wallet.id), eq(ledgerTransfers.creditAccountId, wallet.id)),
        sql`${ledgerTransfers.flag} in ('posted', 'post_pending')`,
      ),
    );
  return { account: wallet.creditsPosted - wallet.debitsPosted, ledger: Number(row?.cents ?? 0) };
}

describe('a syndicate draw at its close', () => {
  it('goes ahead with exactly half its shares sold: the entry is picked, nobody is refunded', async () => {
    const { offer, draw } = await ownSyndicate(10);
    const a = await buyer(offer.key, 3);
    const b = await buyer(offer.key, 2);
    expect(await fillOf(draw.id)).toMatchObject({ sharesSold: 5, totalShares: 10, outcome: null });

    expect(await closeNow(draw)).toBe(true);
    expect(await fillOf(draw.id)).toMatchObject({ sharesSold: 5, outcome: 'completed_by_house' });
    const entries = await db.select().from(syndicateEntries).where(eq(syndicateEntries.drawId, draw.id));
    expect(entries).toHaveLength(1);
    const refunds = await db
      .select()
      .from(syndicateShareRefunds)
      .where(eq(syndicateShareRefunds.drawId, draw.id));
    expect(refunds).toHaveLength(0);
    for (const who of [a, b]) {
      expect((await balancesOf(db, who.customer.id)).wallet).toBe(10_000 - who.paid);
      const ticket = await call(app, `/v2/tickets/${who.ticket.id}`, { token: who.customer.access_token });
      expect(ticket.json().result.refund).toBeNull();
    }
  });

  it('is cancelled one share short of half: every share refunded in full, once, and its buyers told', async () => {
    const { offer, draw } = await ownSyndicate(11);
    const a = await buyer(offer.key, 3);
    const b = await buyer(offer.key, 2);
    expect(a.paid).toBe(3 * COST_PER_SHARE);
    expect((await balancesOf(db, a.customer.id)).wallet).toBe(10_000 - a.paid);

    expect(await closeNow(draw)).toBe(true);
    await drainOutbox(app);
    expect(await fillOf(draw.id)).toMatchObject({ sharesSold: 5, totalShares: 11, outcome: 'cancelled' });
    // No entry is bought for a cancelled draw.
    expect(await db.select().from(syndicateEntries).where(eq(syndicateEntries.drawId, draw.id))).toHaveLength(
      0,
    );

    for (const who of [a, b]) {
      expect((await balancesOf(db, who.customer.id)).wallet).toBe(10_000);
      const balance = await walletAgainstLedger(db, who.customer.id);
      expect(balance.account).toBe(balance.ledger);
      const [refund] = await db
        .select()
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.id, eventId(`syndicate-refund:${who.ticket.id}`)));
      expect(refund).toMatchObject({ code: 'refund', amountCents: who.paid, customerId: who.customer.id });

      const ticket = await call(app, `/v2/tickets/${who.ticket.id}`, { token: who.customer.access_token });
      expect(ticket.statusCode, ticket.body).toBe(200);
      expect(ticket.json().result.refund).toEqual(aud(who.paid));

      const feed = await db.select().from(notifications).where(eq(notifications.customerId, who.customer.id));
      const told = feed.filter((n) => n.sourceKey === `syndicate-refund:${who.ticket.id}`);
      expect(told).toHaveLength(1);
      expect(told[0]?.message).toContain('refunded in full');
      const mail = await mailOf(app).waitFor(who.customer.email, /was cancelled/);
      expect(mail.text).toContain(`/my-account/past-tickets/ticket/${who.ticket.id}`);
    }

    // Closing again does nothing; a close run again from the start refunds nobody twice.
    expect(await engine.close(draw.id)).toBe(false);
    await db.update(draws).set({ status: 'DRAW_OPEN' }).where(eq(draws.id, draw.id));
    expect(await closeNow(draw)).toBe(true);
    await drainOutbox(app);
    for (const who of [a, b]) {
      expect((await balancesOf(db, who.customer.id)).wallet).toBe(10_000);
      const refunds = await db
        .select()
        .from(ledgerTransfers)
        .where(and(eq(ledgerTransfers.customerId, who.customer.id), eq(ledgerTransfers.code, 'refund')));
      expect(refunds).toHaveLength(1);
      const feed = await db.select().from(notifications).where(eq(notifications.customerId, who.customer.id));
      expect(feed.filter((n) => n.sourceKey.startsWith('syndicate-refund:'))).toHaveLength(1);
    }

    // No share is sold into the decided draw, even with its stop time moved back.
    await db
      .update(draws)
      .set({ status: 'DRAW_OPEN', stopAt: new Date(Date.now() + 60_000) })
      .where(eq(draws.id, draw.id));
    const late = await newCustomer(app);
    await add(late.access_token, { syndicate: offer.key, num_shares: 1 });
    await fundWallet(db, late.id, 10_000);
    const refused = await purchase(late.access_token, {
      expected_total: aud(dueCents(await cart(late.access_token))),
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe('sold_out');
    expect((await balancesOf(db, late.id)).wallet).toBe(10_000);
    await db.update(draws).set({ status: 'DRAW_CLOSED' }).where(eq(draws.id, draw.id));
  });

  it('refunds a cancelled share what was paid: a discount is not paid out, promotional credit goes back there', async () => {
    const { offer, draw } = await ownSyndicate(10);
    const customer = await newCustomer(app);
    await fundWallet(db, customer.id, 5_000);
    await givePromoCredit(db, customer.id, 50);
    expect((await add(customer.access_token, { syndicate: offer.key, num_shares: 2 })).statusCode).toBe(200);
    const applied = await call(app, '/v2/cart/promotion', {
      token: customer.access_token,
      body: { promotion_code: 'TENOFF' },
      headers: { 'x-api-version': '3.4' },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const due = dueCents(applied.json().result);
    // Two $5 shares, 10% off: $9 due, 50c of it from promotional credit.
    expect(due).toBe(900);
    const bought = await purchase(customer.access_token, { expected_total: aud(due) });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(await balancesOf(db, customer.id)).toEqual({ wallet: 4_150, promo: 0 });
    const [ticket] = await db.select().from(tickets).where(eq(tickets.customerId, customer.id));

    expect(await closeNow(draw)).toBe(true);
    expect(await fillOf(draw.id)).toMatchObject({ outcome: 'cancelled' });
    // What was paid comes back as it was paid: $8.50 to the wallet, 50c to promotional credit.
    expect(await balancesOf(db, customer.id)).toEqual({ wallet: 5_000, promo: 50 });
    const balance = await walletAgainstLedger(db, customer.id);
    expect(balance.account).toBe(balance.ledger);
    const view = await call(app, `/v2/tickets/${ticket?.id}`, { token: customer.access_token });
    expect(view.json().result.refund).toEqual(aud(900));
    await db.update(draws).set({ status: 'DRAW_OPEN' }).where(eq(draws.id, draw.id));
    expect(await closeNow(draw)).toBe(true);
    await drainOutbox(app);
    expect(await balancesOf(db, customer.id)).toEqual({ wallet: 5_000, promo: 50 });
  });

  it('cancelled with no share sold: decided, nothing refunded', async () => {
    const { draw } = await ownSyndicate(10);
    expect(await closeNow(draw)).toBe(true);
    expect(await fillOf(draw.id)).toMatchObject({ sharesSold: 0, outcome: 'cancelled' });
  });

  it('a cancelled draw riding Powerball is drawn with nothing scored or paid, and checks out', async () => {
    const ops = await twoOperators(db);
    // In the past, as the statistics other files read expect of a published draw.
    const past = Date.now() - 60_000;
    const lotteryDraw = await ownDraw(db, 'powerball', {
      stopAt: new Date(past - 2_000),
      drawAt: new Date(past - 1_000),
    });
    const syndicateDraw = await createDraw(db, 'powerball-syndicate', {
      drawNo: lotteryDraw.drawNo,
      type: 'syndicate_share_draw',
      stopAt: new Date(past - 3_000),
      drawAt: lotteryDraw.drawAt,
      prizePoolCents: lotteryDraw.prizePoolCents,
    });
    // 29 of the seeded syndicate's 60 shares: one short of half.
    const holder = await insertTicket(db, syndicateDraw, [], { numShares: 29, gameType: 'syndicate' });
    await engine.step(syndicateDraw.id);
    expect(await fillOf(syndicateDraw.id)).toMatchObject({
      sharesSold: 29,
      totalShares: 60,
      outcome: 'cancelled',
    });
    // The ticket was written without a purchase in the ledger: nothing was paid, so nothing comes back
    // (a refund is what the purchase paid, never the list price).
    expect(await balancesOf(db, holder.customerId)).toEqual({ wallet: 0, promo: 0 });

    const results = { numbers: [1, 2, 3, 4, 5, 6, 7], powerball: [1], prizes: { '1': 100_000 } };
    await operatorRun(db, ['draw:close', 'powerball', String(lotteryDraw.drawNo)]);
    await engine.results.enter('powerball', lotteryDraw.drawNo, ops.a.actor, results);
    await engine.results.enter('powerball', lotteryDraw.drawNo, ops.b.actor, results);
    await engine.advance(lotteryDraw.id);
    const [after] = await db.select().from(draws).where(eq(draws.id, syndicateDraw.id));
    expect(after?.status).toBe('DRAW_EMAILED');
    expect(
      await db.select().from(syndicateEntries).where(eq(syndicateEntries.drawId, syndicateDraw.id)),
    ).toHaveLength(0);
    expect(
      await db.select().from(ticketPayouts).where(eq(ticketPayouts.drawId, syndicateDraw.id)),
    ).toHaveLength(0);
    expect(
      await db.select().from(prizeRemainders).where(eq(prizeRemainders.drawId, syndicateDraw.id)),
    ).toHaveLength(0);
    const check = await operatorRun(db, ['draw:check', 'powerball-syndicate', String(syndicateDraw.drawNo)]);
    expect(check.code, check.text).toBe(0);
  });
});

describe('syndicate shares per draw', () => {
  it("counts each draw's shares on its own: a full draw leaves the next draw's shares on sale", async () => {
    const { offer, draw } = await ownSyndicate(4);
    await buyer(offer.key, 4);
    expect(await fillOf(draw.id)).toMatchObject({ sharesSold: 4 });
    await closeNow(draw);
    const next = await createDraw(db, offer.key, { type: 'syndicate_share_draw' });
    const again = await buyer(offer.key, 3);
    expect(again.ticket.drawId).toBe(next.id);
    expect(await fillOf(next.id)).toMatchObject({ sharesSold: 3, totalShares: 4 });

    // The catalogue shows the draw on sale's count, and the cart sells only what that draw has left.
    // (Shaped as if riding Powerball: the offer rides none outside its close, see ownSyndicate.)
    const parts = await createCatalogueRepository(db).offerParts([offer.key], new Date());
    const [shown] = shapeProductOffers([{ ...offer, lotteryKey: 'powerball' }], parts, new Date());
    expect(shown?.syndicate).toMatchObject({ totalShares: 4, sharesSold: 3 });
    const other = await newCustomer(app);
    const tooMany = await add(other.access_token, { syndicate: offer.key, num_shares: 2 });
    expect(tooMany.statusCode, tooMany.body).toBe(400);
    expect(tooMany.json().error.code).toBe('sold_out');
    expect((await add(other.access_token, { syndicate: offer.key, num_shares: 1 })).statusCode).toBe(200);
  });
});

describe('the last shares of a syndicate draw', () => {
  // A pool of its own, wide enough for the race to overlap.
  const handle = createDb(testDatabaseUrl(), { max: 16 });
  afterAll(() => handle.close());
  const service = createCheckoutService(() => new Date());

  it('200 buyers at once for the last 10 shares: exactly 10 sold', async () => {
    const { offer, draw } = await ownSyndicate(50);
    const first = await newCustomer(app);
    expect((await add(first.access_token, { syndicate: offer.key, num_shares: 1 })).statusCode).toBe(200);
    const price = dueCents(await cart(first.access_token));
    const { items } = await db.transaction((tx) => cartForCheckout(tx, () => new Date()).build(first.id));
    const template = items[0];
    if (!template) throw new Error('no syndicate item');
    // 40 of the draw's 50 shares sold already.
    await db.insert(syndicateDrawShares).values({ drawId: draw.id, totalShares: 50, sharesSold: 40 });

    const buyers = await buyersOfItem(db, template, 200, 10_000);

    const outcomes = await Promise.allSettled(
      buyers.map((customerId) =>
        handle.db.transaction((tx) =>
          service.purchaseFromBalance(tx, customerId, { useWallet: true, expectedTotalCents: price }),
        ),
      ),
    );
    const done = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.flatMap((o) =>
      o.status === 'rejected' ? [o.reason instanceof AppError ? o.reason.code : String(o.reason)] : [],
    );
    expect(done).toHaveLength(10);
    expect(refused).toEqual(Array(190).fill('sold_out'));
    expect(await fillOf(draw.id)).toMatchObject({ sharesSold: 50, totalShares: 50 });
    const sold = await db.select().from(tickets).where(eq(tickets.drawId, draw.id));
    expect(sold).toHaveLength(10);
    expect(sold.every((t) => t.numShares === 1)).toBe(true);
    let charged = 0;
    for (const id of buyers) charged += 10_000 - (await balancesOf(db, id)).wallet;
    expect(charged).toBe(10 * price);
  }, 300_000);
});
