/**
 * Public results: result keys, an offer's past draws (paged, 5 to a page), the archive by month,
 * full result, details with divisions, raffle prizes and the proof (never the seed before the draw),
 * prizes, winners as they agreed to be shown, preview; unpublished results are never shown.
 */
import { createDraw, customers, draws, eq } from '@drawhouse/db';
import { sydneyParts } from '@drawhouse/domain';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { call } from './accounts-helpers.ts';
import { insertCustomer } from './customer-rows.ts';
import { getTestApp, getTestDb } from './helpers.ts';
import {
  insertTicket,
  insertWin,
  pastDraw,
  powerballOffer,
  raffleWithSeed,
  WINNING,
} from './results-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();

const get = (url: string) => call(app, url);

describe('past draws of an offer', () => {
  it('lists published draws newest first, five to a page, with numbers by set and divisions', async () => {
    const offer = await powerballOffer(db);
    for (let i = 1; i <= 6; i++) await pastDraw(db, offer.key, { drawNo: 100 + i, daysAgo: 10 - i });
    await pastDraw(db, offer.key, { drawNo: 200, daysAgo: 0.5, status: 'DRAW_CLOSED' });

    const res = await get(`/v2/draws/pricing/default/past/${offer.key}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.page_info).toEqual({ offset: 0, limit: 5, total: 6 });
    expect(body.result.map((d: { draw_no: number }) => d.draw_no)).toEqual([106, 105, 104, 103, 102]);
    expect(body.result[0]).toMatchObject({
      product_offer_key: offer.key,
      offer_name: 'Test Powerball',
      lottery_key: 'powerball',
      status: 'DRAW_PAID',
      jackpot: { amount: 50_000_000, currency: 'AUD' },
      result: {
        numbers: [
          { name: 'Numbers', numbers: WINNING.Numbers },
          { name: 'Powerball', numbers: WINNING.Powerball },
        ],
        supplementary: [],
        supplementary_name: null,
      },
      divisions: [
        { division: 1, description: '7 numbers + Powerball', winners: 0, prize: null },
        {
          division: 9,
          description: '2 numbers + Powerball',
          winners: 1,
          prize: { amount: 12.5, currency: 'AUD' },
        },
      ],
      raffle: null,
    });
    const second = (await get(`/v2/draws/pricing/default/past/${offer.key}?limit=5&offset=5`)).json();
    expect(second.result.map((d: { draw_no: number }) => d.draw_no)).toEqual([101]);
  });

  it('answers 404 for an unknown offer or pricing', async () => {
    const res = await get('/v2/draws/pricing/default/past/no-such-offer');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('offer_not_found');
    const offer = await powerballOffer(db);
    const pricing = await get(`/v2/draws/pricing/no-such-pricing/past/${offer.key}`);
    expect(pricing.statusCode).toBe(404);
    expect(pricing.json().error.code).toBe('pricing_not_found');
  });
});

describe('the demo results', () => {
  it('Powerball has past draws with seven numbers, the Powerball and nine divisions', async () => {
    // A month back: the seed's draws only (tests add draws of their own around now).
    const then = sydneyParts(new Date(Date.now() - 40 * 86_400_000));
    const res = await get(`/v2/draws/past/archived/powerball/${then.year}/${then.month}`);
    expect(res.statusCode, res.body).toBe(200);
    const [latest] = res.json().result;
    expect(
      latest.result.numbers.map((s: { name: string; numbers: number[] }) => [s.name, s.numbers.length]),
    ).toEqual([
      ['Numbers', 7],
      ['Powerball', 1],
    ]);
    expect(latest.divisions.map((d: { division: number }) => d.division)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    const keys = (await get('/v2/past/result_keys')).json().result.result_keys;
    expect(keys.map((k: { product_offer_key: string }) => k.product_offer_key)).toContain('powerball');
  });
});

describe('a draw whose results are not published', () => {
  it('shows no result anywhere, even with balls stored', async () => {
    const offer = await powerballOffer(db);
    await pastDraw(db, offer.key, { drawNo: 7, status: 'DRAW_CLOSED' });

    const full = await get(`/v2/draw/full_result/${offer.key}/7`);
    expect(full.statusCode).toBe(404);
    expect(full.json().error.code).toBe('results_not_published');
    const details = (await get(`/v2/draw/details/${offer.key}/7`)).json().result;
    expect(details).toMatchObject({ draw_no: 7, status: 'DRAW_CLOSED', result: null, divisions: [] });
    expect((await get(`/v2/draw/preview/${offer.key}/7`)).json().result.result).toBeNull();
    expect((await get(`/v2/draws/pricing/default/past/${offer.key}`)).json().result).toEqual([]);
    const keys = (await get('/v2/past/result_keys?clear_cache')).json().result.result_keys;
    expect(keys.map((k: { product_offer_key: string }) => k.product_offer_key)).not.toContain(offer.key);

    // Published: it shows at once (short-lived caches aside, read fresh here).
    await db.update(draws).set({ status: 'DRAW_DRAWN' }).where(eq(draws.productOfferKey, offer.key));
    const now = await get(`/v2/draw/full_result/${offer.key}/7?clear_cache`);
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json().result.result.numbers[0].numbers).toEqual(WINNING.Numbers);
    const preview = (await get(`/v2/draw/preview/${offer.key}/7?clear_cache`)).json().result;
    expect(preview).toMatchObject({ draw_no: 7, status: 'DRAW_DRAWN', result: { supplementary: [] } });
    expect(preview.divisions).toBeUndefined();
  });

  it('answers 404 for an unknown draw, and for a draw number that is no number', async () => {
    const offer = await powerballOffer(db);
    for (const drawNo of ['999', 'abc', '0']) {
      const res = await get(`/v2/draw/details/${offer.key}/${drawNo}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('draw_not_found');
    }
  });
});

describe('result keys', () => {
  it('names every offer with a published result, and a pricing filters them', async () => {
    const offer = await powerballOffer(db);
    await pastDraw(db, offer.key, { drawNo: 1, daysAgo: 3 });
    await pastDraw(db, offer.key, { drawNo: 2, daysAgo: 2 });
    const res = await get('/v2/past/result_keys?clear_cache');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=[0-5]$/);
    const mine = res
      .json()
      .result.result_keys.find((k: { product_offer_key: string }) => k.product_offer_key === offer.key);
    expect(mine).toMatchObject({
      product_type: 'lottery_ticket',
      display_category: 'lotto',
      url: `/${offer.key}`,
    });
    expect(new Date(mine.first_result_date).getTime()).toBeLessThan(Date.now() - 2.5 * 86_400_000);

    const priced = await get('/v2/draws/pricing/default/past/result_keys?clear_cache');
    expect(priced.statusCode).toBe(200);
    expect(priced.json().result.result_keys.length).toBeGreaterThan(0);
    expect((await get('/v2/draws/pricing/no-such-pricing/past/result_keys')).statusCode).toBe(404);
  });
});

describe('the archive by month', () => {
  it("lists an offer's draws of one Sydney month, and `latest` the newest result of each offer", async () => {
    const offer = await powerballOffer(db);
    const old = await pastDraw(db, offer.key, { drawNo: 1, daysAgo: 70 });
    await pastDraw(db, offer.key, { drawNo: 2, daysAgo: 1 });
    const at = sydneyParts(old.drawAt);
    const res = await call(app, `/v2/draws/past/archived/${offer.key}/${at.year}/${at.month}`, {
      headers: { 'x-api-version': '3.7' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.map((d: { draw_no: number }) => d.draw_no)).toEqual([1]);

    const now = sydneyParts(new Date());
    const latest = (
      await get(`/v2/draws/past/archived/latest/${now.year}/${now.month}?category=lotteries&limit=50`)
    ).json();
    const mine = latest.result.filter(
      (d: { product_offer_key: string }) => d.product_offer_key === offer.key,
    );
    expect(mine.map((d: { draw_no: number }) => d.draw_no)).toEqual([2]);
    const raffles = (
      await get(`/v2/draws/past/archived/latest/${now.year}/${now.month}?category=raffles&limit=50`)
    ).json();
    expect(raffles.result.every((d: { display_category: string }) => d.display_category === 'raffle')).toBe(
      true,
    );

    expect((await get(`/v2/draws/past/archived/${offer.key}/${now.year}/13`)).statusCode).toBe(400);
    expect((await get(`/v2/draws/past/archived/no-such-offer/${now.year}/1`)).statusCode).toBe(404);
  });

  it('`latest` gives a raffle its latest drawn draw only', async () => {
    const { offer, draw } = await raffleWithSeed(db, { drawn: true });
    await createDraw(db, offer.key, {
      type: 'raffle_ticket_draw',
      drawNo: 2,
      status: 'DRAW_EMAILED',
      drawAt: new Date(draw.drawAt.getTime() + 3_600_000),
      stopAt: draw.drawAt,
    });
    await createDraw(db, offer.key, { type: 'raffle_ticket_draw', drawNo: 3, status: 'DRAW_OPEN' });
    const now = sydneyParts(new Date());
    const res = await get(
      `/v2/draws/past/archived/latest/${now.year}/${now.month}?category=raffles&limit=50&clear_cache`,
    );
    const mine = res
      .json()
      .result.filter((d: { product_offer_key: string }) => d.product_offer_key === offer.key);
    expect(mine.map((d: { draw_no: number }) => d.draw_no)).toEqual([2]);
  });

  it("a customer's own archive needs that customer signed in: anyone else's id is 404", async () => {
    const offer = await powerballOffer(db);
    await pastDraw(db, offer.key, { drawNo: 1 });
    const now = sydneyParts(new Date());
    const someone = await insertCustomer(db);
    const res = await get(
      `/v2/draws/past/archived/${offer.key}/${now.year}/${now.month}?customer_id=${someone}`,
    );
    expect(res.statusCode, res.body).toBe(404);
  });
});

describe('a raffle draw', () => {
  it('before the draw: prizes and the commitment, never the seed', async () => {
    const { offer } = await raffleWithSeed(db, { drawn: false });
    const res = await call(app, `/v2/draw/details/${offer.key}/1`, { headers: { 'x-api-version': '3.6' } });
    expect(res.statusCode, res.body).toBe(200);
    const details = res.json().result;
    expect(details.result).toBeNull();
    expect(details.raffle.proof).toEqual({
      algorithm: 'hmac-sha256-rejection',
      version: 1,
      commitment: 'c0ffee'.padEnd(64, '0'),
    });
    expect(details.raffle.prizes.map((p: { winning_ticket: number | null }) => p.winning_ticket)).toEqual([
      null,
      null,
    ]);
    expect(res.body).not.toContain('abababab');
    expect(res.body).not.toContain('tickets_sold');
  });

  it('a seed marked drawn on a draw not yet published stays hidden', async () => {
    const { offer, draw } = await raffleWithSeed(db, { drawn: true });
    await db.update(draws).set({ status: 'DRAW_CLOSED' }).where(eq(draws.id, draw.id));
    const res = await get(`/v2/draw/details/${offer.key}/1`);
    expect(res.json().result.raffle.proof.seed).toBeUndefined();
    expect(res.body).not.toContain('abababab');
  });

  it('after the draw: the seed, tickets sold and winning tickets in prize order; prizes and winners', async () => {
    const { offer, draw, seedHex } = await raffleWithSeed(db, { drawn: true });
    const shy = await insertCustomer(db);
    const proud = await insertCustomer(db);
    await db
      .update(customers)
      .set({ winnerPublicity: 'first_name_suburb', firstname: 'Ava', suburb: 'Newtown' })
      .where(eq(customers.id, proud));
    const first = await insertTicket(db, {
      customerId: proud,
      offerKey: offer.key,
      drawId: draw.id,
      productType: 'raffle_ticket',
    });
    const second = await insertTicket(db, {
      customerId: shy,
      offerKey: offer.key,
      drawId: draw.id,
      productType: 'raffle_ticket',
    });
    await insertWin(db, {
      ticketId: first.ticket.id,
      drawId: draw.id,
      customerId: proud,
      gameIndex: 2,
      division: 1,
      prizeCents: 100_000,
      prizeName: 'A test prize',
    });
    await insertWin(db, {
      ticketId: second.ticket.id,
      drawId: draw.id,
      customerId: shy,
      gameIndex: 3,
      division: 2,
      prizeCents: 5_000,
      prizeName: 'A second prize',
    });

    const details = (await get(`/v2/draw/details/${offer.key}/1`)).json().result;
    expect(details.raffle.proof).toEqual({
      algorithm: 'hmac-sha256-rejection',
      version: 1,
      commitment: 'c0ffee'.padEnd(64, '0'),
      seed: seedHex,
      tickets_sold: 3,
      winning_tickets: [2, 3],
    });
    expect(details.result.numbers).toEqual([{ name: 'Winning tickets', numbers: [2, 3] }]);

    const prizes = (await get(`/v2/draw/details/${offer.key}/1/prizes`)).json().result;
    expect(prizes.prizes).toEqual([
      {
        rank: 1,
        name: 'A test prize',
        value: { amount: 1000, currency: 'AUD' },
        winners: 1,
        winning_ticket: 2,
      },
      {
        rank: 2,
        name: 'A second prize',
        value: { amount: 50, currency: 'AUD' },
        winners: 1,
        winning_ticket: 3,
      },
    ]);

    const winners = (await get(`/v2/draw/details/${offer.key}/1/winners`)).json();
    expect(winners.page_info).toEqual({ offset: 0, limit: 5, total: 2 });
    expect(winners.result).toEqual([
      {
        name: 'Ava',
        suburb: 'Newtown',
        rank: 1,
        prize_name: 'A test prize',
        prize: { amount: 1000, currency: 'AUD' },
        ticket_number: 2,
      },
      {
        name: 'A Drawhouse customer',
        suburb: null,
        rank: 2,
        prize_name: 'A second prize',
        prize: { amount: 50, currency: 'AUD' },
        ticket_number: 3,
      },
    ]);
    const shown = JSON.stringify(winners);
    expect(shown).not.toContain('Test');
    expect(shown).not.toContain('Sydney');

    // winner_search: a ticket number, or the start of a named winner's first name or suburb.
    const search = async (text: string, segment = 'default') => {
      const url = `/v2/draw/details/${offer.key}/1/winners?search=${encodeURIComponent(text)}`;
      return call(app, url, { headers: { 'x-segment': segment } });
    };
    const found = async (text: string) => {
      const res = await search(text);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().result.map((w: { ticket_number: number }) => w.ticket_number);
    };
    expect(await found('newt')).toEqual([2]);
    expect(await found('AV')).toEqual([2]);
    expect(await found('3')).toEqual([3]);
    expect((await search('3')).json().page_info.total).toBe(1);
    // The winner who did not agree to be named is never found by their name or suburb.
    expect(await found('Test')).toEqual([]);
    expect(await found('Sydney')).toEqual([]);
    // Wildcards are text, not patterns.
    expect(await found('%')).toEqual([]);
    expect(await found('_va')).toEqual([]);
    expect((await search('')).statusCode).toBe(400);
    const off = await search('newt', 'lite');
    expect(off.statusCode).toBe(404);
    expect(off.json().messages[0].code).toBe('winner_search_unavailable');
  });
});

describe('lottery winners and prizes', () => {
  it('lists divisions as prizes, and winners best division first, paged', async () => {
    const offer = await powerballOffer(db);
    const draw = await pastDraw(db, offer.key, { drawNo: 5 });
    const customer = await insertCustomer(db);
    const { ticket } = await insertTicket(db, {
      customerId: customer,
      offerKey: offer.key,
      drawId: draw.id,
      games: [{ numbers: [3, 11, 1, 2, 4, 5, 6], powerball: [7] }],
    });
    await insertWin(db, {
      ticketId: ticket.id,
      drawId: draw.id,
      customerId: customer,
      gameIndex: 0,
      division: 9,
      prizeCents: 1_250,
    });

    const prizes = (await get(`/v2/draw/details/${offer.key}/5/prizes`)).json().result.prizes;
    expect(prizes[1]).toEqual({
      rank: 9,
      name: '2 numbers + Powerball',
      value: { amount: 12.5, currency: 'AUD' },
      winners: 1,
      winning_ticket: null,
    });
    const winners = (await get(`/v2/draw/details/${offer.key}/5/winners`)).json().result;
    expect(winners).toEqual([
      {
        name: 'A Drawhouse customer',
        suburb: null,
        rank: 9,
        prize_name: '2 numbers + Powerball',
        prize: { amount: 12.5, currency: 'AUD' },
        ticket_number: null,
      },
    ]);
  });
});
