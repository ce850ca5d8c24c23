/**
 * Free postal entries into a raffle draw: a support operator records a letter and the entrant gets the
 * draw's next ticket number, from the counter sales use (never a number twice, counted in the draw and
 * drawn from), free and with no ledger row; audited and mailed. A second letter from the same email is
 * refused with the first one's number however often it comes, changing nothing; a raffle without
 * postal entry and a closed draw are refused; a wrong form is refused field by field.
 */
import { randomUUID } from 'node:crypto';
import {
  auditLog,
  count,
  desc,
  draws,
  eq,
  ledgerTransfers,
  rafflePostalEntries,
  raffles,
} from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { drawEngineOf } from '../src/modules/draws/index.ts';
import { newCustomer } from './accounts-helpers.ts';
import { aud, checkoutCalls, dueCents, fundWallet } from './checkout-helpers.ts';
import { drainOutbox, getTestApp, mailOf } from './helpers.ts';
import { asOperator, backOfficeOperator } from './operators-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = app.deps;
const content = await backOfficeOperator(app, ['content']);
const support = await backOfficeOperator(app, ['support']);
const engine = drawEngineOf(app.deps);
const { cart, add, purchase } = checkoutCalls(app);

async function newRaffle(postal: boolean): Promise<{ key: string; drawId: string }> {
  const made = await asOperator(app, content, 'POST', '/admin/raffles', {
    name: `Postal Ute Raffle ${randomUUID().slice(0, 8)}`,
    description: 'Win a ute.',
    cause_key: 'coastal-kids',
    total_tickets: 1000,
    closes_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    books: [{ num_tickets: 5, price: 20 }],
    prizes: [{ name: 'Toyota HiLux', value: 55_000 }],
    postal_entry_available: postal,
  });
  expect(made.statusCode, made.body).toBe(200);
  return { key: made.json().result.key, drawId: made.json().result.draws[0].id };
}

const entryUrl = (key: string, drawNo = 1) => `/admin/raffles/${key}/draws/${drawNo}/postal-entries`;
const letter = (email: string) => ({ name: 'Jo Citizen', address: '1 George St\nSydney NSW 2000', email });
const enter = (key: string, body: Record<string, unknown>, drawNo = 1) =>
  asOperator(app, support, 'POST', entryUrl(key, drawNo), body);
const ledgerRows = async () => (await db.select({ n: count() }).from(ledgerTransfers))[0]?.n ?? 0;
const sold = async (key: string) =>
  (await db.select().from(raffles).where(eq(raffles.productOfferKey, key)))[0]?.ticketsSold;

describe('free postal entries', () => {
  it('take the next number after sales, are counted and drawn, free, audited and mailed', async () => {
    const { key, drawId } = await newRaffle(true);
    const customer = await newCustomer(app);
    await fundWallet(db, customer.id, 10_000);
    expect((await add(customer.access_token, { lottery: key, book: 5 })).statusCode).toBe(200);
    const bought = await purchase(customer.access_token, {
      expected_total: aud(dueCents(await cart(customer.access_token))),
    });
    expect(bought.statusCode, bought.body).toBe(200);

    const ledgerBefore = await ledgerRows();
    const email = `postal-${randomUUID().slice(0, 8)}@example.com`;
    const recorded = await enter(key, letter(email));
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json().result).toMatchObject({
      draw_no: 1,
      number: 6,
      name: 'Jo Citizen',
      address: '1 George St, Sydney NSW 2000',
      email,
    });
    expect(await ledgerRows()).toBe(ledgerBefore);
    expect(await sold(key)).toBe(6);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, key))
      .orderBy(desc(auditLog.id));
    expect(audit).toMatchObject({ action: 'raffle.postal_entry_recorded', operatorName: support.name });
    expect(audit?.after).toMatchObject({ drawNo: 1, number: 6 });
    await drainOutbox(app);
    expect((await mailOf(app).waitFor(email, /ticket 6/)).text).toContain('Your ticket number is 6.');

    // A sale after the entry takes the numbers after it.
    expect((await add(customer.access_token, { lottery: key, book: 5 })).statusCode).toBe(200);
    const again = await purchase(customer.access_token, {
      expected_total: aud(dueCents(await cart(customer.access_token))),
    });
    expect(again.statusCode, again.body).toBe(200);
    const numbers = again.json().result.receipt.orders[0].tickets[0].raffle_ticket_numbers;
    expect(numbers).toEqual([7, 8, 9, 10, 11]);

    const listed = (await asOperator(app, support, 'GET', entryUrl(key))).json().result;
    expect(listed).toMatchObject({ draw_no: 1, postal_entry_available: true, refusal: null });
    expect(listed.entries.map((e: { number: number }) => e.number)).toEqual([6]);
    const shown = (await asOperator(app, content, 'GET', `/admin/raffles/${key}`)).json().result;
    expect(shown.draws[0].tickets_sold).toBe(11);

    // Drawn from all eleven numbers.
    const past = Date.now();
    await db
      .update(draws)
      .set({ stopAt: new Date(past - 2_000), drawAt: new Date(past - 1_000) })
      .where(eq(draws.id, drawId));
    await engine.advance(drawId);
    await drainOutbox(app);
    const drawn = (await asOperator(app, content, 'GET', `/admin/raffles/${key}`)).json().result;
    expect(drawn.draws.find((d: { id: string }) => d.id === drawId).proof.tickets_sold).toBe(11);
  });

  it('refuses a second letter from the same email however often, changing nothing', async () => {
    const { key } = await newRaffle(true);
    const email = `twice-${randomUUID().slice(0, 8)}@example.com`;
    expect((await enter(key, letter(email))).statusCode).toBe(200);
    for (const sent of [email, email.toUpperCase()]) {
      const repeat = await enter(key, letter(sent));
      expect(repeat.statusCode, repeat.body).toBe(409);
      expect(repeat.json().error.code).toBe('postal_entry_exists');
      expect(repeat.json().errors.email[0].message).toBe('Already entered with ticket number 1.');
    }
    expect(await sold(key)).toBe(1);
    const rows = await db
      .select()
      .from(rafflePostalEntries)
      .where(eq(rafflePostalEntries.productOfferKey, key));
    expect(rows).toHaveLength(1);
  });

  it('refuses a closed draw, a raffle without postal entry, an unknown draw, a wrong form and other roles', async () => {
    const { key, drawId } = await newRaffle(true);
    const bad = await enter(key, { name: '<b>', address: ' ', email: 'jo@' });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['address', 'email', 'name']);
    expect((await enter(key, letter('jo@example.com'), 2)).statusCode).toBe(404);
    expect((await enter('no-such-raffle', letter('jo@example.com'))).statusCode).toBe(404);
    expect((await asOperator(app, content, 'POST', entryUrl(key), letter('jo@example.com'))).statusCode).toBe(
      403,
    );

    await db
      .update(draws)
      .set({ stopAt: new Date(Date.now() - 1_000) })
      .where(eq(draws.id, drawId));
    const closed = await enter(key, letter('late@example.com'));
    expect(closed.statusCode, closed.body).toBe(409);
    expect(closed.json().error.code).toBe('draw_closed');
    expect((await asOperator(app, support, 'GET', entryUrl(key))).json().result.refusal).toBe('draw_closed');

    const without = await newRaffle(false);
    const refused = await enter(without.key, letter('jo@example.com'));
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe('postal_entry_not_offered');
    expect(await sold(key)).toBe(0);
    expect(await sold(without.key)).toBe(0);
  });
});
