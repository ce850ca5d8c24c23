/**
 * `withdrawals:approve <id>`, as the signed-in operator: approves the withdrawal and pays it out
 * through the payout adapter (PAYOUT_ADAPTER); over WITHDRAWAL_SECOND_APPROVAL_CENTS the first
 * approval is recorded and a second, different operator's approval pays it.
 */
import { formatMoney } from '@drawhouse/domain';
import { loadConfig } from '../../config.ts';
import { cliActor } from '../../modules/operators/index.ts';
import { withdrawalOperationsOf } from '../../modules/wallet/index.ts';
import { type OperatorCommand, required } from '../command.ts';
import { operatorDeps } from '../operator-deps.ts';
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
    const config = loadConfig(ctx.env);
    const secondApprovalCents = config.withdrawalSecondApprovalCents;
    const operations = withdrawalOperationsOf(operatorDeps(ctx, config));
    const { row } = await operations.approve(id, cliActor(operator));
    const amount = formatMoney(row.amountCents);
    const said: Partial<Record<typeof row.status, string>> = {
      paid: `withdrawal ${row.id} of ${amount} approved and paid by ${operator.name}`,
      failed: `withdrawal ${row.id} of ${amount} approved by ${operator.name} but not paid (${row.reason ?? 'refused'}): the money is back in the customer's wallet`,
      paying: `withdrawal ${row.id} of ${amount} approved by ${operator.name}: the payout is being made`,
    };
    ctx.out(
      said[row.status] ??
        `withdrawal ${row.id} of ${amount} approved by ${operator.name}: over ${formatMoney(secondApprovalCents)}, it is paid once a second operator approves it`,
    );
    return 0;
  },
};
