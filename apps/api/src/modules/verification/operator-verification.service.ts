/**
 * An operator verifying a customer (`customer:verify <email>`): the same outcome as a check that
 * verifies, in one transaction: an attempt of method `operator` recorded as completed and verified
 * (its provider reference names the operator, the record of who did it), `verified_at` set and
 * `customer.verified` emitted, so the customer is told (feed entry and mail) once through the outbox.
 * A customer verified already is left as they are and told nothing again.
 */
import type { Database } from '@drawhouse/db';
import { type Actor, recordAudit } from '../operators/index.ts';
import { emit } from '../outbox/index.ts';
import { verificationRepository } from './verification.repository.ts';

/** The method an operator's verification is recorded with: not one a customer is offered. */
export const OPERATOR_VERIFICATION_METHOD = 'operator';

export type OperatorVerification =
  | { outcome: 'verified'; email: string; attemptId: string }
  | { outcome: 'already'; email: string; verifiedAt: Date };

/**
 * Verifies the customer with `email` as the actor's operator, audited in the same transaction:
 * undefined when no customer has that email.
 */
export async function verifyByOperator(
  db: Database,
  email: string,
  actor: Actor,
  now: Date,
): Promise<OperatorVerification | undefined> {
  const operatorName = actor.operator.name;
  return db.transaction(async (tx) => {
    const repo = verificationRepository(tx);
    const customer = await repo.lockCustomerByEmail(email);
    if (!customer) return undefined;
    if (customer.verifiedAt)
      return { outcome: 'already', email: customer.email, verifiedAt: customer.verifiedAt };
    const attempt = await repo.insert({
      customerId: customer.id,
      method: OPERATOR_VERIFICATION_METHOD,
      providerReference: `operator:${operatorName}`,
      now,
      status: 'completed',
      outcome: 'verified',
      reason: null,
      sources: [],
    });
    await repo.markVerified(customer.id, now);
    await emit(tx, 'customer.verified', customer.id, { customerId: customer.id, attemptId: attempt.id });
    await recordAudit(tx, actor, {
      action: 'customer.verified',
      targetType: 'customer',
      targetId: customer.id,
      before: { verified: false },
      after: { verified: true, attempt: attempt.id, method: OPERATOR_VERIFICATION_METHOD },
    });
    return { outcome: 'verified', email: customer.email, attemptId: attempt.id };
  });
}
