import { NavLink, Outlet, useLocation, useRouteLoaderData } from 'react-router';
import { requireCustomer } from '../../lib/customer.server';
import { privateHeaders } from '../../lib/headers';
import { useParsed } from '../../lib/serialized';
import type { RootData } from '../../lib/shell';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/layout';

export const headers = privateHeaders;

/** The account area: protected; a signed-out visitor goes to /login and comes back afterwards. */
export async function loader({ context }: Route.LoaderArgs) {
  requireCustomer(visitorOf(context));
  return null;
}

const LINKS = [
  { href: '/my-account', label: 'Summary', end: true },
  { href: '/my-account/upcoming-tickets', label: 'Upcoming tickets', capability: 'viewingOrders' },
  { href: '/my-account/past-tickets', label: 'Past tickets', capability: 'viewingOrders' },
  { href: '/my-account/autoplay', label: 'Autoplay', capability: 'autoplayManage' },
  { href: '/my-account/subscriptions', label: 'Subscriptions', capability: 'subscriptionManage' },
  {
    href: '/my-account/recurring-purchases',
    label: 'Recurring purchases',
    capability: 'combinedRecurringPurchases',
  },
  { href: '/my-account/lotto-party', label: 'Lotto Party', capability: 'lottoParty' },
  { href: '/my-account/current-giveaways', label: 'Current giveaways', capability: 'giveawayEntries' },
  { href: '/my-account/closed-giveaways', label: 'Closed giveaways', capability: 'giveawayEntries' },
  { href: '/my-account/notifications', label: 'Notifications', capability: 'notificationsFeed' },
  { href: '/my-account/my-details', label: 'My details' },
  { href: '/my-account/login-and-security', label: 'Login and security' },
  { href: '/my-account/deposit', label: 'Deposit', capability: 'walletDeposit' },
  { href: '/my-account/withdraw', label: 'Withdraw', capability: 'walletWithdrawal' },
  { href: '/my-account/verify-account', label: 'Verify account', capability: 'verification' },
  { href: '/my-account/transactions', label: 'Transactions' },
  { href: '/my-account/statements', label: 'Statements' },
  { href: '/my-account/cards-and-accounts', label: 'Cards and accounts', capability: 'walletManage' },
  { href: '/my-account/spend-limits', label: 'Spend limits', capability: 'spendLimits' },
  {
    href: '/my-account/precommitment-limit',
    label: 'Precommitment limit',
    capability: 'spendLimits',
  },
  { href: '/my-account/favourite-numbers', label: 'Favourite numbers', capability: 'favouriteNumbers' },
  {
    href: '/communication-preferences',
    label: 'Communication preferences',
    capability: 'notificationSettings',
  },
  { href: '/close-my-account', label: 'Close my account', capability: 'customerDeactivate' },
] as const;

type AccountLink = (typeof LINKS)[number];

function AccountLinks({ links, className }: { links: readonly AccountLink[]; className: string }) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.href}>
          <NavLink
            to={link.href}
            end={'end' in link ? link.end : undefined}
            className={({ isActive }) =>
              `block rounded px-3 py-2 font-semibold hover:bg-surface ${isActive ? 'bg-surface underline underline-offset-4' : ''}`
            }
          >
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** The link of the page shown: the longest href the path starts with ("/my-account" only for itself). */
function currentLink(links: readonly AccountLink[], pathname: string): AccountLink | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return links
    .filter((link) =>
      'end' in link ? path === link.href : path === link.href || path.startsWith(`${link.href}/`),
    )
    .sort((a, b) => b.href.length - a.href.length)[0];
}

/**
 * The account area's layout. On a phone its navigation is a disclosure ("Account menu" and the page
 * shown) that opens to the links, so the page's content comes first; it works without JavaScript and
 * closes again after each page change. From the md breakpoint the links are a column beside the
 * content.
 */
export default function MyAccountLayout() {
  const shell = useParsed(useRouteLoaderData<RootData>('root')?.shell);
  const { pathname } = useLocation();
  const links = LINKS.filter((link) => !('capability' in link) || shell?.accountLinks[link.capability]);
  const current = currentLink(links, pathname);
  return (
    <div className="container-page grid grid-cols-1 gap-6 py-8 md:grid-cols-[14rem_minmax(0,1fr)] md:gap-8 print:block print:p-0">
      <nav aria-label="My account" className="print:hidden">
        <details
          key={pathname}
          className="rounded-lg border border-black/15 md:hidden"
          data-testid="account-menu"
        >
          <summary className="cursor-pointer px-3 py-2 font-semibold">
            Account menu
            {current ? <span className="font-normal">: {current.label}</span> : null}
          </summary>
          <AccountLinks links={links} className="border-t border-black/15 p-2" />
        </details>
        <AccountLinks links={links} className="hidden md:flex md:flex-col md:gap-2" />
      </nav>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
