/**
 * The operators' review of document submissions, through /admin/verifications and the
 * `verification:*` commands: approve verifies (the deposit cap lifted, the customer told once),
 * reject tells the customer why and what to do next, under 18 is shown and cannot be approved, a
 * decided submission stays decided, files are read by operators only, and a customer never reads
 * another's submission.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { customers, eq, notifications, verificationAttempts } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { runOperator } from '../src/operator/run.ts';
import { call, newCustomer, type TestCustomer } from './accounts-helpers.ts';
import { anotherOperator, operatorRun } from './draws-helpers.ts';
import { drainOutbox, getTestApp, getTestDb, mailOf } from './helpers.ts';
import { CARDS, paymentCalls } from './payments-helpers.ts';
import { licencePhotos, upload } from './verification-documents-helpers.ts';

const storageDir = mkdtempSync(path.join(tmpdir(), 'drawhouse-review-'));
const app: FastifyInstance = await getTestApp({ storage: { kind: 'local', dir: storageDir } });
const { db } = getTestDb();

async function submitted(customer?: TestCustomer) {
  const owner = customer ?? (await newCustomer(app));
  const res = await upload(app, owner, licencePhotos());
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return { customer: owner, id: res.json().result.attempt_id as string };
}

const admin = (url: string, token: string | undefined, body?: unknown) =>
  app.inject({
    method: body === undefined ? 'GET' : 'POST',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });

async function feedTitles(customerId: string) {
  await drainOutbox(app);
  const rows = await db.select().from(notifications).where(eq(notifications.customerId, customerId));
  return rows.map((n) => ({ title: n.title, message: n.message }));
}

const mailsTo = (email: string, subject: string) =>
  mailOf(app)
    .messages()
    .filter((m) => m.subject === subject && m.to.includes(email.toLowerCase()));

describe('/admin/verifications', () => {
  it('lists a pending submission and shows it with its files; approve verifies, lifts the cap and tells the customer once', async () => {
    const { customer, id } = await submitted();
    const sam = await anotherOperator(db, 'sam');
    const calls = paymentCalls(app, customer.access_token);
    const fundId = await calls.addCard(CARDS.succeeds);
    expect((await calls.deposit(fundId, { amount: 600, csc: '123' })).statusCode).toBe(422);

    const list = await admin(
      `/admin/verifications?status=pending&q=${encodeURIComponent(customer.email)}`,
      sam.token,
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().result.submissions.map((v: { id: string }) => v.id)).toContain(id);

    const shown = (await admin(`/admin/verifications/${id}`, sam.token)).json().result;
    expect(shown).toMatchObject({
      id,
      method: 'photo_id_upload',
      document_type: 'drivers_licence',
      status: 'pending',
      warnings: [],
      customer: { email: customer.email, date_of_birth: '1990-05-17', verified: false },
    });
    expect(shown.files).toHaveLength(3);
    const front = shown.files.find((f: { kind: string }) => f.kind === 'front');
    const read = await admin(`/admin/verifications/${id}/files/${front.id}`, sam.token);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/jpeg');
    expect(read.headers['cache-control']).toBe('private, no-store');
    expect((await sharp(read.rawPayload).metadata()).width).toBe(front.width);

    const approved = await admin(`/admin/verifications/${id}/approve`, sam.token, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().result).toMatchObject({
      status: 'completed',
      outcome: 'verified',
      reviewed_by: sam.name,
      customer: { verified: true },
    });
    const overview = (await call(app, '/v2/customer', { token: customer.access_token })).json().result;
    expect(overview.is_verified).toBe(true);
    expect((await calls.deposit(fundId, { amount: 600, csc: '123' })).statusCode).toBe(201);

    const again = await admin(`/admin/verifications/${id}/approve`, sam.token, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('verification_decided');
    const told = (await feedTitles(customer.id)).filter((n) => n.title === 'Your account is verified');
    expect(told).toHaveLength(1);
    expect(mailsTo(customer.email, 'Your account is verified')).toHaveLength(1);
  });

  it('reject completes it not verified with the reason, told in the feed and by mail with what to do; a new submission may follow', async () => {
    const { customer, id } = await submitted();
    const sam = await anotherOperator(db, 'sam');
    const noReason = await admin(`/admin/verifications/${id}/reject`, sam.token, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.reason[0].code).toBe('required');

    const reason = 'The photo of the front of your licence is blurred';
    const rejected = await admin(`/admin/verifications/${id}/reject`, sam.token, { reason });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().result).toMatchObject({ outcome: 'not_verified', review_note: reason });
    const [attempt] = await db.select().from(verificationAttempts).where(eq(verificationAttempts.id, id));
    expect(attempt).toMatchObject({
      status: 'completed',
      reason: 'documents_rejected',
      reviewedBy: sam.name,
    });

    const told = (await feedTitles(customer.id)).filter(
      (n) => n.title === 'We could not accept your documents',
    );
    expect(told).toHaveLength(1);
    expect(told[0]?.message).toContain(reason);
    expect(told[0]?.message).toContain('Please send new photos of your ID');
    const [mail] = mailsTo(customer.email, 'We could not accept your documents');
    expect(mail?.text).toContain(reason);
    expect(mail?.text).toContain('/my-account/manual-verification');

    const status = (await call(app, '/v2/customer', { token: customer.access_token }))
      .json()
      .result.verification.methods.find((m: { type: string }) => m.type === 'photo_id_upload').status;
    expect(status).toBe('attempted');
    const [listed] = (await call(app, '/v2/customer/verification', { token: customer.access_token })).json()
      .result;
    expect(listed).toMatchObject({ attempt_id: id, status: 'completed', outcome: 'not_verified' });
    expect(listed.message).toContain(reason);
    const other = await newCustomer(app);
    expect(
      (await call(app, '/v2/customer/verification', { token: other.access_token })).json().result,
    ).toEqual([]);
    expect((await upload(app, customer, licencePhotos())).statusCode).toBe(200);
  });

  it('shows an under-18 customer to the operator and refuses to approve them, changing nothing', async () => {
    const { customer, id } = await submitted();
    await db.update(customers).set({ dateOfBirth: '2012-01-01' }).where(eq(customers.id, customer.id));
    const sam = await anotherOperator(db, 'sam');
    const shown = (await admin(`/admin/verifications/${id}`, sam.token)).json().result;
    expect(shown.warnings.map((w: { code: string }) => w.code)).toEqual(['under_age']);
    const refused = await admin(`/admin/verifications/${id}/approve`, sam.token, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('cannot_verify');
    const [row] = await db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row?.verifiedAt).toBeNull();
    expect((await admin(`/admin/verifications/${id}`, sam.token)).json().result.status).toBe('pending');
  });

  it('refuses every call without an operator token, and a customer token is not one', async () => {
    const { customer, id } = await submitted();
    const shown = (await admin(`/admin/verifications/${id}`, (await anotherOperator(db)).token)).json()
      .result;
    const fileId = shown.files[0].id;
    for (const [url, body] of [
      ['/admin/verifications', undefined],
      [`/admin/verifications/${id}`, undefined],
      [`/admin/verifications/${id}/files/${fileId}`, undefined],
      [`/admin/verifications/${id}/approve`, {}],
      [`/admin/verifications/${id}/reject`, { reason: 'no' }],
    ] as const) {
      expect((await admin(url, undefined, body)).statusCode, url).toBe(401);
      expect((await admin(url, customer.access_token, body)).statusCode, url).toBe(401);
    }
    const [row] = await db.select().from(verificationAttempts).where(eq(verificationAttempts.id, id));
    expect(row?.status).toBe('pending');
  });

  it("answers a customer their own submission, and 404 for another's; files are never served on a customer path", async () => {
    const { customer, id } = await submitted();
    const other = await newCustomer(app);
    const own = await call(app, `/v2/customer/verification/${id}`, { token: customer.access_token });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().result).toMatchObject({ attempt_id: id, status: 'pending' });
    const theirs = await call(app, `/v2/customer/verification/${id}`, { token: other.access_token });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.code).toBe('verification_not_found');
    expect(
      (await call(app, `/v2/customer/verification/${crypto.randomUUID()}`, { token: customer.access_token }))
        .statusCode,
    ).toBe(404);
    const sam = await anotherOperator(db, 'sam');
    const fileId = (await admin(`/admin/verifications/${id}`, sam.token)).json().result.files[0].id;
    for (const token of [customer.access_token, other.access_token]) {
      const res = await call(app, `/v2/customer/verification/${id}/files/${fileId}`, { token });
      expect(res.statusCode).toBe(404);
    }
    const unknown = await admin(`/admin/verifications/${id}/files/${crypto.randomUUID()}`, sam.token);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('verification:* commands', () => {
  it('list, show (with an under-18 warning), reject with a reason and approve, as the operator of the token', async () => {
    const sam = await anotherOperator(db, 'sam');
    const young = await submitted();
    await db.update(customers).set({ dateOfBirth: '2011-06-30' }).where(eq(customers.id, young.customer.id));
    const adult = await submitted();

    const list = await operatorRun(db, ['verification:list']);
    expect(list.code).toBe(0);
    expect(list.text).toContain(young.id);
    expect(list.text).toContain(adult.id);

    const show = await operatorRun(db, ['verification:show', young.id]);
    expect(show.code).toBe(0);
    expect(show.text).toContain('WARNING under_age');
    expect(show.text).toContain(`GET /admin/verifications/${young.id}/files/`);

    const refused = await operatorRun(db, ['verification:approve', young.id, '--token', sam.token]);
    expect(refused.code).toBe(1);
    expect(refused.text).toContain('under 18');
    const noToken = await operatorRun(db, ['verification:reject', young.id, '--reason', 'Under 18']);
    expect(noToken.code).toBe(1);
    expect(noToken.text).toContain('DRAWHOUSE_OPERATOR_TOKEN');
    const rejected = await operatorRun(db, [
      'verification:reject',
      young.id,
      '--reason',
      'You must be 18 or older to play',
      '--token',
      sam.token,
    ]);
    expect(rejected).toEqual({
      code: 0,
      text: `submission ${young.id} of ${young.customer.email} rejected by ${sam.name}: You must be 18 or older to play`,
    });

    const approved = await operatorRun(db, ['verification:approve', adult.id, '--token', sam.token]);
    expect(approved).toEqual({
      code: 0,
      text: `submission ${adult.id} approved by ${sam.name}: ${adult.customer.email} is verified`,
    });
    const [row] = await db.select().from(customers).where(eq(customers.id, adult.customer.id));
    expect(row?.verifiedAt).not.toBeNull();

    // --save copies the files out of the file storage, for the operator of a token only.
    const saveDir = mkdtempSync(path.join(tmpdir(), 'drawhouse-saved-'));
    const env = { FILE_STORAGE_DIR: storageDir };
    const run = (argv: string[]) => {
      const lines: string[] = [];
      return runOperator(argv, { db, out: (l) => lines.push(l), err: (l) => lines.push(l), env }).then(
        (code) => ({ code, text: lines.join('\n') }),
      );
    };
    expect((await run(['verification:show', adult.id, '--save', saveDir])).code).toBe(1);
    expect(readdirSync(saveDir)).toEqual([]);
    const saved = await run(['verification:show', adult.id, '--save', saveDir, '--token', sam.token]);
    expect(saved.code, saved.text).toBe(0);
    expect(readdirSync(saveDir).sort()).toEqual(
      [`${adult.id}-back.png`, `${adult.id}-front.jpg`, `${adult.id}-selfie.jpg`].sort(),
    );
    const front = await sharp(readFileSync(path.join(saveDir, `${adult.id}-front.jpg`))).metadata();
    expect(front).toMatchObject({ format: 'jpeg', width: 1000, height: 630 });
    expect((await operatorRun(db, ['verification:show', adult.id])).text).toContain(
      `verified by ${sam.name}`,
    );
  });
});
