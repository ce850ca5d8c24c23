/**
 * The engine on two workers at once, and the stop time under load: two engines advancing the same
 * draw together score it once, credit every ticket once and tell every winner once; purchases racing
 * a draw's stop instant are taken before it and refused after it, to the second.
 */
import {
  createDb,
  draws,
  eq,
  ledgerTransfers,
  notifications,
  sql,
  ticketPayouts,
  tickets,
} from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { drawEngineOf } from '../src/modules/draws/index.ts';
import { newCustomer } from './accounts-helpers.ts';
import { PB_ITEM } from './cart-helpers.ts';
import { aud, balancesOf, checkoutCalls, dueCents, fundWallet } from './checkout-helpers.ts';
import { insertCustomer } from './customer-rows.ts';
import { insertTicket, operatorRun, ownDraw, twoOperators } from './draws-helpers.ts';
import { drainOutbox, getTestApp, getTestDb, mailOf } from './helpers.ts';
import { testDatabaseUrl } from './test-database.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const { cart, add, purchase } = checkoutCalls(app);

/** A second worker: its own connections, its own engine. */
const other = createDb(testDatabaseUrl(), { max: 4 });
afterAll(() => other.close());

describe('two engines on one draw', () => {
  it('pay every winning ticket once and tell every winner once', async () => {
    const ops = await twoOperators(db);
    const draw = await ownDraw(db, 'powerball', { stopAt: new Date(Date.now() - 1000) });
    // 4 numbers + the Powerball (division 6) on every ticket; some customers hold two tickets.
    const winning = { numbers: [1, 2, 3, 4, 30, 31, 32], powerball: [5] };
    const customers = await Promise.all(Array.from({ length: 15 }, () => insertCustomer(db)));
    const bought = [];
    for (let i = 0; i < 40; i++) {
      const customerId = customers[i % customers.length] as string;
      bought.push(
        (
          await insertTicket(db, draw, [winning, { numbers: [8, 9, 10, 11, 12, 13, 14], powerball: [6] }], {
            customerId,
          })
        ).ticket,
      );
    }
    const first = drawEngineOf(app.deps);
    const second = drawEngineOf({ ...app.deps, db: other.db });
    await first.step(draw.id);
    const entry = { numbers: [1, 2, 3, 4, 5, 6, 7], powerball: [5], prizes: { '6': 4_215 } };
    await first.results.enter('powerball', draw.drawNo, ops.a.actor, entry);
    await second.results.enter('powerball', draw.drawNo, ops.b.actor, entry);

    await Promise.all([
      first.advance(draw.id),
      second.advance(draw.id),
      second.advance(draw.id),
      first.sweep(),
    ]);
    await drainOutbox(app);

    const [done] = await db.select().from(draws).where(eq(draws.id, draw.id));
    expect(done?.status).toBe('DRAW_EMAILED');
    const payouts = await db.select().from(ticketPayouts).where(eq(ticketPayouts.drawId, draw.id));
    expect(payouts).toHaveLength(40);
    expect(payouts.every((p) => p.status === 'paid' && p.prizeCents === 4_215 && p.notifiedAt)).toBe(true);
    const [transfers] = await db
      .select({ n: sql<number>`count(*)::int`, cents: sql<string>`sum(amount_cents)` })
      .from(ledgerTransfers)
      .where(
        sql`${ledgerTransfers.code} = 'prize' and ${ledgerTransfers.reference} in (select id::text from ${tickets} where draw_id = ${draw.id})`,
      );
    expect(transfers).toEqual({ n: 40, cents: String(40 * 4_215) });
    for (const [i, customerId] of customers.entries()) {
      const held = bought.filter((_, t) => t % customers.length === i).length;
      expect((await balancesOf(db, customerId)).wallet).toBe(held * 4_215);
      const feed = await db.select().from(notifications).where(eq(notifications.customerId, customerId));
      expect(feed).toHaveLength(held);
    }
    const mails = mailOf(app)
      .messages()
      .filter((m) => /You won \$42\.15!/.test(m.subject));
    expect(mails.length).toBe(40);
    const check = await operatorRun(db, ['draw:check', 'powerball', String(draw.drawNo)]);
    expect(check.code, check.text).toBe(0);
    expect(check.text).toContain('80 sold, 80 scored');
  });
});

describe('the stop time under load', () => {
  it('takes no sale after the stop instant, to the second, and the close keeps every sale taken', async () => {
    const draw = await ownDraw(db, 'powerball', { stopAt: new Date(Date.now() + 120_000) });
    const buyers = [];
    for (let i = 0; i < 24; i++) {
      const customer = await newCustomer(app);
      expect((await add(customer.access_token, { ...PB_ITEM, first_draw_no: draw.drawNo })).statusCode).toBe(
        200,
      );
      await fundWallet(db, customer.id, 10_000);
      buyers.push({ customer, due: dueCents(await cart(customer.access_token)) });
    }
    // The stop comes 3 s from now, whole to the second as the timetables' are.
    const stopAt = new Date(Math.ceil((Date.now() + 3_000) / 1000) * 1000);
    await db.update(draws).set({ stopAt }).where(eq(draws.id, draw.id));
    // Purchases every 150 ms from 2.4 s before the stop to 1.2 s after it, all in flight together.
    const start = stopAt.getTime() - 2_400;
    const answers = await Promise.all(
      buyers.map(async ({ customer, due }, i) => {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, start + i * 150 - Date.now())));
        const sentAt = Date.now();
        const res = await purchase(customer.access_token, { expected_total: aud(due) });
        return { sentAt, answeredAt: Date.now(), status: res.statusCode, customerId: customer.id };
      }),
    );
    const closer = drawEngineOf(app.deps);
    await closer.advance(draw.id);
    const [closed] = await db.select().from(draws).where(eq(draws.id, draw.id));
    expect(closed?.status).toBe('DRAW_CLOSED');

    const sold = await db.select().from(tickets).where(eq(tickets.drawId, draw.id));
    const taken = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(taken.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    // Every sale was asked for before the stop and began before it (created_at is its transaction's start).
    for (const a of taken) expect(a.sentAt).toBeLessThan(stopAt.getTime());
    for (const t of sold) expect(t.createdAt.getTime()).toBeLessThan(stopAt.getTime());
    // Every purchase asked for after the stop was refused.
    for (const a of answers.filter((x) => x.sentAt >= stopAt.getTime())) expect(a.status).not.toBe(200);
    expect(sold.map((t) => t.customerId).sort()).toEqual(taken.map((a) => a.customerId).sort());
    // Nothing is sold into the draw once it is closed.
    const late = buyers.find((b) => !taken.some((a) => a.customerId === b.customer.id));
    if (late) {
      const again = await purchase(late.customer.access_token, { expected_total: aud(late.due) });
      expect(again.statusCode).not.toBe(200);
    }
    expect(await db.select().from(tickets).where(eq(tickets.drawId, draw.id))).toHaveLength(sold.length);
    expect(closed?.closedAt?.getTime()).toBeGreaterThanOrEqual(stopAt.getTime());
  });
});
