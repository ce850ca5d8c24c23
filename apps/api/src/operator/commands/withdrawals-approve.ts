/**
 * `withdrawals:approve <id>`, as the signed-in operator: posts the held money and pays the withdrawal
 * out; over WITHDRAWAL_SECOND_APPROVAL_CENTS the first approval is recorded and a second, different
 * operator's approval pays it.
 */
import { formatMoney } from '@drawhouse/domain';
import { loadConfig } from '../../config.ts';
import { createWithdrawalOperations } from '../../modules/wallet/index.ts';
import { type OperatorCommand, required } from '../command.ts';
import { actingOperator, TOKEN_OPTION } from '../operator-identity.ts';

export const withdrawalsApprove: OperatorCommand = {
  name: 'withdrawals:approve',
  usage: 'withdrawals:approve <id> [--token <token>]',
  summary:
    'approves a requested withdrawal as the signed-in operator: paid out, or over the second-approval limit waiting for another operator',
  options: TOKEN_OPTION,
  async run(ctx, args) {
    const id = required(this, args.positionals[0], 'the withdrawal id');
    const operator = await actingOperator(ctx, args);
    const secondApprovalCents = loadConfig(ctx.env).withdrawalSecondApprovalCents;
    const operations = createWithdrawalOperations(ctx.db, ctx.now, { secondApprovalCents });
    const { row, paid } = await operations.approve(id, operator.name);
    const amount = formatMoney(row.amountCents);
    ctx.out(
      paid
        ? `withdrawal ${row.id} of ${amount} approved and paid by ${operator.name}`
        : `withdrawal ${row.id} of ${amount} approved by ${operator.name}: over ${formatMoney(secondApprovalCents)}, it is paid once a second operator approves it`,
    );
    return 0;
  },
};
