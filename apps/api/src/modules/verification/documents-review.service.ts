/**
 * The operators' review of document submissions (the `/admin/verifications` calls and the
 * `verification:*` commands, each acting as the operator of its token): the queue, one submission
 * with the customer's details to compare and what must not be missed (under 18, earlier checks that
 * did not match), its files, and the decision. Approving verifies the customer as every method does
 * (`verified_at` and `customer.verified` in the decision's transaction: the cap and the withdrawal
 * block lift, the customer is told); rejecting completes the attempt not verified with the
 * operator's reason, told to the customer by `verification.documents_rejected`. The operator's name
 * and the time are kept on the attempt (`reviewed_by`, `reviewed_at`), and each decision writes its
 * audit row (`verification.approved`, `verification.rejected`) in the decision's transaction.
 */
import type {
  AdminVerification,
  AdminVerificationList,
  AdminVerificationQuery,
  AdminVerificationSummary,
} from '@drawhouse/contract';
import type { Database, DbOrTx } from '@drawhouse/db';
import {
  ageOn,
  approvable,
  calendarDay,
  parseIsoDate,
  type ReviewWarning,
  reviewWarnings,
} from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { isUuid } from '../../http/ids.ts';
import { customerReason } from '../../http/validation.ts';
import { type Actor, recordAudit } from '../operators/index.ts';
import { emit } from '../outbox/index.ts';
import type { FileStorage } from '../storage/index.ts';
import {
  DOCUMENT_REFERENCE_PREFIX,
  documentsRepository,
  type SubmissionWithCustomer,
} from './documents.repository.ts';
import { verificationRepository } from './verification.repository.ts';

export const DOCUMENTS_REJECTED = 'documents_rejected';
export const MAX_REJECTION_REASON = 500;

const notFound = (id: string) =>
  new AppError(404, 'verification_not_found', `There is no document submission ${id}.`);

const decided = () =>
  new AppError(409, 'verification_decided', 'This submission has been decided already: nothing was changed.');

/** The submission `id` names, read (and locked) for a decision when `lock`; undefined for no such id. */
const submissionOf = (db: DbOrTx, id: string, lock = false) =>
  isUuid(id) ? documentsRepository(db).submission(id, lock) : Promise.resolve(undefined);

export type ReviewDeps = { db: Database; now: () => Date; minimumAge: number };

/** What the audit log keeps of a submission before and after a decision. */
function auditState(row: SubmissionWithCustomer, customerVerified: boolean) {
  const { attempt, customer } = row;
  return {
    status: attempt.status === 'pending' ? 'pending' : 'completed',
    outcome: attempt.outcome,
    reviewNote: attempt.reviewNote,
    customerId: customer.id,
    customerVerified,
  };
}

function summaryOf({ attempt, customer }: SubmissionWithCustomer): AdminVerificationSummary {
  const reference = attempt.providerReference ?? '';
  return {
    id: attempt.id,
    method: attempt.method,
    status: attempt.status === 'pending' ? 'pending' : 'completed',
    outcome: attempt.outcome,
    documentType: reference.startsWith(DOCUMENT_REFERENCE_PREFIX)
      ? reference.slice(DOCUMENT_REFERENCE_PREFIX.length)
      : null,
    submittedAt: attempt.createdAt.toISOString(),
    customer: { id: customer.id, email: customer.email, name: `${customer.firstname} ${customer.lastname}` },
    reviewedBy: attempt.reviewedBy,
    reviewedAt: attempt.reviewedAt?.toISOString() ?? null,
  };
}

export type DocumentsReview = ReturnType<typeof createDocumentsReview>;

export function createDocumentsReview(deps: ReviewDeps) {
  async function detail(
    db: DbOrTx,
    row: SubmissionWithCustomer,
  ): Promise<AdminVerification & { warnings: ReviewWarning[] }> {
    const repo = documentsRepository(db);
    const { customer } = row;
    const today = calendarDay(deps.now());
    const born = parseIsoDate(customer.dateOfBirth);
    const todayParts = parseIsoDate(today);
    const warnings = reviewWarnings({
      dateOfBirth: customer.dateOfBirth,
      today,
      minimumAge: deps.minimumAge,
      earlierFailures: await repo.earlierFailures(customer.id),
    });
    const address = [
      customer.address,
      customer.addressLine2,
      `${customer.suburb} ${customer.state} ${customer.postcode}`,
      customer.country,
    ].filter((part): part is string => Boolean(part?.trim()));
    return {
      ...summaryOf(row),
      customer: {
        id: customer.id,
        email: customer.email,
        name: `${customer.firstname} ${customer.lastname}`,
        dateOfBirth: customer.dateOfBirth,
        age: born && todayParts ? ageOn(born, todayParts) : null,
        address: address.join(', '),
        verified: customer.verifiedAt !== null,
      },
      warnings,
      reviewNote: row.attempt.reviewNote,
      files: (await repo.filesOf(row.attempt.id)).map((f) => ({
        id: f.id,
        kind: f.kind,
        contentType: f.contentType,
        bytes: f.bytes,
        width: f.width,
        height: f.height,
        sha256: f.sha256,
      })),
    };
  }

  /** Locks a pending submission (and its customer) for a decision. */
  async function pending(db: DbOrTx, id: string): Promise<SubmissionWithCustomer> {
    const row = await submissionOf(db, id, true);
    if (!row) throw notFound(id);
    if (row.attempt.status !== 'pending') throw decided();
    return row;
  }

  return {
    async list(query: AdminVerificationQuery): Promise<AdminVerificationList> {
      const { rows, total } = await documentsRepository(deps.db).list(query);
      return { submissions: rows.map(summaryOf), page: query.page, limit: query.limit, total };
    },

    async show(id: string): Promise<AdminVerification> {
      const row = await submissionOf(deps.db, id);
      if (!row) throw notFound(id);
      return detail(deps.db, row);
    },

    /** One file's bytes and type, for an operator; 404 when the submission or file is not there. */
    async file(storage: FileStorage, id: string, fileId: string) {
      const row =
        isUuid(id) && isUuid(fileId) ? await documentsRepository(deps.db).file(id, fileId) : undefined;
      const bytes = row && (await storage.get(row.storageKey));
      if (!row || !bytes) {
        throw new AppError(404, 'file_not_found', `Submission ${id} has no file ${fileId}.`);
      }
      return { kind: row.kind, contentType: row.contentType, bytes };
    },

    /**
     * Approves a pending submission as `operator`: the customer verified (unless they are already),
     * told once. Refused (409 `cannot_verify`) for someone under the minimum age.
     */
    async approve(id: string, actor: Actor): Promise<AdminVerification> {
      return deps.db.transaction(async (tx) => {
        const row = await pending(tx, id);
        const shown = await detail(tx, row);
        if (!approvable(shown.warnings)) {
          throw new AppError(
            409,
            'cannot_verify',
            `${shown.warnings.map((w) => w.message).join(' ')} Nothing was changed.`,
          );
        }
        const now = deps.now();
        await documentsRepository(tx).decide(
          id,
          { outcome: 'verified', reason: null, reviewNote: null },
          actor.operator.name,
          now,
        );
        const customerId = row.customer.id;
        if (await verificationRepository(tx).markVerified(customerId, now)) {
          await emit(tx, 'customer.verified', customerId, { customerId, attemptId: id });
        }
        const after = (await submissionOf(tx, id)) ?? row;
        await recordAudit(tx, actor, {
          action: 'verification.approved',
          targetType: 'verification',
          targetId: id,
          before: auditState(row, row.customer.verifiedAt !== null),
          after: auditState(after, true),
        });
        return detail(tx, after);
      });
    },

    /** Rejects a pending submission as `operator` with the reason the customer is told. */
    async reject(id: string, reason: string, actor: Actor): Promise<AdminVerification> {
      const text = customerReason(reason, MAX_REJECTION_REASON);
      return deps.db.transaction(async (tx) => {
        const row = await pending(tx, id);
        await documentsRepository(tx).decide(
          id,
          { outcome: 'not_verified', reason: DOCUMENTS_REJECTED, reviewNote: text },
          actor.operator.name,
          deps.now(),
        );
        const customerId = row.customer.id;
        await emit(tx, 'verification.documents_rejected', customerId, {
          customerId,
          attemptId: id,
          method: row.attempt.method === 'pdf_form' ? 'pdf_form' : 'photo_id_upload',
          reason: text,
        });
        const after = (await submissionOf(tx, id)) ?? row;
        const verified = row.customer.verifiedAt !== null;
        await recordAudit(tx, actor, {
          action: 'verification.rejected',
          targetType: 'verification',
          targetId: id,
          before: auditState(row, verified),
          after: auditState(after, verified),
        });
        return detail(tx, after);
      });
    },
  };
}
