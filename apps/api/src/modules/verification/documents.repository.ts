/**
 * Reads and writes of document submissions: the pending attempt and its files (for its customer, and
 * for the operators' review queue), and the decision on it.
 */
import {
  and,
  asc,
  count,
  customers,
  type DbOrTx,
  desc,
  eq,
  sql,
  type VerificationFileKind,
  type VerificationOutcome,
  verificationAttempts,
  verificationFiles,
} from '@drawhouse/db';
import type { DocumentContentType } from '@drawhouse/domain';

export type FileRow = typeof verificationFiles.$inferSelect;
export type SubmissionRow = typeof verificationAttempts.$inferSelect;

export type NewFile = {
  kind: VerificationFileKind;
  storageKey: string;
  contentType: DocumentContentType;
  bytes: number;
  width: number | null;
  height: number | null;
  sha256: string;
};

/** The provider reference of a photo ID submission keeps the document photographed. */
export const DOCUMENT_REFERENCE_PREFIX = 'document:';

const DOCUMENT_METHODS = ['photo_id_upload', 'pdf_form'];

const submissionColumns = {
  attempt: verificationAttempts,
  customer: {
    id: customers.id,
    email: customers.email,
    firstname: customers.firstname,
    lastname: customers.lastname,
    dateOfBirth: customers.dateOfBirth,
    address: customers.address,
    addressLine2: customers.addressLine2,
    suburb: customers.suburb,
    state: customers.state,
    postcode: customers.postcode,
    country: customers.country,
    verifiedAt: customers.verifiedAt,
  },
};

export type SubmissionWithCustomer = {
  attempt: SubmissionRow;
  customer: {
    id: string;
    email: string;
    firstname: string;
    lastname: string;
    dateOfBirth: string;
    address: string;
    addressLine2: string | null;
    suburb: string;
    state: string;
    postcode: string;
    country: string;
    verifiedAt: Date | null;
  };
};

export function documentsRepository(db: DbOrTx) {
  return {
    async pendingOf(customerId: string, method: string): Promise<SubmissionRow | undefined> {
      const [row] = await db
        .select()
        .from(verificationAttempts)
        .where(
          and(
            eq(verificationAttempts.customerId, customerId),
            eq(verificationAttempts.method, method),
            eq(verificationAttempts.status, 'pending'),
          ),
        );
      return row;
    },

    /** A pending attempt with its files; undefined when one is pending for the method already. */
    async insertPending(
      args: { customerId: string; method: string; documentType: string | null; now: Date },
      files: readonly NewFile[],
    ): Promise<{ attempt: SubmissionRow; files: FileRow[] } | undefined> {
      // One pending submission per method (a partial unique index): a second one is not written.
      const [attempt] = await db
        .insert(verificationAttempts)
        .values({
          customerId: args.customerId,
          method: args.method,
          status: 'pending',
          providerReference: args.documentType ? `${DOCUMENT_REFERENCE_PREFIX}${args.documentType}` : null,
          createdAt: args.now,
          updatedAt: args.now,
        })
        .onConflictDoNothing()
        .returning();
      if (!attempt) return undefined;
      const id = attempt.id;
      const rows = await db
        .insert(verificationFiles)
        .values(files.map((f) => ({ ...f, attemptId: id, createdAt: args.now })))
        .returning();
      return { attempt, files: rows };
    },

    /** The customer's own document submissions, newest first. */
    async submissionsOf(customerId: string, limit: number): Promise<SubmissionRow[]> {
      return db
        .select()
        .from(verificationAttempts)
        .where(
          and(
            eq(verificationAttempts.customerId, customerId),
            sql`${verificationAttempts.method} in ('photo_id_upload', 'pdf_form')`,
          ),
        )
        .orderBy(desc(verificationAttempts.createdAt))
        .limit(limit);
    },

    async filesOf(attemptId: string): Promise<FileRow[]> {
      return db
        .select()
        .from(verificationFiles)
        .where(eq(verificationFiles.attemptId, attemptId))
        .orderBy(asc(verificationFiles.createdAt), asc(verificationFiles.kind));
    },

    async file(attemptId: string, fileId: string): Promise<FileRow | undefined> {
      const [row] = await db
        .select()
        .from(verificationFiles)
        .where(and(eq(verificationFiles.attemptId, attemptId), eq(verificationFiles.id, fileId)));
      return row;
    },

    /**
     * A page of document submissions, newest first (pending ones oldest first: the queue's order), by
     * a part of the customer's email or name.
     */
    async list(filter: {
      status: 'pending' | 'completed' | 'all';
      q: string;
      page: number;
      limit: number;
    }): Promise<{ rows: SubmissionWithCustomer[]; total: number }> {
      const text = filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
      const where = and(
        sql`${verificationAttempts.method} in ('photo_id_upload', 'pdf_form')`,
        filter.status === 'all' ? undefined : eq(verificationAttempts.status, filter.status),
        text === ''
          ? undefined
          : sql`(lower(${customers.email}) like ${`%${text}%`}
              or lower(${customers.firstname} || ' ' || ${customers.lastname}) like ${`%${text}%`})`,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select(submissionColumns)
          .from(verificationAttempts)
          .innerJoin(customers, eq(customers.id, verificationAttempts.customerId))
          .where(where)
          .orderBy(
            filter.status === 'pending'
              ? asc(verificationAttempts.createdAt)
              : desc(verificationAttempts.createdAt),
          )
          .limit(filter.limit)
          .offset((filter.page - 1) * filter.limit),
        db
          .select({ n: count() })
          .from(verificationAttempts)
          .innerJoin(customers, eq(customers.id, verificationAttempts.customerId))
          .where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** One document submission with its customer; `lock` holds both rows until the transaction ends. */
    async submission(id: string, lock = false): Promise<SubmissionWithCustomer | undefined> {
      const query = db
        .select(submissionColumns)
        .from(verificationAttempts)
        .innerJoin(customers, eq(customers.id, verificationAttempts.customerId))
        .where(eq(verificationAttempts.id, id));
      const [row] = lock ? await query.for('update') : await query;
      return row && DOCUMENT_METHODS.includes(row.attempt.method) ? row : undefined;
    },

    /** Why the customer's earlier checks did not verify (the reasons recorded). */
    async earlierFailures(customerId: string): Promise<string[]> {
      const rows = await db
        .select({ reason: verificationAttempts.reason })
        .from(verificationAttempts)
        .where(
          and(
            eq(verificationAttempts.customerId, customerId),
            eq(verificationAttempts.outcome, 'not_verified'),
          ),
        );
      return rows.flatMap((r) => (r.reason ? [r.reason] : []));
    },

    /** Decides a pending submission; undefined when it was decided already. */
    async decide(
      id: string,
      decision: { outcome: VerificationOutcome; reason: string | null; reviewNote: string | null },
      operator: string,
      now: Date,
    ): Promise<SubmissionRow | undefined> {
      const [row] = await db
        .update(verificationAttempts)
        .set({ status: 'completed', ...decision, reviewedBy: operator, reviewedAt: now, updatedAt: now })
        .where(and(eq(verificationAttempts.id, id), eq(verificationAttempts.status, 'pending')))
        .returning();
      return row;
    },
  };
}
