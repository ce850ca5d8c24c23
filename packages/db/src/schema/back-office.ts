/**
 * The back office's records: operators' sessions (short, revocable), invitations of new operators
 * by email, and the audit log: one row per operator action, written in the action's own transaction,
 * never changed or removed (a trigger refuses UPDATE, DELETE and TRUNCATE).
 */

import type { OperatorRole } from '@drawhouse/contract';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { operators } from './draw-engine.ts';

/** A signed-in back office browser: the cookie holds `{id}.{secret}`; only the secret's SHA-256 is kept. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'restrict' }),
    secretHash: text('secret_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The absolute end; an idle session ends sooner (the API's rule). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('operator_sessions_operator_idx').on(t.operatorId, t.createdAt)],
);

/** An invitation by email to become an operator with the given roles; accepted once, before it expires. */
export const operatorInvitations = pgTable(
  'operator_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    roles: text('roles').array().$type<OperatorRole[]>().notNull(),
    /** Null for an invitation made at the server's command line (`operator:create --email`). */
    invitedBy: uuid('invited_by').references(() => operators.id, { onDelete: 'restrict' }),
    secretHash: text('secret_hash').notNull(),
    /** The authenticator secret offered while the invitation is being accepted (encrypted). */
    pendingTotpSecret: text('pending_totp_secret'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    operatorId: uuid('operator_id').references(() => operators.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('operator_invitations_secret_key').on(t.secretHash)],
);

/**
 * Who did what, when, from where: `before` and `after` are the changed record as the action saw it.
 * `via` is how the operator acted: `back_office` (a session), `token` (the /admin API with a token)
 * or `cli` (`npm run operator`).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    operatorId: uuid('operator_id').references(() => operators.id, { onDelete: 'restrict' }),
    operatorName: text('operator_name').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    via: text('via').$type<'back_office' | 'token' | 'cli'>().notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_operator_idx').on(t.operatorId, t.at),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    check('audit_log_via_check', sql`${t.via} in ('back_office', 'token', 'cli')`),
  ],
);

/** Support's notes on a customer's account: written, never changed (each is also in the audit log). */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'restrict' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_notes_customer_idx').on(t.customerId, t.createdAt)],
);
