import { useEffect, useRef } from 'react';
import { Link, useFetcher } from 'react-router';
import { NOTIFICATION_AUTO_DISMISS_MS } from '../../components/notifications';
import { FeedIcon } from './feed-icon';
import { FEED_PATH, type FeedEntryView } from './feed-view';

function FeedEntry({ entry, onFollow }: { entry: FeedEntryView; onFollow?: () => void }) {
  const fetcher = useFetcher<{ dismissed?: string }>();
  const { submit } = fetcher;
  // An entry marked to go by itself leaves the feed 10 s after the customer has seen it.
  useEffect(() => {
    if (!entry.autoDismissed) return;
    const timer = setTimeout(
      () => submit({ intent: 'dismiss', id: entry.id }, { method: 'post', action: FEED_PATH }),
      NOTIFICATION_AUTO_DISMISS_MS,
    );
    return () => clearTimeout(timer);
  }, [entry.autoDismissed, entry.id, submit]);
  if (fetcher.state !== 'idle' || fetcher.data?.dismissed === entry.id) return null;
  return (
    <li
      className="flex gap-3 rounded-lg border border-black/15 p-3"
      data-testid="feed-entry"
      data-unviewed={entry.unviewed || undefined}
    >
      <span className="mt-0.5 shrink-0 text-primary">
        <FeedIcon name={entry.icon} />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-bold">
          {entry.title}
          {entry.unviewed ? (
            <span className="ml-2 rounded bg-accent px-1.5 text-xs font-bold text-on-accent">New</span>
          ) : null}
        </p>
        <p className="text-sm">{entry.message}</p>
        {entry.time ? <p className="text-xs text-muted">{entry.time}</p> : null}
        <div className="mt-2 flex flex-wrap items-center gap-3">
          {entry.actions.map((action) => (
            <Link
              key={action.id}
              to={action.href}
              onClick={onFollow}
              className="button-secondary py-1 text-sm"
            >
              {action.text}
            </Link>
          ))}
          <fetcher.Form method="post" action={FEED_PATH}>
            <input type="hidden" name="intent" value="dismiss" />
            <input type="hidden" name="id" value={entry.id} />
            <button type="submit" className="rounded px-2 py-1 text-sm font-semibold underline">
              Ok, got it<span className="sr-only">: dismiss {entry.title}</span>
            </button>
          </fetcher.Form>
        </div>
      </div>
    </li>
  );
}

/** The feed's entries, newest first; following an action calls `onFollow` (the drawer closes). */
export function FeedEntries({
  entries,
  onFollow,
}: {
  entries: readonly FeedEntryView[];
  onFollow?: () => void;
}) {
  if (entries.length === 0) {
    return (
      <p className="rounded-lg bg-surface p-4" data-testid="feed-empty">
        No notifications. We will tell you here when you win.
      </p>
    );
  }
  return (
    <ul className="grid gap-3" data-testid="feed-entries">
      {entries.map((entry) => (
        <FeedEntry key={entry.id} entry={entry} onFollow={onFollow} />
      ))}
    </ul>
  );
}

/**
 * Opening the feed marks what it shows as viewed, once: the posts revalidate the page, so the
 * header's count drops to 0.
 */
export function useMarkViewed(unviewedCount: number | undefined) {
  const { submit, state } = useFetcher();
  // The count last marked: a failed mark is not retried in a loop, a newer entry is marked again.
  const marked = useRef(0);
  useEffect(() => {
    if (unviewedCount === 0) marked.current = 0;
    if (!unviewedCount || state !== 'idle' || marked.current === unviewedCount) return;
    marked.current = unviewedCount;
    submit({ intent: 'viewed' }, { method: 'post', action: FEED_PATH });
  }, [unviewedCount, state, submit]);
}
