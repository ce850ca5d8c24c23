import { Link, useRouteLoaderData } from 'react-router';
import { BreakNotice } from '../../features/wallet/take-a-break';
import { breakStatus } from '../../features/wallet/wallet.server';
import { accountSummary, loadCustomer } from '../../lib/customer.server';
import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { useParsed } from '../../lib/serialized';
import type { RootData } from '../../lib/shell';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/summary';

export const handle: ScreenHandle = { screenName: 'my-account' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'My account');

export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const [customer, onBreak] = await Promise.all([loadCustomer(visitor), breakStatus(visitor)]);
  return { account: accountSummary(customer), onBreak: onBreak.current };
}

export default function MyAccount({ loaderData }: Route.ComponentProps) {
  const { account, onBreak } = loaderData;
  const links = useParsed(useRouteLoaderData<RootData>('root')?.shell)?.accountLinks;
  return (
    <section aria-labelledby="my-account-heading">
      <h1 id="my-account-heading" className="text-3xl font-extrabold">
        My account
      </h1>
      <p className="mt-2 text-lg">Hello, {account.firstname}.</p>
      <BreakNotice current={onBreak} />
      <dl className="mt-6 grid gap-4 sm:grid-cols-2" data-testid="account-summary">
        <div className="rounded-lg bg-surface p-4">
          <dt className="text-sm text-muted">Available funds</dt>
          <dd className="text-2xl font-bold" data-testid="summary-available-funds">
            {account.balanceText}
          </dd>
          <dd className="mt-2 flex flex-wrap gap-3 text-sm">
            {links?.walletDeposit ? (
              <Link to="/my-account/deposit" className="link">
                Deposit
              </Link>
            ) : null}
            {links?.walletWithdrawal ? (
              <Link to="/my-account/withdraw" className="link">
                Withdraw
              </Link>
            ) : null}
            <Link to="/my-account/transactions" className="link">
              Transactions
            </Link>
          </dd>
        </div>
        <div className="rounded-lg bg-surface p-4">
          <dt className="text-sm text-muted">Email</dt>
          <dd className="break-all font-semibold">{account.email}</dd>
          <dd className="text-sm">
            {account.emailAddressConfirmationRequired
              ? 'Not confirmed yet: see the link we emailed you.'
              : 'Confirmed'}
          </dd>
        </div>
        <div className="rounded-lg bg-surface p-4">
          <dt className="text-sm text-muted">Two-factor authentication</dt>
          <dd className="font-semibold">{account.twoFactorEnabled ? 'On' : 'Off'}</dd>
          <dd className="text-sm">
            <Link to="/my-account/login-and-security" className="link">
              Login and security
            </Link>
          </dd>
        </div>
      </dl>
      <ul className="mt-8 flex flex-wrap gap-4">
        <li>
          <Link to="/my-account/my-details" className="button-secondary">
            My details
          </Link>
        </li>
        <li>
          <Link to="/change-Password" className="button-secondary">
            Change password
          </Link>
        </li>
      </ul>
    </section>
  );
}
