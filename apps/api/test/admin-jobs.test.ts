/**
 * Jobs in the back office: the queues with their counts, a failed job and a dead outbox delivery
 * listed and put back in line by an admin, audited; other roles refused. The queue and subscriber
 * here are this file's own, so no worker or relay ever takes them.
 */
import { randomUUID } from 'node:crypto';
import { auditLog, eq, outboxDeliveries, outboxEvents } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import PgBoss from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { getTestApp } from './helpers.ts';
import { asOperator, backOfficeOperator } from './operators-helpers.ts';
import { testDatabaseUrl } from './test-database.ts';

const app: FastifyInstance = await getTestApp();
const { db } = app.deps;

describe('the Jobs page', () => {
  it('lists a failed job and a dead delivery; an admin retries each once, audited', async () => {
    const admin = await backOfficeOperator(app, ['admin']);
    const queue = `admin-test-${randomUUID()}`;
    // pg-boss as the worker runs it, without its maintenance: a queue of this file's own, one job failed.
    const boss = new PgBoss({
      connectionString: testDatabaseUrl(),
      max: 1,
      supervise: false,
      schedule: false,
    });
    await boss.start();
    await boss.createQueue(queue);
    const jobId = (await boss.send(queue, {}, { retryLimit: 0 })) ?? '';
    await boss.fail(queue, jobId, { message: 'smtp refused' });
    await boss.stop({ graceful: false, wait: true });
    const subscriber = `admin-test-${randomUUID()}`;
    const [event] = await db
      .insert(outboxEvents)
      .values({ type: 'test.ping', aggregateId: randomUUID() })
      .returning({ id: outboxEvents.id });
    const eventId = event?.id ?? 0;
    await db
      .insert(outboxDeliveries)
      .values({ eventId, subscriber, status: 'dead', attempts: 8, lastError: 'Error: no template' });

    const page = await asOperator(app, admin, 'GET', '/admin/jobs');
    expect(page.statusCode, page.body).toBe(200);
    const jobs = page.json().result;
    expect(jobs.queues.find((q: { name: string }) => q.name === queue)).toMatchObject({
      failed: 1,
      created: 0,
    });
    expect(jobs.failed_jobs.find((j: { id: string }) => j.id === jobId)).toMatchObject({
      name: queue,
      error: 'smtp refused',
    });
    expect(jobs.failed_deliveries.find((d: { event_id: number }) => d.event_id === eventId)).toMatchObject({
      subscriber,
      attempts: 8,
      last_error: 'Error: no template',
    });

    const retried = await asOperator(app, admin, 'POST', `/admin/jobs/${queue}/${jobId}/retry`);
    expect(retried.json().result).toEqual({ retried: 1 });
    expect((await asOperator(app, admin, 'POST', `/admin/jobs/${queue}/${jobId}/retry`)).statusCode).toBe(
      404,
    );
    const delivery = await asOperator(app, admin, 'POST', `/admin/outbox/${eventId}/retry`, { subscriber });
    expect(delivery.json().result).toEqual({ retried: 1 });
    expect((await asOperator(app, admin, 'POST', `/admin/outbox/${eventId}/retry`, {})).statusCode).toBe(404);
    const [after] = await db.select().from(outboxDeliveries).where(eq(outboxDeliveries.eventId, eventId));
    expect(after).toMatchObject({ status: 'pending', attempts: 0 });

    const audited = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.operatorId, admin.id))
      .orderBy(auditLog.id);
    expect(audited.map((a) => [a.action, a.targetId]).filter(([a]) => a !== 'operator.joined')).toEqual([
      ['job.retried', jobId],
      ['outbox.retried', String(eventId)],
    ]);

    const support = await backOfficeOperator(app, ['support', 'finance', 'results', 'content']);
    expect((await asOperator(app, support, 'GET', '/admin/jobs')).statusCode).toBe(403);
  });
});
