/** The finance and support queues in tests: an operator acting from the command line, and audit rows. */
import { randomUUID } from 'node:crypto';
import { and, auditLog, type Database, eq } from '@drawhouse/db';
import { type Actor, cliActor, createOperator } from '../src/modules/operators/index.ts';

/** An operator of a name unique to the test, acting as the command line does. */
export async function cliOperator(db: Database, prefix = 'op'): Promise<Actor> {
  const made = await createOperator(db, `${prefix}-${randomUUID().slice(0, 8)}`);
  return cliActor(made.operator);
}

/** The audit rows of one target, oldest first. */
export function auditOf(db: Database, targetType: string, targetId: string) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, targetId)))
    .orderBy(auditLog.id);
}
