import { useFetcher } from 'react-router';
import { SubmitButton } from '../../components/form';
import { useStepUpReplay } from '../../features/account/elevation';
import { AddBankAccount, AddPayPalAccount } from '../../features/wallet/add-bank-account';
import { ADD_CARD, AddCardForm } from '../../features/wallet/add-card-form';
import { cardOptions, saveCard, tokenOf } from '../../features/wallet/deposit.server';
import { makeFundDefault, removeFund } from '../../features/wallet/payments.server';
import { bankAccounts, paypalAccounts } from '../../features/wallet/wallet.server';
import {
  ADD_BANK_ACCOUNT,
  ADD_PAYPAL_ACCOUNT,
  type WalletFormResult,
} from '../../features/wallet/wallet-form';
import {
  addBankAccountAction,
  addPayPalAccountAction,
  removeAction,
  walletFailure,
} from '../../features/wallet/wallet-form.server';
import { formText } from '../../lib/forms';
import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite, requireScreen } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/cards-and-accounts';

export const handle: ScreenHandle = { screenName: 'cards-and-accounts' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Cards and accounts');

export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireScreen(await loadSite(visitor), handle.screenName);
  const [{ savedCards, newCard }, accounts, paypals] = await Promise.all([
    cardOptions(visitor),
    bankAccounts(visitor),
    paypalAccounts(visitor),
  ]);
  return { savedCards, newCard, accounts, paypals };
}

const FUND_ID = /^[A-Za-z0-9_-]{1,100}$/;

export async function action({ request, context }: Route.ActionArgs): Promise<WalletFormResult> {
  const visitor = visitorOf(context);
  const form = await request.formData();
  const intent = formText(form, 'intent');
  const fundId = formText(form, 'fundId');
  if (intent === ADD_BANK_ACCOUNT) return addBankAccountAction(visitor, form);
  if (intent === ADD_PAYPAL_ACCOUNT) return addPayPalAccountAction(visitor, form);
  if (intent === ADD_CARD) {
    const card = tokenOf(form);
    if (!card) return { ok: false, intent, errors: { general: 'Something went wrong' } };
    try {
      await saveCard(visitor, card.gateway, card.token);
      return { ok: true, intent, message: 'Your card has been saved.' };
    } catch (error) {
      return walletFailure(visitor, error, intent);
    }
  }
  if (!FUND_ID.test(fundId)) return { ok: false, intent, errors: { general: 'Something went wrong' } };
  if (intent === 'default') {
    return removeAction(
      visitor,
      intent,
      () => makeFundDefault(visitor, fundId),
      'Your default has been changed.',
    );
  }
  return removeAction(visitor, 'remove', () => removeFund(visitor, fundId), 'Removed.');
}

/** Make default and Remove of one saved card or account; a refusal is a notification. */
function FundActions({ fundId, name, isDefault }: { fundId: string; name: string; isDefault: boolean }) {
  const fetcher = useFetcher<WalletFormResult | undefined>();
  const onSubmit = useStepUpReplay(fetcher);
  const busy = fetcher.state !== 'idle' ? fetcher.formData?.get('intent') : undefined;
  const error =
    fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? fetcher.data.errors?.general : undefined;
  return (
    <fetcher.Form method="post" onSubmit={onSubmit} className="flex flex-wrap gap-x-3">
      <input type="hidden" name="fundId" value={fundId} />
      {isDefault ? null : (
        <SubmitButton
          busy={busy === 'default'}
          name="intent"
          value="default"
          label={`Make ${name} the default`}
          busyLabel="Saving..."
          variant="secondary"
        />
      )}
      <SubmitButton
        busy={busy === 'remove'}
        name="intent"
        value="remove"
        label={`Remove ${name}`}
        busyLabel="Removing..."
        variant="secondary"
      />
      {error ? (
        <p role="alert" className="mt-2 w-full text-sm font-semibold text-red-800">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

export default function CardsAndAccounts({ loaderData }: Route.ComponentProps) {
  const { savedCards, newCard, accounts, paypals } = loaderData;
  return (
    <section aria-labelledby="cards-heading" className="max-w-3xl">
      <h1 id="cards-heading" className="text-3xl font-extrabold">
        Cards and accounts
      </h1>

      <h2 className="mt-8 text-2xl font-bold">Cards</h2>
      {savedCards.length === 0 ? <p className="mt-2">You have no saved cards.</p> : null}
      <ul className="mt-2 grid gap-3" data-testid="saved-cards">
        {savedCards.map((card) => (
          <li key={card.id} className="rounded-lg border border-black/10 p-4">
            <p className="font-semibold">
              {card.label}
              {card.isDefault ? <span className="ml-2 rounded bg-surface px-2 text-sm">Default</span> : null}
            </p>
            {card.expiry ? (
              <p className="text-sm">{card.expired ? `Expired ${card.expiry}` : `Expires ${card.expiry}`}</p>
            ) : null}
            <FundActions fundId={card.id} name={card.label} isDefault={card.isDefault} />
          </li>
        ))}
      </ul>
      {newCard ? (
        <details className="mt-4 rounded-lg border border-black/10 p-4">
          <summary className="cursor-pointer text-xl font-bold">Add a card</summary>
          <AddCardForm newCard={newCard} />
        </details>
      ) : null}

      <h2 className="mt-10 text-2xl font-bold">Bank accounts and PayID</h2>
      <p className="mt-2">Withdrawals are paid to these.</p>
      {accounts.length === 0 ? <p className="mt-2">You have no saved bank accounts.</p> : null}
      <ul className="mt-2 grid gap-3" data-testid="bank-accounts">
        {accounts.map((account) => (
          <li key={account.id} className="rounded-lg border border-black/10 p-4">
            <p className="font-semibold">
              {account.display}
              {account.default ? <span className="ml-2 rounded bg-surface px-2 text-sm">Default</span> : null}
            </p>
            <p className="text-sm">{account.accountName}</p>
            <FundActions fundId={account.id} name={account.display} isDefault={account.default} />
          </li>
        ))}
      </ul>
      <AddBankAccount open={false} />

      <h2 className="mt-10 text-2xl font-bold">PayPal accounts</h2>
      <p className="mt-2">Withdrawals by PayPal are paid to these.</p>
      {paypals.length === 0 ? <p className="mt-2">You have no saved PayPal accounts.</p> : null}
      <ul className="mt-2 grid gap-3" data-testid="paypal-accounts">
        {paypals.map((account) => (
          <li key={account.id} className="rounded-lg border border-black/10 p-4">
            <p className="font-semibold">{account.display}</p>
            {/* Never the default: that is the PayPal fund deposits use. */}
            <FundActions fundId={account.id} name={account.display} isDefault={true} />
          </li>
        ))}
      </ul>
      <AddPayPalAccount />
    </section>
  );
}
