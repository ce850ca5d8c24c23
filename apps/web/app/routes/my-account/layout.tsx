import { NavLink, Outlet, useRouteLoaderData } from 'react-router';
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
  { href: '/my-account/notifications', label: 'Notifications', capability: 'notificationsFeed' },
  { href: '/my-account/my-details', label: 'My details' },
  { href: '/my-account/login-and-security', label: 'Login and security' },
  { href: '/my-account/deposit', label: 'Deposit', capability: 'walletDeposit' },
  { href: '/my-account/withdraw', label: 'Withdraw', capability: 'walletWithdrawal' },
  { href: '/my-account/transactions', label: 'Transactions' },
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

export default function MyAccountLayout() {
  const shell = useParsed(useRouteLoaderData<RootData>('root')?.shell);
  const links = LINKS.filter((link) => !('capability' in link) || shell?.accountLinks[link.capability]);
  return (
    <div className="container-page grid gap-8 py-8 md:grid-cols-[14rem_minmax(0,1fr)] print:block print:p-0">
      <nav aria-label="My account" className="print:hidden">
        <ul className="flex flex-wrap gap-2 md:flex-col">
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
      </nav>
      <div>
        <Outlet />
      </div>
    </div>
  );
}
