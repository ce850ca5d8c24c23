/**
 * The driver's licence check (POST /v2/customer/verification/licence) against the sandbox identity
 * source: each sandbox outcome, the deposit cap lifted, field errors that change nothing, the shared
 * daily limit and idempotency, privacy, and GET /customer-verify/config/licence.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, outboxEvents, verificationAttempts } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { call, newCustomer, type TestCustomer } from './accounts-helpers.ts';
import { drainOutbox, getTestApp, getTestDb } from './helpers.ts';
import { CARDS, paymentCalls } from './payments-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();

const customerNamed = (lastname: string) => newCustomer(app, { lastname });

/** A valid NSW licence with the name and date of birth as the customer's record holds them. */
function licence(customer: TestCustomer, overrides: Record<string, unknown> = {}) {
  return {
    firstname: 'Jane',
    lastname: String(customer.customer.lastname),
    date_of_birth: '1990-05-17',
    state: 'NSW',
    licence_number: '12345678',
    card_number: '1234567890',
    ...overrides,
  };
}

const verifyLicence = (customer: TestCustomer, body: unknown = licence(customer), key?: string) =>
  call(app, '/v2/customer/verification/licence', {
    token: customer.access_token,
    body,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

const overview = async (customer: TestCustomer) =>
  (await call(app, '/v2/customer', { token: customer.access_token })).json().result;

const licenceStatus = async (customer: TestCustomer) =>
  (await overview(customer)).verification.methods.find((m: { type: string }) => m.type === 'drivers_licence')
    .status;

const attemptsOf = (customerId: string) =>
  db.select().from(verificationAttempts).where(eq(verificationAttempts.customerId, customerId));

const eventsOf = (type: string, customerId: string) =>
  db
    .select()
    .from(outboxEvents)
    .where(and(eq(outboxEvents.type, type), eq(outboxEvents.aggregateId, customerId)));

describe('POST /v2/customer/verification/licence with the sandbox identities', () => {
  it('Verified: verified at once as a drivers_licence attempt; the $500 deposit cap is lifted', async () => {
    const customer = await customerNamed('Verified');
    expect(await licenceStatus(customer)).toBe('not_attempted');
    const calls = paymentCalls(app, customer.access_token);
    const fundId = await calls.addCard(CARDS.succeeds);
    expect((await calls.deposit(fundId, { amount: 600, csc: '123' })).statusCode).toBe(422);

    const res = await verifyLicence(customer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ outcome: 'verified', reason: null, is_verified: true });
    const [attempt, ...more] = await attemptsOf(customer.id);
    expect(more).toHaveLength(0);
    expect(attempt).toMatchObject({ method: 'drivers_licence', status: 'completed', outcome: 'verified' });
    expect(await eventsOf('customer.verified', customer.id)).toHaveLength(1);
    const accepted = await calls.deposit(fundId, { amount: 600, csc: '123' });
    expect(accepted.statusCode, accepted.body).toBe(201);
  });

  it('Mismatch: not verified (document_mismatch), the method attempted', async () => {
    const customer = await customerNamed('Mismatch');
    const result = (await verifyLicence(customer)).json().result;
    expect(result).toMatchObject({
      outcome: 'not_verified',
      reason: 'document_mismatch',
      is_verified: false,
    });
    expect(result.message).toContain('exactly as on your document');
    expect(await licenceStatus(customer)).toBe('attempted');
    expect(await eventsOf('customer.verified', customer.id)).toHaveLength(0);
  });

  it('any other last name: not verified (document_not_found)', async () => {
    for (const lastname of ['Citizen', 'Partial']) {
      const customer = await customerNamed(lastname);
      const result = (await verifyLicence(customer)).json().result;
      expect(result, lastname).toMatchObject({ outcome: 'not_verified', reason: 'document_not_found' });
      const [attempt] = await attemptsOf(customer.id);
      expect(attempt).toMatchObject({ method: 'drivers_licence', outcome: 'not_verified' });
    }
  });

  it('Slow: in progress, then finished by the identity-check subscriber as a licence check', async () => {
    const customer = await customerNamed('Slow');
    const result = (await verifyLicence(customer)).json().result;
    expect(result).toMatchObject({ outcome: 'in_progress', is_verified: false });
    expect(result.verification.methods[0]).toEqual({ type: 'drivers_licence', status: 'in_progress' });
    await drainOutbox(app);
    const [done, ...more] = await attemptsOf(customer.id);
    expect(more).toHaveLength(0);
    expect(done).toMatchObject({ method: 'drivers_licence', status: 'completed', outcome: 'verified' });
    expect((await overview(customer)).is_verified).toBe(true);
    expect(await eventsOf('customer.verified', customer.id)).toHaveLength(1);
  });
});

describe('POST /v2/customer/verification/licence refuses bad input', () => {
  it('field errors per field with codes, recording nothing', async () => {
    const customer = await customerNamed('Verified');
    const res = await verifyLicence(
      customer,
      licence(customer, { firstname: 'Joan', licence_number: '123', card_number: '' }),
    );
    expect(res.statusCode, res.body).toBe(400);
    const errors = res.json().errors;
    expect(errors.firstname[0].code).toBe('not_account_name');
    expect(errors.licence_number[0]).toEqual({
      code: 'invalid_format',
      message: expect.stringContaining('6 to 8 letters or digits'),
    });
    expect(errors.card_number[0].code).toBe('required');
    const other = await verifyLicence(customer, licence(customer, { state: 'OTHER' }));
    expect(other.json().errors.state[0].code).toBe('invalid_state');
    const vic = await verifyLicence(customer, licence(customer, { state: 'VIC', card_number: '12345' }));
    expect(vic.json().errors.card_number[0].message).toContain('8 letters or digits');
    expect(await attemptsOf(customer.id)).toHaveLength(0);
    expect((await overview(customer)).is_verified).toBe(false);
  });

  it('shares the automatic check’s daily limit (429)', async () => {
    const customer = await customerNamed('Mismatch');
    for (let i = 0; i < 5; i += 1) expect((await verifyLicence(customer)).statusCode).toBe(200);
    const res = await verifyLicence(customer);
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('verification_attempts_exceeded');
    expect(await attemptsOf(customer.id)).toHaveLength(5);
  });

  it('a retry with the same Idempotency-Key is answered as the first, with one attempt', async () => {
    const customer = await customerNamed('Mismatch');
    const key = randomUUID();
    const first = await verifyLicence(customer, licence(customer), key);
    const again = await verifyLicence(customer, licence(customer), key);
    expect(again.json().result).toEqual(first.json().result);
    expect(await attemptsOf(customer.id)).toHaveLength(1);
  });

  it("another customer's attempts are invisible", async () => {
    const tried = await customerNamed('Mismatch');
    const other = await customerNamed('Mismatch');
    await verifyLicence(tried);
    expect(await licenceStatus(tried)).toBe('attempted');
    expect(await licenceStatus(other)).toBe('not_attempted');
  });
});

describe('GET /customer-verify/config/licence', () => {
  it('lists each state with its formats, the card number required, and the labels', async () => {
    const res = await call(app, '/customer-verify/config/licence');
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().result;
    expect(result.states.map((s: { state: string }) => s.state)).toEqual([
      'ACT',
      'NSW',
      'NT',
      'QLD',
      'SA',
      'TAS',
      'VIC',
      'WA',
    ]);
    expect(result.states[1]).toEqual({
      state: 'NSW',
      name: 'New South Wales',
      card_number_required: true,
      licence_number: { pattern: '^[A-Z0-9]{6,8}$', hint: '6 to 8 letters or digits' },
      card_number: { pattern: '^\\d{10,10}$', hint: '10 digits' },
    });
    expect(result.labels).toEqual({
      state: 'State or territory that issued your licence',
      licence_number: 'Licence number',
      card_number: 'Card number',
    });
  });
});
