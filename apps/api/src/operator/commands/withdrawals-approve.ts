/** `withdrawals:approve <id> --operator <name>`: posts the held money and pays the withdrawal out. */
import { formatMoney } from '@drawhouse/domain';
import { createWithdrawalOperations } from '../../modules/wallet/index.ts';
import { type OperatorCommand, required } from '../command.ts';

export const withdrawalsApprove: OperatorCommand = {
  name: 'withdrawals:approve',
  usage: 'withdrawals:approve <id> --operator <name>',
  summary: 'approves a requested withdrawal: the held money is posted and paid out',
  options: { operator: { type: 'string' } },
  async run(ctx, args) {
    const id = required(this, args.positionals[0], 'the withdrawal id');
    const operator = required(this, args.values.operator, '--operator');
    const row = await createWithdrawalOperations(ctx.db, ctx.now).approve(id, operator);
    ctx.out(`withdrawal ${row.id} of ${formatMoney(row.amountCents)} approved and paid by ${operator}`);
    return 0;
  },
};
