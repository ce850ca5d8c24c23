/**
 * What follows the draw engine's moves goes through the outbox: a follower of `draw.closed` that
 * fails is kept and retried until it succeeds (never dropped), and the winners of a draw are told
 * once (one feed entry, one mail) however often the win notices' follower runs.
 */
import { randomUUID } from 'node:crypto';
import {
  and,
  customers,
  draws,
  eq,
  lottoPartySessions,
  notifications,
  outboxDeliveries,
  outboxEvents,
  sql,
  ticketPayouts,
} from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { drawEngineOf, drawSubscribersOf } from '../src/modules/draws/index.ts';
import type { OutboxEvents } from '../src/modules/outbox/index.ts';
import { newCustomer } from './accounts-helpers.ts';
import { aud, balancesOf, checkoutCalls, dueCents, fundWallet } from './checkout-helpers.ts';
import { insertTicket, ownDraw, ownDrawPairs, twoOperators } from './draws-helpers.ts';
import { drainOutbox, getTestApp, getTestDb, mailOf } from './helpers.ts';
import { lottoPartyCalls, pastStop } from './lotto-party-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const engine = drawEngineOf(app.deps);
const { add, cart, purchase } = checkoutCalls(app);
const pairs = ownDrawPairs(db);
afterEach(() => pairs.takeOffSale());

/** The deliveries of `subscriber` for the events about `aggregateId`. */
async function deliveriesOf(subscriber: string, aggregateId: string) {
  return db
    .select({
      eventId: outboxDeliveries.eventId,
      status: outboxDeliveries.status,
      attempts: outboxDeliveries.attempts,
      lastError: outboxDeliveries.lastError,
    })
    .from(outboxDeliveries)
    .innerJoin(outboxEvents, eq(outboxEvents.id, outboxDeliveries.eventId))
    .where(and(eq(outboxDeliveries.subscriber, subscriber), eq(outboxEvents.aggregateId, aggregateId)));
}

describe("the draw's followers", () => {
  it('retries a follower of draw.closed that failed, and then it happens: a lotto party session is closed', async () => {
    const { current } = await pairs.twoDraws();
    const { groupOf, sessionOf } = lottoPartyCalls(app);
    const owner = await newCustomer(app);
    await fundWallet(db, owner.id, 1_000);
    const group = await groupOf(owner, []);
    const sessionId = await sessionOf(owner, group.group_id, current.id, 100, 5);
    expect((await add(owner.access_token, { session_id: sessionId, num_shares: 1 })).statusCode).toBe(200);
    const due = dueCents(await cart(owner.access_token));
    expect((await purchase(owner.access_token, { expected_total: aud(due) })).statusCode).toBe(200);

    // The session's first close fails (once: a sequence is not rolled back with it).
    const name = `fail_once_${randomUUID().replaceAll('-', '')}`;
    await db.execute(sql.raw(`create sequence ${name}`));
    await db.execute(
      sql.raw(`create function ${name}() returns trigger language plpgsql as $$
        begin
          if nextval('${name}') = 1 then raise exception 'the close failed once'; end if;
          return new;
        end $$`),
    );
    await db.execute(
      sql.raw(`create trigger ${name} before update on lotto_party_sessions
        for each row when (old.id = '${sessionId}') execute function ${name}()`),
    );
    try {
      await pastStop(db, current.id);
      expect((await engine.step(current.id)).moved).toBe(true);
      await drainOutbox(app);
      // The draw closed; its lotto party follower failed, and is kept for a retry.
      const [closedDraw] = await db.select().from(draws).where(eq(draws.id, current.id));
      expect(closedDraw?.status).toBe('DRAW_CLOSED');
      const session = async () =>
        (await db.select().from(lottoPartySessions).where(eq(lottoPartySessions.id, sessionId)))[0];
      expect((await session())?.status).toBe('open');
      const [failed] = await deliveriesOf('lotto-party-close', current.id);
      expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
      expect(failed?.lastError).toMatch(/Failed query: update "lotto_party_sessions"/);

      // Its retry comes due (rather than waiting out its backoff): the session is closed now, once.
      await db
        .update(outboxDeliveries)
        .set({ nextAttemptAt: new Date(Date.now() - 1_000) })
        .where(eq(outboxDeliveries.eventId, failed?.eventId ?? 0));
      await drainOutbox(app);
      expect(await deliveriesOf('lotto-party-close', current.id)).toMatchObject([
        { status: 'done', attempts: 2, lastError: null },
      ]);
      // One $1 share cannot buy a $1.55 game: cancelled, refunded, told by mail.
      expect((await session())?.status).toBe('cancelled');
      expect((await balancesOf(db, owner.id)).wallet).toBe(1_000);
      const mails = mailOf(app)
        .messages()
        .filter((m) => m.to.includes(owner.email) && /session cancelled/.test(m.subject));
      expect(mails).toHaveLength(1);
    } finally {
      await db.execute(sql.raw(`drop trigger ${name} on lotto_party_sessions`));
      await db.execute(sql.raw(`drop function ${name}()`));
      await db.execute(sql.raw(`drop sequence ${name}`));
    }
  });

  it("tells a draw's winners once, however often the win notices' follower runs", async () => {
    const ops = await twoOperators(db);
    const draw = await ownDraw(db, 'powerball', { stopAt: new Date(Date.now() - 1_000) });
    const winning = { numbers: [1, 2, 3, 4, 5, 6, 7], powerball: [5] };
    const winners = [
      await insertTicket(db, draw, [winning]),
      await insertTicket(db, draw, [winning]),
      await insertTicket(db, draw, [{ numbers: [8, 9, 10, 11, 12, 13, 14], powerball: [6] }]),
    ];
    await engine.step(draw.id);
    const entry = { numbers: winning.numbers, powerball: winning.powerball, prizes: { '1': 12_345 } };
    await engine.results.enter('powerball', draw.drawNo, ops.a.actor, entry);
    await engine.results.enter('powerball', draw.drawNo, ops.b.actor, entry);
    await engine.advance(draw.id);
    await drainOutbox(app);
    expect((await db.select().from(draws).where(eq(draws.id, draw.id)))[0]?.status).toBe('DRAW_EMAILED');

    const emails = new Map<string, string>();
    for (const { customerId } of winners) {
      const [row] = await db
        .select({ email: customers.email })
        .from(customers)
        .where(eq(customers.id, customerId));
      emails.set(customerId, row?.email ?? '');
    }
    const told = () =>
      Promise.all(
        winners.map(async ({ customerId, ticket }) => ({
          feed: (await db.select().from(notifications).where(eq(notifications.customerId, customerId))).map(
            (n) => n.sourceKey,
          ),
          mails: mailOf(app)
            .messages()
            .filter((m) => m.to.includes(emails.get(customerId) ?? '') && /You won/.test(m.subject)).length,
          ticket: ticket.id,
        })),
      );
    const expected = winners.map(({ ticket }, i) => ({
      feed: i < 2 ? [`win:${ticket.id}`] : [],
      mails: i < 2 ? 1 : 0,
      ticket: ticket.id,
    }));
    expect(await told()).toEqual(expected);

    // The follower runs twice more on the payouts' event, even after the told marks were lost.
    const [stored] = await db
      .select()
      .from(outboxEvents)
      .where(and(eq(outboxEvents.type, 'prize.credited'), eq(outboxEvents.aggregateId, draw.id)));
    if (!stored) throw new Error('no prize.credited event');
    const event = {
      ...stored,
      type: 'prize.credited' as const,
      payload: stored.payload as OutboxEvents['prize.credited'],
    };
    expect(new Set(event.payload.ticketIds)).toEqual(new Set(winners.slice(0, 2).map((w) => w.ticket.id)));
    await db.update(ticketPayouts).set({ notifiedAt: null }).where(eq(ticketPayouts.drawId, draw.id));
    await db.update(draws).set({ status: 'DRAW_PAID' }).where(eq(draws.id, draw.id));
    const follower = drawSubscribersOf(app.deps).find((s) => s.name === 'win-notices');
    if (follower?.runs !== 'in-transaction') throw new Error('win notices run in a transaction');
    await db.transaction((tx) => follower.handle(tx, event));
    await db.transaction((tx) => follower.handle(tx, event));
    await engine.step(draw.id);
    await drainOutbox(app);
    expect(await told()).toEqual(expected);
    expect((await db.select().from(draws).where(eq(draws.id, draw.id)))[0]?.status).toBe('DRAW_EMAILED');
  });
});
