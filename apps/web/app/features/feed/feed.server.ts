/**
 * The signed-in customer's notifications feed: a page of it (newest first) with the unviewed count,
 * marking everything viewed when the feed is opened, and dismissing one entry.
 */
import {
  NOTIFICATIONS_PAGE_SIZE,
  NotificationDismissedSchema,
  NotificationFeedSchema,
  NotificationsViewedSchema,
} from '@drawhouse/contract';
import { cleanIdentifier } from '@drawhouse/domain';
import { data } from 'react-router';
import { ApiError } from '../../lib/api.server';
import { customerGet, customerRequest } from '../../lib/customer.server';
import { pageCount } from '../../lib/paging';
import { loadSite, siteHas } from '../../lib/site.server';
import type { Visitor } from '../../lib/visitor.server';
import { type FeedView, feedView } from './feed-view';

/** A page (from 1) of the feed, newest first; a page past the last is the 404 page. */
export async function loadFeed(visitor: Visitor, page = 1, now = new Date()): Promise<FeedView> {
  if (page < 1) throw data(null, { status: 404 });
  const envelope = await customerRequest(NotificationFeedSchema, visitor, '/notifications', {
    query: { limit: NOTIFICATIONS_PAGE_SIZE, offset: (page - 1) * NOTIFICATIONS_PAGE_SIZE },
  });
  const total = envelope.pageInfo?.total ?? envelope.result.notifications.length;
  const pages = pageCount(total, NOTIFICATIONS_PAGE_SIZE);
  if (page > pages) throw data(null, { status: 404 });
  return feedView(envelope.result, { total, page, pages }, now);
}

/** The header's count: unviewed entries (one entry is read, the count comes with it). */
export async function unviewedCount(visitor: Visitor): Promise<number> {
  const feed = await customerGet(NotificationFeedSchema, visitor, '/notifications', {
    query: { limit: 1, offset: 0 },
  });
  return feed.unviewedCount;
}

/**
 * The header's count for a signed-in customer whose segment has the feed; undefined otherwise, or
 * when the feed cannot be read (the page still shows, without the count).
 */
export async function headerFeedCount(visitor: Visitor): Promise<number | undefined> {
  if (!visitor.signedIn) return undefined;
  try {
    // Side by side: the count does not wait for the site data, which decides whether it is shown.
    const [site, count] = await Promise.all([loadSite(visitor), unviewedCount(visitor)]);
    return siteHas(site, 'notifications_feed') ? count : undefined;
  } catch {
    return undefined;
  }
}

export async function markViewed(visitor: Visitor): Promise<number> {
  const { result } = await customerRequest(NotificationsViewedSchema, visitor, '/notifications/viewed', {
    method: 'POST',
  });
  return result.unviewedCount;
}

/** Dismisses one entry; false for an id that names no entry of this customer. */
export async function dismiss(visitor: Visitor, id: unknown): Promise<boolean> {
  const clean = typeof id === 'string' ? cleanIdentifier(id) : null;
  if (!clean) return false;
  try {
    await customerRequest(
      NotificationDismissedSchema,
      visitor,
      `/notifications/${encodeURIComponent(clean)}/dismiss`,
      {
        method: 'POST',
      },
    );
    return true;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return false;
    throw error;
  }
}
