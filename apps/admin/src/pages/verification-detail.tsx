/**
 * `/verification/:id` (support): a submission with the customer's details to compare, what must not
 * be missed (under 18, earlier checks that did not match), its photos (read through the back office's
 * file call, never a public address), and the decision: approve, or reject with the reason the
 * customer reads.
 */
import { type AdminVerification, AdminVerificationSchema, type DocumentFile } from '@drawhouse/contract';
import { Link, useActionData, useLoaderData } from 'react-router';
import type { ActionResult } from '../lib/forms';
import type { AdminPage } from '../page';
import { DecisionForms, DetailRow, decisionRoutes } from '../queue-ui';
import { ErrorSummary, formatTime, Notice, PageTitle } from '../ui';

const decision = decisionRoutes('/verifications', AdminVerificationSchema, {
  approved: () => 'Approved: the customer is verified and told.',
  rejected: 'Rejected: the customer is told your reason and what to do next.',
});

const KINDS: Record<string, string> = {
  front: 'Front of the document',
  back: 'Back of the document',
  selfie: 'Selfie holding the document',
  form: 'Signed verification form',
};

function DocumentFileView({ submission, file }: { submission: string; file: DocumentFile }) {
  const address = `/admin/verifications/${encodeURIComponent(submission)}/files/${encodeURIComponent(file.id)}`;
  const title = KINDS[file.kind] ?? file.kind;
  return (
    <figure className="rounded-md border border-muted p-2">
      {file.contentType.startsWith('image/') ? (
        <img
          src={address}
          alt={title}
          width={file.width ?? undefined}
          height={file.height ?? undefined}
          className="h-auto max-h-96 w-auto max-w-full"
        />
      ) : (
        <a className="link" href={address} target="_blank" rel="noreferrer">
          Open the {title.toLowerCase()} (PDF)
        </a>
      )}
      <figcaption className="mt-1 text-sm">
        {title}, {Math.round(file.bytes / 1024)} KB
      </figcaption>
    </figure>
  );
}

function VerificationDetailPage() {
  const v = useLoaderData() as AdminVerification;
  const result = useActionData() as ActionResult | undefined;
  return (
    <>
      <p className="mb-2">
        <Link className="link" to="/verification">
          All submissions
        </Link>
      </p>
      <PageTitle>Documents of {v.customer.name}</PageTitle>
      <ErrorSummary message={result?.error} />
      <Notice message={result?.notice} />
      {v.warnings.length > 0 ? (
        <section aria-labelledby="warnings" className="mb-4 rounded-md border-2 border-red-700 bg-red-50 p-3">
          <h2 id="warnings" className="font-semibold text-red-900">
            Check before deciding
          </h2>
          <ul className="list-disc pl-6 text-red-900">
            {v.warnings.map((w) => (
              <li key={w.code}>{w.message}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="customer">
          <h2 id="customer" className="mb-2 text-xl font-semibold">
            The customer's details
          </h2>
          <dl>
            <DetailRow label="Name">{v.customer.name}</DetailRow>
            <DetailRow label="Date of birth">
              {v.customer.dateOfBirth}
              {v.customer.age === null ? '' : ` (age ${v.customer.age})`}
            </DetailRow>
            <DetailRow label="Address">{v.customer.address}</DetailRow>
            <DetailRow label="Email">{v.customer.email}</DetailRow>
            <DetailRow label="Verified">{v.customer.verified ? 'Yes' : 'No'}</DetailRow>
            <DetailRow label="Customer">
              <Link className="link" to={`/customers/${v.customer.id}`}>
                Open the account
              </Link>
            </DetailRow>
          </dl>
        </section>
        <section aria-labelledby="submission">
          <h2 id="submission" className="mb-2 text-xl font-semibold">
            The submission
          </h2>
          <dl>
            <DetailRow label="Sent">{formatTime(v.submittedAt)}</DetailRow>
            <DetailRow label="Documents">
              {v.method === 'pdf_form' ? 'Signed form' : 'Photo ID'}
              {v.documentType ? ` (${v.documentType.replaceAll('_', ' ')})` : ''}
            </DetailRow>
            <DetailRow label="Status">
              {v.status === 'pending'
                ? 'Waiting for review'
                : `${v.outcome === 'verified' ? 'Approved' : 'Rejected'} by ${v.reviewedBy ?? 'an operator'}, ${formatTime(v.reviewedAt)}`}
            </DetailRow>
            {v.reviewNote ? <DetailRow label="Reason given">{v.reviewNote}</DetailRow> : null}
          </dl>
          {v.status === 'pending' ? (
            <div className="mt-4">
              <DecisionForms
                approveLabel="Approve: the customer is verified"
                rejectLabel="Reject"
                reasonLabel="Reason (the customer reads it)"
              />
            </div>
          ) : null}
        </section>
      </div>
      <section aria-labelledby="files" className="mt-8">
        <h2 id="files" className="mb-2 text-xl font-semibold">
          Files
        </h2>
        <div className="grid gap-4 md:grid-cols-3">
          {v.files.map((file) => (
            <DocumentFileView key={file.id} submission={v.id} file={file} />
          ))}
        </div>
      </section>
    </>
  );
}

export const verificationDetailPage: AdminPage = {
  path: '/verification/:id',
  label: 'Submission',
  role: 'support',
  inNav: false,
  loader: decision.loader,
  action: decision.action,
  Component: VerificationDetailPage,
};
