/**
 * Recurring purchases paid by the saved card chosen as the recurring purchase method (sandbox
 * gateway): an empty wallet's shortfall is charged to the card off session once per recurring
 * purchase and draw, posted to the wallet, and the processor's retry buys from it; an expired,
 * removed or 3-D Secure card is refused for good without a charge, a decline or a deposit limit waits.
 */
import { randomUUID } from 'node:crypto';
import {
  and,
  deposits,
  eq,
  funds,
  inArray,
  ledgerTransfers,
  or,
  recurringPurchaseAttempts,
  recurringPurchases,
  sql,
  tickets,
} from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { drawFollowUps } from '../src/jobs/draw-follow-ups.ts';
import { drawEngineOf } from '../src/modules/draws/index.ts';
import { ledgerQueries } from '../src/modules/ledger/index.ts';
import {
  createRecurringFunding,
  recurringFundingKey,
} from '../src/modules/recurring/recurring-funding.service.ts';
import { call, newCustomer, type TestCustomer } from './accounts-helpers.ts';
import { lotteryPayload } from './cart-helpers.ts';
import { balancesOf, fundWallet } from './checkout-helpers.ts';
import { ownDrawPairs } from './draws-helpers.ts';
import { drainOutbox, getTestApp, getTestDb, mailOf } from './helpers.ts';
import { CARDS, paymentCalls, walletOf } from './payments-helpers.ts';
import { markVerified } from './wallet-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const engine = { ...drawEngineOf(app.deps), ...drawFollowUps(app.deps) };
const funding = createRecurringFunding(app.deps);
const pairs = ownDrawPairs(db);
const PRICE = 135;

let started: string[] = [];
afterEach(async () => {
  await pairs.takeOffSale();
  for (const id of started)
    await db.update(recurringPurchases).set({ status: 'cancelled' }).where(eq(recurringPurchases.id, id));
  started = [];
});

/** A verified customer with an empty wallet whose recurring purchase method is a saved card. */
async function payingByCard(cardNumber: string) {
  const customer = await newCustomer(app);
  await markVerified(db, customer.id);
  const fundId = await paymentCalls(app, customer.access_token).addCard(cardNumber);
  await chooseMethod(customer, fundId);
  return { customer, fundId };
}

async function chooseMethod(customer: TestCustomer, key: string) {
  const chosen = await call(app, `/v2/customer/recurring-purchase-method?recurring_purchase_method=${key}`, {
    method: 'POST',
    token: customer.access_token,
  });
  expect(chosen.statusCode, chosen.body).toBe(200);
}

/** A Powerball autoplay of one game at PRICE, due for the draw on sale. */
async function autoplayOf(customerId: string) {
  const entry = {
    productType: 'lottery_ticket',
    productOfferKey: 'powerball',
    payload: lotteryPayload(),
  } as const;
  const [row] = await db
    .insert(recurringPurchases)
    .values({ customerId, type: 'autoplay', unitPriceCents: PRICE, ...entry })
    .returning();
  if (!row) throw new Error('no recurring purchase');
  started.push(row.id);
  return row;
}

const attemptsOf = (recurringPurchaseId: string) =>
  db
    .select()
    .from(recurringPurchaseAttempts)
    .where(eq(recurringPurchaseAttempts.recurringPurchaseId, recurringPurchaseId));
const mailsTo = (email: string) =>
  mailOf(app)
    .messages()
    .filter((m) => m.to.includes(email.toLowerCase()));

const depositsOf = (customerId: string) =>
  db.select().from(deposits).where(eq(deposits.customerId, customerId)).orderBy(deposits.createdAt);

const fund = (customerId: string, shortfallCents: number, periodKey = randomUUID(), id = randomUUID()) =>
  funding.fundShortfall({
    customerId,
    recurringPurchaseId: id,
    periodKey,
    shortfallCents,
    at: new Date(),
  });

/** The wallet's posted balance summed from its ledger transfers, beside the account's own totals. */
async function walletFromTransfers(customerId: string) {
  const { wallet } = await ledgerQueries(db).customerAccounts(customerId);
  const [row] = await db
    .select({
      sum: sql<string>`coalesce(sum(case when ${ledgerTransfers.creditAccountId} = ${wallet.id} then ${ledgerTransfers.amountCents} else -${ledgerTransfers.amountCents} end), 0)`,
    })
    .from(ledgerTransfers)
    .where(
      and(
        inArray(ledgerTransfers.flag, ['posted', 'post_pending']),
        or(eq(ledgerTransfers.creditAccountId, wallet.id), eq(ledgerTransfers.debitAccountId, wallet.id)),
      ),
    );
  return Number(row?.sum ?? 0);
}

describe('recurring purchases paid by a saved card', () => {
  it("charges an empty wallet's shortfall to the 4242 card once, and the draw is bought from the wallet", async () => {
    const { current } = await pairs.twoDraws();
    const { customer, fundId } = await payingByCard(CARDS.succeeds);
    const recurring = await autoplayOf(customer.id);

    // Whatever sign-up and saving the card sent is delivered first: only this step's mails are counted.
    await drainOutbox(app);
    const before = mailsTo(customer.email).length;

    // The processor finds the wallet empty, the card pays the shortfall and the retry buys. (Counts
    // are not asserted: another file's sweep may be the pass that buys it.)
    await engine.processRecurring({ customerId: customer.id });
    const bought = await db
      .select()
      .from(tickets)
      .where(and(eq(tickets.customerId, customer.id), eq(tickets.drawId, current.id)));
    expect(bought).toHaveLength(1);
    const [attempt] = await attemptsOf(recurring.id);
    expect(attempt).toMatchObject({ status: 'purchased', reason: null });
    expect(attempt?.tries).toBeGreaterThanOrEqual(2);
    // Short of funds only until the card paid: no failure is told, only the card's charge.
    await drainOutbox(app);
    const sent = mailsTo(customer.email);
    // The catcher lists the newest first.
    const [told, ...more] = sent.slice(0, sent.length - before);
    expect(more).toEqual([]);
    expect(told?.subject).toBe('$1.35 added to your balance');
    expect(told?.text).toContain('Your deposit of $1.35 by Visa ending 4242 is in your balance.');

    // Run again, or asked again for the same draw (a retry after a crash): no second charge.
    expect((await engine.processRecurring({ customerId: customer.id })).purchased).toBe(0);
    const args = {
      customerId: customer.id,
      recurringPurchaseId: recurring.id,
      periodKey: current.id,
      shortfallCents: PRICE,
      at: new Date(),
    };
    expect(await funding.fundShortfall(args)).toEqual({ outcome: 'funded' });
    const made = await depositsOf(customer.id);
    expect(made).toEqual([
      expect.objectContaining({
        fundId,
        status: 'succeeded',
        amountCents: PRICE,
        purpose: { kind: 'top_up' },
        fundingKey: recurringFundingKey(recurring.id, current.id),
        // Held while the card was charged, then posted.
        pendingTransferId: expect.any(String),
      }),
    ]);
    // The wallet got the deposit and paid the ticket: its totals are the sum of its transfers.
    expect((await balancesOf(db, customer.id)).wallet).toBe(0);
    expect(await walletFromTransfers(customer.id)).toBe(0);
    const credits = await db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.reference, made[0]?.id ?? ''));
    // Held while the card was charged, then the hold posted.
    expect(credits.map((c) => [c.code, c.amountCents, c.flag]).sort()).toEqual([
      ['deposit', PRICE, 'pending'],
      ['deposit', PRICE, 'post_pending'],
    ]);
  });

  it('an expired card is a hard failure told by email; a declined card a soft one, bought after the wallet is topped up', async () => {
    const { current } = await pairs.twoDraws();
    const expired = await payingByCard(CARDS.succeeds);
    await db.update(funds).set({ expiryMonth: 1, expiryYear: 2024 }).where(eq(funds.id, expired.fundId));
    const expiredAutoplay = await autoplayOf(expired.customer.id);
    await engine.processRecurring({ customerId: expired.customer.id });
    expect(await attemptsOf(expiredAutoplay.id)).toEqual([
      expect.objectContaining({ status: 'hard_failure', reason: 'card_expired', drawId: current.id }),
    ]);
    await drainOutbox(app);
    const [mail, ...more] = mailsTo(expired.customer.email).filter((m) =>
      /Your recurring purchase was not bought/.test(m.subject),
    );
    expect(more).toHaveLength(0);
    expect(mail?.text).toMatch(/expired/i);
    expect(await depositsOf(expired.customer.id)).toEqual([]);
    // A hard failure is final for the draw: the next pass neither charges nor buys.
    expect((await engine.processRecurring({ customerId: expired.customer.id })).hardFailures).toBe(0);

    const declined = await payingByCard(CARDS.declined);
    const declinedAutoplay = await autoplayOf(declined.customer.id);
    await engine.processRecurring({ customerId: declined.customer.id });
    expect(await attemptsOf(declinedAutoplay.id)).toEqual([
      expect.objectContaining({ status: 'soft_failure', reason: 'card_declined' }),
    ]);
    expect(await depositsOf(declined.customer.id)).toEqual([
      expect.objectContaining({ status: 'declined', failureCode: 'card_declined' }),
    ]);
    await drainOutbox(app);
    const [told, ...again] = mailsTo(declined.customer.email).filter((m) =>
      /Your recurring purchase is waiting/.test(m.subject),
    );
    expect(again).toHaveLength(0);
    expect(told?.text).toContain('Your saved card was declined');
    // Funds added another way: the next pass buys from the wallet without a second charge.
    await fundWallet(db, declined.customer.id, PRICE);
    await engine.processRecurring({ customerId: declined.customer.id });
    expect(await attemptsOf(declinedAutoplay.id)).toEqual([
      expect.objectContaining({ status: 'purchased', reason: null }),
    ]);
    expect(await depositsOf(declined.customer.id)).toHaveLength(1);
  });

  it('charges one deposit when asked twice at the same moment', async () => {
    const { customer } = await payingByCard(CARDS.succeeds);
    const period = randomUUID();
    const recurringId = randomUUID();
    const answers = await Promise.all([
      fund(customer.id, 500, period, recurringId),
      fund(customer.id, 500, period, recurringId),
    ]);
    expect(answers).toEqual([{ outcome: 'funded' }, { outcome: 'funded' }]);
    const made = await depositsOf(customer.id);
    expect(made.map((d) => [d.status, d.amountCents])).toEqual([['succeeded', 500]]);
    expect(await walletOf(db, customer.id)).toEqual({ posted: 500, pendingIn: 0 });
    expect(await walletFromTransfers(customer.id)).toBe(500);
    // Another draw of the same recurring purchase is a charge of its own.
    expect(await fund(customer.id, 500, randomUUID(), recurringId)).toEqual({ outcome: 'funded' });
    expect((await walletOf(db, customer.id)).posted).toBe(1_000);
  });

  it("charges at least the card deposit's minimum", async () => {
    const { customer } = await payingByCard(CARDS.succeeds);
    expect(await fund(customer.id, 30)).toEqual({ outcome: 'funded' });
    expect((await depositsOf(customer.id)).map((d) => d.amountCents)).toEqual([100]);
  });

  it('refuses an expired card for good before charging it', async () => {
    const { customer, fundId } = await payingByCard(CARDS.succeeds);
    await db.update(funds).set({ expiryMonth: 1, expiryYear: 2024 }).where(eq(funds.id, fundId));
    expect(await fund(customer.id, PRICE)).toEqual({ outcome: 'failed', reason: 'card_expired' });
    expect(await depositsOf(customer.id)).toEqual([]);
    expect(await walletOf(db, customer.id)).toEqual({ posted: 0, pendingIn: 0 });
  });

  it('refuses a removed card for good and leaves a wallet method alone', async () => {
    const { customer, fundId } = await payingByCard(CARDS.succeeds);
    await db.update(funds).set({ removedAt: new Date() }).where(eq(funds.id, fundId));
    expect(await fund(customer.id, PRICE)).toEqual({
      outcome: 'failed',
      reason: 'payment_method_unavailable',
    });
    await chooseMethod(customer, 'wallet');
    expect(await fund(customer.id, PRICE)).toEqual({ outcome: 'not_card' });
    expect(await depositsOf(customer.id)).toEqual([]);
  });

  it('waits after a decline, and the next try is a new charge', async () => {
    const { customer } = await payingByCard(CARDS.declined);
    const period = randomUUID();
    const recurringId = randomUUID();
    expect(await fund(customer.id, PRICE, period, recurringId)).toEqual({
      outcome: 'failed',
      reason: 'card_declined',
    });
    expect(await fund(customer.id, PRICE, period, recurringId)).toEqual({
      outcome: 'failed',
      reason: 'card_declined',
    });
    const tries = await depositsOf(customer.id);
    expect(tries.map((d) => [d.status, d.failureCode])).toEqual([
      ['declined', 'card_declined'],
      ['declined', 'card_declined'],
    ]);
    expect(new Set(tries.map((d) => d.id)).size).toBe(2);
    expect(await walletOf(db, customer.id)).toEqual({ posted: 0, pendingIn: 0 });
  });

  it('refuses a card that asks for 3-D Secure for good, holding nothing', async () => {
    const { customer } = await payingByCard(CARDS.challengeThenSucceeds);
    expect(await fund(customer.id, PRICE)).toEqual({ outcome: 'failed', reason: 'authentication_required' });
    expect((await depositsOf(customer.id)).map((d) => [d.status, d.failureCode])).toEqual([
      ['declined', 'authentication_required'],
    ]);
    expect(await walletOf(db, customer.id)).toEqual({ posted: 0, pendingIn: 0 });
  });

  it('waits when the charge would pass the weekly deposit limit', async () => {
    const { customer } = await payingByCard(CARDS.succeeds);
    const set = await call(app, '/v2/deposit-limit', {
      method: 'PUT',
      token: customer.access_token,
      body: { limit: 1 },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(await fund(customer.id, 500)).toEqual({ outcome: 'failed', reason: 'deposit_limit' });
    expect(await depositsOf(customer.id)).toEqual([]);
  });
});
