/**
 * `/feedback` (support): the shop's website feedback, newest first, a page at a time, optionally of
 * one rating: the comment, who sent it (a guest's email or the customer), the page and the client.
 */
import { type AdminFeedbackList, AdminFeedbackListSchema, FeedbackRatingSchema } from '@drawhouse/contract';
import { Form, Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { adminCall } from '../lib/api';
import { ListStatus, PagedTable, pageParam } from '../lists';
import type { AdminPage } from '../page';
import { formatTime, PageTitle } from '../ui';

const LIMIT = 25;
const COLUMNS = ['Sent', 'Rating', 'Comment', 'From', 'Page', 'Client'] as const;
const RATING_WORDS = { not_satisfied: 'Not satisfied', neutral: 'Neutral', satisfied: 'Satisfied' } as const;

type Loaded = { list: AdminFeedbackList; rating: string };

async function feedbackLoader({ request }: LoaderFunctionArgs): Promise<Loaded> {
  const url = new URL(request.url);
  const asked = FeedbackRatingSchema.safeParse(url.searchParams.get('rating'));
  const rating = asked.success ? asked.data : undefined;
  const list = await adminCall(AdminFeedbackListSchema, 'GET', '/feedback', {
    query: { ...(rating ? { rating } : {}), page: pageParam(url), limit: LIMIT },
    signal: request.signal,
  });
  return { list, rating: rating ?? '' };
}

function FeedbackPage() {
  const { list, rating } = useLoaderData() as Loaded;
  return (
    <>
      <PageTitle>Feedback</PageTitle>
      <Form method="get" className="mb-6 flex flex-wrap items-end gap-4" aria-label="Filter the feedback">
        <div>
          <label htmlFor="feedback-rating" className="block font-semibold">
            Rating
          </label>
          <select
            id="feedback-rating"
            name="rating"
            defaultValue={rating}
            className="mt-1 rounded-md border border-muted px-3 py-2"
          >
            <option value="">Every rating</option>
            {FeedbackRatingSchema.options.map((r) => (
              <option key={r} value={r}>
                {RATING_WORDS[r]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button-primary">
          Show
        </button>
      </Form>
      <ListStatus total={list.total} page={list.page} limit={list.limit} noun="feedback" plural="feedback" />
      <PagedTable
        caption="Feedback, newest first"
        columns={COLUMNS}
        rows={list.feedback}
        topAligned
        paging={{ page: list.page, total: list.total, limit: list.limit, label: 'Feedback pages' }}
        cells={(f) => (
          <>
            <td className="py-1 pr-3 whitespace-nowrap">{formatTime(f.createdAt)}</td>
            <td className="py-1 pr-3">{RATING_WORDS[f.rating]}</td>
            <td className="py-1 pr-3">{f.comment || '—'}</td>
            <td className="py-1 pr-3">
              {f.customerId ? (
                <Link className="link" to={`/customers/${f.customerId}`}>
                  Customer
                </Link>
              ) : (
                (f.email ?? 'Guest')
              )}
            </td>
            <td className="py-1 pr-3">
              {f.source}
              {f.variant ? ` (${f.variant})` : ''}
            </td>
            <td className="py-1 pr-3 text-xs">
              {f.client.name} {f.client.version}, {f.client.release}; {f.client.locale}, {f.client.timezone}
            </td>
          </>
        )}
      />
    </>
  );
}

export const feedbackPage: AdminPage = {
  path: '/feedback',
  label: 'Feedback',
  role: 'support',
  loader: feedbackLoader,
  Component: FeedbackPage,
};
