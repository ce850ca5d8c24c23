import { Link } from 'react-router';
import { moneyText } from './amount';
import type { DepositPage } from './deposit.server';
import { DepositForm } from './deposit-form';
import { UNVERIFIED_MESSAGES, VERIFY_ACCOUNT_PATH } from './wallet-form';

/** The deposit screen's content (the account area's and the stand-alone /deposit). */
export function DepositContent({ page }: { page: DepositPage }) {
  const cards = page.enabled && (page.savedCards.length > 0 || page.newCard !== null);
  const hasMethods = cards || page.wallets.length > 0 || page.banks.length > 0;
  return (
    <>
      <p className="mt-2">
        Add money to your account to buy tickets. Card and wallet deposits are ready to spend at once.
      </p>
      {page.unverifiedCap ? (
        <p
          className="mt-4 rounded-md border-l-4 border-amber-600 bg-amber-50 p-3 text-amber-950"
          data-testid="unverified-deposit"
        >
          {UNVERIFIED_MESSAGES.deposit(moneyText(page.unverifiedCap.limit))} You can deposit{' '}
          {moneyText(page.unverifiedCap.remaining)} more.{' '}
          <Link to={VERIFY_ACCOUNT_PATH} className="link" data-testid="verify-account-link">
            Verify your account
          </Link>
        </p>
      ) : null}
      {hasMethods ? (
        <DepositForm
          bounds={page.bounds}
          capNote={page.capNote}
          savedCards={page.enabled ? page.savedCards : []}
          newCard={page.enabled ? page.newCard : null}
          wallets={page.wallets}
          banks={page.banks}
          attemptKey={page.attemptKey}
        />
      ) : (
        <p className="mt-6">Deposits are not available right now. Please try again later.</p>
      )}
      <p className="mt-6 text-sm">
        Set a weekly deposit limit on the{' '}
        <Link to="/my-account/spend-limits" className="link">
          spend limits
        </Link>{' '}
        page.
      </p>
    </>
  );
}
