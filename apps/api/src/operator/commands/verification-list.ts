/** `verification:list [--status pending|completed|all]`: document submissions (default: waiting for review, oldest first). */
import { type OperatorCommand, OperatorError } from '../command.ts';
import { reviewOf } from './verification-review.ts';

const STATUSES = ['pending', 'completed', 'all'] as const;
const PAGE = 100;

export const verificationList: OperatorCommand = {
  name: 'verification:list',
  usage: 'verification:list [--status pending|completed|all]',
  summary: 'lists identity documents sent for review (default: those waiting, oldest first)',
  options: { status: { type: 'string' } },
  async run(ctx, args) {
    const asked = typeof args.values.status === 'string' ? args.values.status : 'pending';
    const status = STATUSES.find((s) => s === asked);
    if (!status) throw new OperatorError(`unknown status ${asked}\nusage: ${this.usage}`);
    const items = [];
    let total = 0;
    // Every one of them, a page at a time.
    for (let page = 1; page === 1 || items.length < total; page++) {
      const answer = await reviewOf(ctx).list({ status, q: '', page, limit: PAGE });
      if (answer.submissions.length === 0) break;
      items.push(...answer.submissions);
      total = answer.total;
    }
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
    const shown =
      total > items.length ? ` (the first ${items.length} shown: the back office has them all)` : '';
    ctx.out(`${total} submission${total === 1 ? '' : 's'} ${status === 'all' ? 'in all' : status}${shown}`);
    return 0;
  },
};
