import type { Withdrawal, WithdrawalStatus } from '@drawhouse/contract';
import { sydneyDateTime } from '@drawhouse/domain';

/** A step's date and time, in Sydney time (an instant payout's steps are seconds apart). */
const dateTimeText = (iso: string) => sydneyDateTime(new Date(iso));

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
 * The steps of a withdrawal: requested, approved (by rule or by our team), paid; or requested, then
 * rejected or cancelled; or approved, then not paid (`failed`). Steps reached show their date and
 * note; the ones still to come are listed as waiting.
 */
export function WithdrawalTimeline({ withdrawal }: { withdrawal: Withdrawal }) {
  const reached = new Map(withdrawal.timeline.map((step) => [step.status, step]));
  const steps: WithdrawalStatus[] =
    withdrawal.status === 'rejected' || withdrawal.status === 'cancelled'
      ? ['requested', withdrawal.status]
      : withdrawal.status === 'failed'
        ? ['requested', 'approved', 'failed']
        : ['requested', 'approved', 'paid'];
  return (
    <ol className="mt-4 grid gap-3" aria-label="Withdrawal progress" data-testid="withdrawal-timeline">
      {steps.map((status) => {
        const step = reached.get(status);
        const date = step?.date;
        return (
          <li
            key={status}
            data-testid={`withdrawal-step-${status}`}
            data-reached={date ? 'true' : 'false'}
            className={`rounded-lg border-l-4 p-3 ${date ? 'border-green-700 bg-surface' : 'border-black/20'}`}
          >
            <span className="font-semibold">{LABELS[status]}</span>
            <span className="ml-2 text-sm">{date ? dateTimeText(date) : 'Waiting'}</span>
            {step?.note ? (
              <p className="mt-1" data-testid={`withdrawal-step-${status}-note`}>
                {step.note}
              </p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
