/**
 * `customer:verify <email>` as the signed-in operator: the customer verified as a check that
 * verifies does (an attempt of method `operator` naming the operator, `customer.verified` in the same
 * transaction), told once by a feed entry and a mail however often it runs; no token changes nothing.
 */
import {
  and,
  auditLog,
  customers,
  eq,
  notifications,
  outboxEvents,
  verificationAttempts,
} from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { newCustomer } from './accounts-helpers.ts';
import { anotherOperator, operatorRun } from './draws-helpers.ts';
import { drainOutbox, getTestApp, getTestDb, mailOf } from './helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();

/** What the customer was told of their verification: feed entries and mails (once delivered). */
async function toldVerified(customerId: string, email: string) {
  await drainOutbox(app);
  const title = 'Your account is verified';
  const entries = await db.select().from(notifications).where(eq(notifications.customerId, customerId));
  const mails = mailOf(app).messages();
  return {
    feed: entries.filter((n) => n.title === title).length,
    mail: mails.filter((m) => m.subject === title && m.to.includes(email.toLowerCase())).length,
  };
}

describe('customer:verify', () => {
  it('verifies as the operator, records the attempt and tells the customer once, however often it runs', async () => {
    const customer = await newCustomer(app);
    const sam = await anotherOperator(db, 'sam');
    const first = await operatorRun(db, ['customer:verify', customer.email, '--token', sam.token]);
    expect(first).toEqual({ code: 0, text: `${customer.email} is verified by ${sam.name}` });
    const again = await operatorRun(db, ['customer:verify', customer.email, '--token', sam.token]);
    expect(again.text).toContain('was verified already');

    const attempts = await db
      .select()
      .from(verificationAttempts)
      .where(eq(verificationAttempts.customerId, customer.id));
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({
      method: 'operator',
      status: 'completed',
      outcome: 'verified',
      providerReference: `operator:${sam.name}`,
    });
    const events = await db
      .select()
      .from(outboxEvents)
      .where(and(eq(outboxEvents.type, 'customer.verified'), eq(outboxEvents.aggregateId, customer.id)));
    expect(events).toHaveLength(1);
    // Audited once, as the token's operator from the command line.
    const audited = await db.select().from(auditLog).where(eq(auditLog.targetId, customer.id));
    expect(audited).toMatchObject([
      {
        action: 'customer.verified',
        operatorName: sam.name,
        via: 'cli',
        after: { verified: true, method: 'operator' },
      },
    ]);

    expect(await toldVerified(customer.id, customer.email)).toEqual({ feed: 1, mail: 1 });
  });

  it('refuses without an operator token and changes nothing', async () => {
    const customer = await newCustomer(app);
    const refused = await operatorRun(db, ['customer:verify', customer.email]);
    expect(refused.code).toBe(1);
    expect(refused.text).toContain('DRAWHOUSE_OPERATOR_TOKEN');
    const [row] = await db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row?.verifiedAt).toBeNull();
    expect(await toldVerified(customer.id, customer.email)).toEqual({ feed: 0, mail: 0 });
  });
});
