/**
 * The automatic identity check (POST /v2/customer/verify) against the sandbox identity source: each
 * sandbox identity, the deposit cap and the withdrawal block lifted, bad input, ownership, the daily
 * limit, idempotent retries, and a late answer finished once by its outbox subscriber.
 */
import { randomUUID } from 'node:crypto';
import {
  and,
  capabilitySegments,
  customers,
  deposits,
  eq,
  notifications,
  outboxEvents,
  verificationAttempts,
} from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { emit } from '../src/modules/outbox/index.ts';
import { verificationSubscribers } from '../src/modules/verification/index.ts';
import { call, elevateByEmail, newCustomer, type TestCustomer } from './accounts-helpers.ts';
import { drainOutbox, getTestApp, getTestDb, mailOf } from './helpers.ts';
import { deliverAgain } from './outbox-helpers.ts';
import { CARDS, paymentCalls } from './payments-helpers.ts';
import { backdateFund, creditWallet, NATIONAL_BANK_ACCOUNT } from './wallet-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();

const customerNamed = (lastname: string) => newCustomer(app, { lastname });

/** The details as the customer's record holds them (signupBody's), with overrides. */
function details(customer: TestCustomer, overrides: Record<string, unknown> = {}) {
  return {
    firstname: 'Jane',
    lastname: String(customer.customer.lastname),
    date_of_birth: '1990-05-17',
    address: { address: '1 George St', suburb: 'Sydney', state: 'NSW', postcode: '2000', country: 'AU' },
    ...overrides,
  };
}

const verify = (customer: TestCustomer, body: unknown = details(customer), key?: string) =>
  call(app, '/v2/customer/verify', {
    token: customer.access_token,
    body,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

const overview = async (customer: TestCustomer) =>
  (await call(app, '/v2/customer', { token: customer.access_token })).json().result;

const autoStatus = async (customer: TestCustomer) =>
  (await overview(customer)).verification.methods.find(
    (m: { type: string }) => m.type === 'auto_verification',
  ).status;

const attemptsOf = (customerId: string) =>
  db.select().from(verificationAttempts).where(eq(verificationAttempts.customerId, customerId));

const verifiedEvents = (customerId: string) =>
  db
    .select()
    .from(outboxEvents)
    .where(and(eq(outboxEvents.type, 'customer.verified'), eq(outboxEvents.aggregateId, customerId)));

const feedOf = (customerId: string) =>
  db.select().from(notifications).where(eq(notifications.customerId, customerId));

async function verifiedMails(customer: TestCustomer) {
  await drainOutbox(app);
  return mailOf(app)
    .messages()
    .filter((m) => m.to.includes(customer.email.toLowerCase()) && m.subject === 'Your account is verified');
}

describe('POST /v2/customer/verify with the sandbox identities', () => {
  it('Verified: verified at once; the $500 deposit cap is lifted and the customer told once', async () => {
    const customer = await customerNamed('Verified');
    const before = await overview(customer);
    expect(before.is_verified).toBe(false);
    expect(before.verification.methods[0]).toEqual({ type: 'auto_verification', status: 'not_attempted' });
    expect(before.verification_rules).toMatchObject({
      deposit_cap: { amount: 500, currency: 'AUD' },
      unlocks: ['deposits_over_cap', 'withdrawals'],
      deadline_days: 14,
    });

    const calls = paymentCalls(app, customer.access_token);
    const fundId = await calls.addCard(CARDS.succeeds);
    const refused = await calls.deposit(fundId, { amount: 600, csc: '123' });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().error.code).toBe('verify_account_required');

    const res = await verify(customer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({
      outcome: 'verified',
      reason: null,
      next_method: null,
      is_verified: true,
    });
    const [attempt] = await attemptsOf(customer.id);
    expect(attempt).toMatchObject({ method: 'auto_verification', status: 'completed', outcome: 'verified' });
    expect(attempt?.sources.filter((s) => s.name && s.dateOfBirth && s.address)).toHaveLength(2);

    const after = await overview(customer);
    expect(after.is_verified).toBe(true);
    expect(after.verification.methods.every((m: { status: string }) => m.status === 'disabled')).toBe(true);
    const accepted = await calls.deposit(fundId, { amount: 600, csc: '123' });
    expect(accepted.statusCode, accepted.body).toBe(201);

    const mails = await verifiedMails(customer);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('$500.00 limit on your deposits is lifted');
    const feed = (await feedOf(customer.id)).filter((n) => n.title === 'Your account is verified');
    expect(feed).toHaveLength(1);
    // Asking again changes nothing: no second attempt, no second notice.
    expect((await verify(customer)).json().result).toMatchObject({ outcome: 'verified', attempt_id: null });
    expect(await attemptsOf(customer.id)).toHaveLength(1);
    expect(await verifiedMails(customer)).toHaveLength(1);
  });

  it('verification falls due 14 days after the first deposit', async () => {
    const customer = await customerNamed('Partial');
    expect((await overview(customer)).verification_rules.deadline).toBeNull();
    const calls = paymentCalls(app, customer.access_token);
    const deposited = await calls.deposit(await calls.addCard(CARDS.succeeds), { amount: 50, csc: '123' });
    expect(deposited.statusCode, deposited.body).toBe(201);
    const [deposit] = await db.select().from(deposits).where(eq(deposits.customerId, customer.id));
    const due = new Date((deposit?.createdAt.getTime() ?? 0) + 14 * 24 * 3_600_000);
    expect((await overview(customer)).verification_rules).toMatchObject({
      deadline: due.toISOString(),
      overdue: false,
    });
  });

  it('Verified: withdrawals open', async () => {
    const customer = await customerNamed('Verified');
    await creditWallet(db, customer.id, 10_000);
    const token = await elevateByEmail(app, customer.access_token, customer.email);
    const fund = await call(app, '/v2/funds/bank-account', { token, body: NATIONAL_BANK_ACCOUNT });
    expect(fund.statusCode, fund.body).toBe(201);
    await backdateFund(db, fund.json().result.id);
    const withdraw = () =>
      call(app, '/v2/tt/withdraw', {
        token,
        body: { amount: 10, fund_id: fund.json().result.id },
        headers: { 'idempotency-key': randomUUID() },
      });
    expect((await withdraw()).json().error.code).toBe('verify_account_required');
    expect((await verify(customer)).json().result.outcome).toBe('verified');
    const res = await withdraw();
    expect(res.statusCode, res.body).toBe(201);
  });

  it('Partial: not verified (partial_match); the method is attempted and the licence check suggested', async () => {
    const customer = await customerNamed('Partial');
    const res = await verify(customer);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().result;
    expect(result).toMatchObject({ outcome: 'not_verified', reason: 'partial_match', is_verified: false });
    expect(result.message).toContain('not your address');
    expect(result.next_method).toBe('drivers_licence');
    expect(result.message).toContain("You can verify with “Driver's licence” instead.");
    expect(await autoStatus(customer)).toBe('attempted');
    expect((await overview(customer)).is_verified).toBe(false);
    expect(await verifiedEvents(customer.id)).toHaveLength(0);
  });

  it('Mismatch and any other last name: not verified (no_match), with the reason', async () => {
    for (const lastname of ['Mismatch', 'Citizen']) {
      const customer = await customerNamed(lastname);
      const result = (await verify(customer)).json().result;
      expect(result, lastname).toMatchObject({ outcome: 'not_verified', reason: 'no_match' });
      expect(result.message).toContain('exactly as on your ID');
      expect(await autoStatus(customer)).toBe('attempted');
      const [attempt] = await attemptsOf(customer.id);
      expect(attempt).toMatchObject({ status: 'completed', outcome: 'not_verified', reason: 'no_match' });
    }
  });

  it('Slow: in progress until its subscriber finishes it, exactly once', async () => {
    const customer = await customerNamed('Slow');
    const res = await verify(customer);
    const result = res.json().result;
    expect(result).toMatchObject({ outcome: 'in_progress', is_verified: false });
    expect(result.message).toContain('we will tell you');
    expect(result.verification.methods[0]).toEqual({ type: 'auto_verification', status: 'in_progress' });
    await drainOutbox(app);
    const [started] = await db
      .select()
      .from(outboxEvents)
      .where(and(eq(outboxEvents.type, 'verification.started'), eq(outboxEvents.aggregateId, customer.id)));
    // Delivered again (a relay whose lease ran out): the check is finished once only.
    const identityCheck = verificationSubscribers(app.deps).find((s) => s.name === 'identity-check');
    if (!identityCheck || !started) throw new Error('no identity-check subscriber or event');
    await deliverAgain(db, identityCheck, started.id);
    await drainOutbox(app);
    const [done, ...more] = await attemptsOf(customer.id);
    expect(more).toHaveLength(0);
    expect(done).toMatchObject({ status: 'completed', outcome: 'verified' });
    expect((await overview(customer)).is_verified).toBe(true);
    expect(await verifiedEvents(customer.id)).toHaveLength(1);
    expect(await verifiedMails(customer)).toHaveLength(1);
  });

  it('a late answer that does not verify is told: why, and where to verify', async () => {
    const customer = await customerNamed('Citizen');
    await db.transaction(async (tx) => {
      const [attempt] = await tx
        .insert(verificationAttempts)
        .values({
          customerId: customer.id,
          method: 'auto_verification',
          status: 'in_progress',
          providerReference: 'sandbox-unknown',
        })
        .returning();
      if (!attempt) throw new Error('no attempt');
      await emit(tx, 'verification.started', customer.id, { customerId: customer.id, attemptId: attempt.id });
    });
    await drainOutbox(app);
    const [done] = await attemptsOf(customer.id);
    expect(done).toMatchObject({ status: 'completed', outcome: 'not_verified', reason: 'no_match' });
    expect((await overview(customer)).is_verified).toBe(false);
    expect(await autoStatus(customer)).toBe('attempted');
    const [notice] = (await feedOf(customer.id)).filter(
      (n) => n.title === 'We could not verify your account',
    );
    expect(notice?.message).toContain('exactly as on your ID');
    // The method to try next, as the page would have said it at once (not "contact support").
    expect(notice?.message).toContain("You can verify with “Driver's licence” instead.");
    expect(notice?.actions[0]?.link).toBe('/my-account/verify-account');
  });

  it('refuses a new check while one is in progress (409)', async () => {
    const customer = await customerNamed('Verified');
    await db.insert(verificationAttempts).values({
      customerId: customer.id,
      method: 'auto_verification',
      status: 'in_progress',
      providerReference: 'sandbox-slow-test',
    });
    expect(await autoStatus(customer)).toBe('in_progress');
    const res = await verify(customer);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('verification_in_progress');
    expect(await attemptsOf(customer.id)).toHaveLength(1);
    expect((await overview(customer)).is_verified).toBe(false);
  });
});

describe('POST /v2/customer/verify refuses', () => {
  it('bad input with field errors, changing nothing', async () => {
    const customer = await customerNamed('Verified');
    const cases: [Record<string, unknown>, string][] = [
      [{ firstname: ' ' }, 'firstname'],
      [{ lastname: 'Someone' }, 'lastname'],
      [{ date_of_birth: '1990-02-30' }, 'date_of_birth'],
      [{ date_of_birth: '1991-05-17' }, 'date_of_birth'],
      [
        { address: { address: '1 George St', suburb: 'Sydney', state: 'NSW', postcode: '9', country: 'AU' } },
        'address.postcode',
      ],
    ];
    for (const [overrides, field] of cases) {
      const res = await verify(customer, details(customer, overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
      expect(Object.keys(res.json().errors), JSON.stringify(overrides)).toContain(field);
    }
    expect((await verify(customer, { firstname: 'Jane' })).statusCode).toBe(400);
    expect(await attemptsOf(customer.id)).toHaveLength(0);
    expect((await overview(customer)).is_verified).toBe(false);
  });

  it('a signed-out request (401)', async () => {
    const res = await call(app, '/v2/customer/verify', { body: {} });
    expect(res.statusCode).toBe(401);
  });

  it('a customer whose segment lacks verify_id (404), recording nothing', async () => {
    const customer = await customerNamed('Verified');
    await db
      .insert(capabilitySegments)
      .values({ segmentName: 'no-id-checks', capabilities: ['verification'] })
      .onConflictDoNothing();
    await db.update(customers).set({ segmentName: 'no-id-checks' }).where(eq(customers.id, customer.id));
    const res = await verify(customer);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('verification_unavailable');
    expect(await attemptsOf(customer.id)).toHaveLength(0);
  });

  it('more than 5 checks in a day (429), recording nothing more', async () => {
    const customer = await customerNamed('Mismatch');
    for (let i = 0; i < 5; i += 1) expect((await verify(customer)).statusCode).toBe(200);
    const res = await verify(customer);
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('verification_attempts_exceeded');
    expect(res.json().error.message).toContain('5 times in the last 24 hours');
    expect(await attemptsOf(customer.id)).toHaveLength(5);
  });
});

describe('POST /v2/customer/verify is idempotent and private', () => {
  it('a retry with the same Idempotency-Key is answered as the first, with one attempt', async () => {
    const customer = await customerNamed('Partial');
    const key = randomUUID();
    const first = await verify(customer, details(customer), key);
    const again = await verify(customer, details(customer), key);
    expect(again.statusCode).toBe(200);
    expect(again.json().result).toEqual(first.json().result);
    expect(await attemptsOf(customer.id)).toHaveLength(1);
    expect((await verify(customer, details(customer, { firstname: 'Jo' }), key)).statusCode).toBe(422);
  });

  it("a customer's overview shows only their own attempts", async () => {
    const tried = await customerNamed('Mismatch');
    const other = await customerNamed('Mismatch');
    await verify(tried);
    expect(await autoStatus(tried)).toBe('attempted');
    expect(await autoStatus(other)).toBe('not_attempted');
  });
});

describe('GET /customer-verify/config', () => {
  it('lists every method with what it needs, the automatic, licence and document methods switched on', async () => {
    const res = await call(app, '/customer-verify/config');
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().result;
    expect(result).toMatchObject({
      attempts_per_day: 5,
      deposit_cap: { amount: 500, currency: 'AUD' },
      deadline_days: 14,
    });
    expect(result.methods).toHaveLength(6);
    expect(
      result.methods.filter((m: { enabled: boolean }) => m.enabled).map((m: { type: string }) => m.type),
    ).toEqual(['auto_verification', 'drivers_licence', 'pdf_form', 'photo_id_upload']);
    expect(result.methods[0].needs).toContain('two independent records');
  });
});
