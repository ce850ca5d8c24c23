/**
 * The wallet and limits calls of the account pages, made as the signed-in customer. Money-moving
 * calls carry the attempt's Idempotency-Key (see attempt.server.ts).
 */
import {
  type AmountInput,
  type BankAccountBody,
  BankAccountFundListSchema,
  BankAccountFundSchema,
  type BreakBody,
  BreakStatusSchema,
  DepositLimitSchema,
  PayPalAccountFundListSchema,
  PayPalAccountFundSchema,
  PrecommitmentSchema,
  type SpendLimitPeriod,
  SpendLimitsSchema,
  StatementListSchema,
  StatementSchema,
  TRANSACTIONS_PAGE_SIZE,
  TransactionListSchema,
  WithdrawableFundsSchema,
  WithdrawalSchema,
} from '@drawhouse/contract';
import { customerGet, customerRequest } from '../../lib/customer.server';
import type { Visitor } from '../../lib/visitor.server';
import { notFoundOn404 } from './not-found.server';

export const BANK_ACCOUNT_VERSION = '3.8';
export const WITHDRAW_VERSION = '3.1';

export function withdrawableFunds(visitor: Visitor) {
  return customerGet(WithdrawableFundsSchema, visitor, '/customer/withdrawable-funds');
}

/** The customer's saved bank accounts and PayIDs (masked), which withdrawals are paid to. */
export function bankAccounts(visitor: Visitor) {
  return customerGet(BankAccountFundListSchema, visitor, '/funds/bank-account');
}

export function addBankAccount(visitor: Visitor, body: BankAccountBody) {
  return customerRequest(BankAccountFundSchema, visitor, '/funds/bank-account', {
    method: 'POST',
    body,
    version: BANK_ACCOUNT_VERSION,
  });
}

/** The customer's PayPal payout accounts (masked). */
export function paypalAccounts(visitor: Visitor) {
  return customerGet(PayPalAccountFundListSchema, visitor, '/funds/paypal-account');
}

export function addPayPalAccount(visitor: Visitor, body: { email: string }) {
  return customerRequest(PayPalAccountFundSchema, visitor, '/funds/paypal-account', { method: 'POST', body });
}

/**
 * `POST /v2/{tt|pl}/withdraw` (`tt` a bank account or PayID, `pl` a PayPal account): the attempt's
 * key makes a replay (after a step-up, a retry) withdraw once.
 */
export async function withdraw(
  visitor: Visitor,
  body: { amount: AmountInput; fundId: string },
  idempotencyKey: string,
  code: 'tt' | 'pl' = 'tt',
) {
  const { result } = await customerRequest(WithdrawalSchema, visitor, `/${code}/withdraw`, {
    method: 'POST',
    body,
    version: WITHDRAW_VERSION,
    idempotencyKey,
  });
  return result;
}

/** `POST /v2/withdrawals/{id}/cancel`: the held money back in the wallet; cancelling twice is once. */
export async function cancelWithdrawal(visitor: Visitor, id: string) {
  const { result } = await customerRequest(
    WithdrawalSchema,
    visitor,
    `/withdrawals/${encodeURIComponent(id)}/cancel`,
    { method: 'POST', idempotencyKey: `cancel-withdrawal:${id}` },
  );
  return result;
}

export function withdrawal(visitor: Visitor, id: string) {
  return customerGet(WithdrawalSchema, visitor, `/withdrawals/${encodeURIComponent(id)}`);
}

/** One page (from 1) of the transactions list, newest first, with the total count. */
export async function transactionsPage(visitor: Visitor, page: number) {
  const envelope = await customerRequest(TransactionListSchema, visitor, '/transactions', {
    query: { limit: TRANSACTIONS_PAGE_SIZE, offset: (page - 1) * TRANSACTIONS_PAGE_SIZE },
  });
  return { transactions: envelope.result, total: envelope.pageInfo?.total ?? envelope.result.length };
}

/** The months holding a transaction, newest first. */
export function statementMonths(visitor: Visitor) {
  return customerGet(StatementListSchema, visitor, '/customer/statements');
}

/** One month's activity statement (`YYYY-MM`); a month the API has none for is the 404 page. */
export function statementOf(visitor: Visitor, month: string) {
  return notFoundOn404(
    customerGet(StatementSchema, visitor, `/customer/statements/${encodeURIComponent(month)}`),
  );
}

export function spendLimits(visitor: Visitor) {
  return customerGet(SpendLimitsSchema, visitor, '/spend-limits');
}

/** A new limit for a period (PUT), or a change to the period's limit (POST). */
export async function setSpendLimit(
  visitor: Visitor,
  period: SpendLimitPeriod,
  limit: AmountInput,
  isNew: boolean,
) {
  await customerRequest(SpendLimitsSchema, visitor, `/spend-limits/${period}`, {
    method: isNew ? 'PUT' : 'POST',
    body: { limit },
  });
}

export async function removeSpendLimit(visitor: Visitor, id: string) {
  await customerRequest(SpendLimitsSchema, visitor, `/spend-limits/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export function precommitment(visitor: Visitor) {
  return customerGet(PrecommitmentSchema, visitor, '/precommitment');
}

export async function setPrecommitment(visitor: Visitor, limit: AmountInput) {
  await customerRequest(PrecommitmentSchema, visitor, '/precommitment', { method: 'POST', body: { limit } });
}

export async function removePrecommitment(visitor: Visitor) {
  await customerRequest(PrecommitmentSchema, visitor, '/precommitment', { method: 'DELETE' });
}

export function depositLimit(visitor: Visitor) {
  return customerGet(DepositLimitSchema, visitor, '/deposit-limit');
}

export async function setDepositLimit(visitor: Visitor, limit: AmountInput) {
  await customerRequest(DepositLimitSchema, visitor, '/deposit-limit', { method: 'PUT', body: { limit } });
}

export async function removeDepositLimit(visitor: Visitor) {
  await customerRequest(DepositLimitSchema, visitor, '/deposit-limit', { method: 'DELETE' });
}

/** The take a break or self-exclusion in force, and the periods each offers. */
export function breakStatus(visitor: Visitor) {
  return customerGet(BreakStatusSchema, visitor, '/break');
}

/** Starts a take a break or self-exclusion now: nothing ends it early. */
export async function takeBreak(visitor: Visitor, body: BreakBody) {
  await customerRequest(BreakStatusSchema, visitor, '/break', { method: 'POST', body });
}
