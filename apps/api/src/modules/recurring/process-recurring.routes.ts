/**
 * `POST /v2/process_recurring_purchases/sync` (3.3): buys the signed-in customer's recurring
 * purchases due now, as the processor would at its next sweep, and answers what came of it.
 */
import { RecurringSyncResultSchema } from '@drawhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, failures, ok } from '../../http/envelope.ts';
import { customerAuth, signedIn } from '../accounts/index.ts';
import { createRecurringProcessor } from './recurring.processor.ts';
import { createRecurringFunding } from './recurring-funding.service.ts';

export const processRecurringRoutes: FastifyPluginAsyncZod = async (app) => {
  const processor = createRecurringProcessor({
    db: app.deps.db,
    now: () => app.deps.now?.() ?? new Date(),
    funding: createRecurringFunding(app.deps),
  });
  const { authenticate } = customerAuth(app);

  app.post(
    '/process_recurring_purchases/sync',
    {
      config: { minVersion: '3.3' },
      schema: {
        tags: ['recurring'],
        response: { 200: envelope(RecurringSyncResultSchema), ...failures(401) },
      },
      preValidation: authenticate,
    },
    async (request) => ok(await processor.processDue({ customerId: signedIn(request).customer.id })),
  );
};
