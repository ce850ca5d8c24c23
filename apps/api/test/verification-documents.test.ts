/**
 * POST /v2/customer/verification (photo_id_upload, pdf_form): real JPEG and PNG photos accepted and
 * kept outside the database with their metadata stripped, the method pending; a file that is not an
 * image (whatever its name and claimed type), a 30 MB file, a photo too small, a missing file: field
 * errors, nothing stored; one pending submission per method; Idempotency-Key; the filled PDF form.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, verificationAttempts, verificationFiles } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
// The storefront's reader of the text pdfkit writes (the draw calendar's tests read theirs with it).
import { pdfTextRuns } from '../../web/app/lib/test-pdf-text.ts';
import { call, newCustomer, type TestCustomer } from './accounts-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';
import { file, fixture, licencePhotos, upload } from './verification-documents-helpers.ts';

const storageDir = mkdtempSync(path.join(tmpdir(), 'drawhouse-documents-'));
const app: FastifyInstance = await getTestApp({ storage: { kind: 'local', dir: storageDir } });
const { db } = getTestDb();

const attemptsOf = (customerId: string) =>
  db.select().from(verificationAttempts).where(eq(verificationAttempts.customerId, customerId));

const filesOf = (attemptId: string) =>
  db.select().from(verificationFiles).where(eq(verificationFiles.attemptId, attemptId));

const storedFor = (customerId: string): string[] => {
  try {
    return readdirSync(path.join(storageDir, 'verification', customerId));
  } catch {
    return [];
  }
};

const methodStatus = async (customer: TestCustomer, type: string) =>
  (await call(app, '/v2/customer', { token: customer.access_token }))
    .json()
    .result.verification.methods.find((m: { type: string }) => m.type === type).status;

describe('POST /v2/customer/verification: photo_id_upload', () => {
  it('takes a licence photographed in JPEG and PNG with a selfie: stored outside the database, pending', async () => {
    const customer = await newCustomer(app);
    expect(await methodStatus(customer, 'photo_id_upload')).toBe('not_attempted');
    const res = await upload(app, customer, licencePhotos());
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().result;
    expect(result).toMatchObject({
      method: 'photo_id_upload',
      status: 'pending',
      outcome: null,
      is_verified: false,
    });
    expect(result.message).toContain('2 business days');
    expect(result.files.map((f: { kind: string }) => f.kind).sort()).toEqual(['back', 'front', 'selfie']);
    expect(
      result.verification.methods.find((m: { type: string }) => m.type === 'photo_id_upload').status,
    ).toBe('pending');
    expect(await methodStatus(customer, 'photo_id_upload')).toBe('pending');

    const [attempt, ...others] = await attemptsOf(customer.id);
    expect(others).toHaveLength(0);
    expect(attempt).toMatchObject({ method: 'photo_id_upload', status: 'pending', outcome: null });
    const rows = await filesOf(result.attempt_id);
    expect(rows).toHaveLength(3);
    const back = rows.find((r) => r.kind === 'back');
    expect(back).toMatchObject({ contentType: 'image/png', width: 1000, height: 630 });
    const selfie = rows.find((r) => r.kind === 'selfie');
    expect(selfie).toMatchObject({ contentType: 'image/jpeg', width: 720, height: 960 });
    expect(storedFor(customer.id)).toHaveLength(3);
    for (const row of rows) {
      expect(row.storageKey.startsWith(`verification/${customer.id}/`)).toBe(true);
      const bytes = readFileSync(path.join(storageDir, row.storageKey));
      expect(bytes.length).toBe(row.bytes);
    }
  });

  it("strips the photo's metadata: the camera's EXIF and GPS position are not kept", async () => {
    const original = await sharp(fixture('licence-front.jpg')).metadata();
    expect(original.exif?.toString('latin1')).toContain('FixtureCam');
    const customer = await newCustomer(app);
    const res = await upload(app, customer, licencePhotos());
    expect(res.statusCode, res.body).toBe(200);
    const rows = await filesOf(res.json().result.attempt_id);
    for (const row of rows) {
      const kept = readFileSync(path.join(storageDir, row.storageKey));
      const meta = await sharp(kept).metadata();
      expect(meta.exif, row.kind).toBeUndefined();
      expect(meta.xmp, row.kind).toBeUndefined();
      expect(kept.toString('latin1')).not.toContain('FixtureCam');
    }
  });

  it('takes a passport without a back, and refuses a back with one', async () => {
    const customer = await newCustomer(app);
    const { back, ...licence } = licencePhotos();
    const passport = { ...licence, document_type: 'passport' };
    const refused = await upload(app, customer, { ...passport, back: back ?? '' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.back[0].code).toBe('unexpected_file');
    const res = await upload(app, customer, passport);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.files).toHaveLength(2);
  });

  it('refuses a file that is not an image, named .jpg and sent as image/jpeg: a field error, nothing stored', async () => {
    const customer = await newCustomer(app);
    const res = await upload(app, customer, {
      ...licencePhotos(),
      front: file('not-an-image.jpg', 'image/jpeg'),
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('validation_error');
    expect(Object.keys(body.errors)).toEqual(['front']);
    expect(body.errors.front[0].code).toBe('invalid_file_type');
    expect(await attemptsOf(customer.id)).toHaveLength(0);
    expect(storedFor(customer.id)).toHaveLength(0);
    expect(await methodStatus(customer, 'photo_id_upload')).toBe('not_attempted');
  });

  it('refuses a 30 MB file while it streams in: a field error, nothing stored', async () => {
    const customer = await newCustomer(app);
    const huge = Buffer.alloc(30 * 1024 * 1024, 0);
    fixture('licence-front.jpg').copy(huge);
    const res = await upload(app, customer, {
      ...licencePhotos(),
      selfie: { name: 'selfie.jpg', bytes: huge },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual({
      selfie: [{ code: 'file_too_large', message: expect.stringContaining('10 MB') }],
    });
    expect(await attemptsOf(customer.id)).toHaveLength(0);
    expect(storedFor(customer.id)).toHaveLength(0);
  });

  it('refuses a photo too small to read and names every missing file', async () => {
    const customer = await newCustomer(app);
    const res = await upload(app, customer, {
      method: 'photo_id_upload',
      document_type: 'drivers_licence',
      front: file('too-small.jpg'),
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors;
    expect(errors.front[0].code).toBe('image_too_small');
    expect(errors.back[0].code).toBe('required');
    expect(errors.selfie[0].code).toBe('required');
    expect(storedFor(customer.id)).toHaveLength(0);
  });

  it('refuses a second submission while one is pending; a retry with the Idempotency-Key is answered as the first', async () => {
    const customer = await newCustomer(app);
    const key = `docs-${customer.id}`;
    const first = await upload(app, customer, licencePhotos(), { 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(200);
    const again = await upload(app, customer, licencePhotos(), { 'idempotency-key': key });
    expect(again.statusCode).toBe(200);
    expect(again.json().result.attempt_id).toBe(first.json().result.attempt_id);
    const other = await upload(app, customer, licencePhotos());
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('verification_pending');
    expect(await attemptsOf(customer.id)).toHaveLength(1);
    expect(storedFor(customer.id)).toHaveLength(3);
  });

  it('takes one of two submissions sent at once: the other is refused and its files removed', async () => {
    const customer = await newCustomer(app);
    const answers = await Promise.all([
      upload(app, customer, licencePhotos()),
      upload(app, customer, licencePhotos()),
      upload(app, customer, licencePhotos()),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await attemptsOf(customer.id)).toHaveLength(1);
    const kept = answers.find((a) => a.statusCode === 200)?.json().result;
    const rows = await filesOf(kept.attempt_id);
    expect(storedFor(customer.id).sort()).toEqual(rows.map((r) => path.basename(r.storageKey)).sort());
  });

  it('refuses anyone signed out, and a body that is not multipart', async () => {
    const customer = await newCustomer(app);
    const signedOut = await call(app, '/v2/customer/verification', { body: { method: 'pdf_form' } });
    expect(signedOut.statusCode).toBe(401);
    const json = await call(app, '/v2/customer/verification', {
      token: customer.access_token,
      body: { method: 'pdf_form' },
    });
    expect(json.statusCode).toBe(415);
    expect(await attemptsOf(customer.id)).toHaveLength(0);
  });
});

describe('pdf_form', () => {
  it('answers the filled form as a PDF, and takes it back signed (a PDF or a photo), pending', async () => {
    const customer = await newCustomer(app);
    const pdf = await call(app, '/v2/customer/verification/pdf-form', { token: customer.access_token });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfTextRuns(pdf.rawPayload).join('\n');
    const { firstname, lastname } = customer.customer;
    expect(text).toContain(`${firstname} ${lastname}`);
    expect(text).toContain('1990-05-17');
    expect(text).toMatch(/Sydney NSW 2000/);
    expect(text).toContain(customer.id);
    expect(text).toContain(customer.email);
    for (const words of ['Declaration', 'Witness signature and stamp', '/my-account/manual-verification']) {
      expect(text).toContain(words);
    }

    const res = await upload(app, customer, {
      method: 'pdf_form',
      form: { name: 'signed-form.pdf', bytes: pdf.rawPayload, type: 'application/pdf' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ method: 'pdf_form', status: 'pending' });
    expect(res.json().result.files[0]).toMatchObject({ kind: 'form', content_type: 'application/pdf' });
    expect(await methodStatus(customer, 'pdf_form')).toBe('pending');

    const photo = await newCustomer(app);
    const scanned = await upload(app, photo, {
      method: 'pdf_form',
      form: file('licence-back.png', 'image/png'),
    });
    expect(scanned.statusCode, scanned.body).toBe(200);
  });

  it('refuses the form signed out', async () => {
    expect((await call(app, '/v2/customer/verification/pdf-form')).statusCode).toBe(401);
  });
});
