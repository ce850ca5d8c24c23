/**
 * The draw engine end to end on a real database: a Powerball ticket bought through the API, the draw
 * closed, results entered twice (a mismatching entry publishes nothing), scored, paid into the
 * wallet, announced by email and in the feed; each step run again pays once; a prize over the
 * approval threshold waits for an operator.
 */
import {
  and,
  auditLog,
  drawResultEntries,
  drawResults,
  draws,
  eq,
  ledgerTransfers,
  notifications,
  tickets,
  ticketWins,
} from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { drawEngineOf } from '../src/modules/draws/index.ts';
import { newCustomer } from './accounts-helpers.ts';
import { PB_ITEM } from './cart-helpers.ts';
import { aud, balancesOf, checkoutCalls, dueCents, fundWallet } from './checkout-helpers.ts';
import {
  adminCall,
  anotherOperator,
  enterPowerball,
  enterPowerballPrizes,
  insertTicket,
  operatorRun,
  ownDraw,
  payoutOf,
  twoOperators,
} from './draws-helpers.ts';
import { drainOutbox, getTestApp, getTestDb, mailOf } from './helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const engine = drawEngineOf(app.deps);
const { cart, add, purchase } = checkoutCalls(app);

const PICKED = [3, 9, 14, 21, 27, 30, 35];

/** Buys one picked game for the test's own draw (named: other files' draws may be on sale too). */
async function buyPowerball(drawNo: number, numbers: number[], powerball: number) {
  const customer = await newCustomer(app);
  const item = { ...PB_ITEM, games: [{ numbers, powerball }], first_draw_no: drawNo };
  const res = await add(customer.access_token, item);
  expect(res.statusCode, res.body).toBe(200);
  await fundWallet(db, customer.id, 10_000);
  const due = dueCents(await cart(customer.access_token));
  const bought = await purchase(customer.access_token, { expected_total: aud(due) });
  expect(bought.statusCode, bought.body).toBe(200);
  const [ticket] = await db.select().from(tickets).where(eq(tickets.customerId, customer.id));
  if (!ticket) throw new Error('no ticket');
  return { customer, ticket, walletAfterPurchase: 10_000 - due };
}

const resultsUrl = (drawNo: number) => `/admin/draws/powerball/${drawNo}/results`;
const drawOf = async (id: string) => (await db.select().from(draws).where(eq(draws.id, id)))[0];
const entriesOf = (id: string) => db.select().from(drawResultEntries).where(eq(drawResultEntries.drawId, id));

describe('a Powerball draw from sale to win', () => {
  it('closes, publishes on two matching entries only, scores, pays once, announces', async () => {
    const ops = await twoOperators(db);
    const draw = await ownDraw(db);
    const { customer, ticket, walletAfterPurchase } = await buyPowerball(draw.drawNo, PICKED, 8);
    expect(ticket.drawId).toBe(draw.id);

    // 6 numbers + the Powerball: division 3.
    const entry = {
      numbers: [3, 9, 14, 21, 27, 30, 1],
      powerball: [8],
      prizes: { '3': aud(5_000_00), '4': aud(120_00) },
      operator: ops.b.name, // ignored: the token says who enters
    };
    const early = await adminCall(app, ops.a.token, 'POST', resultsUrl(draw.drawNo), entry);
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().error.code).toBe('draw_not_closed');

    const closed = await operatorRun(db, ['draw:close', 'powerball', String(draw.drawNo)]);
    expect(closed.code, closed.text).toBe(0);
    const afterClose = await drawOf(draw.id);
    expect(afterClose?.status).toBe('DRAW_CLOSED');
    expect(afterClose?.closedAt).not.toBeNull();
    // Closed by a script without a token: audited as the command line, in the close's transaction.
    const closeAudit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'draw.closed'), eq(auditLog.targetId, `powerball/${draw.drawNo}`)));
    expect(closeAudit).toMatchObject([{ operatorId: null, operatorName: 'command line', via: 'cli' }]);

    const first = await adminCall(app, ops.a.token, 'POST', resultsUrl(draw.drawNo), entry);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().result.entry).toMatchObject({ operator: ops.a.name, status: 'pending' });
    expect(first.json().result.published).toBe(false);

    const again = await adminCall(app, ops.a.token, 'POST', resultsUrl(draw.drawNo), entry);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().error.code).toBe('already_entered');

    // A mismatch voids both entries and says nothing of what differed.
    const wrong = { ...entry, numbers: [3, 9, 14, 21, 27, 30, 2], prizes: { '3': aud(5_100_00) } };
    const mismatch = await adminCall(app, ops.b.token, 'POST', resultsUrl(draw.drawNo), wrong);
    expect(mismatch.statusCode, mismatch.body).toBe(201);
    expect(mismatch.json().result.entry.status).toBe('void');
    expect(mismatch.json().result.entry).not.toHaveProperty('differences');
    expect(mismatch.json().result.voided_operators).toEqual([ops.a.name, ops.b.name]);
    expect((await drawOf(draw.id))?.status).toBe('DRAW_CLOSED');
    expect(await db.select().from(drawResults).where(eq(drawResults.drawId, draw.id))).toHaveLength(0);

    // A third operator begins the fresh pair; one of the voided pair may complete it.
    const carol = await anotherOperator(db);
    const third = await adminCall(app, carol.token, 'POST', resultsUrl(draw.drawNo), entry);
    expect(third.statusCode, third.body).toBe(201);
    expect(third.json().result.entry.status).toBe('pending');
    const cli = await enterPowerball(db, draw.drawNo, {
      numbers: '3,9,14,21,27,30,1',
      powerball: '8',
      prizes: '3=5000,4=120',
      token: ops.b.token,
    });
    expect(cli.code, cli.text).toBe(0);
    expect(cli.text).toMatch(/are published/);
    const published = await drawOf(draw.id);
    expect(published?.status).toBe('DRAW_DRAWN');
    expect(published?.publishedAt).not.toBeNull();
    const listed = await adminCall(app, ops.a.token, 'GET', `/admin/draws/powerball/${draw.drawNo}/entries`);
    expect(
      listed
        .json()
        .result.entries.map((e: { status: string }) => e.status)
        .sort(),
    ).toEqual(['published', 'published', 'void', 'void']);

    // Scored and paid; the winner is told by the outbox (`prize.credited`), then the draw is emailed.
    await engine.advance(draw.id);
    await drainOutbox(app);
    const done = await drawOf(draw.id);
    expect(done?.status).toBe('DRAW_EMAILED');
    expect(done?.scoredAt && done.paidAt && done.emailedAt).toBeTruthy();

    const wins = await db.select().from(ticketWins).where(eq(ticketWins.ticketId, ticket.id));
    expect(wins).toEqual([
      expect.objectContaining({ gameIndex: 0, division: 3, combos: 1, prizeCents: 500_000 }),
    ]);
    expect(await payoutOf(db, ticket.id)).toMatchObject({ prizeCents: 500_000, status: 'paid' });
    expect((await balancesOf(db, customer.id)).wallet).toBe(walletAfterPurchase + 500_000);
    const transactions = await app.inject({
      method: 'GET',
      url: '/v2/transactions',
      headers: { authorization: `Bearer ${customer.access_token}`, 'x-api-version': '3.4' },
    });
    expect(transactions.json().result[0]).toMatchObject({ type: 'prize', amount: aud(500_000) });

    const mail = await mailOf(app).waitFor(customer.email, /You won \$5,000\.00/);
    expect(mail.text).toContain(`/my-account/past-tickets/ticket/${ticket.id}`);
    const feed = await db.select().from(notifications).where(eq(notifications.customerId, customer.id));
    expect(feed).toEqual([
      expect.objectContaining({ sourceKey: `win:${ticket.id}`, title: 'You won $5,000.00!', icon: 'trophy' }),
    ]);

    // Every step again, in every way: nothing moves, nothing is paid twice.
    for (const status of ['DRAW_DRAWN', 'DRAW_SCORED', 'DRAW_PAID'] as const) {
      await db.update(draws).set({ status }).where(eq(draws.id, draw.id));
      await engine.step(draw.id);
      await engine.advance(draw.id);
    }
    await drainOutbox(app);
    expect((await drawOf(draw.id))?.status).toBe('DRAW_EMAILED');
    expect((await balancesOf(db, customer.id)).wallet).toBe(walletAfterPurchase + 500_000);
    const prizeTransfers = await db
      .select()
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.code, 'prize'), eq(ledgerTransfers.reference, ticket.id)));
    expect(prizeTransfers).toHaveLength(1);
    expect(
      await db.select().from(notifications).where(eq(notifications.customerId, customer.id)),
    ).toHaveLength(1);

    const check = await operatorRun(db, ['draw:check', 'powerball', String(draw.drawNo)]);
    expect(check.code, check.text).toBe(0);
    expect(check.text).toContain('ok    games sold = games scored: 1 sold, 1 scored');
  });

  it('holds a prize over the approval threshold until an operator releases it', async () => {
    const ops = await twoOperators(db);
    const draw = await ownDraw(db);
    const { customer, ticket, walletAfterPurchase } = await buyPowerball(draw.drawNo, PICKED, 8);
    await operatorRun(db, ['draw:close', 'powerball', String(draw.drawNo)]);
    const entry = { numbers: [3, 9, 14, 21, 27, 30, 1], powerball: [8], prizes: { '3': aud(25_000_00) } };
    for (const op of [ops.a, ops.b]) {
      const res = await adminCall(app, op.token, 'POST', resultsUrl(draw.drawNo), entry);
      expect(res.statusCode, res.body).toBe(201);
    }
    await engine.advance(draw.id);
    expect((await drawOf(draw.id))?.status).toBe('DRAW_CAPPED');
    expect(await payoutOf(db, ticket.id)).toMatchObject({ prizeCents: 2_500_000, status: 'held' });
    expect((await balancesOf(db, customer.id)).wallet).toBe(walletAfterPurchase);
    await engine.advance(draw.id);
    expect((await drawOf(draw.id))?.status).toBe('DRAW_CAPPED');
    // Told at once that the prize is being approved, once however often the engine runs.
    await drainOutbox(app);
    await mailOf(app).waitFor(customer.email, /You won \$25,000\.00/);
    const told = await db.select().from(notifications).where(eq(notifications.customerId, customer.id));
    expect(told).toEqual([expect.objectContaining({ sourceKey: `win-held:${ticket.id}` })]);
    expect(told[0]?.message).toMatch(/being approved/);
    mailOf(app).clear();

    const release = await adminCall(
      app,
      ops.b.token,
      'POST',
      `/admin/draws/powerball/${draw.drawNo}/release`,
    );
    expect(release.statusCode, release.body).toBe(200);
    expect(release.json().result.released).toEqual([{ ticket_id: ticket.id, prize: aud(2_500_000) }]);
    expect(await payoutOf(db, ticket.id)).toMatchObject({ status: 'paid', approvedBy: ops.b.name });
    expect((await balancesOf(db, customer.id)).wallet).toBe(walletAfterPurchase + 2_500_000);
    const twice = await operatorRun(db, [
      'draw:release',
      'powerball',
      String(draw.drawNo),
      '--token',
      ops.a.token,
    ]);
    expect(twice.code).toBe(1);
    expect(twice.text).toMatch(/no prize waiting for approval/);

    await engine.advance(draw.id);
    await drainOutbox(app);
    expect((await drawOf(draw.id))?.status).toBe('DRAW_EMAILED');
    const paidMail = await mailOf(app).waitFor(customer.email, /You won \$25,000\.00/);
    expect(paidMail.text).toContain('$25,000.00 is in your Drawhouse wallet now');
    expect(
      (await db.select().from(notifications).where(eq(notifications.customerId, customer.id)))
        .map((n) => n.sourceKey)
        .sort(),
    ).toEqual([`win-held:${ticket.id}`, `win:${ticket.id}`]);
    expect((await balancesOf(db, customer.id)).wallet).toBe(walletAfterPurchase + 2_500_000);
    expect((await operatorRun(db, ['draw:check', 'powerball', String(draw.drawNo)])).code).toBe(0);
  });

  it('keeps a second entry by the same operator and a mismatch from changing anything', async () => {
    const ops = await twoOperators(db);
    const draw = await ownDraw(db, 'powerball', { stopAt: new Date(Date.now() - 1000) });
    await engine.step(draw.id);
    const entry = { numbers: [1, 2, 3, 4, 5, 6, 7], powerball: [9] };
    expect((await adminCall(app, ops.a.token, 'POST', resultsUrl(draw.drawNo), entry)).statusCode).toBe(201);
    const before = await entriesOf(draw.id);
    const dup = await enterPowerball(db, draw.drawNo, {
      numbers: '1,2,3,4,5,6,7',
      powerball: '9',
      token: ops.a.token,
    });
    expect(dup.code).toBe(1);
    expect(dup.text).toMatch(/has an entry waiting already/);
    expect(await entriesOf(draw.id)).toEqual(before);
    const other = await enterPowerball(db, draw.drawNo, {
      numbers: '1,2,3,4,5,6,7',
      powerball: '10',
      token: ops.b.token,
    });
    expect(other.code).toBe(1);
    expect(other.text).toContain('both are void');
    expect(other.text).not.toMatch(/differ|powerball/);
    expect((await drawOf(draw.id))?.status).toBe('DRAW_CLOSED');
    // Neither operator of the voided pair may begin the next one.
    for (const op of [ops.a, ops.b]) {
      const retry = await enterPowerball(db, draw.drawNo, {
        numbers: '1,2,3,4,5,6,7',
        powerball: '9',
        token: op.token,
      });
      expect(retry.code).toBe(1);
      expect(retry.text).toMatch(/voided by a mismatch/);
    }
    expect((await entriesOf(draw.id)).map((e) => e.status)).toEqual(['void', 'void']);
  });
});

describe('a division whose prize is not known at the results', () => {
  it('waits unpaid (prize_pending), fails draw:check, and is paid once when two operators enter its prize', async () => {
    const ops = await twoOperators(db);
    const draw = await ownDraw(db, 'powerball', { stopAt: new Date(Date.now() - 1000) });
    await engine.step(draw.id);
    // 6 numbers and the Powerball: division 3 (its prize entered); 6 numbers only: division 4 (none).
    const div3 = await insertTicket(db, draw, [{ numbers: [1, 2, 3, 4, 5, 6, 20], powerball: [8] }]);
    const div4 = await insertTicket(db, draw, [{ numbers: [1, 2, 3, 4, 5, 6, 20], powerball: [9] }]);
    for (const op of [ops.a, ops.b]) {
      const entered = await enterPowerball(db, draw.drawNo, {
        numbers: '1,2,3,4,5,6,7',
        powerball: '8',
        prizes: '3=5000',
        token: op.token,
      });
      expect(entered.code, entered.text).toBe(0);
    }
    await engine.advance(draw.id);
    expect(await payoutOf(db, div3.ticket.id)).toMatchObject({ status: 'paid', prizeCents: 500_000 });
    expect(await payoutOf(db, div4.ticket.id)).toMatchObject({ status: 'prize_pending', prizeCents: 0 });
    expect((await balancesOf(db, div4.customerId)).wallet).toBe(0);
    expect((await drawOf(draw.id))?.status).toBe('DRAW_CAPPED');
    const waiting = await operatorRun(db, ['draw:check', 'powerball', String(draw.drawNo)]);
    expect(waiting.code, waiting.text).toBe(1);
    expect(waiting.text).toContain('FAIL  no winner waits for a prize to be announced');

    // Entered blind by two operators: a division not waiting or one left out is refused.
    const prizes = (token: string, value: string) => enterPowerballPrizes(db, draw.drawNo, value, token);
    const notWaiting = await prizes(ops.a.token, '3=100');
    expect(notWaiting.code).toBe(1);
    expect(notWaiting.text).toMatch(/prizes\.3: Division 3 is not waiting/);
    const first = await prizes(ops.a.token, '4=120.50');
    expect(first.code, first.text).toBe(0);
    expect((await prizes(ops.a.token, '4=120.50')).text).toMatch(/has an entry waiting already/);
    const seen = await adminCall(app, ops.b.token, 'GET', `/admin/draws/powerball/${draw.drawNo}/entries`);
    const prizeEntry = seen.json().result.entries.find((e: { kind: string }) => e.kind === 'prizes');
    expect(prizeEntry).toMatchObject({ operator: ops.a.name, status: 'pending', prizes: null });
    const second = await adminCall(app, ops.b.token, 'POST', `/admin/draws/powerball/${draw.drawNo}/prizes`, {
      prizes: { '4': aud(12_050) },
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().result.published).toBe(true);

    await engine.advance(draw.id);
    await engine.advance(draw.id);
    await drainOutbox(app);
    expect(await payoutOf(db, div4.ticket.id)).toMatchObject({ status: 'paid', prizeCents: 12_050 });
    expect((await balancesOf(db, div4.customerId)).wallet).toBe(12_050);
    expect((await drawOf(draw.id))?.status).toBe('DRAW_EMAILED');
    const transfers = await db
      .select()
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.code, 'prize'), eq(ledgerTransfers.reference, div4.ticket.id)));
    expect(transfers.map((t) => t.amountCents)).toEqual([12_050]);
    const again = await prizes((await anotherOperator(db)).token, '4=120.50');
    expect(again.code).toBe(1);
    expect(again.text).toMatch(/no division waiting for its prize/);
    const check = await operatorRun(db, ['draw:check', 'powerball', String(draw.drawNo)]);
    expect(check.code, check.text).toBe(0);
  });
});
