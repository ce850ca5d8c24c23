/**
 * The feedback modal's event (`POST /v2/event`): a guest's with their email, a customer's tied to
 * the account (no email kept), the client information and page stored as sent, bad bodies answered
 * field by field with nothing stored, a segment without the feedback capability refused, the per
 * address limit; the same event through the content service's `POST /cms/items/feedback`, which
 * takes no other collection; and support's list in the back office, filtered by rating and refused to other roles.
 */
import { randomUUID } from 'node:crypto';
import { capabilitySegments, eq, feedbackEvents } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { call, newCustomer } from './accounts-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';
import { asOperator, backOfficeOperator, someAddress } from './operators-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();

function eventBody(overrides: Record<string, unknown> = {}) {
  return {
    category: 'user',
    event_type: 'feedback_event',
    name: 'feedback',
    rating: 'satisfied',
    comment: 'Quick checkout',
    email: '',
    source: '/lotto-tickets',
    variant: null,
    client_information: {
      release: 'web-2026.11.28',
      name: 'Web',
      version: '1.0.0',
      client_environment: { timezone: 'Australia/Sydney', locale: 'en-AU' },
    },
    ...overrides,
  };
}

const stored = async (id: string) =>
  (await db.select().from(feedbackEvents).where(eq(feedbackEvents.id, id)))[0];
const countEvents = async () => (await db.select({ id: feedbackEvents.id }).from(feedbackEvents)).length;

describe('POST /v2/event', () => {
  it('stores a guest’s feedback with their email, the page, sub-variant and client', async () => {
    const res = await call(app, '/v2/event', {
      body: eventBody({ rating: 'not_satisfied', email: ' Guest@Example.COM ', comment: 'Slow pages' }),
      headers: { 'x-sub-variant': 'spring' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await stored(res.json().result.id);
    expect(row).toMatchObject({
      customerId: null,
      rating: 'not_satisfied',
      comment: 'Slow pages',
      email: 'guest@example.com',
      source: '/lotto-tickets',
      variant: 'SPRING',
      clientRelease: 'web-2026.11.28',
      clientName: 'Web',
      clientVersion: '1.0.0',
      timezone: 'Australia/Sydney',
      locale: 'en-AU',
    });
  });

  it('ties a customer’s feedback to the account and keeps no email', async () => {
    const customer = await newCustomer(app);
    const res = await call(app, '/v2/event', {
      token: customer.access_token,
      body: eventBody({ email: 'someone@example.com', comment: '' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await stored(res.json().result.id)).toMatchObject({
      customerId: customer.id,
      email: null,
      comment: '',
      rating: 'satisfied',
    });
  });

  it('answers bad bodies field by field and stores nothing', async () => {
    const before = await countEvents();
    const res = await call(app, '/v2/event', {
      body: eventBody({ rating: 'great', email: 'not-an-email', source: 'lotto' }),
    });
    expect(res.statusCode).toBe(400);
    const { error, errors } = res.json();
    expect(error.code).toBe('validation_error');
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(['rating', 'email', 'source']));
    expect(errors.email[0].message).toBe('Please enter a valid email address.');
    const noClient = await call(app, '/v2/event', { body: eventBody({ client_information: undefined }) });
    expect(noClient.statusCode).toBe(400);
    expect(await countEvents()).toBe(before);
  });

  it('is not taken from a segment without the feedback capability', async () => {
    const segment = `no-feedback-${randomUUID().slice(0, 8)}`;
    await db
      .insert(capabilitySegments)
      .values({ segmentName: segment, capabilities: ['commercial_lotteries'] });
    const before = await countEvents();
    const res = await call(app, '/v2/event', { body: eventBody(), headers: { 'x-segment': segment } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('feedback_unavailable');
    expect(await countEvents()).toBe(before);
  });

  it('limits one address to ten events a minute', async () => {
    const ip = someAddress();
    for (let i = 0; i < 10; i += 1) {
      expect((await call(app, '/v2/event', { ip, body: eventBody() })).statusCode).toBe(201);
    }
    const limited = await call(app, '/v2/event', { ip, body: eventBody() });
    expect(limited.statusCode).toBe(429);
    expect((await call(app, '/v2/event', { body: eventBody() })).statusCode).toBe(201);
  });
});

describe('POST /cms/items/{collection}', () => {
  it('takes a feedback item as the event call does: a guest’s with the email, a customer’s tied to them', async () => {
    const guest = await call(app, '/cms/items/feedback', {
      body: eventBody({ email: 'Item@Example.com', comment: 'From the content call' }),
    });
    expect(guest.statusCode, guest.body).toBe(201);
    expect(await stored(guest.json().result.id)).toMatchObject({
      customerId: null,
      email: 'item@example.com',
      comment: 'From the content call',
      source: '/lotto-tickets',
    });
    const customer = await newCustomer(app);
    const own = await call(app, '/cms/items/feedback', {
      token: customer.access_token,
      body: eventBody({ email: 'someone@example.com' }),
    });
    expect(own.statusCode, own.body).toBe(201);
    expect(await stored(own.json().result.id)).toMatchObject({ customerId: customer.id, email: null });
  });

  it('refuses other collections before reading the body, and bad bodies field by field', async () => {
    const before = await countEvents();
    for (const collection of ['pages', 'site_config', 'theme', 'nope%00']) {
      const res = await call(app, `/cms/items/${collection}`, { body: { title: 'Mine now' } });
      expect(res.statusCode, collection).toBe(403);
      expect(res.json().error.code).toBe('collection_read_only');
    }
    const bad = await call(app, '/cms/items/feedback', { body: eventBody({ rating: 'great', source: 'x' }) });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['rating', 'source']));
    const badToken = await call(app, '/cms/items/feedback', { token: 'not-a-token', body: eventBody() });
    expect(badToken.statusCode).toBe(401);
    expect(await countEvents()).toBe(before);
  });

  it('is not taken from a segment without the feedback capability', async () => {
    const segment = `no-feedback-items-${randomUUID().slice(0, 8)}`;
    await db.insert(capabilitySegments).values({ segmentName: segment, capabilities: ['blog'] });
    const res = await call(app, '/cms/items/feedback', {
      body: eventBody(),
      headers: { 'x-segment': segment },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('feedback_unavailable');
  });
});

describe('GET /admin/feedback', () => {
  it('lists feedback newest first for support, filtered by rating', async () => {
    const comment = `Neutral ${randomUUID()}`;
    const sent = await call(app, '/v2/event', { body: eventBody({ rating: 'neutral', comment }) });
    expect(sent.statusCode).toBe(201);
    const support = await backOfficeOperator(app, ['support']);
    const res = await asOperator(app, support, 'GET', '/admin/feedback?rating=neutral&limit=100');
    expect(res.statusCode, res.body).toBe(200);
    const { feedback, total } = res.json().result;
    expect(total).toBeGreaterThanOrEqual(1);
    expect(feedback.every((f: { rating: string }) => f.rating === 'neutral')).toBe(true);
    expect(feedback[0]).toMatchObject({
      comment,
      rating: 'neutral',
      source: '/lotto-tickets',
      client: { name: 'Web', release: 'web-2026.11.28', timezone: 'Australia/Sydney', locale: 'en-AU' },
    });
    const bad = await asOperator(app, support, 'GET', '/admin/feedback?rating=great');
    expect(bad.statusCode).toBe(400);
  });

  it('is refused to operators without the support role', async () => {
    const content = await backOfficeOperator(app, ['content']);
    const res = await asOperator(app, content, 'GET', '/admin/feedback');
    expect(res.statusCode).toBe(403);
  });
});
