import { z } from 'zod';
import { IsoDateSchema } from './money.ts';

export const FeedbackRatingSchema = z.enum(['not_satisfied', 'neutral', 'satisfied']);

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/**
 * `POST /v2/event`: an event of the shop's own making; the feedback modal's is the only kind taken.
 * A guest may leave an email; a signed-in customer's event is theirs by the bearer token.
 */
export const FeedbackEventBodySchema = z.object({
  category: z.literal('user'),
  eventType: z.literal('feedback_event'),
  name: z.literal('feedback'),
  rating: FeedbackRatingSchema,
  comment: z.string().trim().max(2000, 'Please keep your feedback under 2000 characters.').default(''),
  email: z
    .string()
    .trim()
    .max(254, 'Please enter a valid email address.')
    .refine((v) => v === '' || (EMAIL.test(v) && !v.includes('..')), 'Please enter a valid email address.')
    .default(''),
  /** The page's path. */
  source: z.string().trim().min(1).max(500).startsWith('/'),
  /** The visitor's sub-variant. */
  variant: z.string().trim().max(40).nullish(),
  clientInformation: z.object({
    /** The release (or internal build) of the shop that sent it. */
    release: z.string().trim().min(1).max(100),
    name: z.literal('Web'),
    version: z.string().trim().min(1).max(40),
    clientEnvironment: z.object({
      timezone: z.string().trim().min(1).max(64),
      locale: z.string().trim().min(2).max(35),
    }),
  }),
});
export type FeedbackEventBody = z.infer<typeof FeedbackEventBodySchema>;

export const FeedbackEventResultSchema = z.object({ id: z.string(), createdAt: IsoDateSchema });

/**
 * `POST /cms/items/{collection}`: the content service takes items of one collection from the shop,
 * `feedback` (the same event as `POST /v2/event`); every other collection is edited in the back office.
 */
export const FeedbackCollectionParamsSchema = z.object({
  collection: z.string().max(200).describe('The collection: only `feedback` is taken.'),
});

/** `GET /admin/feedback`: newest first, optionally one rating. */
export const AdminFeedbackQuerySchema = z.object({
  rating: FeedbackRatingSchema.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const AdminFeedbackSchema = z.object({
  id: z.string(),
  createdAt: IsoDateSchema,
  rating: FeedbackRatingSchema,
  comment: z.string(),
  email: z.string().nullable(),
  customerId: z.string().nullable(),
  source: z.string(),
  variant: z.string().nullable(),
  client: z.object({
    release: z.string(),
    name: z.string(),
    version: z.string(),
    timezone: z.string(),
    locale: z.string(),
  }),
});
export type AdminFeedback = z.infer<typeof AdminFeedbackSchema>;

export const AdminFeedbackListSchema = z.object({
  feedback: z.array(AdminFeedbackSchema),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
});
export type AdminFeedbackList = z.infer<typeof AdminFeedbackListSchema>;
