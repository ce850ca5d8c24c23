/** Withdrawals as the back office's finance queue shows them (docs/api/back-office-finance.md). */
import type { AdminWithdrawal, AdminWithdrawalSummary } from '@drawhouse/contract';
import { centsToMoney } from '@drawhouse/domain';
import type { FundRow, WithdrawalRow } from './wallet.repository.ts';
import { fundDisplay, withdrawalView } from './wallet.view.ts';

export type AdminWithdrawalRow = { withdrawal: WithdrawalRow; fund: FundRow; email: string; name: string };

export function adminWithdrawalSummary(
  row: AdminWithdrawalRow,
  secondApprovalCents: number,
): AdminWithdrawalSummary {
  const { withdrawal: w } = row;
  return {
    id: w.id,
    status: w.status,
    amount: centsToMoney(w.amountCents),
    customer: { id: w.customerId, email: row.email, name: row.name },
    fund: fundDisplay(row.fund),
    requestedAt: w.requestedAt.toISOString(),
    operator: w.operator,
    secondApprovalNeeded: w.amountCents > secondApprovalCents,
    firstApprovedBy: w.firstApprovedBy,
    firstApprovedAt: w.firstApprovedAt?.toISOString() ?? null,
  };
}

export function adminWithdrawalView(row: AdminWithdrawalRow, secondApprovalCents: number): AdminWithdrawal {
  return { ...adminWithdrawalSummary(row, secondApprovalCents), customerView: withdrawalView(row) };
}
