/**
 * `/verification` (support): identity documents customers sent for review, pending (oldest first) or
 * completed, found by a part of the customer's email or name, a page at a time; each opens the
 * submission to compare and decide.
 */
import {
  type AdminVerificationList,
  AdminVerificationListSchema,
  type AdminVerificationSummary,
} from '@drawhouse/contract';
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { adminCall } from '../lib/api';
import { ListStatus, PageLinks, pageParam, SearchForm } from '../lists';
import type { AdminPage } from '../page';
import { SelectField } from '../queue-ui';
import { formatTime, PageTitle, TableHead } from '../ui';

const STATUSES = { pending: 'Waiting for review', completed: 'Decided', all: 'All' } as const;
type Status = keyof typeof STATUSES;

type Loaded = { status: Status; q: string; list: AdminVerificationList };

const LIMIT = 25;

async function verificationLoader({ request }: LoaderFunctionArgs): Promise<Loaded> {
  const url = new URL(request.url);
  const asked = url.searchParams.get('status') ?? 'pending';
  const status: Status = asked in STATUSES ? (asked as Status) : 'pending';
  const q = url.searchParams.get('q')?.trim().slice(0, 100) ?? '';
  const list = await adminCall(AdminVerificationListSchema, 'GET', '/verifications', {
    query: { status, q, page: pageParam(url), limit: LIMIT },
    signal: request.signal,
  });
  return { status, q, list };
}

const METHODS: Record<string, string> = { photo_id_upload: 'Photo ID', pdf_form: 'Signed form' };

function outcomeText(v: AdminVerificationSummary): string {
  if (v.status === 'pending') return 'Waiting';
  const outcome = v.outcome === 'verified' ? 'Approved' : 'Rejected';
  return v.reviewedBy ? `${outcome} by ${v.reviewedBy}` : outcome;
}

function VerificationPage() {
  const { status, q, list } = useLoaderData() as Loaded;
  return (
    <>
      <PageTitle>Verification</PageTitle>
      <SearchForm
        id="verification-search"
        label="Customer"
        hint="A part of the email or name"
        value={q}
        maxLength={100}
      >
        <SelectField
          id="verification-status"
          label="Show"
          name="status"
          options={STATUSES}
          defaultValue={status}
        />
      </SearchForm>
      <ListStatus total={list.total} page={list.page} limit={list.limit} noun="submission" />
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Identity documents sent for review</caption>
          <TableHead columns={['Sent', 'Customer', 'Email', 'Documents', 'Decision']} />
          <tbody>
            {list.submissions.map((v) => (
              <tr key={v.id} className="border-t border-muted">
                <td className="py-1 pr-3 whitespace-nowrap">
                  <Link className="link" to={`/verification/${v.id}`}>
                    {formatTime(v.submittedAt)}
                  </Link>
                </td>
                <td className="py-1 pr-3">{v.customer.name}</td>
                <td className="py-1 pr-3">{v.customer.email}</td>
                <td className="py-1 pr-3">
                  {METHODS[v.method] ?? v.method}
                  {v.documentType ? ` (${v.documentType.replaceAll('_', ' ')})` : ''}
                </td>
                <td className="py-1">{outcomeText(v)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <PageLinks page={list.page} total={list.total} limit={list.limit} label="Submission pages" />
    </>
  );
}

export const verificationPage: AdminPage = {
  path: '/verification',
  label: 'Verification',
  role: 'support',
  loader: verificationLoader,
  Component: VerificationPage,
};
