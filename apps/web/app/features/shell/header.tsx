import { Link, NavLink } from 'react-router';
import { HeaderIcon } from '../../components/header-icon';
import type { AccountSummary } from '../../lib/account-summary';
import type { Shell } from '../../lib/shell';
import { AccountMenu } from '../account/account-menu';
import { NotificationsButton } from '../feed/notifications-button';
import { MEMBERSHIP_PATH, MembershipDot } from './membership-dot';
import { PrimaryDrawer } from './primary-drawer';

export function Header({
  shell,
  account,
  cartCount = shell.cartCount,
  unviewedNotifications,
  membershipDot = false,
}: {
  shell: Shell;
  account?: AccountSummary;
  cartCount?: number;
  /** Unviewed feed entries; absent: no notifications button (signed out, or no feed capability). */
  unviewedNotifications?: number;
  /** The Daily Winners item's dot: something new for this visitor in the programme. */
  membershipDot?: boolean;
}) {
  const inline = shell.nav.filter((item) => item.href);
  const cartLabel = `Cart, ${cartCount} ${cartCount === 1 ? 'item' : 'items'}`;
  return (
    <header className="bg-nav text-on-nav">
      <div className="container-page flex min-h-16 items-center gap-1 py-2 sm:gap-3">
        <PrimaryDrawer nav={shell.nav} siteName={shell.siteName} membershipDot={membershipDot} />
        <Link
          to="/"
          className="mr-0 flex shrink-0 items-center gap-2 rounded text-lg font-bold sm:mr-2"
          data-testid="logo-link"
        >
          {shell.logo ? (
            // CMS logos are drawn for light backgrounds: the logo sits on a light tile in the dark bar.
            <span className="rounded-md bg-white px-1.5 py-1 sm:px-2">
              <img
                src={shell.logo.src}
                alt={`${shell.logo.alt || shell.siteName} home`}
                height={32}
                className="h-6 w-auto max-w-none sm:h-8"
              />
            </span>
          ) : (
            <span>
              {shell.siteName}
              <span className="sr-only"> home</span>
            </span>
          )}
        </Link>
        <nav aria-label="Main" className="hidden flex-1 md:block">
          <ul className="flex flex-wrap items-center gap-1">
            {inline.map((item) => (
              <li key={`${item.type}-${item.label}`}>
                {item.type === 'external' ? (
                  <a
                    href={item.href ?? '#'}
                    className="block rounded px-3 py-2 hover:underline"
                    rel="noopener"
                  >
                    {item.label}
                  </a>
                ) : (
                  <NavLink
                    to={item.href ?? '/'}
                    className={({ isActive }) =>
                      `block rounded px-3 py-2 hover:underline ${isActive ? 'underline underline-offset-4' : ''}`
                    }
                  >
                    {item.label}
                    {membershipDot && item.href === MEMBERSHIP_PATH ? <MembershipDot /> : null}
                  </NavLink>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-0.5 sm:gap-2">
          {account && shell.accountLinks.notificationsFeed && unviewedNotifications !== undefined ? (
            <NotificationsButton unviewed={unviewedNotifications} />
          ) : null}
          {account ? (
            <AccountMenu account={account} links={shell.accountLinks} />
          ) : (
            <Link
              to="/login"
              className="whitespace-nowrap rounded px-2 py-2 font-semibold hover:underline sm:px-3"
              data-testid="login-link"
            >
              Log in
            </Link>
          )}
          <Link
            to="/cart"
            aria-label={cartLabel}
            className="relative inline-flex items-center gap-1 rounded px-1 py-2 font-semibold hover:underline sm:gap-2 sm:px-3"
            data-testid="cart-link"
          >
            <HeaderIcon>
              <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.9a2 2 0 0 0 2-1.5L21 8H6" />
              <circle cx="10" cy="20" r="1.4" />
              <circle cx="18" cy="20" r="1.4" />
            </HeaderIcon>
            <span aria-hidden="true" className="hidden sm:inline">
              Cart
            </span>
            <span
              data-testid="cart-count"
              aria-hidden="true"
              className="inline-flex min-w-6 items-center justify-center rounded-full bg-accent px-1.5 text-sm font-bold text-on-accent"
            >
              {cartCount}
            </span>
          </Link>
        </div>
      </div>
    </header>
  );
}
