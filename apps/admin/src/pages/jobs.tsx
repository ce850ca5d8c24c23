/**
 * `/jobs` (admin): the job queues with their jobs counted by state, the latest failed jobs with their
 * error, and the outbox's deliveries that failed every attempt; each put back in line from here
 * (audited by the API).
 */
import { type AdminJobs, AdminJobsSchema, RetriedSchema } from '@drawhouse/contract';
import { type ActionFunctionArgs, Form, useActionData, useLoaderData } from 'react-router';
import { adminCall } from '../lib/api';
import { type ActionResult, refusal, text } from '../lib/forms';
import type { AdminPage } from '../page';
import { ErrorSummary, formatTime, Notice, PageTitle, TableHead } from '../ui';

async function jobsLoader() {
  return adminCall(AdminJobsSchema, 'GET', '/jobs');
}

async function jobsAction({ request }: ActionFunctionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const intent = text(form, 'intent');
  try {
    if (intent === 'retry-job') {
      const name = encodeURIComponent(text(form, 'name'));
      const id = encodeURIComponent(text(form, 'id'));
      await adminCall(RetriedSchema, 'POST', `/jobs/${name}/${id}/retry`);
      return { intent, notice: 'The job is back in line.' };
    }
    if (intent === 'retry-delivery') {
      const eventId = encodeURIComponent(text(form, 'eventId'));
      await adminCall(RetriedSchema, 'POST', `/outbox/${eventId}/retry`, {
        body: { subscriber: text(form, 'subscriber') },
      });
      return { intent, notice: 'The delivery is back in line.' };
    }
    return { error: 'Unknown action.' };
  } catch (error) {
    return refusal(error, request, intent);
  }
}

/** One row's Retry button, with what the action needs to find the job or delivery. */
function RetryForm({
  intent,
  fields,
  label,
}: {
  intent: string;
  fields: Record<string, string>;
  label: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="button-secondary" aria-label={label}>
        Retry
      </button>
    </Form>
  );
}

function JobsPage() {
  const jobs = useLoaderData() as AdminJobs;
  const result = useActionData() as ActionResult | undefined;
  return (
    <>
      <PageTitle>Jobs</PageTitle>
      <ErrorSummary message={result?.error} />
      <Notice message={result?.notice} />
      <section aria-labelledby="queues" className="mb-8">
        <h2 id="queues" className="mb-2 text-xl font-semibold">
          Queues
        </h2>
        {jobs.queues.length === 0 ? (
          <p className="text-muted">No queue yet: the worker has not started.</p>
        ) : null}
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Jobs of each queue by state</caption>
            <TableHead columns={['Queue', 'Waiting', 'To retry', 'Running', 'Done', 'Failed', 'Cancelled']} />
            <tbody>
              {jobs.queues.map((q) => (
                <tr key={q.name} className="border-t border-muted">
                  <td className="py-1 pr-3">{q.name}</td>
                  <td className="py-1 pr-3 tabular-nums">{q.created}</td>
                  <td className="py-1 pr-3 tabular-nums">{q.retry}</td>
                  <td className="py-1 pr-3 tabular-nums">{q.active}</td>
                  <td className="py-1 pr-3 tabular-nums">{q.completed}</td>
                  <td className={`py-1 pr-3 tabular-nums ${q.failed > 0 ? 'font-bold text-red-800' : ''}`}>
                    {q.failed}
                  </td>
                  <td className="py-1 tabular-nums">{q.cancelled}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section aria-labelledby="failed-jobs" className="mb-8">
        <h2 id="failed-jobs" className="mb-2 text-xl font-semibold">
          Failed jobs ({jobs.failedJobs.length})
        </h2>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Jobs that failed, latest first</caption>
            <TableHead columns={['Failed', 'Queue', 'Retries', 'Error', '']} />
            <tbody>
              {jobs.failedJobs.map((j) => (
                <tr key={j.id} className="border-t border-muted align-top">
                  <td className="py-1 pr-3 whitespace-nowrap">{formatTime(j.failedAt)}</td>
                  <td className="py-1 pr-3">{j.name}</td>
                  <td className="py-1 pr-3">{j.retries}</td>
                  <td className="py-1 pr-3 break-all">{j.error}</td>
                  <td className="py-1">
                    <RetryForm
                      intent="retry-job"
                      fields={{ name: j.name, id: j.id }}
                      label={`Retry the ${j.name} job ${j.id}`}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section aria-labelledby="failed-deliveries">
        <h2 id="failed-deliveries" className="mb-2 text-xl font-semibold">
          Failed deliveries ({jobs.failedDeliveries.length})
        </h2>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Outbox deliveries that failed every attempt, oldest first</caption>
            <TableHead columns={['Event', 'Type', 'Subscriber', 'Tries', 'Last error', '']} />
            <tbody>
              {jobs.failedDeliveries.map((d) => (
                <tr key={`${d.eventId}-${d.subscriber}`} className="border-t border-muted align-top">
                  <td className="py-1 pr-3">
                    {d.eventId} <span className="text-muted">{formatTime(d.createdAt)}</span>
                  </td>
                  <td className="py-1 pr-3">{d.type}</td>
                  <td className="py-1 pr-3">{d.subscriber}</td>
                  <td className="py-1 pr-3">{d.attempts}</td>
                  <td className="py-1 pr-3 break-all">{d.lastError ?? '—'}</td>
                  <td className="py-1">
                    <RetryForm
                      intent="retry-delivery"
                      fields={{ eventId: String(d.eventId), subscriber: d.subscriber }}
                      label={`Retry event ${d.eventId} for ${d.subscriber}`}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}

export const jobsPage: AdminPage = {
  path: '/jobs',
  label: 'Jobs',
  role: 'admin',
  loader: jobsLoader,
  action: jobsAction,
  Component: JobsPage,
};
