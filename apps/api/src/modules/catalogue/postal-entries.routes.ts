/**
 * Free postal entries in the back office (support role): a draw's entries, and a letter recorded
 * (docs/api/back-office.md).
 */
import { PostalEntryBodySchema, PostalEntryListSchema, PostalEntrySchema } from '@drawhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, failures, ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { ADMIN_RATE_LIMIT, actorOf, adminServiceDeps } from '../operators/index.ts';
import { createPostalEntries } from './postal-entries.service.ts';

const ParamsSchema = z.object({
  key: z.string().max(80),
  drawNo: z.string().max(12),
});

/** A draw number of digits; anything else names no draw (404). */
function drawNoOf(text: string): number {
  const drawNo = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(drawNo))
    throw new AppError(404, 'raffle_draw_not_found', 'There is no such raffle draw.');
  return drawNo;
}

export const postalEntriesAdminModule: FastifyPluginAsyncZod = async (app) => {
  const entries = createPostalEntries(adminServiceDeps(app));
  const preValidation = app.operatorAuth('support');
  const config = { rateLimit: ADMIN_RATE_LIMIT };
  const tags = ['admin'];
  const url = '/raffles/:key/draws/:drawNo/postal-entries';

  app.get(
    url,
    {
      config,
      preValidation,
      schema: {
        tags,
        params: ParamsSchema,
        response: { 200: envelope(PostalEntryListSchema), ...failures(400, 404) },
      },
    },
    async (request) => ok(await entries.list(request.params.key, drawNoOf(request.params.drawNo))),
  );

  app.post(
    url,
    {
      config,
      preValidation,
      schema: {
        tags,
        params: ParamsSchema,
        body: PostalEntryBodySchema,
        response: { 200: envelope(PostalEntrySchema), ...failures(400, 404, 409) },
      },
    },
    async (request) =>
      ok(
        await entries.record(
          actorOf(request),
          request.params.key,
          drawNoOf(request.params.drawNo),
          request.body,
        ),
      ),
  );
};
