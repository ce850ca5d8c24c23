/**
 * Raffles in the back office: a content operator creates a raffle (its offer, books, prizes and first
 * draw, the draw's commitment made with it, audited), the shop lists it at once and a customer buys a
 * ticket of it; the raffle shows its sales, and after the draw its proof (the seed revealed) checks out.
 * A wrong form is refused field by field, a name already in the shop with 409, changing nothing.
 */
import { randomUUID } from 'node:crypto';
import { auditLog, desc, draws, eq, nodeHmacSha256, nodeSha256, productOffers } from '@drawhouse/db';
import { verifyRaffleProof } from '@drawhouse/domain';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { drawEngineOf } from '../src/modules/draws/index.ts';
import { newCustomer } from './accounts-helpers.ts';
import { cartCalls } from './cart-helpers.ts';
import { aud, checkoutCalls, dueCents, fundWallet } from './checkout-helpers.ts';
import { drainOutbox, getTestApp } from './helpers.ts';
import { asOperator, backOfficeOperator } from './operators-helpers.ts';
import { until } from './wait-until.ts';

const app: FastifyInstance = await getTestApp();
const { db } = app.deps;
const content = await backOfficeOperator(app, ['content']);
const engine = drawEngineOf(app.deps);
const { cartCall } = cartCalls(app);
const { cart, add, purchase } = checkoutCalls(app);

const form = (name: string, more: Record<string, unknown> = {}) => ({
  name,
  description: 'Win a ute and keep the surf club patrolling.',
  cause_key: 'coastal-kids',
  total_tickets: 1000,
  closes_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  books: [
    { num_tickets: 1, price: 5 },
    { num_tickets: 5, price: 20 },
  ],
  prizes: [
    { name: 'Toyota HiLux', value: 55_000 },
    { name: '$500 cash', value: 500 },
  ],
  postal_entry_available: false,
  ...more,
});
const create = (body: Record<string, unknown>) => asOperator(app, content, 'POST', '/admin/raffles', body);
const uniqueName = () => `Surf Club Ute Raffle ${randomUUID().slice(0, 8)}`;

describe('raffles in the back office', () => {
  it('are found by a part of their name or key, on sale or closed, a page at a time', async () => {
    const name = uniqueName();
    const suffix = name.split(' ').pop() ?? '';
    const made = await create(form(name));
    expect(made.statusCode, made.body).toBe(200);
    const key = made.json().result.key;
    const list = async (query: string) => {
      const res = await asOperator(app, content, 'GET', `/admin/raffles?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().result;
    };
    const found = await list(`q=${suffix.toUpperCase()}`);
    expect(found).toMatchObject({ total: 1, page: 1, raffles: [{ key, name }] });
    expect((await list(`q=${key}&state=on_sale`)).total).toBe(1);
    expect((await list(`q=${key}&state=closed`)).total).toBe(0);
    expect((await list('q=%25')).total).toBe(0);
    const closed = await list('state=closed&limit=100');
    for (const r of closed.raffles) expect(Date.parse(r.closes_at)).toBeLessThanOrEqual(Date.now());
    const onSale = await list('state=on_sale&limit=1');
    expect(onSale.raffles).toHaveLength(1);
    // This one and the demo's raffles on sale.
    expect(onSale.total).toBeGreaterThanOrEqual(2);
    const second = await list('state=on_sale&limit=1&page=2');
    expect(second.raffles[0].key).not.toBe(onSale.raffles[0].key);
    const wrong = await asOperator(app, content, 'GET', '/admin/raffles?state=drawn');
    expect(wrong.statusCode).toBe(400);
  });

  it('a raffle created is audited with its commitment, sold in the shop, and shows its sales and proof', async () => {
    const listedDraws = async (key: string) => {
      const offers = (await cartCall('/v2/product_offers')).json().result.offers;
      const offer = offers.find((o: { key: string }) => o.key === key);
      return (offer?.draws ?? []).map((d: { draw_no: number }) => d.draw_no);
    };
    // The catalogue is cached before the raffle is made.
    await cartCall('/v2/product_offers');
    const made = await create(form(uniqueName()));
    expect(made.statusCode, made.body).toBe(200);
    const raffle = made.json().result;
    expect(raffle).toMatchObject({
      cause_key: 'coastal-kids',
      total_tickets: 1000,
      tickets_sold: 0,
      books: [
        { num_tickets: 1, price: { amount: 5, currency: 'AUD' } },
        { num_tickets: 5, price: { amount: 20, currency: 'AUD' } },
      ],
      prizes: [
        { rank: 1, name: 'Toyota HiLux' },
        { rank: 2, name: '$500 cash' },
      ],
    });
    expect(raffle.url).toBe(`/${raffle.key}`);
    const [draw] = raffle.draws;
    expect(draw).toMatchObject({ draw_no: 1, status: 'DRAW_OPEN', tickets_sold: 0 });
    expect(draw.proof.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(draw.proof.seed).toBeUndefined();
    const [row] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, raffle.key))
      .orderBy(desc(auditLog.id));
    expect(row).toMatchObject({ action: 'raffle.created', targetType: 'raffle', operatorName: content.name });
    expect(row?.after).toMatchObject({ commitment: draw.proof.commitment, totalTickets: 1000 });

    // The shop lists it (its new draw drops the cached catalogue) and sells it.
    const listed = await until(
      'the shop lists the raffle',
      () => listedDraws(raffle.key),
      (n) => n.length > 0,
      4_000,
    );
    expect(listed).toEqual([1]);
    const customer = await newCustomer(app);
    await fundWallet(db, customer.id, 10_000);
    const added = await add(customer.access_token, { lottery: raffle.key, book: 5 });
    expect(added.statusCode, added.body).toBe(200);
    const bought = await purchase(customer.access_token, {
      expected_total: aud(dueCents(await cart(customer.access_token))),
    });
    expect(bought.statusCode, bought.body).toBe(200);

    const sold = (await asOperator(app, content, 'GET', `/admin/raffles/${raffle.key}`)).json().result;
    expect(sold.tickets_sold).toBe(5);
    expect(sold.draws[0]).toMatchObject({ tickets_sold: 5, sales: { amount: 20, currency: 'AUD' } });
    const list = (await asOperator(app, content, 'GET', '/admin/raffles')).json().result;
    expect(list.raffles.find((r: { key: string }) => r.key === raffle.key)).toMatchObject({
      tickets_sold: 5,
    });
    expect(list.causes.map((c: { key: string }) => c.key)).toContain('coastal-kids');

    // Drawn: the seed is revealed and the proof checks out.
    const past = Date.now();
    await db
      .update(draws)
      .set({ stopAt: new Date(past - 2_000), drawAt: new Date(past - 1_000) })
      .where(eq(draws.id, draw.id));
    await engine.advance(draw.id);
    await drainOutbox(app);
    const drawn = (await asOperator(app, content, 'GET', `/admin/raffles/${raffle.key}`)).json().result;
    const proof = drawn.draws.find((d: { id: string }) => d.id === draw.id).proof;
    expect(proof.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(proof.tickets_sold).toBe(5);
    const checked = await verifyRaffleProof({
      proof: {
        commitment: proof.commitment,
        seed: proof.seed,
        ticketsSold: proof.tickets_sold,
        winningTickets: proof.winning_tickets,
      },
      offerKey: raffle.key,
      drawNo: 1,
      hmac: nodeHmacSha256,
      sha256: nodeSha256,
    });
    expect(checked).toMatchObject({ commitmentMatches: true, winnersMatch: true });
  });

  it('refuses a wrong form field by field and a name the shop has, changing nothing', async () => {
    const name = uniqueName();
    const bad = await create(form(name, { cause_key: 'nope', books: [], closes_at: 'soon' }));
    expect(bad.statusCode, bad.body).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['books', 'cause_key', 'closes_at']);
    expect((await create(form(name))).statusCode).toBe(200);
    const again = await create(form(name.toUpperCase()));
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().errors.name[0].code).toBe('name_taken');
    const key = name.toLowerCase().replace(/ /g, '-');
    expect(await db.select().from(productOffers).where(eq(productOffers.key, key))).toHaveLength(1);
    expect((await asOperator(app, content, 'GET', '/admin/raffles/no-such-raffle')).statusCode).toBe(404);
    const support = await backOfficeOperator(app, ['support']);
    expect((await asOperator(app, support, 'POST', '/admin/raffles', form(uniqueName()))).statusCode).toBe(
      403,
    );
  });
});
