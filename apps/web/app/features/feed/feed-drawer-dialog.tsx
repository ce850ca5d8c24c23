import * as Dialog from '@radix-ui/react-dialog';
import { useEffect } from 'react';
import { Link, useFetcher } from 'react-router';
import { DrawerDialog } from '../../components/drawer-dialog';
import { FeedEntries, useMarkViewed } from './feed-entries';
import { FEED_PATH, type FeedView } from './feed-view';

/**
 * The notifications feed in a drawer (Radix dialog: focus stays inside, Escape closes). It reads
 * the feed page's data when opened, and opening it marks the entries viewed.
 */
export default function FeedDrawerDialog({
  open,
  onOpenChange,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onClosed: () => void;
}) {
  const feed = useFetcher<{ feed: FeedView }>();
  const { load } = feed;
  useEffect(() => {
    if (open) load(FEED_PATH);
  }, [open, load]);
  const data = feed.data?.feed;
  useMarkViewed(open ? data?.unviewedCount : undefined);
  const close = () => onOpenChange(false);
  return (
    <DrawerDialog
      side="right"
      testId="feed-drawer"
      open={open}
      onOpenChange={onOpenChange}
      onClosed={onClosed}
    >
      <div className="flex items-center justify-between border-b border-black/10 p-4">
        <Dialog.Title className="text-lg font-bold">Notifications</Dialog.Title>
        <Dialog.Close className="rounded px-3 py-2 font-semibold hover:underline">
          Close<span className="sr-only"> notifications</span>
        </Dialog.Close>
      </div>
      <div className="grid gap-4 p-4" aria-busy={data === undefined}>
        {data === undefined ? (
          <p className="text-muted">Loading your notifications…</p>
        ) : (
          <FeedEntries entries={data.entries} onFollow={close} />
        )}
        {data && data.total > data.entries.length ? (
          <Link to={FEED_PATH} onClick={close} className="link">
            See all notifications
          </Link>
        ) : null}
      </div>
    </DrawerDialog>
  );
}
