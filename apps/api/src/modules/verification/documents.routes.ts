/**
 * POST /v2/customer/verification: the signed-in customer's documents for review (multipart:
 * `method`, `document_type` and the files; docs/api/verification.md), and GET
 * /v2/customer/verification/pdf-form: the verification form filled with their details, to print,
 * sign before a witness and upload; GET /v2/customer/verification: their own submissions, newest
 * first, and /{attemptId}: one of them (another customer's is 404). Multipart is taken by these routes only.
 */
import {
  DocumentSubmissionListSchema,
  type DocumentSubmissionResult,
  DocumentSubmissionResultSchema,
  DocumentSubmissionSchema,
} from '@drawhouse/contract';
import type { Transaction } from '@drawhouse/db';
import { MANUAL_VERIFICATION_PATH } from '@drawhouse/domain';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, failures, ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { createIdempotency, keyClaimOf, replayStored, storedKey } from '../../http/idempotency.ts';
import { isUuid } from '../../http/ids.ts';
import { customerAuth, signedIn } from '../accounts/index.ts';
import { capabilityHook } from '../catalogue/index.ts';
import { fileStorageOf } from '../storage/index.ts';
import { createDocumentsService } from './documents.service.ts';
import { inspectFile, uploadFingerprint } from './documents-inspect.ts';
import { readUpload } from './documents-upload.ts';
import { VERIFY_ID_RULE } from './verification.config.ts';
import type { VerificationService } from './verification.service.ts';
import { verificationFormPdf } from './verification-form.pdf.ts';

export const documentsRoutes: FastifyPluginAsyncZod<{ service: VerificationService }> = async (
  app,
  { service },
) => {
  // A file over the limit is cut off and marked, not thrown: its field gets the error (documents-upload.ts).
  await app.register(multipart, { throwFileSizeLimit: false });
  const { authenticate } = customerAuth(app);
  const verifyId = capabilityHook(app.deps.db, VERIFY_ID_RULE);
  const { db, config, webBaseUrl } = app.deps;
  const now = () => app.deps.now?.() ?? new Date();
  const idempotency = createIdempotency(db, now);
  const documents = createDocumentsService({
    db,
    storage: fileStorageOf(config.storage),
    verification: service,
    now,
  });

  app.post(
    '/customer/verification',
    {
      schema: {
        tags: ['verification'],
        consumes: ['multipart/form-data'],
        response: { 200: envelope(DocumentSubmissionResultSchema), ...failures(404, 409, 415) },
      },
      preValidation: [authenticate, verifyId],
    },
    async (request) => {
      const { customer } = signedIn(request);
      const upload = await readUpload(request);
      const files = await Promise.all(upload.files.map(inspectFile));
      // The key's fingerprint is taken of what was sent: the fields and each file's SHA-256.
      request.body = uploadFingerprint(upload.fields, files);
      const scope = `customer:${customer.id}`;
      const claim = keyClaimOf(request, scope);
      const stored = claim && (await storedKey(db, claim));
      if (claim && stored) return ok(replayStored<DocumentSubmissionResult>(claim, stored).result);
      const result = await documents.submit(customer, { fields: upload.fields, files }, async (work) => {
        const answer = await idempotency.run(request, scope, async (tx: Transaction) => ({
          status: 200,
          result: await work(tx),
        }));
        return answer.result;
      });
      return ok(result);
    },
  );

  app.get(
    '/customer/verification',
    {
      schema: { tags: ['verification'], response: { 200: envelope(DocumentSubmissionListSchema) } },
      preValidation: authenticate,
    },
    async (request) => ok(await documents.submissions(signedIn(request).customer)),
  );

  app.get(
    '/customer/verification/:attemptId',
    {
      schema: {
        tags: ['verification'],
        params: z.object({ attemptId: z.string().max(40) }),
        response: { 200: envelope(DocumentSubmissionSchema), ...failures(404) },
      },
      preValidation: authenticate,
    },
    async (request) => {
      const { customer } = signedIn(request);
      const { attemptId } = request.params;
      if (!isUuid(attemptId))
        throw new AppError(404, 'verification_not_found', 'There is no such submission of yours.');
      return ok(await documents.submission(customer, attemptId));
    },
  );

  app.get(
    '/customer/verification/pdf-form',
    { schema: { tags: ['verification'] }, preValidation: authenticate },
    async (request, reply) => {
      const { customer } = signedIn(request);
      const address = [
        customer.address,
        customer.addressLine2,
        `${customer.suburb} ${customer.state} ${customer.postcode}`,
        customer.country,
      ]
        .filter((part) => part && part.trim() !== '')
        .join(', ');
      const pdf = await verificationFormPdf(
        {
          name: `${customer.firstname} ${customer.lastname}`,
          dateOfBirth: customer.dateOfBirth,
          address,
          customerNumber: customer.id,
          email: customer.email,
          uploadUrl: `${webBaseUrl}${MANUAL_VERIFICATION_PATH}`,
        },
        now(),
      );
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'attachment; filename="drawhouse-verification-form.pdf"')
        .type('application/pdf')
        .send(pdf);
    },
  );
};
