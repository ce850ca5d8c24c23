/** `verification:list [--status pending|completed|all]`: document submissions (default: waiting for review, oldest first). */
import { type OperatorCommand, OperatorError } from '../command.ts';
import { reviewOf } from './verification-review.ts';

const STATUSES = ['pending', 'completed', 'all'] as const;

export const verificationList: OperatorCommand = {
  name: 'verification:list',
  usage: 'verification:list [--status pending|completed|all]',
  summary: 'lists identity documents sent for review (default: those waiting, oldest first)',
  options: { status: { type: 'string' } },
  async run(ctx, args) {
    const asked = typeof args.values.status === 'string' ? args.values.status : 'pending';
    const status = STATUSES.find((s) => s === asked);
    if (!status) throw new OperatorError(`unknown status ${asked}\nusage: ${this.usage}`);
    const items = await reviewOf(ctx).list(status);
    for (const v of items) {
      ctx.out(
        [
          v.id,
          v.submittedAt,
          v.status === 'pending' ? 'pending' : (v.outcome ?? v.status),
          v.method,
          v.documentType ?? '',
          v.customer.email,
          v.customer.name,
          v.reviewedBy ?? '',
        ]
          .join('\t')
          .trimEnd(),
      );
    }
    ctx.out(
      `${items.length} submission${items.length === 1 ? '' : 's'} ${status === 'all' ? 'in all' : status}`,
    );
    return 0;
  },
};
