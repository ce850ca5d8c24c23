/**
 * The back office's Jobs page (admin role): the job queues with their counts, the jobs that failed,
 * and the outbox's deliveries that failed every attempt, each retried from there (audited).
 */
import { z } from 'zod';
import { IsoDateSchema } from './money.ts';

export const JobQueueSchema = z.object({
  name: z.string(),
  created: z.number(),
  retry: z.number(),
  active: z.number(),
  completed: z.number(),
  failed: z.number(),
  cancelled: z.number(),
});

export const FailedJobSchema = z.object({
  id: z.string(),
  name: z.string(),
  failedAt: IsoDateSchema.nullable(),
  retries: z.number(),
  error: z.string(),
});

export const FailedDeliverySchema = z.object({
  eventId: z.number(),
  subscriber: z.string(),
  type: z.string(),
  aggregateId: z.string(),
  createdAt: IsoDateSchema,
  attempts: z.number(),
  lastError: z.string().nullable(),
});

export const AdminJobsSchema = z.object({
  queues: z.array(JobQueueSchema),
  failedJobs: z.array(FailedJobSchema),
  failedDeliveries: z.array(FailedDeliverySchema),
});
export type AdminJobs = z.infer<typeof AdminJobsSchema>;

export const RetryDeliveryBodySchema = z.object({ subscriber: z.string().max(80).optional() });
export const RetriedSchema = z.object({ retried: z.number() });
