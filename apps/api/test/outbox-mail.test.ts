/**
 * Mail through the outbox: a requested mail goes out once its transaction commits, never when it
 * rolls back, and its payload (which may hold a code or a link) is cleared once sent; a notice writes
 * its feed entry once and mails only when the entry is new.
 */
import { randomUUID } from 'node:crypto';
import { sql } from '@drawhouse/db';
import { describe, expect, it } from 'vitest';
import { noticeSubscriber } from '../src/modules/feed/index.ts';
import { requestMail } from '../src/modules/notifications/index.ts';
import { newCustomer } from './accounts-helpers.ts';
import { drainOutbox, getTestApp, getTestDb, mailOf } from './helpers.ts';

const app = await getTestApp();
const { db } = getTestDb();
const content = (code: string) => ({
  subject: `Your code ${code}`,
  text: `Code ${code}`,
  html: `<p>Code ${code}</p>`,
});

describe('mail through the outbox', () => {
  it('sends a requested mail after the commit and clears what it held', async () => {
    const to = `${randomUUID()}@example.com`;
    await db.transaction((tx) => requestMail(tx, 'someone', to, content('482913')));
    const mail = await mailOf(app).waitFor(to, /Your code 482913/);
    expect(mail.text).toContain('Code 482913');
    await drainOutbox(app);
    const rows = await db.execute<{ payload: unknown }>(
      sql`select payload from outbox_events where type = 'mail.requested' and payload::text like ${'%482913%'}`,
    );
    expect(rows.rows).toHaveLength(0);
  });

  it('sends nothing for a transaction that rolled back', async () => {
    const to = `${randomUUID()}@example.com`;
    await expect(
      db.transaction(async (tx) => {
        await requestMail(tx, 'someone', to, content('111111'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await drainOutbox(app);
    expect(
      mailOf(app)
        .messages()
        .filter((m) => m.to.includes(to)),
    ).toHaveLength(0);
  });
});

describe('noticeSubscriber', () => {
  it('writes the entry once and mails only when it is new', async () => {
    const customer = await newCustomer(app);
    const subscriber = noticeSubscriber('test-notice', async (_tx, event) => [
      {
        customerId: customer.id,
        to: customer.email,
        mail: content(`N-${event.aggregateId}`),
        entry: {
          customerId: customer.id,
          sourceKey: `test-notice:${event.aggregateId}`,
          notice: { title: 'Told', icon: 'info', message: 'Told once', isAutoDismissed: false, actions: [] },
        },
      },
    ]);
    if (subscriber.runs !== 'in-transaction') throw new Error('a notice runs in the transaction');
    const event = {
      id: 1,
      type: 'checkout.completed' as const,
      aggregateId: randomUUID(),
      payload: { customerId: customer.id, checkoutId: randomUUID() },
      createdAt: new Date(),
    };
    await db.transaction((tx) => subscriber.handle(tx, event));
    await db.transaction((tx) => subscriber.handle(tx, event));
    await drainOutbox(app);
    expect(
      mailOf(app)
        .messages()
        .filter((m) => m.subject === `Your code N-${event.aggregateId}`),
    ).toHaveLength(1);
    const [count] = (
      await db.execute<{ n: number }>(
        sql`select count(*)::int as n from notifications where source_key = ${`test-notice:${event.aggregateId}`}`,
      )
    ).rows;
    expect(count?.n).toBe(1);
  });
});
