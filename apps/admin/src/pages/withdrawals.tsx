/**
 * `/withdrawals` (finance): withdrawals by status (default: waiting for a decision) and customer
 * email, newest first, a page at a time; over the second-approval limit a line says whose first
 * approval waits for a second operator. Each opens the withdrawal to decide.
 */
import {
  type AdminWithdrawalPage,
  AdminWithdrawalPageSchema,
  type AdminWithdrawalSummary,
} from '@drawhouse/contract';
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { adminCall } from '../lib/api';
import { PageLinks, pageParam, SearchForm } from '../lists';
import type { AdminPage } from '../page';
import { money, SelectField } from '../queue-ui';
import { formatTime, PageTitle, TableHead } from '../ui';

const LIMIT = 20;
const STATUSES = {
  requested: 'Waiting for a decision',
  paying: 'Being paid',
  paid: 'Paid',
  failed: 'Not paid',
  rejected: 'Rejected',
  cancelled: 'Cancelled by the customer',
  all: 'All',
} as const;
type Status = keyof typeof STATUSES;

type Loaded = { list: AdminWithdrawalPage; status: Status; email: string };

async function withdrawalsLoader({ request }: LoaderFunctionArgs): Promise<Loaded> {
  const url = new URL(request.url);
  const asked = url.searchParams.get('status') ?? 'requested';
  const status: Status = asked in STATUSES ? (asked as Status) : 'requested';
  const email = url.searchParams.get('email')?.trim().slice(0, 254) ?? '';
  const list = await adminCall(AdminWithdrawalPageSchema, 'GET', '/withdrawals', {
    query: { status, email, page: pageParam(url), limit: LIMIT },
    signal: request.signal,
  });
  return { list, status, email };
}

/** Where a withdrawal stands with its approvals, as the queue says it. */
export function approvalText(w: AdminWithdrawalSummary): string {
  const said: Record<string, string> = STATUSES;
  const status = said[w.status] ?? w.status;
  if (w.status !== 'requested') return w.operator ? `${status} by ${w.operator}` : status;
  if (w.firstApprovedBy) return `First approval by ${w.firstApprovedBy}, waiting for a second operator`;
  return w.secondApprovalNeeded ? 'Needs two approvals' : 'Needs one approval';
}

function WithdrawalsPage() {
  const { list, status, email } = useLoaderData() as Loaded;
  return (
    <>
      <PageTitle>Withdrawals</PageTitle>
      <SearchForm
        id="withdrawal-email"
        label="Customer email"
        hint="The whole address or any part of it."
        name="email"
        value={email}
        maxLength={254}
        submit="Show"
      >
        <SelectField
          id="withdrawal-status"
          label="Status"
          name="status"
          options={STATUSES}
          defaultValue={status}
        />
      </SearchForm>
      <p role="status" className="mb-2">
        {list.total} withdrawal{list.total === 1 ? '' : 's'}. Over {money(list.secondApprovalLimit)} a
        withdrawal needs two different operators' approvals.
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Withdrawals, newest first</caption>
          <TableHead columns={['Requested', 'Customer', 'Amount', 'Paid to', 'Approval']} />
          <tbody>
            {list.withdrawals.map((w) => (
              <tr key={w.id} className="border-t border-muted">
                <td className="py-1 pr-3 whitespace-nowrap">
                  <Link className="link" to={`/withdrawals/${w.id}`}>
                    {formatTime(w.requestedAt)}
                  </Link>
                </td>
                <td className="py-1 pr-3">
                  {w.customer.name}
                  <br />
                  <span className="text-muted">{w.customer.email}</span>
                </td>
                <td className="py-1 pr-3 text-right tabular-nums">{money(w.amount)}</td>
                <td className="py-1 pr-3">{w.fund}</td>
                <td className="py-1">{approvalText(w)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <PageLinks page={list.page} limit={list.limit} total={list.total} label="Withdrawal pages" />
    </>
  );
}

export const withdrawalsPage: AdminPage = {
  path: '/withdrawals',
  label: 'Withdrawals',
  role: 'finance',
  loader: withdrawalsLoader,
  Component: WithdrawalsPage,
};
