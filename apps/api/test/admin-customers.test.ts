/**
 * Customers in the back office: support finds an account by email, name, phone or id, sees it whole
 * (details, second factor, sessions, wallet, orders, notes) and acts on it with a reason: lock (the
 * customer is signed out and cannot sign in) and unlock, reset the second factor, close, a note. Each
 * action is audited in its own transaction; a refused one changes nothing and writes nothing.
 */
import { auditLog, desc, eq, giveawayEntries, giveawayWinners } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { call, login, newCustomer, withAuthenticator } from './accounts-helpers.ts';
import { drainOutbox, getTestApp, mailOf } from './helpers.ts';
import { insertTestGiveaway, rewardsCalls } from './membership-helpers.ts';
import { asOperator, backOfficeOperator } from './operators-helpers.ts';
import {
  insertRaffleNumbers,
  insertTicket,
  insertWin,
  pastDraw,
  powerballOffer,
  raffleWithSeed,
} from './results-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = app.deps;
const support = await backOfficeOperator(app, ['support']);

const audited = (customerId: string) =>
  db.select().from(auditLog).where(eq(auditLog.targetId, customerId)).orderBy(desc(auditLog.id));

describe('support finds a customer', () => {
  it('by email, name, phone or id, and sees the account whole', async () => {
    // Letters only, as a name must be.
    const unique = `Zed${Date.now()
      .toString(26)
      .replace(/\d/g, (d) => 'abcdefghij'[Number(d)] ?? 'a')}`;
    const phone = `04${String(Date.now()).slice(-8)}`;
    const c = await newCustomer(app, { lastname: unique, phone });
    const find = async (q: string) =>
      (await asOperator(app, support, 'GET', `/admin/customers?q=${encodeURIComponent(q)}`)).json().result;
    expect((await find(c.email.slice(0, 12))).customers.map((x: { id: string }) => x.id)).toContain(c.id);
    expect((await find(unique.toLowerCase())).customers.map((x: { id: string }) => x.id)).toEqual([c.id]);
    expect((await find(`Ja ${unique}`)).customers.map((x: { id: string }) => x.id)).toEqual([c.id]);
    expect(
      (await find(`${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`)).customers.map(
        (x: { id: string }) => x.id,
      ),
    ).toContain(c.id);
    expect((await find(c.id)).customers.map((x: { id: string }) => x.id)).toEqual([c.id]);
    expect((await find('%')).customers.map((x: { id: string }) => x.id)).not.toContain(c.id);

    // The customer sets a weekly deposit limit of $100: support sees it.
    const limited = await call(app, '/v2/deposit-limit', {
      method: 'PUT',
      token: c.access_token,
      body: { limit: 100 },
    });
    expect(limited.statusCode, limited.body).toBe(200);
    const shown = await asOperator(app, support, 'GET', `/admin/customers/${c.id}`);
    expect(shown.statusCode, shown.body).toBe(200);
    const account = shown.json().result;
    expect(account).toMatchObject({
      id: c.id,
      email: c.email,
      status: 'active',
      two_factor: null,
      is_verified: false,
    });
    expect(account.sessions).toHaveLength(1);
    expect(account.wallet.balance).toEqual({ amount: 0, currency: 'AUD' });
    expect(account.limits).toEqual([
      { kind: 'deposit_weekly', amount: { amount: 100, currency: 'AUD' }, pending: null },
    ]);
    expect(account.recurring_purchases).toEqual([]);
    expect(account.lotto_party_groups).toEqual([]);
    const orders = await asOperator(app, support, 'GET', `/admin/customers/${c.id}/orders`);
    expect(orders.json().result).toMatchObject({ orders: [], total: 0 });
    const transfers = await asOperator(app, support, 'GET', `/admin/customers/${c.id}/transfers`);
    expect(transfers.json().result.total).toBe(0);
    expect((await asOperator(app, support, 'GET', '/admin/customers/not-an-id')).statusCode).toBe(404);
  });
});

describe("support reads a customer's tickets", () => {
  it("each ticket with its draw, its numbers and what it won, newest first, or one order's", async () => {
    const c = await newCustomer(app);
    const offer = await powerballOffer(db);
    const draw = await pastDraw(db, offer.key, { drawNo: 4242 });
    const lottery = await insertTicket(db, {
      customerId: c.id,
      offerKey: offer.key,
      drawId: draw.id,
      games: [{ numbers: [3, 11, 17, 22, 28, 30, 35], powerball: [7] }],
      createdAt: new Date(Date.now() - 60_000),
    });
    await insertWin(db, {
      ticketId: lottery.ticket.id,
      drawId: draw.id,
      customerId: c.id,
      gameIndex: 0,
      division: 9,
      prizeCents: 1_250,
    });
    const raffle = await raffleWithSeed(db, { drawn: true });
    const ticketOfRaffle = await insertTicket(db, {
      customerId: c.id,
      offerKey: raffle.offer.key,
      drawId: raffle.draw.id,
      productType: 'raffle_ticket',
    });
    await insertRaffleNumbers(db, {
      offerKey: raffle.offer.key,
      drawId: raffle.draw.id,
      ticketId: ticketOfRaffle.ticket.id,
      numbers: [3, 1, 2],
    });
    const someoneElse = await newCustomer(app);
    await insertTicket(db, { customerId: someoneElse.id, offerKey: offer.key, drawId: draw.id });

    const res = await asOperator(app, support, 'GET', `/admin/customers/${c.id}/tickets`);
    expect(res.statusCode, res.body).toBe(200);
    const { tickets, total } = res.json().result;
    expect(total).toBe(2);
    expect(tickets).toEqual([
      expect.objectContaining({
        id: ticketOfRaffle.ticket.id,
        order_id: ticketOfRaffle.order.id,
        offer_key: raffle.offer.key,
        draw_status: 'DRAW_PAID',
        entry: 'Tickets 1–3',
        prize: null,
        payout_status: null,
      }),
      expect.objectContaining({
        id: lottery.ticket.id,
        offer_name: 'Test Powerball',
        draw_no: 4242,
        entry: 'Game 1: numbers 3 11 17 22 28 30 35 · powerball 7',
        prize: { amount: 12.5, currency: 'AUD' },
        payout_status: 'paid',
      }),
    ]);

    const orders = await asOperator(app, support, 'GET', `/admin/customers/${c.id}/orders`);
    expect(
      orders.json().result.orders.map((o: { id: string; tickets: number }) => [o.id, o.tickets]),
    ).toEqual([
      [ticketOfRaffle.order.id, 1],
      [lottery.order.id, 1],
    ]);

    const oneOrder = await asOperator(
      app,
      support,
      'GET',
      `/admin/customers/${c.id}/tickets?order=${lottery.order.id}&limit=1`,
    );
    expect(oneOrder.json().result).toMatchObject({
      total: 1,
      limit: 1,
      tickets: [{ id: lottery.ticket.id }],
    });
    const notAnOrder = await asOperator(app, support, 'GET', `/admin/customers/${c.id}/tickets?order=x`);
    expect(notAnOrder.statusCode).toBe(400);
    const nobody = await asOperator(
      app,
      support,
      'GET',
      '/admin/customers/00000000-0000-4000-8000-000000000000/tickets',
    );
    expect(nobody.statusCode).toBe(404);
  });
});

describe("support reads a customer's Daily Winners membership", () => {
  it('never joined, then a free member with the giveaways entered and the prizes won', async () => {
    const c = await newCustomer(app);
    const membership = async () =>
      (await asOperator(app, support, 'GET', `/admin/customers/${c.id}`)).json().result.membership;
    expect(await membership()).toBeNull();

    expect((await rewardsCalls(app, c).join()).statusCode).toBe(200);
    const drawn = await insertTestGiveaway(db, { status: 'paid' });
    const other = await insertTestGiveaway(db, { status: 'paid' });
    // Another member's entry and win in the same giveaway are theirs, not this customer's.
    const someoneElse = await newCustomer(app);
    await db.insert(giveawayEntries).values([
      { giveawayId: drawn.id, customerId: c.id, entryNumber: 1, entryStatus: 'unlocked' },
      { giveawayId: other.id, customerId: c.id, entryNumber: 3, entryStatus: 'unlocked' },
      { giveawayId: drawn.id, customerId: someoneElse.id, entryNumber: 2, entryStatus: 'unlocked' },
    ]);
    await db.insert(giveawayWinners).values({
      giveawayId: drawn.id,
      prizeIndex: 1,
      customerId: someoneElse.id,
      entryNumber: 2,
      title: 'Cash',
      amountCents: 1_000,
      kind: 'cash',
    });
    await db.insert(giveawayWinners).values({
      giveawayId: drawn.id,
      prizeIndex: 0,
      customerId: c.id,
      entryNumber: 1,
      title: 'Cash',
      amountCents: 2_550,
      kind: 'cash',
    });
    expect(await membership()).toMatchObject({
      status: 'member',
      tier: 'free',
      premium_until: null,
      giveaways_entered: 2,
      prizes_won: 1,
      won: { amount: 25.5, currency: 'AUD' },
    });
  });
});

describe('support acts on an account', () => {
  it('locks it with a reason (the customer is signed out and cannot sign in), and unlocks it', async () => {
    const c = await newCustomer(app);
    const locked = await asOperator(app, support, 'POST', `/admin/customers/${c.id}/lock`, {
      reason: 'Card reported stolen',
    });
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json().result).toMatchObject({
      status: 'locked',
      lock_reason: 'Card reported stolen',
      sessions: [],
    });
    expect((await call(app, '/v2/customer', { token: c.access_token })).statusCode).toBe(401);
    // The right password hears of the hold and whom to ask; a wrong one the usual answer.
    const held = await login(app, { email: c.email, password: c.password });
    expect(held.statusCode).toBe(403);
    expect(held.json().error).toMatchObject({
      code: 'account_on_hold',
      message: expect.stringMatching(/on hold\. Please contact us/),
    });
    const wrong = await login(app, { email: c.email, password: `${c.password}x` });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('invalid_credentials');
    const [row] = await audited(c.id);
    expect(row).toMatchObject({
      action: 'customer.locked',
      operatorId: support.id,
      via: 'back_office',
      before: { status: 'active' },
      after: { status: 'locked', reason: 'Card reported stolen' },
    });

    // Locking twice is refused and writes nothing.
    const again = await asOperator(app, support, 'POST', `/admin/customers/${c.id}/lock`, {
      reason: 'Again',
    });
    expect(again.statusCode).toBe(409);
    expect(await audited(c.id)).toHaveLength(1);

    const unlocked = await asOperator(app, support, 'POST', `/admin/customers/${c.id}/unlock`, {
      reason: 'Customer called back',
    });
    expect(unlocked.json().result.status).toBe('active');
    expect((await login(app, { email: c.email, password: c.password })).statusCode).toBe(200);
  });

  it('refuses an action without a reason, changing nothing', async () => {
    const c = await newCustomer(app);
    const res = await asOperator(app, support, 'POST', `/admin/customers/${c.id}/close`, { reason: '' });
    expect(res.statusCode).toBe(400);
    expect((await asOperator(app, support, 'GET', `/admin/customers/${c.id}`)).json().result.status).toBe(
      'active',
    );
    expect(await audited(c.id)).toHaveLength(0);
  });

  it('resets the second factor (the customer is told) and closes the account (the customer is told)', async () => {
    const c = await withAuthenticator(app);
    const before = (await asOperator(app, support, 'GET', `/admin/customers/${c.id}`)).json().result;
    expect(before.two_factor).toBe('authenticator');
    const reset = await asOperator(app, support, 'POST', `/admin/customers/${c.id}/reset-two-factor`, {
      reason: 'Lost phone, identity checked on a call',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().result.two_factor).toBeNull();
    const noFactor = await asOperator(app, support, 'POST', `/admin/customers/${c.id}/reset-two-factor`, {
      reason: 'Again please',
    });
    expect(noFactor.statusCode).toBe(409);

    const closed = await asOperator(app, support, 'POST', `/admin/customers/${c.id}/close`, {
      reason: 'Asked to close by phone',
    });
    expect(closed.json().result).toMatchObject({ status: 'closed', close_reason: 'Asked to close by phone' });
    expect((await audited(c.id)).map((r) => r.action)).toEqual([
      'customer.closed',
      'customer.two_factor_reset',
    ]);
    await drainOutbox(app);
    await mailOf(app).waitFor(c.email, /closed/i);
  });

  it('keeps notes with who wrote them; other roles are refused', async () => {
    const c = await newCustomer(app);
    const noted = await asOperator(app, support, 'POST', `/admin/customers/${c.id}/notes`, {
      text: 'Called about a missing prize',
    });
    expect(noted.json().result.notes).toMatchObject([
      { operator_name: support.name, text: 'Called about a missing prize' },
    ]);
    const finance = await backOfficeOperator(app, ['finance']);
    expect((await asOperator(app, finance, 'GET', `/admin/customers/${c.id}`)).statusCode).toBe(403);
    expect(
      (await asOperator(app, finance, 'POST', `/admin/customers/${c.id}/notes`, { text: 'x' })).statusCode,
    ).toBe(403);
  });
});
