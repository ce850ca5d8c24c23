import {
  CustomerAccountOverviewSchema,
  DocumentSubmissionListSchema,
  DocumentSubmissionResultSchema,
} from '@drawhouse/contract';
import { VERIFICATION_METHOD_INFO } from '@drawhouse/domain';
import { useEffect, useRef } from 'react';
import { Link, useFetcher } from 'react-router';
import { PaperForm, PhotoIdForm } from '../../features/verification/document-upload';
import { customerGet, customerRequest, forgetCustomer } from '../../lib/customer.server';
import { formFailure } from '../../lib/form-errors.server';
import type { FormResult } from '../../lib/forms';
import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite, requireScreen } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/manual-verification';

export const handle: ScreenHandle = { screenName: 'manual-verification' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Verify with your documents');

const DOCUMENT_METHODS = ['photo_id_upload', 'pdf_form'] as const;

export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireScreen(await loadSite(visitor), handle.screenName);
  const [overview, submissions] = await Promise.all([
    customerGet(CustomerAccountOverviewSchema, visitor, '/customer'),
    customerGet(DocumentSubmissionListSchema, visitor, '/customer/verification'),
  ]);
  const [latest] = submissions;
  return {
    isVerified: overview.isVerified,
    methods: overview.verification.methods.filter((m) =>
      (DOCUMENT_METHODS as readonly string[]).includes(m.type),
    ),
    // The newest submission, when it was not accepted: why, and what to send now.
    rejected: latest?.outcome === 'not_verified' ? latest.message : null,
  };
}

/** The fields the API takes, in a new multipart body: nothing else the browser sent goes on. */
const FIELDS = ['method', 'document_type', 'front', 'back', 'selfie', 'form'];

/** The documents, sent on to POST /v2/customer/verification as multipart. */
export async function action({ request, context }: Route.ActionArgs): Promise<FormResult> {
  const visitor = visitorOf(context);
  const sent = await request.formData();
  const body = new FormData();
  for (const name of FIELDS) {
    for (const value of sent.getAll(name)) {
      if (typeof value === 'string') body.append(name, value.trim());
      else if (value.size > 0) body.append(name, value, value.name);
    }
  }
  try {
    const answer = await customerRequest(DocumentSubmissionResultSchema, visitor, '/customer/verification', {
      method: 'POST',
      body,
    });
    forgetCustomer(visitor);
    return { ok: true, message: answer.result.message };
  } catch (error) {
    return formFailure(error);
  }
}

function Sent({ message }: { message: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className="mt-6 rounded-md border-l-4 border-green-700 bg-green-50 p-4 text-green-900"
      data-testid="manual-sent"
    >
      <h2 className="text-xl font-bold">Thank you</h2>
      <p className="mt-1">{message}</p>
    </div>
  );
}

export default function ManualVerification({ loaderData }: Route.ComponentProps) {
  const { isVerified, methods, rejected } = loaderData;
  const photoFetcher = useFetcher<FormResult | undefined>();
  const paperFetcher = useFetcher<FormResult | undefined>();
  const sent = [photoFetcher, paperFetcher]
    .map((f) => (f.state === 'idle' ? f.data : undefined))
    .find((data) => data?.ok && data.message);
  const pending = methods.filter((m) => m.status === 'pending');
  const open = (type: string) => {
    const status = methods.find((m) => m.type === type)?.status;
    return status === 'not_attempted' || status === 'attempted';
  };
  return (
    <section aria-labelledby="manual-heading" className="max-w-2xl" data-testid="manual-verification">
      <h1 id="manual-heading" className="text-3xl font-extrabold">
        Verify with your documents
      </h1>
      <p className="mt-2">
        <Link to="/my-account/verify-account" className="link">
          Back to all the ways to verify
        </Link>
      </p>
      {sent?.message ? <Sent message={sent.message} /> : null}
      {isVerified ? (
        <p
          className="mt-4 rounded-md border-l-4 border-green-700 bg-green-50 p-3 text-green-900"
          data-testid="verified"
        >
          Your account is verified: there is nothing more to send.
        </p>
      ) : null}
      {!isVerified && pending.length > 0 ? (
        <div
          role="status"
          className="mt-4 rounded-md border-l-4 border-green-700 bg-green-50 p-3 text-green-900"
          data-testid="manual-pending"
        >
          <p className="font-semibold">Your documents are waiting for our review.</p>
          {pending.map((m) => (
            <p key={m.type} className="mt-1">
              {VERIFICATION_METHOD_INFO[m.type].title}: {VERIFICATION_METHOD_INFO[m.type].takes} We will tell
              you by email and in your notifications as soon as it is done.
            </p>
          ))}
        </div>
      ) : null}
      {!isVerified && pending.length === 0 && rejected && !sent ? (
        <div
          className="mt-4 rounded-md border-l-4 border-amber-600 bg-amber-50 p-3 text-amber-950"
          data-testid="manual-rejected"
        >
          <p className="font-semibold">We could not accept the documents you sent last.</p>
          <p className="mt-1">{rejected}</p>
        </div>
      ) : null}
      {!isVerified && pending.length === 0 && open('photo_id_upload') ? (
        <PhotoIdForm fetcher={photoFetcher} />
      ) : null}
      {!isVerified && pending.length === 0 && open('pdf_form') ? <PaperForm fetcher={paperFetcher} /> : null}
    </section>
  );
}
