/** `withdrawals:reject <id> --reason <text>`, as the signed-in operator: voids the hold; the money is back in the wallet. */
import { formatMoney } from '@drawhouse/domain';
import { cliActor } from '../../modules/operators/index.ts';
import { withdrawalOperationsOf } from '../../modules/wallet/index.ts';
import { type OperatorCommand, required } from '../command.ts';
import { operatorDeps } from '../operator-deps.ts';
import { actingOperator, TOKEN_OPTION } from '../operator-identity.ts';

export const withdrawalsReject: OperatorCommand = {
  name: 'withdrawals:reject',
  usage: 'withdrawals:reject <id> --reason <text> [--token <token>]',
  summary:
    "rejects a requested withdrawal as the signed-in operator: the hold is voided and the money is back in the customer's wallet",
  options: { reason: { type: 'string' }, ...TOKEN_OPTION },
  async run(ctx, args) {
    const id = required(this, args.positionals[0], 'the withdrawal id');
    const reason = required(this, args.values.reason, '--reason');
    const operator = await actingOperator(ctx, args);
    const row = await withdrawalOperationsOf(operatorDeps(ctx)).reject(id, reason, cliActor(operator));
    ctx.out(
      `withdrawal ${row.id} of ${formatMoney(row.amountCents)} rejected by ${operator.name}: ${reason}`,
    );
    return 0;
  },
};
