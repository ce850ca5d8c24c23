import * as Dialog from '@radix-ui/react-dialog';
import { Form, Link } from 'react-router';
import { DrawerDialog } from '../../components/drawer-dialog';
import type { AccountSummary } from '../../lib/account-summary';
import type { Shell } from '../../lib/shell';

function linksOf(links: Shell['accountLinks']) {
  return [
    { href: '/my-account', label: 'My account' },
    ...(links.viewingOrders ? [{ href: '/my-account/upcoming-tickets', label: 'My tickets' }] : []),
    ...(links.giveawayEntries ? [{ href: '/my-account/current-giveaways', label: 'My giveaways' }] : []),
    { href: '/my-account/my-details', label: 'My details' },
    ...(links.walletDeposit ? [{ href: '/my-account/deposit', label: 'Deposit' }] : []),
    ...(links.walletWithdrawal ? [{ href: '/my-account/withdraw', label: 'Withdraw' }] : []),
    ...(links.verification ? [{ href: '/my-account/verify-account', label: 'Verify account' }] : []),
    { href: '/my-account/transactions', label: 'Transactions' },
    ...(links.spendLimits ? [{ href: '/my-account/spend-limits', label: 'Spend limits' }] : []),
    { href: '/my-account/login-and-security', label: 'Login and security' },
    ...(links.favouriteNumbers
      ? [{ href: '/my-account/favourite-numbers', label: 'Favourite numbers' }]
      : []),
    ...(links.notificationSettings
      ? [{ href: '/communication-preferences', label: 'Communication preferences' }]
      : []),
    ...(links.customerDeactivate ? [{ href: '/close-my-account', label: 'Close my account' }] : []),
  ];
}

/**
 * The account drawer (Radix dialog: focus stays inside, Escape closes): the customer's name, their
 * available funds, links to the account pages and Log out. Loaded on first use by account-menu.tsx.
 */
export default function AccountDrawerDialog({
  account,
  links,
  open,
  onOpenChange,
  onClosed,
}: {
  account: AccountSummary;
  links: Shell['accountLinks'];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onClosed: () => void;
}) {
  const close = () => onOpenChange(false);
  const name = `${account.firstname} ${account.lastname}`.trim() || account.email;
  return (
    <DrawerDialog
      side="right"
      testId="account-drawer"
      open={open}
      onOpenChange={onOpenChange}
      onClosed={onClosed}
    >
      <div className="flex items-start justify-between border-b border-black/10 p-4">
        <div>
          <Dialog.Title className="text-lg font-bold" data-testid="account-name">
            {name}
          </Dialog.Title>
          <p className="text-sm text-muted">
            Available funds: <span data-testid="account-balance">{account.balanceText}</span>
          </p>
        </div>
        <Dialog.Close className="rounded px-3 py-2 font-semibold hover:underline">
          Close<span className="sr-only"> account menu</span>
        </Dialog.Close>
      </div>
      <nav aria-label="Account" className="p-2">
        <ul className="flex flex-col">
          {linksOf(links).map((link) => (
            <li key={link.href}>
              <Link
                to={link.href}
                onClick={close}
                className="block rounded px-3 py-3 font-semibold hover:bg-surface"
              >
                {link.label}
              </Link>
            </li>
          ))}
          <li>
            <Form method="post" action="/logout" onSubmit={close}>
              <button
                type="submit"
                data-testid="logout-link"
                className="block w-full rounded px-3 py-3 text-left font-semibold hover:bg-surface"
              >
                Log out
              </button>
            </Form>
          </li>
        </ul>
      </nav>
    </DrawerDialog>
  );
}
