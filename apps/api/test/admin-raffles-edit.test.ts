/**
 * Editing a raffle in the back office (ADR 063): before any ticket is sold a content operator may
 * change its terms (not its key nor its commitment); once tickets are sold only the description, a
 * later close and a ticket count no lower than the tickets sold. Each refusal changes nothing; an
 * edit is audited before and after, reaches the shop at once, and a later close moves the draw's
 * close: it closes at the new time, not the old one.
 */
import { randomUUID } from 'node:crypto';
import { auditLog, desc, draws, eq, raffleDrawSeeds } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { drawsVersion } from '../src/modules/catalogue/index.ts';
import { drawEngineOf } from '../src/modules/draws/index.ts';
import { newCustomer } from './accounts-helpers.ts';
import { cartCalls } from './cart-helpers.ts';
import { aud, checkoutCalls, dueCents, fundWallet } from './checkout-helpers.ts';
import { getTestApp } from './helpers.ts';
import { asOperator, backOfficeOperator } from './operators-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = app.deps;
const content = await backOfficeOperator(app, ['content']);
const { cartCall } = cartCalls(app);
const { cart, add, purchase } = checkoutCalls(app);
const DAY_MS = 86_400_000;

type Raffle = {
  key: string;
  name: string;
  description: string;
  closes_at: string;
  total_tickets: number;
  tickets_sold: number;
  draws: { id: string; status: string; stop_at: string; draw_at: string; proof: { commitment: string } }[];
  edit_rules: { closed_reason: string | null; frozen: { field: string; reason: string }[] };
};

async function newRaffle(closesAt = new Date(Date.now() + 7 * DAY_MS)): Promise<Raffle> {
  const made = await asOperator(app, content, 'POST', '/admin/raffles', {
    name: `Lifesavers Boat Raffle ${randomUUID().slice(0, 8)}`,
    description: 'Win a boat.',
    cause_key: 'coastal-kids',
    total_tickets: 100,
    closes_at: closesAt.toISOString(),
    books: [
      { num_tickets: 1, price: 5 },
      { num_tickets: 5, price: 20 },
    ],
    prizes: [{ name: 'Quintrex tinny', value: 30_000 }],
    postal_entry_available: false,
  });
  expect(made.statusCode, made.body).toBe(200);
  return made.json().result;
}

const edit = (key: string, body: Record<string, unknown>, operator = content) =>
  asOperator(app, operator, 'PATCH', `/admin/raffles/${key}`, body);
const shown = async (key: string): Promise<Raffle> =>
  (await asOperator(app, content, 'GET', `/admin/raffles/${key}`)).json().result;
const auditRows = (key: string) =>
  db.select().from(auditLog).where(eq(auditLog.targetId, key)).orderBy(desc(auditLog.id));
const shopOffer = async (key: string) => {
  const offers = (await cartCall('/v2/product_offers')).json().result.offers;
  return offers.find((o: { key: string }) => o.key === key);
};

async function buyFive(key: string): Promise<void> {
  const customer = await newCustomer(app);
  await fundWallet(db, customer.id, 10_000);
  const added = await add(customer.access_token, { lottery: key, book: 5 });
  expect(added.statusCode, added.body).toBe(200);
  const bought = await purchase(customer.access_token, {
    expected_total: aud(dueCents(await cart(customer.access_token))),
  });
  expect(bought.statusCode, bought.body).toBe(200);
}

describe('a raffle edited in the back office', () => {
  it('before any sale: its terms change (not its key nor commitment), audited, and the shop shows them at once', async () => {
    const raffle = await newRaffle();
    await shopOffer(raffle.key); // the catalogue is cached before the edit
    const version = await drawsVersion(db);
    const sooner = new Date(Date.now() + 3 * DAY_MS);
    const res = await edit(raffle.key, {
      name: raffle.name.toUpperCase(),
      description: 'Win a boat and its trailer.',
      total_tickets: 80,
      closes_at: sooner.toISOString(),
      books: [{ num_tickets: 2, price: 8 }],
      prizes: [
        { name: 'Quintrex tinny and trailer', value: 32_000 },
        { name: 'Fishing kit', value: 250 },
      ],
      postal_entry_available: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json().result;
    expect(edited).toMatchObject({
      key: raffle.key,
      url: `/${raffle.key}`,
      name: raffle.name.toUpperCase(),
      description: 'Win a boat and its trailer.',
      total_tickets: 80,
      books: [{ num_tickets: 2, price: { amount: 8 } }],
      prizes: [
        { rank: 1, name: 'Quintrex tinny and trailer' },
        { rank: 2, name: 'Fishing kit' },
      ],
      postal_entry_available: true,
      edit_rules: { closed_reason: null, frozen: [] },
    });
    expect(new Date(edited.closes_at).getTime()).toBe(sooner.getTime());
    const [draw] = edited.draws;
    expect(draw.proof.commitment).toBe(raffle.draws[0]?.proof.commitment);
    expect(new Date(draw.stop_at).getTime()).toBe(sooner.getTime());
    expect(new Date(draw.draw_at).getTime()).toBe(sooner.getTime() + DAY_MS);

    const [row] = await auditRows(raffle.key);
    expect(row).toMatchObject({ action: 'raffle.edited', targetType: 'raffle', operatorName: content.name });
    expect(row?.before).toMatchObject({ description: 'Win a boat.', totalTickets: 100 });
    expect(row?.after).toMatchObject({
      description: 'Win a boat and its trailer.',
      totalTickets: 80,
      closesAt: sooner.toISOString(),
    });

    // Every process's cached catalogue goes (drawsVersion), this one's at once.
    expect(await drawsVersion(db)).not.toBe(version);
    const offer = await shopOffer(raffle.key);
    expect(offer).toMatchObject({
      name: raffle.name.toUpperCase(),
      description: 'Win a boat and its trailer.',
    });
    expect(offer.raffle.prizes).toHaveLength(2);
    expect(new Date(offer.draws[0].stop).getTime()).toBe(sooner.getTime());
  });

  it('before any sale: refuses a name moving its shop address and wrong values (400), changing nothing', async () => {
    const raffle = await newRaffle();
    for (const [body, field, code] of [
      [{ name: 'Another Raffle Entirely' }, 'name', 'key_fixed'],
      [{ closes_at: new Date(Date.now() + 60_000).toISOString() }, 'closes_at', 'close_out_of_range'],
      [{ books: [] }, 'books', 'books_required'],
      [{ cause_key: 'nope' }, 'cause_key', 'unknown_cause'],
    ] as const) {
      const res = await edit(raffle.key, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('invalid_raffle');
      expect(res.json().errors[field][0].code).toBe(code);
    }
    expect(await shown(raffle.key)).toEqual(raffle);
    expect((await auditRows(raffle.key)).map((r) => r.action)).toEqual(['raffle.created']);
    expect((await edit('no-such-raffle', { description: 'x' })).statusCode).toBe(404);
  });

  it('is for the content role only', async () => {
    const raffle = await newRaffle();
    const support = await backOfficeOperator(app, ['support']);
    expect((await edit(raffle.key, { description: 'Not mine.' }, support)).statusCode).toBe(403);
    expect((await shown(raffle.key)).description).toBe('Win a boat.');
  });

  it('once tickets are sold: refuses new prizes, prices, an earlier close or fewer tickets than sold (409), changing nothing', async () => {
    const raffle = await newRaffle();
    await buyFive(raffle.key);
    const sold = await shown(raffle.key);
    expect(sold.tickets_sold).toBe(5);
    expect(sold.edit_rules.frozen.map((f) => f.field)).toEqual([
      'name',
      'causeKey',
      'books',
      'prizes',
      'postalEntryAvailable',
    ]);
    const earlier = new Date(new Date(sold.closes_at).getTime() - DAY_MS).toISOString();
    for (const [body, field, code] of [
      [{ prizes: [{ name: 'A smaller tinny', value: 20_000 }] }, 'prizes', 'frozen_by_sales'],
      [{ books: [{ num_tickets: 1, price: 6 }] }, 'books', 'frozen_by_sales'],
      [{ name: sold.name.toLowerCase() }, 'name', 'frozen_by_sales'],
      [{ closes_at: earlier }, 'closes_at', 'close_brought_forward'],
      [{ total_tickets: 4 }, 'total_tickets', 'below_tickets_sold'],
    ] as const) {
      const res = await edit(raffle.key, { description: 'Changed?', ...body });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.code).toBe('raffle_terms_frozen');
      expect(res.json().errors[field][0].code).toBe(code);
    }
    expect(await shown(raffle.key)).toEqual(sold);
    expect((await auditRows(raffle.key)).map((r) => r.action)).toEqual(['raffle.created']);
  });

  it('once tickets are sold: a later close and a new description are saved, and the draw closes at the new time, not the old one', async () => {
    const raffle = await newRaffle();
    await buyFive(raffle.key);
    const oldStop = new Date(raffle.closes_at);
    const newStop = new Date(oldStop.getTime() + 3 * DAY_MS);
    const res = await edit(raffle.key, {
      description: 'Drawn at the club on Saturday.',
      closes_at: newStop.toISOString(),
      total_tickets: 150,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({
      description: 'Drawn at the club on Saturday.',
      total_tickets: 150,
    });
    const [row] = await auditRows(raffle.key);
    expect(row).toMatchObject({ action: 'raffle.edited', operatorName: content.name });
    expect(row?.before).toEqual({
      description: 'Win a boat.',
      totalTickets: 100,
      closesAt: oldStop.toISOString(),
    });
    expect(row?.after).toEqual({
      description: 'Drawn at the club on Saturday.',
      totalTickets: 150,
      closesAt: newStop.toISOString(),
    });
    const drawId = raffle.draws[0]?.id ?? '';
    const [draw] = await db.select().from(draws).where(eq(draws.id, drawId));
    expect(draw?.stopAt.getTime()).toBe(newStop.getTime());
    expect(draw?.drawAt.getTime()).toBe(newStop.getTime() + DAY_MS);

    // A step falling due at the old stop time (as the sweep schedules it) leaves the draw open.
    const at = (t: Date) => drawEngineOf({ ...app.deps, now: () => t });
    const afterOldStop = new Date(oldStop.getTime() + 1_000);
    expect(await at(afterOldStop).step(drawId)).toMatchObject({ moved: false });
    expect(
      (await at(afterOldStop).closingSoon(new Date(oldStop.getTime() + 60_000))).map((d) => d.id),
    ).not.toContain(drawId);
    const [stillOpen] = await db.select().from(draws).where(eq(draws.id, drawId));
    expect(stillOpen?.status).toBe('DRAW_OPEN');
    // At the new stop time it closes, with the commitment it was sold under.
    expect(await at(new Date(newStop.getTime() + 1_000)).step(drawId)).toMatchObject({ moved: true });
    const [closed] = await db.select().from(draws).where(eq(draws.id, drawId));
    expect(closed?.status).toBe('DRAW_CLOSED');
    const [seed] = await db.select().from(raffleDrawSeeds).where(eq(raffleDrawSeeds.drawId, drawId));
    expect(seed?.commitment).toBe(raffle.draws[0]?.proof.commitment);

    // Closed: nothing may change any more.
    const late = await edit(raffle.key, { description: 'Too late.' });
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().error.code).toBe('raffle_closed');
    const after = await shown(raffle.key);
    expect(after.description).toBe('Drawn at the club on Saturday.');
    expect(after.edit_rules.closed_reason).toMatch(/closed/);
  });
});
