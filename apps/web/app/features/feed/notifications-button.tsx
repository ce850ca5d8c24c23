import { lazy, Suspense } from 'react';
import { useDrawerButton } from '../../components/use-drawer-button';
import { badgeText, feedButtonLabel } from './feed-badge';
import { FeedIcon } from './feed-icon';

const loadDialog = () => import('./feed-drawer-dialog');
const FeedDrawerDialog = lazy(loadDialog);

/**
 * The header's notifications button with the unviewed count; it opens the feed in a drawer
 * (fetched when the button is first pointed at or used).
 */
export function NotificationsButton({ unviewed }: { unviewed: number }) {
  const drawer = useDrawerButton(loadDialog);
  const badge = badgeText(unviewed);
  return (
    <>
      <button
        {...drawer.buttonProps}
        aria-label={feedButtonLabel(unviewed)}
        data-testid="notifications-button"
        className="relative inline-flex items-center rounded px-1 py-2 hover:underline sm:px-2"
      >
        <FeedIcon name="bell" />
        {badge ? (
          <span
            aria-hidden="true"
            data-testid="notifications-count"
            className="absolute -right-0.5 top-0 inline-flex min-w-5 items-center justify-center rounded-full bg-accent px-1 text-xs font-bold text-on-accent"
          >
            {badge}
          </span>
        ) : null}
      </button>
      {drawer.wanted ? (
        <Suspense fallback={null}>
          <FeedDrawerDialog open={drawer.open} onOpenChange={drawer.setOpen} onClosed={drawer.returnFocus} />
        </Suspense>
      ) : null}
    </>
  );
}
