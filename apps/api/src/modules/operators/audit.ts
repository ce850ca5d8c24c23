/**
 * The audit log's one writer. An operator action calls `recordAudit` with the transaction that makes
 * the change, so the row and the change are kept or lost together; the actor says who (the session's
 * or token's operator, never a typed name), how, and from where.
 */
import type { DbOrTx } from '@drawhouse/db';
import { auditRepository } from './audit.repository.ts';
import type { Operator } from './operator-tokens.ts';

export type AuditVia = 'back_office' | 'token' | 'cli';

export type Actor = {
  operator: Operator;
  via: AuditVia;
  ip?: string;
  userAgent?: string;
  requestId?: string;
};

export type AuditChange = {
  /** What was done, `<thing>.<verb>` in the past tense: `withdrawal.approved`, `operator.invited`. */
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
};

/** An operator acting from the command line. */
export function cliActor(operator: Operator): Actor {
  return { operator, via: 'cli' };
}

export async function recordAudit(tx: DbOrTx, actor: Actor, change: AuditChange): Promise<void> {
  await auditRepository(tx).insert({
    operatorId: actor.operator.id === '' ? null : actor.operator.id,
    operatorName: actor.operator.name,
    action: change.action,
    targetType: change.targetType,
    targetId: change.targetId,
    before: change.before ?? null,
    after: change.after ?? null,
    via: actor.via,
    ip: actor.ip ?? null,
    userAgent: actor.userAgent?.slice(0, 300) ?? null,
    requestId: actor.requestId ?? null,
  });
}

/**
 * The server's command line acting without an operator's token (`operator:create --email` inviting
 * the first admin; `draw:close` and `deposits:reconcile` as scripts run them): audited as "command
 * line", with no operator. It holds no role, so no role check ever lets it through.
 */
export const COMMAND_LINE: Operator = { id: '', name: 'command line', roles: [] };

/** What the command line does without an operator. */
export async function recordCommandLineAudit(tx: DbOrTx, change: AuditChange): Promise<void> {
  await recordAudit(tx, cliActor(COMMAND_LINE), change);
}
