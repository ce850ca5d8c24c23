/**
 * `/verification` (support): identity documents customers sent for review, pending (oldest first) or
 * completed; each opens the submission to compare and decide.
 */
import { AdminVerificationListSchema, type AdminVerificationSummary } from '@drawhouse/contract';
import { Form, Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { adminCall } from '../lib/api';
import type { AdminPage } from '../page';
import { SelectField } from '../queue-ui';
import { formatTime, PageTitle, TableHead } from '../ui';

const STATUSES = { pending: 'Waiting for review', completed: 'Decided', all: 'All' } as const;
type Status = keyof typeof STATUSES;

type Loaded = { status: Status; list: AdminVerificationSummary[] };

async function verificationLoader({ request }: LoaderFunctionArgs): Promise<Loaded> {
  const asked = new URL(request.url).searchParams.get('status') ?? 'pending';
  const status: Status = asked in STATUSES ? (asked as Status) : 'pending';
  const list = await adminCall(AdminVerificationListSchema, 'GET', '/verifications', {
    query: { status },
    signal: request.signal,
  });
  return { status, list };
}

const METHODS: Record<string, string> = { photo_id_upload: 'Photo ID', pdf_form: 'Signed form' };

function outcomeText(v: AdminVerificationSummary): string {
  if (v.status === 'pending') return 'Waiting';
  const outcome = v.outcome === 'verified' ? 'Approved' : 'Rejected';
  return v.reviewedBy ? `${outcome} by ${v.reviewedBy}` : outcome;
}

function VerificationPage() {
  const { status, list } = useLoaderData() as Loaded;
  return (
    <>
      <PageTitle>Verification</PageTitle>
      <Form method="get" className="mb-6 flex flex-wrap items-end gap-3">
        <SelectField
          id="verification-status"
          label="Show"
          name="status"
          options={STATUSES}
          defaultValue={status}
        />
        <button type="submit" className="button-primary">
          Show
        </button>
      </Form>
      <p role="status" className="mb-2">
        {list.length} submission{list.length === 1 ? '' : 's'} ({STATUSES[status].toLowerCase()}).
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Identity documents sent for review</caption>
          <TableHead columns={['Sent', 'Customer', 'Email', 'Documents', 'Decision']} />
          <tbody>
            {list.map((v) => (
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
