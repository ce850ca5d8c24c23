/**
 * An operator reads why a customer's identity checks did not verify (GET
 * /admin/customers/{id}/verification and `customer:verification <email>`): every attempt with its
 * reason, what each source matched and who decided; a token is needed, reading changes nothing.
 */
import { eq, verificationAttempts } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { call, newCustomer, type TestCustomer } from './accounts-helpers.ts';
import { adminCall, anotherOperator, operatorRun } from './draws-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();

const verify = (customer: TestCustomer) =>
  call(app, '/v2/customer/verify', {
    token: customer.access_token,
    body: {
      firstname: 'Jane',
      lastname: String(customer.customer.lastname),
      date_of_birth: '1990-05-17',
      address: { address: '1 George St', suburb: 'Sydney', state: 'NSW', postcode: '2000', country: 'AU' },
    },
  });

describe('a customer’s verification history for operators', () => {
  it('shows each check that did not verify with its reason and sources, and an operator’s verification by name', async () => {
    const customer = await newCustomer(app, { lastname: 'Partial' });
    expect((await verify(customer)).json().result.outcome).not.toBe('verified');
    const sam = await anotherOperator(db, 'sam');
    expect((await operatorRun(db, ['customer:verify', customer.email, '--token', sam.token])).code).toBe(0);

    const read = await adminCall(app, sam.token, 'GET', `/admin/customers/${customer.id}/verification`);
    expect(read.statusCode, read.body).toBe(200);
    const history = read.json().result;
    expect(history.customer).toMatchObject({ id: customer.id, email: customer.email.toLowerCase() });
    expect(history.customer.verified_at).toMatch(/^\d{4}-/);
    expect(history.attempts.map((a: { method: string }) => a.method)).toEqual([
      'operator',
      'auto_verification',
    ]);
    const [byOperator, auto] = history.attempts;
    expect(byOperator).toMatchObject({ outcome: 'verified', decided_by: sam.name, reason: null });
    expect(auto).toMatchObject({ status: 'completed', outcome: 'not_verified', reason: 'partial_match' });
    expect(auto.reason_text).toContain('not your address');
    // The sandbox's Partial: one source matched name and date of birth, not the address.
    expect(auto.sources).toContainEqual(
      expect.objectContaining({ name: true, date_of_birth: true, address: false }),
    );

    const printed = await operatorRun(db, ['customer:verification', customer.email]);
    expect(printed.code).toBe(0);
    expect(printed.text).toMatch(/auto_verification\tnot_verified\tpartial_match/);
    expect(printed.text).toMatch(/operator\tverified\tby /);
    expect(printed.text).toContain('why: We found your name and date of birth');
    expect(printed.text).toContain('2 checks');
  });

  it('needs an operator token, answers 404 for an id that is no customer’s, and changes nothing', async () => {
    const customer = await newCustomer(app, { lastname: 'Mismatch' });
    await verify(customer);
    const before = await db
      .select()
      .from(verificationAttempts)
      .where(eq(verificationAttempts.customerId, customer.id));
    expect(
      (await adminCall(app, undefined, 'GET', `/admin/customers/${customer.id}/verification`)).statusCode,
    ).toBe(401);
    const sam = await anotherOperator(db, 'sam');
    for (const id of ['not-a-customer', '00000000-0000-4000-8000-000000000000']) {
      const missing = await adminCall(app, sam.token, 'GET', `/admin/customers/${id}/verification`);
      expect(missing.statusCode, missing.body).toBe(404);
      expect(missing.json().error.code).toBe('customer_not_found');
    }
    expect((await operatorRun(db, ['customer:verification', 'nobody@example.com'])).code).not.toBe(0);
    const after = await db
      .select()
      .from(verificationAttempts)
      .where(eq(verificationAttempts.customerId, customer.id));
    expect(after).toEqual(before);
  });
});
