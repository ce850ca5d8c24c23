/**
 * Identity verification attempts: each time a customer tries a method (an automatic check of their
 * details against identity data sources, or documents sent for an operator's review), its status and
 * outcome. The methods' statuses shown to the customer derive from these rows; an attempt that
 * verifies sets `customers.verified_at` in the same transaction. At most one attempt per customer is
 * being checked at a time, and at most one submission per method waits for review (`pending`).
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

/** `pending`: documents uploaded, waiting for an operator's decision. */
export const VERIFICATION_ATTEMPT_STATUSES = ['in_progress', 'pending', 'completed'] as const;
export type VerificationAttemptStatus = (typeof VERIFICATION_ATTEMPT_STATUSES)[number];

export const VERIFICATION_OUTCOMES = ['verified', 'not_verified'] as const;
export type VerificationOutcome = (typeof VERIFICATION_OUTCOMES)[number];

/** What one identity data source reported: which of name, date of birth and address it matched. */
export type VerificationSourceMatch = {
  source: string;
  name: boolean;
  dateOfBirth: boolean;
  address: boolean;
};

export const verificationAttempts = pgTable(
  'verification_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** auto_verification, connect_id, drivers_licence, greenid_ui, pdf_form, photo_id_upload. */
    method: text('method').notNull(),
    status: text('status').$type<VerificationAttemptStatus>().notNull(),
    /** Null while in progress. */
    outcome: text('outcome').$type<VerificationOutcome>(),
    /** Why it did not verify (under_age, partial_match, no_match, documents_rejected ...). */
    reason: text('reason'),
    /** The operator's words when they rejected a submission, as the customer is told them. */
    reviewNote: text('review_note'),
    /** The operator who decided a submission, and when. */
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    sources: jsonb('sources').$type<VerificationSourceMatch[]>().notNull().default([]),
    /** The identity source's reference of the check (to ask for a late answer). */
    providerReference: text('provider_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('verification_attempts_customer_idx').on(t.customerId, t.createdAt),
    uniqueIndex('verification_attempts_one_in_progress')
      .on(t.customerId)
      .where(sql`${t.status} = 'in_progress'`),
    uniqueIndex('verification_attempts_one_pending')
      .on(t.customerId, t.method)
      .where(sql`${t.status} = 'pending'`),
    index('verification_attempts_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check(
      'verification_attempts_outcome_ck',
      sql`(${t.status} in ('in_progress', 'pending') and ${t.outcome} is null) or (${t.status} = 'completed' and ${t.outcome} in ('verified', 'not_verified'))`,
    ),
  ],
);

export const VERIFICATION_FILE_KINDS = ['front', 'back', 'selfie', 'form'] as const;
export type VerificationFileKind = (typeof VERIFICATION_FILE_KINDS)[number];

/**
 * The files of a document submission (photo_id_upload, pdf_form). The bytes are kept outside the
 * database by the storage adapter under `storage_key`; only operators read them back.
 */
export const verificationFiles = pgTable(
  'verification_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => verificationAttempts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<VerificationFileKind>().notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    /** Pixels of an image; null for a PDF. */
    width: integer('width'),
    height: integer('height'),
    /** Hex SHA-256 of the bytes stored (after metadata was stripped). */
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('verification_files_attempt_kind').on(t.attemptId, t.kind),
    uniqueIndex('verification_files_storage_key').on(t.storageKey),
  ],
);
