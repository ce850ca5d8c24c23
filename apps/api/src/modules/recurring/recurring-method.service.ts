/**
 * The recurring purchase method: how autoplays and subscriptions are paid, the wallet or one of the
 * customer's saved cards. A method that cannot pay now (a wallet with nothing in it, an expired or
 * removed card) is still shown, as `unfunded`.
 */
import type {
  DefaultFund,
  RecurringPurchaseMethod,
  RecurringPurchaseMethodOption,
} from '@drawhouse/contract';
import { cardExpired, centsToMoney } from '@drawhouse/domain';
import { fieldErrors, validationError } from '../../http/validation.ts';
import { fundLabel } from '../payments/index.ts';
import type { FundRow, RecurringRepository } from './recurring.repository.ts';

export const WALLET_METHOD = 'wallet';

/** Whether a saved card is past its expiry date at `now` (a card without one never is). */
export function savedCardExpired(fund: FundRow, now: Date): boolean {
  return (
    fund.expiryMonth !== null &&
    fund.expiryYear !== null &&
    cardExpired({ month: fund.expiryMonth, year: fund.expiryYear }, now)
  );
}

function cardOption(fund: FundRow, now: Date): RecurringPurchaseMethodOption {
  const funded = !savedCardExpired(fund, now);
  return { key: fund.id, kind: 'cc', label: fundLabel(fund), funded, balance: null };
}

async function optionsOf(repo: RecurringRepository, customerId: string, now: Date) {
  const [available, cards] = await Promise.all([
    repo.walletAvailableCents(customerId),
    repo.cards(customerId),
  ]);
  const wallet: RecurringPurchaseMethodOption = {
    key: WALLET_METHOD,
    kind: 'wallet',
    label: 'Wallet',
    funded: available > 0,
    balance: centsToMoney(Math.max(available, 0)),
  };
  return [wallet, ...cards.map((card) => cardOption(card, now))];
}

/** How the selected method pays now: its kind, or `unfunded` when it cannot (or is gone). */
function defaultFundOf(options: RecurringPurchaseMethodOption[], key: string): DefaultFund {
  const chosen = options.find((o) => o.key === key);
  if (!chosen) return { kind: 'unfunded', key, label: 'No payment method' };
  return { kind: chosen.funded ? chosen.kind : 'unfunded', key, label: chosen.label };
}

export async function defaultFund(repo: RecurringRepository, customerId: string, now: Date) {
  const [options, key] = await Promise.all([optionsOf(repo, customerId, now), repo.methodKey(customerId)]);
  return defaultFundOf(options, key);
}

export async function recurringMethod(
  repo: RecurringRepository,
  customerId: string,
  now: Date,
): Promise<RecurringPurchaseMethod> {
  const [options, key] = await Promise.all([optionsOf(repo, customerId, now), repo.methodKey(customerId)]);
  return {
    availableRecurringPurchaseMethods: options,
    selectedRecurringPurchaseMethodKey: key,
    defaultFund: defaultFundOf(options, key),
  };
}

/**
 * Chooses the method: `wallet` or the id of one of the customer's saved cards. Anything else (an
 * unknown id, another customer's card, a bank account) is refused and nothing changes.
 */
export async function chooseRecurringMethod(
  repo: RecurringRepository,
  customerId: string,
  key: string,
  now: Date,
): Promise<RecurringPurchaseMethod> {
  const options = await optionsOf(repo, customerId, now);
  if (!options.some((o) => o.key === key)) {
    throw validationError(
      fieldErrors([
        ['recurring_purchase_method', 'Choose the wallet or one of your saved cards.', 'unknown_method'],
      ]),
    );
  }
  await repo.setMethodKey(customerId, key);
  return recurringMethod(repo, customerId, now);
}
