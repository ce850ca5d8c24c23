/** `withdrawals:list [--status requested|paying|paid|failed|rejected|all]`: withdrawals, newest first (default: awaiting a decision). */
import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '@drawhouse/db';
import { formatMoney } from '@drawhouse/domain';
import { withdrawalOperationsOf } from '../../modules/wallet/index.ts';
import { type OperatorCommand, OperatorError } from '../command.ts';
import { operatorDeps } from '../operator-deps.ts';

export const withdrawalsList: OperatorCommand = {
  name: 'withdrawals:list',
  usage: 'withdrawals:list [--status requested|paying|paid|failed|rejected|cancelled|all]',
  summary: 'lists withdrawals, newest first (default: those awaiting a decision)',
  options: { status: { type: 'string' } },
  async run(ctx, args) {
    const asked = typeof args.values.status === 'string' ? args.values.status : 'requested';
    if (asked !== 'all' && !(WITHDRAWAL_STATUSES as readonly string[]).includes(asked)) {
      throw new OperatorError(`unknown status ${asked}\nusage: ${this.usage}`);
    }
    const filter = asked === 'all' ? {} : { status: asked as WithdrawalStatus };
    const { items, total } = await withdrawalOperationsOf(operatorDeps(ctx)).list(filter, 500);
    for (const w of items) {
      ctx.out(
        [
          w.id,
          w.requestedAt.toISOString(),
          w.status,
          formatMoney(w.amountCents),
          w.email,
          w.fund,
          w.operator ?? (w.firstApprovedBy ? `first approval by ${w.firstApprovedBy}` : ''),
        ]
          .join('\t')
          .trimEnd(),
      );
    }
    ctx.out(`${total} withdrawal${total === 1 ? '' : 's'} ${asked === 'all' ? 'in all' : asked}`);
    return 0;
  },
};
