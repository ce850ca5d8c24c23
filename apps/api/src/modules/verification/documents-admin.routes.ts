/**
 * The operators' review of document submissions under /admin (docs/api/verification.md): the queue
 * (GET /verifications?status=pending), one submission (GET /verifications/{id}), a file of it (GET
 * /verifications/{id}/files/{fileId}: the only way a document is ever read back), and the decision
 * (POST /verifications/{id}/approve, /reject with a reason). Every call needs the support role (a
 * back office session or an operator token) and acts as that operator; a decision is audited.
 */
import {
  AdminVerificationListSchema,
  AdminVerificationQuerySchema,
  AdminVerificationSchema,
  RejectVerificationBodySchema,
} from '@drawhouse/contract';
import { documentExtension, MINIMUM_REGISTRATION_AGE } from '@drawhouse/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, failures, ok } from '../../http/envelope.ts';
import { ADMIN_RATE_LIMIT, actorOf } from '../operators/index.ts';
import { fileStorageOf } from '../storage/index.ts';
import { createDocumentsReview } from './documents-review.service.ts';

/** Checked for size only: an id that is no submission's (or file's) is simply not found. */
const IdParamsSchema = z.object({ id: z.string().max(40) });
const FileParamsSchema = z.object({ id: z.string().max(40), fileId: z.string().max(40) });
export const verificationAdminModule: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const review = createDocumentsReview({
    db,
    now: () => app.deps.now?.() ?? new Date(),
    minimumAge: config.minimumRegistrationAge ?? MINIMUM_REGISTRATION_AGE,
  });
  const storage = fileStorageOf(config.storage);
  const preValidation = app.operatorAuth('support');
  const tags = ['admin'];
  const routeConfig = { rateLimit: ADMIN_RATE_LIMIT };
  const one = { 200: envelope(AdminVerificationSchema), ...failures(404, 409) };

  app.get(
    '/verifications',
    {
      config: routeConfig,
      schema: {
        tags,
        querystring: AdminVerificationQuerySchema,
        response: { 200: envelope(AdminVerificationListSchema) },
      },
      preValidation,
    },
    async (request) => ok(await review.list(request.query)),
  );

  app.get(
    '/verifications/:id',
    { config: routeConfig, schema: { tags, params: IdParamsSchema, response: one }, preValidation },
    async (request) => ok(await review.show(request.params.id)),
  );

  app.get(
    '/verifications/:id/files/:fileId',
    { config: routeConfig, schema: { tags, params: FileParamsSchema }, preValidation },
    async (request, reply) => {
      const file = await review.file(storage, request.params.id, request.params.fileId);
      return reply
        .header('cache-control', 'private, no-store')
        .header(
          'content-disposition',
          `inline; filename="${file.kind}.${documentExtension(file.contentType)}"`,
        )
        .type(file.contentType)
        .send(Buffer.from(file.bytes));
    },
  );

  app.post(
    '/verifications/:id/approve',
    { config: routeConfig, schema: { tags, params: IdParamsSchema, response: one }, preValidation },
    async (request) => ok(await review.approve(request.params.id, actorOf(request))),
  );

  app.post(
    '/verifications/:id/reject',
    {
      config: routeConfig,
      schema: { tags, params: IdParamsSchema, body: RejectVerificationBodySchema, response: one },
      preValidation,
    },
    async (request) => ok(await review.reject(request.params.id, request.body.reason, actorOf(request))),
  );
};
