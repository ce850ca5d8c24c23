/**
 * GET /admin/customers/{id}/verification: a customer's identity checks as an operator reads them,
 * every attempt of every method with why it did not verify, so nothing fails silently.
 */
import { z } from 'zod';

export const VerificationSourceMatchSchema = z.object({
  source: z.string(),
  name: z.boolean(),
  dateOfBirth: z.boolean(),
  address: z.boolean(),
});

export const AdminVerificationAttemptSchema = z.object({
  id: z.string(),
  /** A customer's method, or `operator` when an operator verified them. */
  method: z.string(),
  status: z.enum(['in_progress', 'pending', 'completed']),
  outcome: z.enum(['verified', 'not_verified']).nullable(),
  /** Why it did not verify, as recorded (under_age, partial_match, no_match, ...). */
  reason: z.string().nullable(),
  /** The reason in words, as the customer was told it (null when there is none). */
  reasonText: z.string().nullable(),
  /** What each identity data source matched. */
  sources: z.array(VerificationSourceMatchSchema),
  /** Who decided (an operator's review or verification), when one did. */
  decidedBy: z.string().nullable(),
  reviewNote: z.string().nullable(),
  startedAt: z.string(),
  updatedAt: z.string(),
});
export type AdminVerificationAttempt = z.infer<typeof AdminVerificationAttemptSchema>;

export const AdminVerificationHistorySchema = z.object({
  customer: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    dateOfBirth: z.string(),
    verifiedAt: z.string().nullable(),
  }),
  /** Newest first. */
  attempts: z.array(AdminVerificationAttemptSchema),
});
export type AdminVerificationHistory = z.infer<typeof AdminVerificationHistorySchema>;
