/** `withdrawals:reject <id> --reason <text> --operator <name>`: voids the hold; the money is back in the wallet. */
import { formatMoney } from '@drawhouse/domain';
import { createWithdrawalOperations } from '../../modules/wallet/index.ts';
import { type OperatorCommand, required } from '../command.ts';

export const withdrawalsReject: OperatorCommand = {
  name: 'withdrawals:reject',
  usage: 'withdrawals:reject <id> --reason <text> --operator <name>',
  summary:
    "rejects a requested withdrawal: the hold is voided and the money is back in the customer's wallet",
  options: { reason: { type: 'string' }, operator: { type: 'string' } },
  async run(ctx, args) {
    const id = required(this, args.positionals[0], 'the withdrawal id');
    const reason = required(this, args.values.reason, '--reason');
    const operator = required(this, args.values.operator, '--operator');
    const row = await createWithdrawalOperations(ctx.db, ctx.now).reject(id, reason, operator);
    ctx.out(`withdrawal ${row.id} of ${formatMoney(row.amountCents)} rejected by ${operator}: ${reason}`);
    return 0;
  },
};
