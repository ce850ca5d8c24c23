/**
 * Identity verification attempts: each time a customer tries a method (an automatic check of their
 * details against identity data sources, later documents), its status and outcome. The methods'
 * statuses shown to the customer derive from these rows; an attempt that verifies sets
 * `customers.verified_at` in the same transaction. At most one attempt per customer is being
 * checked at a time.
 */
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

export const VERIFICATION_ATTEMPT_STATUSES = ['in_progress', 'completed'] as const;
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
    /** Why it did not verify (under_age, partial_match, no_match). */
    reason: text('reason'),
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
    check(
      'verification_attempts_outcome_ck',
      sql`(${t.status} = 'in_progress' and ${t.outcome} is null) or (${t.status} = 'completed' and ${t.outcome} in ('verified', 'not_verified'))`,
    ),
  ],
);
