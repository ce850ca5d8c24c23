/**
 * Documents sent for an operator's review (docs/api/verification.md): POST /customer/verification
 * (multipart: `method`, `document_type`, `front`, `back`, `selfie` or `form`) answers the
 * submission, pending; the operators' /admin/verifications calls list, show and decide submissions.
 */
import { z } from 'zod';
import { VerificationMethodTypeSchema, VerificationOverviewSchema } from './verification.ts';

export const DocumentFileSchema = z.object({
  id: z.string(),
  /** front, back, selfie or form. */
  kind: z.string(),
  contentType: z.string(),
  bytes: z.number().int(),
  /** Pixels of an image; null for a PDF. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  sha256: z.string(),
});
export type DocumentFile = z.infer<typeof DocumentFileSchema>;

/** A submission as its customer sees it. */
export const DocumentSubmissionSchema = z.object({
  attemptId: z.string(),
  method: VerificationMethodTypeSchema,
  /** pending until an operator decides; completed then. */
  status: z.enum(['pending', 'completed']),
  outcome: z.enum(['verified', 'not_verified']).nullable(),
  submittedAt: z.string(),
  files: z.array(DocumentFileSchema.omit({ sha256: true })),
  /** What the customer reads. */
  message: z.string(),
});

/** GET /customer/verification: the customer's own submissions, newest first. */
export const DocumentSubmissionListSchema = z.array(DocumentSubmissionSchema);

/** POST /customer/verification: the submission, and the verification overview as it is now. */
export const DocumentSubmissionResultSchema = DocumentSubmissionSchema.extend(
  VerificationOverviewSchema.shape,
);
export type DocumentSubmissionResult = z.infer<typeof DocumentSubmissionResultSchema>;

export const ReviewWarningSchema = z.object({ code: z.string(), message: z.string() });

/** One submission in the operators' queue. */
export const AdminVerificationSummarySchema = z.object({
  id: z.string(),
  method: z.string(),
  status: z.enum(['pending', 'completed']),
  outcome: z.enum(['verified', 'not_verified']).nullable(),
  documentType: z.string().nullable(),
  submittedAt: z.string(),
  customer: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
});
export type AdminVerificationSummary = z.infer<typeof AdminVerificationSummarySchema>;

/** The queue's filter: waiting, decided or all; `q` a part of the customer's email or name. */
export const AdminVerificationQuerySchema = z.object({
  status: z.enum(['pending', 'completed', 'all']).default('pending'),
  q: z.string().trim().max(100).default(''),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminVerificationQuery = z.infer<typeof AdminVerificationQuerySchema>;

export const AdminVerificationListSchema = z.object({
  submissions: z.array(AdminVerificationSummarySchema),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
});
export type AdminVerificationList = z.infer<typeof AdminVerificationListSchema>;

/** GET /admin/verifications/{id}: the submission, the customer's details to compare, the warnings. */
export const AdminVerificationSchema = AdminVerificationSummarySchema.extend({
  customer: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    dateOfBirth: z.string(),
    age: z.number().int().nullable(),
    address: z.string(),
    verified: z.boolean(),
  }),
  /** Under the minimum age, earlier checks that did not match the account's details. */
  warnings: z.array(ReviewWarningSchema),
  /** The operator's reason of a rejection. */
  reviewNote: z.string().nullable(),
  files: z.array(DocumentFileSchema),
});
export type AdminVerification = z.infer<typeof AdminVerificationSchema>;

/** POST /admin/verifications/{id}/reject. */
export const RejectVerificationBodySchema = z.object({ reason: z.string().max(500) });
export type RejectVerificationBody = z.infer<typeof RejectVerificationBodySchema>;
