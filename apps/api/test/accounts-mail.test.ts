/**
 * Accounts mail through the outbox: a sign-up writes its `customer.signed_up` event in its own
 * transaction (the welcome mail and its confirm link follow it, once); each security change writes
 * one event, and its mail arrives even when the mail server refuses it once; a reset request does the
 * same work for a known and an unknown email, answers without waiting for mail, and the email it was
 * asked for is not kept.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, ne, outboxEvents, sql } from '@drawhouse/db';
import { describe, expect, it } from 'vitest';
import type { Mailer } from '../src/modules/notifications/index.ts';
import { call, elevateByEmail, login, newCustomer, PASSWORD, signupBody } from './accounts-helpers.ts';
import { drainOutbox, getTestApp, getTestDb, mailOf } from './helpers.ts';

/** Addresses whose next mail the server refuses, once. */
const refuseOnce = new Set<string>();
/** Addresses whose mail waits until its gate opens. */
const gates = new Map<string, Promise<void>>();

const flakySmtp = (smtp: Mailer): Mailer => ({
  async send(mail) {
    const to = mail.to.toLowerCase();
    if (refuseOnce.delete(to)) throw new Error('451 4.3.0 try again later');
    await gates.get(to);
    await smtp.send(mail);
  },
});

const app = await getTestApp({}, undefined, { mailer: flakySmtp, retryDelayMs: () => 0 });
const { db } = getTestDb();

const mailsTo = (email: string, subject: RegExp) =>
  mailOf(app)
    .messages()
    .filter((m) => m.to.includes(email.toLowerCase()) && subject.test(m.subject));

/** The events a customer's changes wrote (not the mail requests their subscribers made). */
const eventsOf = async (customerId: string) =>
  (
    await db
      .select({ type: outboxEvents.type })
      .from(outboxEvents)
      .where(and(eq(outboxEvents.aggregateId, customerId), ne(outboxEvents.type, 'mail.requested')))
      .orderBy(outboxEvents.id)
  ).map((e) => e.type);

describe('sign-up', () => {
  it('writes one customer.signed_up event with the customer; the welcome mail and its link follow once', async () => {
    const body = signupBody();
    const email = String(body.email);
    const res = await call(app, '/v2/signup', { body });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().result.customer.customer_id as string;
    const [event] = await db
      .select()
      .from(outboxEvents)
      .where(and(eq(outboxEvents.aggregateId, id), eq(outboxEvents.type, 'customer.signed_up')));
    expect(event?.payload).toEqual({ customerId: id, email });
    await drainOutbox(app);
    expect(await eventsOf(id)).toEqual(['customer.signed_up']);
    const welcome = mailsTo(email, /Welcome/);
    expect(welcome).toHaveLength(1);
    const token = /account-verification\?token=([\w-]+)/.exec(welcome[0]?.text ?? '')?.[1];
    const confirmed = await call(app, '/v2/customer/confirm-email-address', {
      method: 'PATCH',
      body: { token },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });

  it('a sign-up refused for a taken email writes no event and sends no mail', async () => {
    const c = await newCustomer(app);
    await drainOutbox(app);
    const before = mailsTo(c.email, /./).length;
    const again = await call(app, '/v2/signup', { body: signupBody({ email: c.email.toUpperCase() }) });
    expect(again.statusCode).toBe(400);
    await drainOutbox(app);
    expect(await eventsOf(c.id)).toEqual(['customer.signed_up']);
    expect(mailsTo(c.email, /./)).toHaveLength(before);
  });
});

describe('security mail', () => {
  it('tells each change once, by one event, even when the mail server refuses it the first time', async () => {
    const c = await newCustomer(app);
    await drainOutbox(app);
    const elevated = await elevateByEmail(app, c.access_token, c.email);
    const refusedOnce = async (subject: RegExp, action: () => Promise<unknown>) => {
      await drainOutbox(app);
      refuseOnce.add(c.email.toLowerCase());
      await action();
      await drainOutbox(app);
      expect(refuseOnce.has(c.email.toLowerCase()), `${subject} was tried`).toBe(false);
      expect(mailsTo(c.email, subject), String(subject)).toHaveLength(1);
    };

    await refusedOnce(/^New sign-in/, async () => {
      expect((await login(app, { email: c.email, password: PASSWORD })).statusCode).toBe(200);
    });
    await refusedOnce(/account changed$/, async () => {
      const details = (await call(app, '/v2/customer/details', { token: elevated })).json().result;
      const res = await call(app, '/v2/customer/details', {
        token: elevated,
        body: { ...details, phone: '+61 2 9876 5432' },
      });
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(mailsTo(c.email, /account changed$/)[0]?.subject).toBe(
      'The phone number of your Drawhouse account changed',
    );
    await refusedOnce(/password was changed/, async () => {
      const res = await call(app, '/v2/customer/change-password', {
        token: elevated,
        body: { current_password: PASSWORD, new_password: `${PASSWORD} again` },
      });
      expect(res.statusCode, res.body).toBe(200);
    });
    const started = await call(app, '/v2/customer/two-factor-auth/email', {
      method: 'POST',
      token: elevated,
    });
    expect(started.statusCode, started.body).toBe(200);
    await drainOutbox(app);
    const code = /\b(\d{6})\b/.exec(mailsTo(c.email, /code is/)[0]?.text ?? '')?.[1];
    await refusedOnce(/^Two-factor authentication is on/, async () => {
      const res = await call(app, '/v2/customer/two-factor-auth/email', {
        method: 'PUT',
        token: elevated,
        body: { otp: code },
      });
      expect(res.statusCode, res.body).toBe(200);
    });
    await refusedOnce(/is closed/, async () => {
      const res = await call(app, '/v2/customer', {
        method: 'DELETE',
        token: elevated,
        body: { password: `${PASSWORD} again` },
      });
      expect(res.statusCode, res.body).toBe(200);
    });

    expect(await eventsOf(c.id)).toEqual([
      'customer.signed_up',
      'customer.new_device_signed_in',
      'customer.contact_changed',
      'customer.password_changed',
      'customer.two_factor_changed',
      'customer.account_closed',
    ]);
  });

  it('a new email gets its confirm link and the address used before is told, even when both are refused once', async () => {
    const c = await newCustomer(app);
    await drainOutbox(app);
    const elevated = await elevateByEmail(app, c.access_token, c.email);
    const newEmail = `${randomUUID()}@example.com`;
    refuseOnce.add(c.email.toLowerCase());
    refuseOnce.add(newEmail);
    const details = (await call(app, '/v2/customer/details', { token: elevated })).json().result;
    const res = await call(app, '/v2/customer/details', {
      token: elevated,
      body: { ...details, email: newEmail },
    });
    expect(res.statusCode, res.body).toBe(200);
    await drainOutbox(app);
    expect(mailsTo(newEmail, /Confirm your new/)).toHaveLength(1);
    const told = mailsTo(c.email, /email address was changed/);
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain(`now uses ${newEmail[0]}***@example.com`);
    expect(await eventsOf(c.id)).toEqual(['customer.signed_up', 'customer.email_changed']);
  });
});

describe('POST /v2/password/forgot', () => {
  const resetEvents = async () =>
    Number(
      (
        await db.execute<{ n: number }>(
          sql`select count(*)::int as n from outbox_events where type = 'customer.password_reset_requested'`,
        )
      ).rows[0]?.n,
    );

  it('does the same work for a known and an unknown email, answers before any mail, and keeps neither email', async () => {
    const c = await newCustomer(app);
    const unknown = `${randomUUID()}@example.com`;
    await drainOutbox(app);
    const before = await resetEvents();
    // The known customer's mail cannot go out until the gate opens: the answer must not wait for it.
    let open = () => {};
    gates.set(c.email.toLowerCase(), new Promise<void>((resolve) => (open = resolve)));
    for (const email of [c.email, unknown]) {
      const res = await call(app, '/v2/password/forgot', { body: { email } });
      expect(res.statusCode).toBe(200);
      expect(res.json().result).toEqual({});
    }
    // Each request wrote one event, and only that: no link or mail is made while it answers.
    expect(await resetEvents()).toBe(before + 2);
    expect(mailsTo(c.email, /Reset your/)).toHaveLength(0);
    open();
    await drainOutbox(app);
    gates.delete(c.email.toLowerCase());
    expect(mailsTo(c.email, /Reset your/)).toHaveLength(1);
    expect(mailsTo(unknown, /./)).toHaveLength(0);
    const kept = await db
      .select({ id: outboxEvents.id })
      .from(outboxEvents)
      .where(
        and(
          inArray(outboxEvents.type, ['customer.password_reset_requested', 'mail.requested']),
          sql`(${outboxEvents.payload}::text ilike ${`%${c.email}%`} or ${outboxEvents.payload}::text ilike ${`%${unknown}%`})`,
        ),
      );
    expect(kept).toEqual([]);
  });
});
