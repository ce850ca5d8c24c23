/**
 * Deposits from the account area (`/deposit`, `/my-account/deposit`): a saved card, or a new card
 * the browser tokenises with the gateway first (the shop's server only sees the token); Apple Pay or
 * Google Pay (test choices in the gateway's test mode); BPAY or bank transfer (a reference to pay
 * with, credited when the payment arrives). Amounts within the chosen method's minimum and maximum;
 * one Idempotency-Key per attempt.
 */
import { CardGatewaysSchema, FundSchema, type Money } from '@drawhouse/contract';
import { DEPOSIT_FAILED_MESSAGE } from '@drawhouse/domain';
import { redirect } from 'react-router';
import { ApiError } from '../../lib/api.server';
import { customerGet, customerRequest, forgetCustomer } from '../../lib/customer.server';
import { formFailure } from '../../lib/form-errors.server';
import { formText } from '../../lib/forms';
import type { Visitor } from '../../lib/visitor.server';
import { paymentOptionsOf } from '../checkout/checkout.server';
import { amountForApi, amountProblem, depositCapNote } from './amount';
import { attemptKeyOf, keyAfterFailure, newAttemptKey } from './attempt.server';
import {
  bankOptions,
  type MethodChoice,
  methodChoiceOf,
  walletOptions,
  walletTestToken,
} from './deposit-methods';
import { depositByBank, depositWithCard, depositWithWallet, paymentMethods } from './payments.server';
import { depositLimit } from './wallet.server';
import type { WalletFormResult } from './wallet-form';

export const depositPaths = {
  details: (id: string, outcome?: 'success' | 'failure') =>
    `/my-account/deposit/details/${encodeURIComponent(id)}${outcome ? `/${outcome}` : ''}`,
  authorisation: (id: string) => `/my-account/deposit/authorisation/${encodeURIComponent(id)}`,
  cancel: (id: string) => `/my-account/deposit/${encodeURIComponent(id)}/cancel`,
};

const NO_CART = { cartTotal: { amount: 0, currency: 'AUD' }, preOrderTotal: { amount: 0, currency: 'AUD' } };

/**
 * The card method (its rules), the saved cards and where a new card is tokenised; the wallets and
 * bank payments on offer.
 */
export async function cardOptions(visitor: Visitor) {
  const [methods, gateways] = await Promise.all([
    paymentMethods(visitor, 'top-up'),
    customerGet(CardGatewaysSchema, visitor, '/funds/card_gateways').catch((error: unknown) => {
      if (error instanceof ApiError) return undefined;
      throw error;
    }),
  ]);
  const card = methods.find((m) => m.code === 'cc' && m.rules.enabled);
  const { savedCards, newCard } = paymentOptionsOf(NO_CART, 0, methods, gateways);
  const testMode =
    gateways?.availableCardGateways.find((g) => g.key === gateways.priorityGateway)?.testMode === true;
  return {
    card,
    savedCards,
    newCard,
    wallets: walletOptions(methods, testMode),
    banks: bankOptions(methods),
  };
}

/** What the deposit page shows: saved cards, the new card's gateway, the amount bounds, the cap. */
export async function loadDepositPage(visitor: Visitor) {
  const [{ card, savedCards, newCard, wallets, banks }, limit] = await Promise.all([
    cardOptions(visitor),
    depositLimit(visitor),
  ]);
  return {
    enabled: card !== undefined,
    bounds: card ? { min: card.rules.minAmount, max: card.rules.maxAmount } : {},
    savedCards,
    newCard,
    wallets,
    banks,
    unverifiedCap: limit.unverifiedCap,
    capNote: depositCapNote(limit),
    attemptKey: newAttemptKey(),
  };
}

/** Saves a tokenised card as one of the customer's funds; answers its id. */
export async function saveCard(visitor: Visitor, gateway: string, token: string): Promise<string> {
  const { result } = await customerRequest(FundSchema, visitor, `/funds/cc/${encodeURIComponent(gateway)}`, {
    method: 'POST',
    body: { token },
  });
  return result.id;
}

/** A token and gateway the browser posted, when they look like one. */
export function tokenOf(form: FormData): { token: string; gateway: string } | undefined {
  const token = formText(form, 'token');
  const gateway = formText(form, 'gateway');
  return token && token.length <= 255 && /^[a-z_]{1,50}$/.test(gateway) ? { token, gateway } : undefined;
}

export type DepositPage = Awaited<ReturnType<typeof loadDepositPage>>;

/** The chosen method's amount bounds (none when the method is not listed). */
async function methodBounds(visitor: Visitor, choice: MethodChoice): Promise<{ min?: Money; max?: Money }> {
  const code = choice.kind === 'card' ? 'cc' : choice.code;
  const method = (await paymentMethods(visitor, 'top-up')).find((m) => m.code === code);
  return method ? { min: method.rules.minAmount, max: method.rules.maxAmount } : {};
}

const GATEWAY = /^[a-z_]{1,50}$/;

/** Apple Pay, Google Pay, BPAY or bank transfer: the deposit the API started. */
async function otherDeposit(
  visitor: Visitor,
  choice: Exclude<MethodChoice, { kind: 'card' }>,
  form: FormData,
  key: string,
) {
  const amount = amountForApi(formText(form, 'amount'));
  if (choice.kind === 'bank') return depositByBank(visitor, choice.code, { amount }, key);
  const gateway = formText(form, 'walletGateway');
  const walletToken = walletTestToken(formText(form, 'walletOutcome'));
  return depositWithWallet(
    visitor,
    choice.code,
    GATEWAY.test(gateway) ? gateway : 'sandbox',
    { amount, walletToken },
    key,
  );
}

const FUND_ID = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * The deposit form's action: a new card (`token`, `gateway`) is saved first, then the deposit is
 * made with the chosen card. Success goes to the deposit's details; a 3-D Secure challenge to its
 * authorisation page; a refusal is the form's message with the first message of the API.
 */
export async function depositAction(visitor: Visitor, form: FormData): Promise<WalletFormResult | Response> {
  const intent = 'deposit';
  const key = attemptKeyOf(form);
  const amountText = formText(form, 'amount');
  const choice = methodChoiceOf(formText(form, 'method'));
  const problem = amountProblem(amountText, await methodBounds(visitor, choice));
  if (problem) return { ok: false, intent, errors: { amount: problem }, nextKey: key };
  let fundId = formText(form, 'fundId');
  let savedFundId: string | undefined;
  try {
    if (choice.kind !== 'card') {
      const deposit = await otherDeposit(visitor, choice, form, key);
      forgetCustomer(visitor);
      if (deposit.status === 'succeeded' || deposit.status === 'awaiting_reconciliation') {
        return redirect(
          depositPaths.details(deposit.id, deposit.status === 'succeeded' ? 'success' : undefined),
        );
      }
      return {
        ok: false,
        intent,
        errors: { general: deposit.message || DEPOSIT_FAILED_MESSAGE },
        nextKey: newAttemptKey(),
      };
    }
    const token = formText(form, 'token');
    const gateway = formText(form, 'gateway');
    if (token && GATEWAY.test(gateway) && token.length <= 255) {
      const { result } = await customerRequest(
        FundSchema,
        visitor,
        `/funds/cc/${encodeURIComponent(gateway)}`,
        {
          method: 'POST',
          body: { token },
        },
      );
      fundId = result.id;
      savedFundId = result.id;
    }
    if (!FUND_ID.test(fundId))
      return { ok: false, intent, errors: { fundId: 'This field is required.' }, nextKey: key };
    const csc = formText(form, 'csc');
    const deposit = await depositWithCard(
      visitor,
      fundId,
      { amount: amountForApi(amountText), ...(csc ? { csc } : {}) },
      key,
    );
    forgetCustomer(visitor);
    if (deposit.status === 'succeeded') return redirect(depositPaths.details(deposit.id, 'success'));
    if (deposit.status === 'awaiting_challenge' && deposit.redirectUrl) {
      return redirect(depositPaths.authorisation(deposit.id));
    }
    return {
      ok: false,
      intent,
      errors: { general: deposit.message || DEPOSIT_FAILED_MESSAGE },
      nextKey: newAttemptKey(),
      savedFundId,
    };
  } catch (error) {
    if (error instanceof Response && error.status >= 500) {
      return { ok: false, intent, errors: { general: DEPOSIT_FAILED_MESSAGE }, nextKey: key, savedFundId };
    }
    const failure = formFailure(error);
    if (
      error instanceof ApiError &&
      (error.status === 408 || /following url/.test(failure.errors?.general ?? ''))
    ) {
      failure.errors = { ...failure.errors, general: DEPOSIT_FAILED_MESSAGE };
    }
    // A card declined on its first payment is not kept (the API removes it): nothing to retry with.
    const kept = error instanceof ApiError && error.status === 402 ? undefined : savedFundId;
    return { ...failure, intent, nextKey: keyAfterFailure(error, key), savedFundId: kept };
  }
}
