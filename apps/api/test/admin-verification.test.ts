/**
 * The support role's verification queue in the back office: a signed-in support operator lists,
 * reads and decides document submissions; other roles are refused (403), nobody signed in gets 401;
 * each decision (the back office's or the command line's) writes its audit row with the submission
 * before and after, in the decision's transaction: a refused decision writes none.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { customers, eq } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { newCustomer } from './accounts-helpers.ts';
import { auditOf } from './admin-queues-helpers.ts';
import { anotherOperator, operatorRun } from './draws-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';
import { asOperator, backOfficeOperator } from './operators-helpers.ts';
import { licencePhotos, upload } from './verification-documents-helpers.ts';

const storageDir = mkdtempSync(path.join(tmpdir(), 'drawhouse-admin-verification-'));
const app: FastifyInstance = await getTestApp({ storage: { kind: 'local', dir: storageDir } });
const { db } = getTestDb();
const support = await backOfficeOperator(app, ['support']);
const finance = await backOfficeOperator(app, ['finance']);

async function submitted() {
  const customer = await newCustomer(app);
  const res = await upload(app, customer, licencePhotos());
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return { customer, id: res.json().result.attempt_id as string };
}

describe('the verification queue in the back office', () => {
  it('is support only: 403 for finance, 401 signed out, nothing changed', async () => {
    const { id } = await submitted();
    for (const [method, url] of [
      ['GET', '/admin/verifications'],
      ['GET', `/admin/verifications/${id}`],
      ['POST', `/admin/verifications/${id}/approve`],
    ] as const) {
      const refused = await asOperator(app, finance, method, url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error.code).toBe('role_required');
      expect((await app.inject({ method, url })).statusCode, url).toBe(401);
    }
    const shown = await asOperator(app, support, 'GET', `/admin/verifications/${id}`);
    expect(shown.json().result.status).toBe('pending');
    expect(await auditOf(db, 'verification', id)).toEqual([]);
  });

  it('approving from a session verifies the customer and writes its audit row, before and after', async () => {
    const { customer, id } = await submitted();
    const ids = (r: { json: () => { result: { submissions: { id: string }[] } } }) =>
      r.json().result.submissions.map((v) => v.id);
    // The customer found by a part of the email, whatever its case; someone else's search finds nothing.
    const found = await asOperator(
      app,
      support,
      'GET',
      `/admin/verifications?status=pending&q=${customer.email.slice(0, 20).toUpperCase()}`,
    );
    expect(ids(found)).toEqual([id]);
    expect(found.json().result).toMatchObject({ total: 1, page: 1 });
    const nobody = await asOperator(app, support, 'GET', '/admin/verifications?q=%25%25');
    expect(nobody.json().result.total).toBe(0);
    // A page at a time: the queue's first page of one, then the next.
    const first = await asOperator(app, support, 'GET', '/admin/verifications?status=all&limit=1');
    const second = await asOperator(app, support, 'GET', '/admin/verifications?status=all&limit=1&page=2');
    expect(first.json().result.total).toBeGreaterThanOrEqual(2);
    expect(ids(first)).toHaveLength(1);
    expect(ids(second)[0]).not.toBe(ids(first)[0]);
    const shown = (await asOperator(app, support, 'GET', `/admin/verifications/${id}`)).json().result;
    const front = shown.files.find((f: { kind: string }) => f.kind === 'front');
    const image = await asOperator(app, support, 'GET', `/admin/verifications/${id}/files/${front.id}`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');

    const approved = await asOperator(app, support, 'POST', `/admin/verifications/${id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().result).toMatchObject({ outcome: 'verified', reviewed_by: support.name });
    const rows = await auditOf(db, 'verification', id);
    expect(rows.map((r) => [r.action, r.operatorId, r.operatorName, r.via])).toEqual([
      ['verification.approved', support.id, support.name, 'back_office'],
    ]);
    expect(rows[0]?.before).toEqual({
      status: 'pending',
      outcome: null,
      reviewNote: null,
      customerId: customer.id,
      customerVerified: false,
    });
    expect(rows[0]?.after).toMatchObject({
      status: 'completed',
      outcome: 'verified',
      customerVerified: true,
    });

    const again = await asOperator(app, support, 'POST', `/admin/verifications/${id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(await auditOf(db, 'verification', id)).toHaveLength(1);
  });

  it('a refused approval (under 18) and a rejection without a reason write no audit row', async () => {
    const { customer, id } = await submitted();
    await db.update(customers).set({ dateOfBirth: '2012-01-01' }).where(eq(customers.id, customer.id));
    const refused = await asOperator(app, support, 'POST', `/admin/verifications/${id}/approve`);
    expect(refused.statusCode).toBe(409);
    const empty = await asOperator(app, support, 'POST', `/admin/verifications/${id}/reject`, { reason: '' });
    expect(empty.statusCode).toBe(400);
    expect(await auditOf(db, 'verification', id)).toEqual([]);

    const reason = 'You must be 18 or over to play.';
    const rejected = await asOperator(app, support, 'POST', `/admin/verifications/${id}/reject`, { reason });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const rows = await auditOf(db, 'verification', id);
    expect(rows.map((r) => r.action)).toEqual(['verification.rejected']);
    expect(rows[0]?.after).toMatchObject({
      status: 'completed',
      outcome: 'not_verified',
      reviewNote: reason,
    });
  });

  it('verification:approve and verification:reject on the command line are audited as the token operator', async () => {
    const sam = await anotherOperator(db, 'sam');
    const first = await submitted();
    const approved = await operatorRun(db, ['verification:approve', first.id, '--token', sam.token]);
    expect(approved.code, approved.text).toBe(0);
    const second = await submitted();
    const rejected = await operatorRun(db, [
      'verification:reject',
      second.id,
      '--reason',
      'The photo is blurred',
      '--token',
      sam.token,
    ]);
    expect(rejected.code, rejected.text).toBe(0);
    for (const [id, action] of [
      [first.id, 'verification.approved'],
      [second.id, 'verification.rejected'],
    ] as const) {
      const rows = await auditOf(db, 'verification', id);
      expect(rows.map((r) => [r.action, r.operatorName, r.via])).toEqual([[action, sam.name, 'cli']]);
    }
  });
});
