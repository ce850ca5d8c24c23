/**
 * The notifications feed: newest first with the unviewed count, everything up to now marked viewed,
 * one dismissed (gone from the feed), another customer's notification is 404.
 */
import { eq, notifications } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { call, newCustomer, type TestCustomer } from './accounts-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();

const as = (customer: TestCustomer, url: string, method: 'GET' | 'POST' = 'GET') =>
  call(app, url, { token: customer.access_token, method });

async function notify(customerId: string, n: number, minutesAgo: number) {
  const [row] = await db
    .insert(notifications)
    .values({
      customerId,
      sourceKey: `test:${n}`,
      title: `You won ${n}`,
      icon: 'trophy',
      message: `Prize ${n}`,
      isAutoDismissed: n % 2 === 0,
      actions: [
        { id: 'view', text: 'View ticket', link: `/my-account/upcoming-tickets/ticket/${n}`, deepLink: null },
      ],
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    })
    .returning();
  if (!row) throw new Error('notification was not created');
  return row;
}

describe('the notifications feed', () => {
  it('needs a signed-in customer', async () => {
    expect((await call(app, '/v2/notifications')).statusCode).toBe(401);
    expect((await call(app, '/v2/notifications/viewed', { method: 'POST' })).statusCode).toBe(401);
  });

  it('lists newest first with the unviewed count, pages, marks viewed up to now and dismisses one', async () => {
    const customer = await newCustomer(app);
    const other = await newCustomer(app);
    const rows = [
      await notify(customer.id, 1, 30),
      await notify(customer.id, 2, 20),
      await notify(customer.id, 3, 10),
    ];
    const theirs = await notify(other.id, 9, 5);

    const res = await as(customer, '/v2/notifications?limit=2');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.page_info).toEqual({ offset: 0, limit: 2, total: 3 });
    expect(body.result.unviewed_count).toBe(3);
    expect(body.result.notifications).toEqual([
      {
        id: rows[2]?.id,
        title: 'You won 3',
        icon: 'trophy',
        message: 'Prize 3',
        is_auto_dismissed: false,
        actions: [
          { id: 'view', text: 'View ticket', link: '/my-account/upcoming-tickets/ticket/3', deep_link: null },
        ],
        created_at: rows[2]?.createdAt.toISOString(),
        viewed: false,
      },
      expect.objectContaining({ id: rows[1]?.id, is_auto_dismissed: true }),
    ]);

    const viewed = await as(customer, '/v2/notifications/viewed', 'POST');
    expect(viewed.statusCode, viewed.body).toBe(200);
    expect(viewed.json().result).toEqual({ marked: 3, unviewed_count: 0 });
    expect((await as(customer, '/v2/notifications/viewed', 'POST')).json().result).toEqual({
      marked: 0,
      unviewed_count: 0,
    });
    // A win announced after the feed was opened is unviewed again.
    await notify(customer.id, 4, 0);
    const after = (await as(customer, '/v2/notifications')).json().result;
    expect(after.unviewed_count).toBe(1);
    expect(after.notifications.map((n: { viewed: boolean }) => n.viewed)).toEqual([false, true, true, true]);

    const dismissed = await as(customer, `/v2/notifications/${rows[1]?.id}/dismiss`, 'POST');
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json().result).toEqual({ unviewed_count: 1 });
    expect((await as(customer, `/v2/notifications/${rows[1]?.id}/dismiss`, 'POST')).statusCode).toBe(200);
    const left = (await as(customer, '/v2/notifications')).json();
    expect(left.page_info.total).toBe(3);
    expect(left.result.notifications.map((n: { id: string }) => n.id)).not.toContain(rows[1]?.id);

    // Another customer's notification, an unknown id and no id at all: 404, and nothing changes.
    for (const id of [theirs.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res404 = await as(customer, `/v2/notifications/${id}/dismiss`, 'POST');
      expect(res404.statusCode).toBe(404);
      expect(res404.json().error.code).toBe('notification_not_found');
    }
    const [untouched] = await db.select().from(notifications).where(eq(notifications.id, theirs.id));
    expect(untouched?.dismissedAt).toBeNull();
    expect(untouched?.viewedAt).toBeNull();
    expect((await as(other, '/v2/notifications')).json().result.unviewed_count).toBe(1);
  });
});
