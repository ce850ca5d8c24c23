/**
 * The operator's side of withdrawals: list them, approve one (it is `paying`, and then paid through
 * the payout adapter as one approved by rule is: payouts.service.ts) or reject one (the hold is voided
 * and the money is back in the wallet). Each decision happens once: the ledger settles a hold once,
 * and the withdrawal row is locked while it is decided. Over the second-approval limit an approval
 * is only recorded (the money stays held) until a second, different operator approves it too (the
 * domain's `withdrawalApproval`). The operator is always the authenticated one (an `Actor`: the back
 * office's session, a token, or the command line). Each decision writes its audit row and its events
 * in its transaction, and the customer is told (wallet.subscribers.ts).
 */
import type { AdminWithdrawal, AdminWithdrawalPage, AdminWithdrawalQuery } from '@drawhouse/contract';
import type { Database, Transaction, WithdrawalStatus } from '@drawhouse/db';
import { centsToMoney, withdrawalApproval } from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { customerReason } from '../../http/validation.ts';
import { ledgerQueries } from '../ledger/index.ts';
import { type Actor, recordAudit } from '../operators/index.ts';
import { emit } from '../outbox/index.ts';
import type { PaymentsDeps } from '../payments/index.ts';
import { GatewayUnavailableError } from '../payments/index.ts';
import { PayoutUnavailableError } from './payouts/payout.ts';
import { type Payouts, payoutsOf } from './payouts.service.ts';
import { isUuid, type WithdrawalRow, walletRepository } from './wallet.repository.ts';
import { withdrawalNotFound } from './wallet.service.ts';
import { fundDisplay } from './wallet.view.ts';
import { adminWithdrawalSummary, adminWithdrawalView } from './withdrawals-admin.view.ts';

/** The longest reason a customer is given for a rejection. */
export const MAX_WITHDRAWAL_REJECTION = 500;

export type WithdrawalLine = {
  id: string;
  email: string;
  status: WithdrawalStatus;
  amountCents: number;
  fund: string;
  requestedAt: Date;
  operator: string | null;
  /** Over the limit: the operator who approved first, waiting for a second approval. */
  firstApprovedBy: string | null;
};

export type ApprovalOutcome = { row: WithdrawalRow; paid: boolean };

/** What the audit log keeps of a withdrawal before and after a decision. */
function auditState(row: WithdrawalRow) {
  return {
    status: row.status,
    amountCents: row.amountCents,
    customerId: row.customerId,
    firstApprovedBy: row.firstApprovedBy,
    operator: row.operator,
    reason: row.reason,
  };
}

async function audited(
  tx: Transaction,
  actor: Actor,
  action: string,
  before: WithdrawalRow,
  after: WithdrawalRow,
) {
  await recordAudit(tx, actor, {
    action,
    targetType: 'withdrawal',
    targetId: before.id,
    before: auditState(before),
    after: auditState(after),
  });
  return after;
}

export function createWithdrawalOperations(
  db: Database,
  now: () => Date = () => new Date(),
  options: { secondApprovalCents: number; payouts: Pick<Payouts, 'payOut'> },
) {
  /** Locks the customer's accounts, then the withdrawal, and checks it still awaits a decision. */
  async function decide(
    id: string,
    work: (tx: Transaction, row: WithdrawalRow) => Promise<WithdrawalRow>,
  ): Promise<WithdrawalRow> {
    const found = await walletRepository(db).withdrawal(id);
    if (!found) throw withdrawalNotFound();
    return db.transaction(async (tx) => {
      await ledgerQueries(tx).lockCustomer(found.withdrawal.customerId);
      const locked = await walletRepository(tx).withdrawal(id, undefined, true);
      if (!locked) throw withdrawalNotFound();
      if (locked.withdrawal.status !== 'requested') {
        throw new AppError(
          409,
          'withdrawal_decided',
          `Withdrawal ${id} is ${locked.withdrawal.status} already.`,
        );
      }
      return work(tx, locked.withdrawal);
    });
  }

  const limitCents = options.secondApprovalCents;

  return {
    /** The back office's queue: a page of withdrawals by status and customer email. */
    async page(query: AdminWithdrawalQuery): Promise<AdminWithdrawalPage> {
      const { status, email, page, limit } = query;
      const found = await walletRepository(db).withdrawals(
        { ...(status === 'all' ? {} : { status }), ...(email ? { email } : {}) },
        limit,
        (page - 1) * limit,
      );
      return {
        withdrawals: found.rows.map((row) => adminWithdrawalSummary(row, limitCents)),
        page,
        limit,
        total: found.total,
        secondApprovalLimit: centsToMoney(limitCents),
      };
    },

    /** One withdrawal for the back office: the queue's line and what its customer reads. */
    async show(id: string): Promise<AdminWithdrawal> {
      const [row] = isUuid(id) ? (await walletRepository(db).withdrawals({ id }, 1, 0)).rows : [];
      if (!row) throw withdrawalNotFound();
      return adminWithdrawalView(row, limitCents);
    },

    async list(
      filter: { status?: WithdrawalStatus } = {},
      limit = 100,
      offset = 0,
    ): Promise<{ items: WithdrawalLine[]; total: number }> {
      const page = await walletRepository(db).withdrawals(filter, limit, offset);
      return {
        total: page.total,
        items: page.rows.map(({ withdrawal: w, fund, email }) => ({
          id: w.id,
          email,
          status: w.status,
          amountCents: w.amountCents,
          fund: fundDisplay(fund),
          requestedAt: w.requestedAt,
          operator: w.operator,
          firstApprovedBy: w.firstApprovedBy,
        })),
      };
    },

    /**
     * Approves and pays: `paying` in one transaction, then the payout (payouts.service.ts) once it
     * commits, answering the withdrawal as it ended (`paid`, or `failed` with the money back). Over the
     * second-approval limit, a first approval is only recorded, and the same operator cannot be the
     * second. Should this process stop between the two, the `withdrawal-payout` subscriber or the
     * minute job pays it.
     */
    async approve(id: string, actor: Actor): Promise<ApprovalOutcome> {
      const operator = actor.operator.name;
      let approved = false;
      const decided = await decide(id, async (tx, row) => {
        const verdict = withdrawalApproval({
          amountCents: row.amountCents,
          limitCents: options.secondApprovalCents,
          firstApprovedBy: row.firstApprovedBy,
          operator,
        });
        if (verdict.outcome === 'refused') {
          throw new AppError(409, 'second_approval_needed', verdict.message);
        }
        if (verdict.outcome === 'first_approval') {
          const first = await walletRepository(tx).updateWithdrawal(id, {
            firstApprovedBy: operator,
            firstApprovedAt: now(),
          });
          return audited(tx, actor, 'withdrawal.first_approved', row, first);
        }
        approved = true;
        const paying = await walletRepository(tx).updateWithdrawal(id, {
          status: 'paying',
          approvedAt: now(),
          approval: 'operator',
          operator,
        });
        // The payout follows at once: told once, as paid (or not paid).
        const ids = { customerId: row.customerId, withdrawalId: id };
        await emit(tx, 'withdrawal.approved', id, { ...ids, paidAtOnce: true });
        return audited(tx, actor, 'withdrawal.approved', row, paying);
      });
      if (!approved) return { row: decided, paid: false };
      try {
        const row = (await options.payouts.payOut(id)) ?? decided;
        return { row, paid: row.status === 'paid' };
      } catch (error) {
        // Approved, its payout not made yet (the payout service out of reach): the subscriber and
        // the minute job pay it; the operator is told it is being paid.
        if (!(error instanceof PayoutUnavailableError) && !(error instanceof GatewayUnavailableError))
          throw error;
        return { row: decided, paid: false };
      }
    },

    /** Voids the hold (the money is back in the wallet) and records why. */
    reject(id: string, reason: string, actor: Actor): Promise<WithdrawalRow> {
      const text = customerReason(reason, MAX_WITHDRAWAL_REJECTION);
      return decide(id, async (tx, row) => {
        if (!(await ledgerQueries(tx).settle(row.pendingTransferId, 'void'))) {
          throw new AppError(409, 'withdrawal_decided', `Withdrawal ${id} was settled already.`);
        }
        const decided = await walletRepository(tx).updateWithdrawal(id, {
          status: 'rejected',
          rejectedAt: now(),
          reason: text,
          operator: actor.operator.name,
        });
        await emit(tx, 'withdrawal.rejected', id, { customerId: row.customerId, withdrawalId: id });
        return audited(tx, actor, 'withdrawal.rejected', row, decided);
      });
    },
  };
}

export type WithdrawalOperations = ReturnType<typeof createWithdrawalOperations>;

/** The withdrawal operations of an app's deps (or an operator command's): its limits and payouts. */
export function withdrawalOperationsOf(deps: PaymentsDeps): WithdrawalOperations {
  return createWithdrawalOperations(deps.db, () => deps.now?.() ?? new Date(), {
    secondApprovalCents: deps.config.withdrawalSecondApprovalCents,
    payouts: payoutsOf(deps),
  });
}
