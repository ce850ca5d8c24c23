/**
 * What a customer reads once the draw engine has done its work: a Powerball ticket bought through
 * the API, the draw closed, the results entered by two operators, scored, paid and announced; the
 * orders list, the ticket, the draw's full result, its winners and the feed all tell the same win.
 */
import { eq, tickets } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { drawEngineOf } from '../src/modules/draws/index.ts';
import { call, newCustomer } from './accounts-helpers.ts';
import { PB_ITEM } from './cart-helpers.ts';
import { aud, checkoutCalls, dueCents, fundWallet } from './checkout-helpers.ts';
import { enterPowerball, operatorRun, ownDraw, twoOperators } from './draws-helpers.ts';
import { drainOutbox, getTestApp, getTestDb } from './helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const engine = drawEngineOf(app.deps);
const { cart, add, purchase } = checkoutCalls(app);

describe('after the draw', () => {
  it('the ticket, the orders, the result, the winners and the feed show the win', async () => {
    const ops = await twoOperators(db);
    const draw = await ownDraw(db);
    const customer = await newCustomer(app);
    const as = (url: string, method: 'GET' | 'POST' = 'GET') =>
      call(app, url, { token: customer.access_token, method });
    const added = await add(customer.access_token, {
      ...PB_ITEM,
      games: [{ numbers: [35, 3, 9, 14, 21, 27, 30], powerball: 8 }],
    });
    expect(added.statusCode, added.body).toBe(200);
    await fundWallet(db, customer.id, 10_000);
    const due = dueCents(await cart(customer.access_token));
    expect((await purchase(customer.access_token, { expected_total: aud(due) })).statusCode).toBe(200);
    const [ticket] = await db.select().from(tickets).where(eq(tickets.customerId, customer.id));
    if (!ticket) throw new Error('no ticket');
    expect(ticket.drawId).toBe(draw.id);

    const upcoming = (await as('/v2/orders?status=upcoming_products')).json();
    expect(upcoming.result.map((o: { id: string }) => o.id)).toEqual([ticket.orderId]);
    expect(upcoming.result[0].next_draw).toMatchObject({ draw_no: draw.drawNo, status: 'DRAW_OPEN' });
    expect((await as(`/v2/tickets/${ticket.id}`)).json().result.payout_status).toBe('no_result');

    expect((await operatorRun(db, ['draw:close', 'powerball', String(draw.drawNo)])).code).toBe(0);
    for (const op of [ops.a, ops.b]) {
      const entered = await enterPowerball(db, draw.drawNo, {
        numbers: '3,9,14,21,27,30,1',
        powerball: '8',
        prizes: '3=5000,4=120',
        token: op.token,
      });
      expect(entered.code, entered.text).toBe(0);
    }
    await engine.advance(draw.id);
    // The winner is told by the outbox (a feed entry and a mail).
    await drainOutbox(app);

    const past = (await as('/v2/orders?status=past_products')).json();
    expect(past.result[0]).toMatchObject({ id: ticket.orderId, next_draw: null, prize: aud(500_000) });
    expect((await as('/v2/orders?status=upcoming_products')).json().result).toEqual([]);

    const shown = (await as(`/v2/tickets/${ticket.id}`)).json().result;
    expect(shown).toMatchObject({
      payout_status: 'paid',
      prize: aud(500_000),
      draw: { status: 'DRAW_EMAILED' },
    });
    expect(shown.games[0]).toMatchObject({
      division: 3,
      prize: aud(500_000),
      sets: [
        {
          name: 'Numbers',
          numbers: [3, 9, 14, 21, 27, 30, 35],
          matched: [3, 9, 14, 21, 27, 30],
          matched_positions: [0, 1, 2, 3, 4, 5],
        },
        { name: 'Powerball', numbers: [8], matched: [8] },
      ],
    });

    const full = (await call(app, `/v2/draw/full_result/powerball/${draw.drawNo}`)).json().result;
    expect(full.result.numbers).toEqual([
      { name: 'Numbers', numbers: [3, 9, 14, 21, 27, 30, 1] },
      { name: 'Powerball', numbers: [8] },
    ]);
    expect(full.divisions.find((d: { division: number }) => d.division === 3)).toMatchObject({
      winners: 1,
      prize: aud(500_000),
    });
    const winners = (await call(app, `/v2/draw/details/powerball/${draw.drawNo}/winners`)).json().result;
    expect(winners).toEqual([
      {
        name: 'A Drawhouse customer',
        suburb: null,
        rank: 3,
        prize_name: '6 numbers + Powerball',
        prize: aud(500_000),
        ticket_number: null,
      },
    ]);

    const feed = (await as('/v2/notifications')).json().result;
    expect(feed.unviewed_count).toBe(1);
    expect(feed.notifications[0]).toMatchObject({
      title: 'You won $5,000.00!',
      viewed: false,
      actions: [{ link: `/my-account/past-tickets/ticket/${ticket.id}` }],
    });
    expect((await as('/v2/notifications/viewed', 'POST')).json().result).toEqual({
      marked: 1,
      unviewed_count: 0,
    });
  });
});
