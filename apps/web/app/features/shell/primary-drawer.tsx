import { lazy, Suspense } from 'react';
import { HeaderIcon } from '../../components/header-icon';
import { useDrawerButton } from '../../components/use-drawer-button';
import type { ShellNavItem } from '../../lib/shell';
import { MembershipDot } from './membership-dot';

const loadDialog = () => import('./primary-drawer-dialog');
const PrimaryDrawerDialog = lazy(loadDialog);

/**
 * The Menu button and the primary menu drawer. The drawer (a Radix dialog) is fetched when the
 * visitor points at, focuses or presses the button, so the first page load does not carry it.
 */
export function PrimaryDrawer({
  nav,
  siteName,
  membershipDot = false,
}: {
  nav: ShellNavItem[];
  siteName: string;
  /** The Daily Winners item's dot, shown on the button too (the inline items fold into it on phones). */
  membershipDot?: boolean;
}) {
  const drawer = useDrawerButton(loadDialog);
  return (
    <>
      <button
        {...drawer.buttonProps}
        data-testid="primary-menu-button"
        className="inline-flex items-center gap-2 rounded px-2 py-2 font-semibold hover:underline sm:px-3"
      >
        <HeaderIcon>
          <path d="M4 6h16M4 12h16M4 18h16" />
        </HeaderIcon>
        <span className="sr-only sm:not-sr-only">Menu</span>
        {membershipDot ? <MembershipDot label="something new in Daily Winners" /> : null}
      </button>
      {drawer.wanted ? (
        <Suspense fallback={null}>
          <PrimaryDrawerDialog
            nav={nav}
            siteName={siteName}
            membershipDot={membershipDot}
            open={drawer.open}
            onOpenChange={drawer.setOpen}
            onClosed={drawer.returnFocus}
          />
        </Suspense>
      ) : null}
    </>
  );
}
