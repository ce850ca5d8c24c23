/**
 * The signed-in customer's orders and tickets: upcoming and past lists, an order with its tickets
 * (matched numbers, division and prize per game, payout status), a ticket, the offers to buy again,
 * the customer's own results; another customer's ids are 404 and unpublished results never show.
 */
import { createDraw, createProductOffer, draws, eq, syndicateEntries } from '@drawhouse/db';
import { sydneyParts } from '@drawhouse/domain';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, newCustomer, type TestCustomer } from './accounts-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';
import {
  insertRaffleNumbers,
  insertTicket,
  insertWin,
  pastDraw,
  powerballOffer,
  raffleWithSeed,
} from './results-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();

const as = (customer: TestCustomer, url: string) => call(app, url, { token: customer.access_token });

// Wins division 9 with game 0 (2 numbers + Powerball: 3 and 11, Powerball 7); game 1 wins nothing.
const GAMES = [
  { numbers: [11, 3, 1, 2, 4, 5, 6], powerball: [7] },
  { numbers: [8, 9, 10, 12, 13, 14, 15], powerball: [1] },
];

let owner: TestCustomer;
let stranger: TestCustomer;
let offerKey: string;
let pastOrderId: string;
let pastTicketId: string;
let upcomingOrderId: string;
let closedTicketId: string;

beforeAll(async () => {
  [owner, stranger] = await Promise.all([newCustomer(app), newCustomer(app)]);
  const offer = await powerballOffer(db);
  offerKey = offer.key;
  const published = await pastDraw(db, offerKey, { drawNo: 41, daysAgo: 3 });
  const closed = await pastDraw(db, offerKey, { drawNo: 42, daysAgo: 0.1, status: 'DRAW_CLOSED' });
  const open = await createDraw(db, offerKey, { drawNo: 43 });

  const past = await insertTicket(db, {
    customerId: owner.id,
    offerKey,
    drawId: published.id,
    games: GAMES,
    createdAt: new Date(Date.now() - 4 * 86_400_000),
  });
  pastOrderId = past.order.id;
  pastTicketId = past.ticket.id;
  await insertWin(db, {
    ticketId: past.ticket.id,
    drawId: published.id,
    customerId: owner.id,
    gameIndex: 0,
    division: 9,
    prizeCents: 1_250,
  });
  const pending = await insertTicket(db, { customerId: owner.id, offerKey, drawId: closed.id, games: GAMES });
  closedTicketId = pending.ticket.id;
  upcomingOrderId = (
    await insertTicket(db, { customerId: owner.id, offerKey, drawId: open.id, games: GAMES })
  ).order.id;
});

describe('GET /v2/orders', () => {
  it('needs a signed-in customer', async () => {
    expect((await call(app, '/v2/orders')).statusCode).toBe(401);
  });

  it('lists upcoming orders (a draw without a published result) and past ones apart, newest first', async () => {
    const upcoming = await as(owner, '/v2/orders?status=upcoming_products');
    expect(upcoming.statusCode, upcoming.body).toBe(200);
    expect(upcoming.json().page_info).toEqual({ offset: 0, limit: 10, total: 2 });
    const ids = upcoming.json().result.map((o: { id: string }) => o.id);
    expect(ids).toHaveLength(2);
    expect(ids).toContain(upcomingOrderId);
    expect(ids).not.toContain(pastOrderId);

    const past = (await as(owner, '/v2/orders?status=past_products')).json();
    expect(past.page_info.total).toBe(1);
    expect(past.result[0]).toMatchObject({
      id: pastOrderId,
      product_type: 'lottery_ticket',
      product_offer_key: offerKey,
      offer_name: 'Test Powerball',
      game_type: 'standard',
      num_games: 2,
      ticket_count: 1,
      next_draw: null,
      last_draw: { draw_no: 41, status: 'DRAW_PAID' },
      prize: { amount: 12.5, currency: 'AUD' },
    });

    const paged = (await as(owner, '/v2/orders?status=upcoming_products&limit=1&offset=1')).json();
    expect(paged.result).toHaveLength(1);
    expect(paged.page_info).toEqual({ offset: 1, limit: 1, total: 2 });
    expect((await as(stranger, '/v2/orders?status=past_products')).json().result).toEqual([]);
    expect((await as(owner, '/v2/orders?status=everything')).statusCode).toBe(400);
  });
});

describe('GET /v2/orders/{id}', () => {
  it('shows each ticket with the matched numbers, division and prize per game, and the payout', async () => {
    const res = await as(owner, `/v2/orders/${pastOrderId}?show_details=true`);
    expect(res.statusCode, res.body).toBe(200);
    const [ticket] = res.json().result.tickets;
    expect(ticket).toMatchObject({
      id: pastTicketId,
      order_id: pastOrderId,
      draw: { draw_no: 41 },
      result: { numbers: [{ name: 'Numbers' }, { name: 'Powerball', numbers: [7] }] },
      prize: { amount: 12.5, currency: 'AUD' },
      payout_status: 'paid',
    });
    expect(ticket.games).toEqual([
      {
        index: 0,
        sets: [
          { name: 'Numbers', numbers: [1, 2, 3, 4, 5, 6, 11], matched: [3, 11], matched_positions: [2, 6] },
          { name: 'Powerball', numbers: [7], matched: [7], matched_positions: [0] },
        ],
        supplementary_matched: [],
        division: 9,
        combos: 1,
        prize: { amount: 12.5, currency: 'AUD' },
      },
      {
        index: 1,
        sets: [
          { name: 'Numbers', numbers: [8, 9, 10, 12, 13, 14, 15], matched: [], matched_positions: [] },
          { name: 'Powerball', numbers: [1], matched: [], matched_positions: [] },
        ],
        supplementary_matched: [],
        division: null,
        combos: 0,
        prize: null,
      },
    ]);
    const brief = (await as(owner, `/v2/orders/${pastOrderId}`)).json().result;
    expect(brief.tickets).toEqual([]);
  });

  it("answers 404 for another customer's order, an unknown id and an id that is no id", async () => {
    for (const id of [pastOrderId, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await as(stranger, `/v2/orders/${id}?show_details=true`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('order_not_found');
    }
  });
});

describe('GET /v2/tickets/{id}', () => {
  it('shows a ticket of a draw whose result is not published with nothing matched', async () => {
    const res = await as(owner, `/v2/tickets/${closedTicketId}`);
    expect(res.statusCode, res.body).toBe(200);
    const ticket = res.json().result;
    expect(ticket).toMatchObject({
      result: null,
      prize: null,
      payout_status: 'no_result',
      draw: { status: 'DRAW_CLOSED' },
    });
    expect(
      ticket.games.flatMap((g: { sets: { matched: number[] }[] }) => g.sets.flatMap((s) => s.matched)),
    ).toEqual([]);
  });

  it("answers 404 for another customer's ticket", async () => {
    expect((await as(owner, `/v2/tickets/${pastTicketId}`)).statusCode).toBe(200);
    const res = await as(stranger, `/v2/tickets/${pastTicketId}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('ticket_not_found');
  });

  it('a raffle ticket lists its numbers with the prize each won', async () => {
    const { offer, draw } = await raffleWithSeed(db, { drawn: true });
    const { ticket } = await insertTicket(db, {
      customerId: owner.id,
      offerKey: offer.key,
      drawId: draw.id,
      productType: 'raffle_ticket',
    });
    await insertRaffleNumbers(db, {
      offerKey: offer.key,
      drawId: draw.id,
      ticketId: ticket.id,
      numbers: [1, 2, 3],
    });
    await insertWin(db, {
      ticketId: ticket.id,
      drawId: draw.id,
      customerId: owner.id,
      gameIndex: 2,
      division: 1,
      prizeCents: 100_000,
      prizeName: 'A test prize',
      payout: 'held',
    });
    const result = (await as(owner, `/v2/tickets/${ticket.id}`)).json().result;
    expect(result.raffle_ticket_numbers).toEqual([
      { number: 1, prize_rank: null, prize_name: null },
      { number: 2, prize_rank: 1, prize_name: 'A test prize' },
      { number: 3, prize_rank: null, prize_name: null },
    ]);
    expect(result).toMatchObject({ games: [], prize_names: ['A test prize'], payout_status: 'held' });
  });
});

describe('a syndicate share', () => {
  it("shows the syndicate entry's games with what matched, and the share's part of the prize", async () => {
    const offer = await createProductOffer(db, {
      type: 'syndicate_share',
      lotteryKey: 'powerball',
      name: 'Test Syndicate',
      displayCategory: 'syndicate',
    });
    const draw = await pastDraw(db, offer.key, { drawNo: 41 });
    await db.update(draws).set({ type: 'syndicate_share_draw' }).where(eq(draws.id, draw.id));
    await db.insert(syndicateEntries).values({
      drawId: draw.id,
      gameType: 'reduced_system',
      games: [{ numbers: [1, 3, 11, 17, 22, 40, 41, 42], powerball: [7] }],
    });
    const { ticket } = await insertTicket(db, {
      customerId: owner.id,
      offerKey: offer.key,
      drawId: draw.id,
      productType: 'syndicate_share',
      numShares: 2,
    });
    await insertWin(db, {
      ticketId: ticket.id,
      drawId: draw.id,
      customerId: owner.id,
      gameIndex: 0,
      division: 8,
      prizeCents: 333,
    });
    const result = (await as(owner, `/v2/tickets/${ticket.id}`)).json().result;
    expect(result).toMatchObject({
      product_type: 'syndicate_share',
      game_type: 'reduced_system',
      num_shares: 2,
      prize: { amount: 3.33, currency: 'AUD' },
      payout_status: 'paid',
    });
    expect(result.games[0].sets[0]).toEqual({
      name: 'Numbers',
      numbers: [1, 3, 11, 17, 22, 40, 41, 42],
      matched: [3, 11, 17, 22],
      matched_positions: [1, 2, 3, 4],
    });
    expect(result.games[0].division).toBe(8);
  });
});

describe('GET /v2/orders/recommended', () => {
  it('offers what the customer bought lately that has a draw on sale', async () => {
    const res = await as(owner, '/v2/orders/recommended');
    expect(res.statusCode, res.body).toBe(200);
    const mine = res
      .json()
      .result.filter((r: { product_offer_key: string }) => r.product_offer_key === offerKey);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ game_type: 'standard', next_draw: { draw_no: 43, status: 'DRAW_OPEN' } });
    expect(mine[0].last_order_id).toBe(upcomingOrderId);
    expect((await as(stranger, '/v2/orders/recommended')).json().result).toEqual([]);
  });

  it('leaves out an offer with no draw on sale', async () => {
    const buyer = await newCustomer(app);
    const offer = await powerballOffer(db);
    const draw = await pastDraw(db, offer.key, { drawNo: 1 });
    await insertTicket(db, { customerId: buyer.id, offerKey: offer.key, drawId: draw.id, games: GAMES });
    expect((await as(buyer, '/v2/orders/recommended')).json().result).toEqual([]);
  });
});

describe("the customer's own results", () => {
  it('past draws of an offer the customer entered, with the tickets in each', async () => {
    const res = await as(owner, `/v2/draws/past_customer/${offerKey}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.page_info).toEqual({ offset: 0, limit: 5, total: 1 });
    expect(body.result[0]).toMatchObject({
      draw_no: 41,
      tickets: [{ id: pastTicketId, payout_status: 'paid' }],
    });
    expect((await as(stranger, `/v2/draws/past_customer/${offerKey}`)).json().result).toEqual([]);
    expect((await call(app, `/v2/draws/past_customer/${offerKey}`)).statusCode).toBe(401);
  });

  it("a draw's full result with the customer's tickets; not before it is published", async () => {
    const res = await as(owner, `/v2/draw/full_result_customer/${offerKey}/41`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.tickets.map((t: { id: string }) => t.id)).toEqual([pastTicketId]);
    expect(
      (await as(stranger, `/v2/draw/full_result_customer/${offerKey}/41`)).json().result.tickets,
    ).toEqual([]);
    const closed = await as(owner, `/v2/draw/full_result_customer/${offerKey}/42`);
    expect(closed.statusCode).toBe(404);
    expect(closed.json().error.code).toBe('results_not_published');
  });

  it("the archive with the customer's own id lists only draws they entered", async () => {
    const [published] = await db.select().from(draws).where(eq(draws.productOfferKey, offerKey));
    const at = sydneyParts(published?.drawAt ?? new Date());
    const url = `/v2/draws/past/archived/latest/${at.year}/${at.month}?customer_id=${owner.id}&limit=50`;
    const res = await as(owner, url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json().result.map((d: { product_offer_key: string }) => d.product_offer_key)).toContain(
      offerKey,
    );
    expect((await as(stranger, url)).statusCode).toBe(404);
  });
});
