import { lazy, Suspense } from 'react';
import { HeaderIcon } from '../../components/header-icon';
import { useDrawerButton } from '../../components/use-drawer-button';
import type { AccountSummary } from '../../lib/account-summary';
import type { Shell } from '../../lib/shell';

const loadDialog = () => import('./account-drawer-dialog');
const AccountDrawerDialog = lazy(loadDialog);

/** The header's Account button; the drawer is fetched when the button is first pointed at or used. */
export function AccountMenu({ account, links }: { account: AccountSummary; links: Shell['accountLinks'] }) {
  const drawer = useDrawerButton(loadDialog);
  return (
    <>
      <button
        {...drawer.buttonProps}
        data-testid="account-button"
        className="inline-flex items-center gap-1 whitespace-nowrap rounded px-1 py-2 font-semibold hover:underline sm:gap-2 sm:px-3"
      >
        <HeaderIcon>
          <circle cx="12" cy="8" r="4" />
          <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
        </HeaderIcon>
        {/* The label gives way to the available funds on phones; it stays the button's name. */}
        <span className="sr-only sm:not-sr-only">Account</span>
        {links.walletBalance ? (
          <span className="rounded bg-white/15 px-1.5 text-sm" data-testid="account-button-balance">
            <span className="sr-only">, available funds </span>
            {account.balanceText}
          </span>
        ) : null}
      </button>
      {drawer.wanted ? (
        <Suspense fallback={null}>
          <AccountDrawerDialog
            account={account}
            links={links}
            open={drawer.open}
            onOpenChange={drawer.setOpen}
            onClosed={drawer.returnFocus}
          />
        </Suspense>
      ) : null}
    </>
  );
}
