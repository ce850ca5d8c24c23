import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { processRecurringRoutes } from './process-recurring.routes.ts';
import { recurringRoutes } from './recurring.routes.ts';

export {
  createRecurringProcessor,
  type RecurringJob,
  type RecurringProcessor,
  type RecurringQueue,
} from './recurring.processor.ts';
export { cancelRecurringIn } from './recurring.service.ts';
export { recurringDueSubscriber } from './recurring-due.subscriber.ts';
export { createRecurringFunding, type RecurringFunding } from './recurring-funding.service.ts';
export { recurringNoticeSubscriber } from './recurring-notices.ts';

/** Recurring purchases under /v2 (docs/api/recurring.md). */
export const recurringModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(recurringRoutes);
  await app.register(processRecurringRoutes);
};
