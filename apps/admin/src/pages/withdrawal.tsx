/**
 * `/withdrawals/:id` (finance): a withdrawal with its customer, where the money goes and its steps as
 * the customer reads them, and the decision: approve (over the second-approval limit, the first
 * approval waits for a second, different operator), or reject with the reason the customer reads.
 */
import { type AdminWithdrawal, AdminWithdrawalSchema } from '@drawhouse/contract';
import { Link, useActionData, useLoaderData } from 'react-router';
import type { ActionResult } from '../lib/forms';
import { useSession } from '../lib/session';
import type { AdminPage } from '../page';
import { DecisionForms, DetailRow, decisionRoutes, money } from '../queue-ui';
import { ErrorSummary, formatTime, Notice, PageTitle } from '../ui';
import { approvalText } from './withdrawals';

const decision = decisionRoutes('/withdrawals', AdminWithdrawalSchema, {
  approved: (w) => {
    const said: Partial<Record<AdminWithdrawal['status'], string>> = {
      paid: 'Approved and paid.',
      paying: 'Approved: the payout is being made.',
      failed: `Approved, but the payout was refused (${w.customerView.reason ?? 'no reason given'}): the money is back in the customer's wallet.`,
      requested: 'Your approval is recorded: a second operator must approve it before it is paid.',
    };
    return said[w.status] ?? `The withdrawal is ${w.status}.`;
  },
  rejected: "Rejected: the money is back in the customer's wallet and they are told why.",
});

function WithdrawalPage() {
  const w = useLoaderData() as AdminWithdrawal;
  const result = useActionData() as ActionResult | undefined;
  const me = useSession().operator.name;
  const view = w.customerView;
  const waitingForOthers = w.status === 'requested' && w.firstApprovedBy === me;
  return (
    <>
      <p className="mb-2">
        <Link className="link" to="/withdrawals">
          All withdrawals
        </Link>
      </p>
      <PageTitle>
        Withdrawal of {money(w.amount)} by {w.customer.name}
      </PageTitle>
      <ErrorSummary message={result?.error} />
      <Notice message={result?.notice} />
      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="withdrawal">
          <h2 id="withdrawal" className="mb-2 text-xl font-semibold">
            The withdrawal
          </h2>
          <dl>
            <DetailRow label="Status">
              <strong data-testid="withdrawal-status">{w.status}</strong>
            </DetailRow>
            <DetailRow label="Approval">
              <span data-testid="withdrawal-approval">{approvalText(w)}</span>
              {w.firstApprovedAt ? ` (${formatTime(w.firstApprovedAt)})` : ''}
            </DetailRow>
            <DetailRow label="Amount">{money(w.amount)}</DetailRow>
            <DetailRow label="Paid to">{w.fund}</DetailRow>
            <DetailRow label="Requested">{formatTime(w.requestedAt)}</DetailRow>
            {view.reason ? <DetailRow label="Reason the customer reads">{view.reason}</DetailRow> : null}
            <DetailRow label="Customer">
              <Link className="link" to={`/customers/${w.customer.id}`}>
                {w.customer.name}
              </Link>{' '}
              ({w.customer.email})
            </DetailRow>
          </dl>
          {w.status === 'requested' ? (
            <div className="mt-4">
              {waitingForOthers ? (
                <p className="mb-3">
                  You approved it first: it waits for a second, different operator's approval.
                </p>
              ) : null}
              <DecisionForms
                approveLabel={w.firstApprovedBy ? 'Approve as the second operator' : 'Approve'}
                rejectLabel="Reject"
                reasonLabel="Reason (the customer reads it)"
                canApprove={!waitingForOthers}
              />
            </div>
          ) : null}
        </section>
        <section aria-labelledby="steps">
          <h2 id="steps" className="mb-2 text-xl font-semibold">
            As the customer sees it
          </h2>
          <ol className="list-decimal pl-6">
            {view.timeline.map((step) => (
              <li key={`${step.status}-${step.date}`}>
                {step.status}, {formatTime(step.date)}
                {step.note ? `: ${step.note}` : ''}
              </li>
            ))}
          </ol>
          {view.legs.length > 0 ? (
            <>
              <h3 className="mt-4 mb-1 font-semibold">Where the money goes</h3>
              <ul className="list-disc pl-6">
                {view.legs.map((leg) => (
                  <li key={`${leg.kind}-${leg.display}`}>
                    {money(leg.amount)} to {leg.display}: {leg.status}
                    {leg.expectedArrival ? ` (${leg.expectedArrival.text})` : ''}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      </div>
    </>
  );
}

export const withdrawalPage: AdminPage = {
  path: '/withdrawals/:id',
  label: 'Withdrawal',
  role: 'finance',
  inNav: false,
  loader: decision.loader,
  action: decision.action,
  Component: WithdrawalPage,
};
