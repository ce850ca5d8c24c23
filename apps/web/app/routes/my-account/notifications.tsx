import { data } from 'react-router';
import { PageLinks } from '../../components/page-links';
import { dismiss, loadFeed, markViewed } from '../../features/feed/feed.server';
import { FeedEntries, useMarkViewed } from '../../features/feed/feed-entries';
import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import { pageNumber } from '../../lib/paging';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite, requireScreen } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/notifications';

export const handle: ScreenHandle = { screenName: 'notifications' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Notifications');

/** /my-account/notifications (`?page=`): the feed, ten a page, newest first (the drawer reads page 1). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireScreen(await loadSite(visitor), handle.screenName);
  return { feed: await loadFeed(visitor, pageNumber(new URL(request.url).searchParams.get('page'))) };
}

/** `intent` viewed: everything so far is viewed; dismiss: the entry `id` leaves the feed. */
export async function action({ context, request }: Route.ActionArgs) {
  const visitor = visitorOf(context);
  requireScreen(await loadSite(visitor), handle.screenName);
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent === 'viewed') return { unviewedCount: await markViewed(visitor) };
  if (intent === 'dismiss') {
    // An entry already gone (dismissed in another tab, or never this customer's) is gone all the same.
    const id = form.get('id');
    await dismiss(visitor, id);
    return { dismissed: String(id) };
  }
  return data({ error: 'unknown_intent' }, { status: 400 });
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { feed } = loaderData;
  useMarkViewed(feed.unviewedCount);
  return (
    <section aria-labelledby="notifications-heading" data-testid="notifications-page">
      <h1 id="notifications-heading" className="text-3xl font-extrabold">
        Notifications
      </h1>
      <div className="mt-6">
        <FeedEntries entries={feed.entries} />
      </div>
      <PageLinks
        label="Notification pages"
        page={feed.page}
        pages={feed.pages}
        previous={feed.previous}
        next={feed.next}
        previousText="Newer"
        nextText="Older"
      />
    </section>
  );
}
