/**
 * A lotto party session from the first share to the prize: a group made and joined by invite link,
 * two members buying shares through the cart and checkout, the draw's close buying the entry with
 * the pot (the rest refunded by shares), the results published, scored and the prize split by
 * shares into the members' wallets. Close and settlement run again change nothing; a session that
 * sold too little is cancelled and refunded in full.
 */
import {
  and,
  draws,
  eq,
  ledgerTransfers,
  lottoPartyMembers,
  lottoPartySessions,
  lottoPartyShares,
  notifications,
  orders,
  prizeRemainders,
  tickets,
} from '@drawhouse/db';
import { createScorer, splitByShares } from '@drawhouse/domain';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { drawEngineOf } from '../src/modules/draws/index.ts';
import { closeLottoPartySessions, settleLottoPartySessions } from '../src/modules/lotto-party/index.ts';
import { call, newCustomer, type TestCustomer } from './accounts-helpers.ts';
import { cents } from './cart-helpers.ts';
import { aud, balancesOf, checkoutCalls, dueCents, fundWallet, givePromoCredit } from './checkout-helpers.ts';
import { enterPowerball, operatorRun, ownDrawPairs, twoOperators } from './draws-helpers.ts';
import { drainOutbox, getTestApp, getTestDb, mailOf } from './helpers.ts';
import { lottoPartyCalls, pastStop } from './lotto-party-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const engine = drawEngineOf(app.deps);
const { add, cart, purchase } = checkoutCalls(app);
const pairs = ownDrawPairs(db);
afterEach(() => pairs.takeOffSale());

const GAME_CENTS = 155; // one Powerball standard game
const deps = { db, now: () => new Date() };

const { groupOf, sessionOf } = lottoPartyCalls(app);

/** Adds shares to the customer's cart and buys the cart from the wallet. */
async function buyShares(customer: TestCustomer, sessionId: string, numShares: number) {
  const added = await add(customer.access_token, { session_id: sessionId, num_shares: numShares });
  expect(added.statusCode, added.body).toBe(200);
  const due = dueCents(await cart(customer.access_token));
  const bought = await purchase(customer.access_token, { expected_total: aud(due) });
  expect(bought.statusCode, bought.body).toBe(200);
  return { due, added: added.json().result };
}

const sessionRow = async (id: string) =>
  (await db.select().from(lottoPartySessions).where(eq(lottoPartySessions.id, id)))[0];
const sharesOf = (sessionId: string) =>
  db.select().from(lottoPartyShares).where(eq(lottoPartyShares.sessionId, sessionId));
const transfersOf = async (customerId: string) =>
  db.select().from(ledgerTransfers).where(eq(ledgerTransfers.customerId, customerId));

describe('a lotto party session', () => {
  it('sells shares through checkout, buys its entry at the close and splits the prize by shares', async () => {
    const { current, next } = await pairs.twoDraws();
    const owner = await newCustomer(app);
    const member = await newCustomer(app);
    const outsider = await newCustomer(app);
    for (const c of [owner, member, outsider]) await fundWallet(db, c.id, 10_000);
    const group = await groupOf(owner, [member]);
    const sessionId = await sessionOf(owner, group.group_id, current.id, 200, 10);

    // A private group's session is not found by a non-member; more shares than are left are refused.
    const hidden = await add(outsider.access_token, { session_id: sessionId, num_shares: 1 });
    expect(hidden.statusCode, hidden.body).toBe(404);
    expect(hidden.json().error.code).toBe('session_not_found');
    const tooMany = await add(member.access_token, { session_id: sessionId, num_shares: 11 });
    expect(tooMany.statusCode, tooMany.body).toBe(400);
    expect(tooMany.json().error.code).toBe('sold_out');

    const ownerBuy = await buyShares(owner, sessionId, 3);
    expect(ownerBuy.due).toBe(600);
    const line = ownerBuy.added.cart_items[0];
    expect(line.description).toBe(`Lotto Party: ${group.group_name} - 3 shares`);
    expect(line.product_type).toBe('syndicate_share');
    expect(line.game_type).toBe('lotto_party');
    expect(line.session_id).toBe(sessionId);
    expect(line.draw_date).toBe(current.drawAt.toISOString());
    const memberBuy = await buyShares(member, sessionId, 4);
    expect(memberBuy.due).toBe(800);

    // Orders carry the session, no ticket is written, the session counts the shares sold.
    const sold = await db.select().from(orders).where(eq(orders.socialSyndicateId, sessionId));
    expect(sold.map((o) => o.customerId).sort()).toEqual([owner.id, member.id].sort());
    for (const o of sold)
      expect(await db.select().from(tickets).where(eq(tickets.orderId, o.id))).toEqual([]);
    // They are listed with their session, not among the customer's tickets or offers to buy again.
    for (const url of [
      '/v2/orders?status=upcoming_products',
      '/v2/orders?status=past_products',
      '/v2/orders/recommended',
    ]) {
      const listed = await call(app, url, { token: owner.access_token });
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json().result).toEqual([]);
    }
    expect((await sessionRow(sessionId))?.sharesSold).toBe(7);
    expect((await sharesOf(sessionId)).map((s) => s.shares).sort()).toEqual([3, 4]);
    expect(await balancesOf(db, owner.id)).toEqual({ wallet: 9_400, promo: 0 });

    // The close: a pot of $14.00 buys 9 games ($13.95); 5 cents are refunded by shares (2 + 2, 1 kept).
    await pastStop(db, current.id);
    expect((await engine.step(current.id)).moved).toBe(true);
    await drainOutbox(app);
    const closed = await sessionRow(sessionId);
    expect(closed?.status).toBe('closed');
    expect(closed?.games).toHaveLength(Math.floor(1_400 / GAME_CENTS));
    expect(closed?.spentCents).toBe(9 * GAME_CENTS);
    expect(closed?.refundedCents).toBe(4);
    const refunds = new Map((await sharesOf(sessionId)).map((s) => [s.customerId, s.refundCents]));
    expect(refunds.get(owner.id)).toBe(Math.floor((5 * 3) / 7));
    expect(refunds.get(member.id)).toBe(Math.floor((5 * 4) / 7));
    expect(await balancesOf(db, owner.id)).toEqual({ wallet: 9_402, promo: 0 });
    expect(await balancesOf(db, member.id)).toEqual({ wallet: 9_202, promo: 0 });
    // Autosession on: the next session is open on the offer's next draw on sale.
    expect(closed?.nextSessionId).toBeTruthy();
    const following = await sessionRow(closed?.nextSessionId ?? '');
    expect(following?.status).toBe('open');
    expect(following?.sharePriceCents).toBe(200);
    expect(following?.totalShares).toBe(10);
    const [nextDraw] = await db
      .select()
      .from(draws)
      .where(eq(draws.id, following?.drawId ?? ''));
    expect(nextDraw?.drawAt.getTime()).toBeGreaterThan(current.drawAt.getTime());
    expect(nextDraw?.drawAt.getTime()).toBeLessThanOrEqual(next.drawAt.getTime());

    // A second close changes nothing.
    expect(await closeLottoPartySessions(deps, current.id)).toBe(0);
    expect(await balancesOf(db, owner.id)).toEqual({ wallet: 9_402, promo: 0 });

    // Results: the entry's first game's numbers, division 1 at $1,000.01 a game.
    const [first] = closed?.games ?? [];
    if (!first?.numbers || !first.powerball) throw new Error('no game bought');
    const ops = await twoOperators(db);
    for (const op of [ops.a, ops.b]) {
      const entered = await enterPowerball(db, current.drawNo, {
        numbers: first.numbers.join(','),
        powerball: String(first.powerball[0]),
        token: op.token,
        prizes: '1=1000.01,2=5000,3=500,4=100,5=50,6=20,7=15,8=10,9=10',
      });
      expect(entered.code, entered.text).toBe(0);
    }
    await engine.advance(current.id);
    await drainOutbox(app);
    expect((await db.select().from(draws).where(eq(draws.id, current.id)))[0]?.status).toBe('DRAW_EMAILED');

    const paid = await sessionRow(sessionId);
    expect(paid?.status).toBe('paid');
    const perGame: Record<number, number> = { 1: 100_001, 2: 500_000, 3: 50_000, 4: 10_000, 5: 5_000 };
    Object.assign(perGame, { 6: 2_000, 7: 1_500, 8: 1_000, 9: 1_000 });
    const wins = createScorer('powerball', {
      numbers: { Numbers: first.numbers, Powerball: first.powerball },
      supplementary: [],
    }).score(
      'standard',
      (closed?.games ?? []).map((g) => ({ numbers: g.numbers ?? [], powerball: g.powerball })),
    );
    const prize = wins.reduce((sum, w) => sum + w.combos * (perGame[w.division] ?? 0), 0);
    expect(prize).toBeGreaterThanOrEqual(100_001);
    expect(paid?.prizeCents).toBe(prize);
    const shareRows = await sharesOf(sessionId);
    const split = splitByShares(
      prize,
      shareRows.map((s) => ({ id: s.id, shares: s.shares })),
      7,
    );
    for (const part of split.parts) {
      expect(shareRows.find((s) => s.id === part.id)?.prizeCents).toBe(part.cents);
    }
    const [remainder] = await db
      .select()
      .from(prizeRemainders)
      .where(and(eq(prizeRemainders.drawId, current.id), eq(prizeRemainders.entryKey, sessionId)));
    expect(remainder?.prizeCents).toBe(prize);
    expect(remainder?.remainderCents).toBe(split.remainderCents);
    const partsSum = shareRows.reduce((sum, s) => sum + (s.prizeCents ?? 0), 0);
    expect(partsSum + (remainder?.remainderCents ?? -1)).toBe(prize);

    const prizeOf = (id: string) => shareRows.find((s) => s.customerId === id)?.prizeCents ?? 0;
    const ownerWallet = 9_402 + prizeOf(owner.id);
    const memberWallet = 9_202 + prizeOf(member.id);
    expect(await balancesOf(db, owner.id)).toEqual({ wallet: ownerWallet, promo: 0 });
    expect(await balancesOf(db, member.id)).toEqual({ wallet: memberWallet, promo: 0 });
    // Balances are the sums of the ledger's transfers, and the ledger reconciles.
    for (const [c, wallet] of [
      [owner, ownerWallet],
      [member, memberWallet],
    ] as const) {
      const moves = await transfersOf(c.id);
      const signed = moves.map((t) => (t.code === 'purchase' ? -t.amountCents : t.amountCents));
      expect(signed.reduce((a, b) => a + b, 0)).toBe(wallet);
      expect(moves.filter((t) => t.code === 'prize')).toHaveLength(1);
      expect(moves.filter((t) => t.code === 'refund')).toHaveLength(1);
    }
    const check = await operatorRun(db, ['ledger:check']);
    expect(check.text).toContain('ok    every order has its tickets');
    // Members are told in the feed.
    for (const c of [owner, member]) {
      const told = await db.select().from(notifications).where(eq(notifications.customerId, c.id));
      expect(told.map((n) => n.sourceKey).sort()).toEqual(
        [`lotto-party-close:${sessionId}`, `lotto-party-result:${sessionId}`].sort(),
      );
    }

    // ... and mailed the prize credited, with a link to the session.
    for (const c of [owner, member]) {
      const mail = await mailOf(app).waitFor(c.email, new RegExp(`${group.group_name} won!`));
      expect(mail.text).toContain(`/lotto-party/session/${sessionId}`);
      expect(mail.text).toContain(
        `$${(prizeOf(c.id) / 100).toLocaleString('en-AU', { minimumFractionDigits: 2 })}`,
      );
    }

    // A second settlement (and close) pays nothing twice.
    expect(await settleLottoPartySessions(deps, current.id)).toBe(0);
    expect(await balancesOf(db, owner.id)).toEqual({ wallet: ownerWallet, promo: 0 });
    expect(await balancesOf(db, member.id)).toEqual({ wallet: memberWallet, promo: 0 });

    // The member's orders in the session; a non-member's 404.
    const mine = await call(app, `/v2/orders/social_syndicate_session/${sessionId}?show_details=true`, {
      token: member.access_token,
    });
    expect(mine.statusCode, mine.body).toBe(200);
    const [order] = mine.json().result;
    expect(mine.json().result).toHaveLength(1);
    expect(order.num_shares).toBe(4);
    expect(order.total).toEqual(aud(800));
    expect(order.refund).toEqual(aud(2));
    expect(order.prize).toEqual(aud(prizeOf(member.id)));
    expect(order.session_status).toBe('paid');
    expect(order.details.games).toHaveLength(9);
    const notMine = await call(app, `/v2/orders/social_syndicate_session/${sessionId}`, {
      token: outsider.access_token,
    });
    expect(notMine.statusCode, notMine.body).toBe(404);
  }, 120_000);

  it('is cancelled and refunded in full when the pot cannot buy one game', async () => {
    const { current } = await pairs.twoDraws();
    const owner = await newCustomer(app);
    const member = await newCustomer(app);
    for (const c of [owner, member]) await fundWallet(db, c.id, 5_000);
    const group = await groupOf(owner, [member]);
    const sessionId = await sessionOf(owner, group.group_id, current.id, 100, 5);
    await db
      .update(lottoPartySessions)
      .set({ autosessionStatus: 'off' })
      .where(eq(lottoPartySessions.id, sessionId));
    await buyShares(member, sessionId, 1);
    expect(await balancesOf(db, member.id)).toEqual({ wallet: 4_900, promo: 0 });

    await pastStop(db, current.id);
    await engine.step(current.id);
    await drainOutbox(app);
    const cancelled = await sessionRow(sessionId);
    expect(cancelled?.status).toBe('cancelled');
    expect(cancelled?.games).toBeNull();
    expect(cancelled?.spentCents).toBe(0);
    expect(cancelled?.refundedCents).toBe(100);
    expect(cancelled?.nextSessionId).toBeNull();
    expect((await sharesOf(sessionId))[0]?.refundCents).toBe(100);
    expect(await balancesOf(db, member.id)).toEqual({ wallet: 5_000, promo: 0 });
    const mail = await mailOf(app).waitFor(
      member.email,
      new RegExp(`${group.group_name}: session cancelled`),
    );
    expect(mail.text).toContain('$1.00 is back in your wallet');
    expect(mail.text).toContain(`/lotto-party/session/${sessionId}`);
    expect(await closeLottoPartySessions(deps, current.id)).toBe(0);
    expect(await settleLottoPartySessions(deps, current.id)).toBe(0);
    expect(await balancesOf(db, member.id)).toEqual({ wallet: 5_000, promo: 0 });
    const refunds = (await transfersOf(member.id)).filter((t) => t.code === 'refund');
    expect(refunds).toHaveLength(1);
    // The owner bought nothing and is still a member; nobody else joined.
    const members = await db
      .select()
      .from(lottoPartyMembers)
      .where(eq(lottoPartyMembers.groupId, group.group_id));
    expect(members).toHaveLength(2);
  }, 60_000);

  it('refunds a cancelled share what it paid, promotional credit back to promotional credit', async () => {
    const { current } = await pairs.twoDraws();
    const owner = await newCustomer(app);
    await fundWallet(db, owner.id, 1_000);
    await givePromoCredit(db, owner.id, 50);
    const group = await groupOf(owner, []);
    const sessionId = await sessionOf(owner, group.group_id, current.id, 100, 5);
    expect((await add(owner.access_token, { session_id: sessionId, num_shares: 1 })).statusCode).toBe(200);
    const applied = await call(app, '/v2/cart/promotion', {
      token: owner.access_token,
      body: { promotion_code: 'TENOFF' },
      headers: { 'x-api-version': '3.4' },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const due = dueCents(applied.json().result);
    expect(due).toBe(90);
    const bought = await purchase(owner.access_token, { expected_total: aud(due) });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(cents(bought.json().result.receipt.paid.promo)).toBe(50);
    expect(await balancesOf(db, owner.id)).toEqual({ wallet: 960, promo: 0 });
    const [share] = await sharesOf(sessionId);
    expect({ paid: share?.paidCents, promo: share?.paidPromoCents }).toEqual({ paid: 90, promo: 50 });

    // One $1 share cannot buy a $1.55 game: cancelled, the 90 cents paid refunded as they were paid.
    await pastStop(db, current.id);
    await engine.step(current.id);
    await drainOutbox(app);
    expect((await sessionRow(sessionId))?.status).toBe('cancelled');
    expect((await sharesOf(sessionId))[0]?.refundCents).toBe(90);
    expect(await balancesOf(db, owner.id)).toEqual({ wallet: 1_000, promo: 50 });
    expect(await closeLottoPartySessions(deps, current.id)).toBe(0);
    expect(await balancesOf(db, owner.id)).toEqual({ wallet: 1_000, promo: 50 });
  }, 60_000);

  it('caught up only after the results (its close failed) buys nothing and refunds what was paid', async () => {
    const { current } = await pairs.twoDraws();
    const owner = await newCustomer(app);
    await fundWallet(db, owner.id, 5_000);
    const group = await groupOf(owner, []);
    const sessionId = await sessionOf(owner, group.group_id, current.id, 500, 4);
    await buyShares(owner, sessionId, 2);
    // The draw moved on without the close hook (as when it failed): results are in. (Its final status,
    // so no other test's sweep picks the bare draw up.)
    await db.update(draws).set({ status: 'DRAW_EMAILED' }).where(eq(draws.id, current.id));
    await settleLottoPartySessions(deps, current.id);
    const late = await sessionRow(sessionId);
    expect(late?.status).toBe('cancelled');
    expect(late?.games).toBeNull();
    expect(await balancesOf(db, owner.id)).toEqual({ wallet: 5_000, promo: 0 });
  }, 60_000);
});
