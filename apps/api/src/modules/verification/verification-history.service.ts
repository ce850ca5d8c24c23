/**
 * A customer's verification history for operators (GET /admin/customers/{id}/verification and
 * `customer:verification <email>`): every attempt of every method, with what each identity source
 * matched and why it did not verify, so an under-age or mismatched customer is never refused
 * silently. Reading it changes nothing.
 */
import type { AdminVerificationAttempt, AdminVerificationHistory } from '@drawhouse/contract';
import type { DbOrTx } from '@drawhouse/db';
import {
  VERIFICATION_FAILURE_MESSAGES,
  VERIFICATION_FAILURES,
  type VerificationFailure,
} from '@drawhouse/domain';
import { verificationHistoryRepository } from './verification-history.repository.ts';

const OPERATOR_REFERENCE = 'operator:';

const knownFailure = (reason: string): reason is VerificationFailure =>
  (VERIFICATION_FAILURES as readonly string[]).includes(reason);

type AttemptRow = Awaited<ReturnType<ReturnType<typeof verificationHistoryRepository>['attempts']>>[number];

function attemptLine(row: AttemptRow): AdminVerificationAttempt {
  const byOperator = row.providerReference?.startsWith(OPERATOR_REFERENCE)
    ? row.providerReference.slice(OPERATOR_REFERENCE.length)
    : null;
  return {
    id: row.id,
    method: row.method,
    status: row.status,
    outcome: row.outcome ?? null,
    reason: row.reason,
    reasonText: row.reason && knownFailure(row.reason) ? VERIFICATION_FAILURE_MESSAGES[row.reason] : null,
    sources: row.sources,
    decidedBy: row.reviewedBy ?? byOperator,
    reviewNote: row.reviewNote,
    startedAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The history of the customer with this id or email; undefined when there is no such customer. */
export async function verificationHistory(
  db: DbOrTx,
  who: { customerId: string } | { email: string },
): Promise<AdminVerificationHistory | undefined> {
  const repo = verificationHistoryRepository(db);
  const customer =
    'email' in who ? await repo.customerByEmail(who.email) : await repo.customerById(who.customerId);
  if (!customer) return undefined;
  const attempts = await repo.attempts(customer.id);
  return {
    customer: {
      id: customer.id,
      email: customer.email,
      name: `${customer.firstname} ${customer.lastname}`.trim(),
      dateOfBirth: customer.dateOfBirth,
      verifiedAt: customer.verifiedAt?.toISOString() ?? null,
    },
    attempts: attempts.map(attemptLine),
  };
}
