import type { Withdrawal, WithdrawalStatus } from '@drawhouse/contract';
import { formatCalendarDate } from '@drawhouse/domain';

const LABELS: Record<WithdrawalStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  paid: 'Paid',
  rejected: 'Rejected',
  paying: 'Being paid',
  failed: 'Not paid',
  cancelled: 'Cancelled',
};

/**
 * The steps of a withdrawal: requested, approved, paid; or requested, then rejected (or
 * cancelled). Steps reached show their date; the ones still to come are listed as waiting.
 */
export function WithdrawalTimeline({ withdrawal }: { withdrawal: Withdrawal }) {
  const reached = new Map(withdrawal.timeline.map((step) => [step.status, step.date]));
  const ended = withdrawal.status === 'rejected' || withdrawal.status === 'cancelled';
  const steps: WithdrawalStatus[] = ended
    ? ['requested', withdrawal.status]
    : ['requested', 'approved', 'paid'];
  return (
    <ol className="mt-4 grid gap-3" aria-label="Withdrawal progress" data-testid="withdrawal-timeline">
      {steps.map((status) => {
        const date = reached.get(status);
        return (
          <li
            key={status}
            data-testid={`withdrawal-step-${status}`}
            data-reached={date ? 'true' : 'false'}
            className={`rounded-lg border-l-4 p-3 ${date ? 'border-green-700 bg-surface' : 'border-black/20'}`}
          >
            <span className="font-semibold">{LABELS[status]}</span>
            <span className="ml-2 text-sm">{date ? (formatCalendarDate(date) ?? date) : 'Waiting'}</span>
            {status === 'rejected' && withdrawal.reason ? <p className="mt-1">{withdrawal.reason}</p> : null}
          </li>
        );
      })}
    </ol>
  );
}
