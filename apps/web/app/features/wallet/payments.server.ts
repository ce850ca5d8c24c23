/**
 * Payment methods and saved funds as the account pages use them: deposit methods with their
 * rules, withdrawal accounts, cards, making a fund the default or removing it, deposits by card,
 * Apple Pay or Google Pay, BPAY or bank transfer.
 */
import {
  type BankDepositRequest,
  type DepositRequest,
  DepositSchema,
  EmptyResultSchema,
  type Fund,
  type PaymentMethod,
  PaymentMethodListSchema,
  type WalletDepositRequest,
} from '@drawhouse/contract';
import { customerGet, customerRequest } from '../../lib/customer.server';
import type { Visitor } from '../../lib/visitor.server';

export const PAYMENT_METHODS_VERSION = '3.2';
export const CARD_DEPOSIT_VERSION = '3.4';

/** Methods a customer deposits with: usable at checkout, not withdrawal methods, wallets included. */
const DEPOSIT_FILTER = 'funds.cart eq true,funds.withdraw eq false,funds.digital_wallets eq true';
/** Methods a top-up may use: every deposit method, BPAY and bank transfer too. */
const TOP_UP_FILTER = 'funds.withdraw eq false,funds.digital_wallets eq true';
/** Methods money is withdrawn to, with funds that failed verification (shown, not chosen). */
const WITHDRAWAL_FILTER = 'funds.withdraw eq true,funds.failed_verification eq true';

export function paymentMethods(
  visitor: Visitor,
  filter?: 'deposit' | 'top-up' | 'withdrawal',
): Promise<PaymentMethod[]> {
  const filters = { deposit: DEPOSIT_FILTER, 'top-up': TOP_UP_FILTER, withdrawal: WITHDRAWAL_FILTER };
  const query = filter ? { filter: filters[filter] } : undefined;
  return customerGet(PaymentMethodListSchema, visitor, '/payment_methods', {
    version: PAYMENT_METHODS_VERSION,
    query,
  });
}

/** The customer's saved bank accounts and PayIDs that money can be withdrawn to. */
export async function withdrawalAccounts(visitor: Visitor): Promise<Fund[]> {
  const methods = await paymentMethods(visitor, 'withdrawal');
  return methods.filter((m) => m.code === 'tt').flatMap((m) => m.funds.filter((f) => f.type === 'bank'));
}

export async function makeFundDefault(visitor: Visitor, fundId: string) {
  await customerRequest(EmptyResultSchema.loose(), visitor, `/funds/${encodeURIComponent(fundId)}/default`, {
    method: 'POST',
    body: {},
  });
}

export async function removeFund(visitor: Visitor, fundId: string) {
  await customerRequest(EmptyResultSchema.loose(), visitor, `/funds/${encodeURIComponent(fundId)}`, {
    method: 'DELETE',
  });
}

/** `POST /v2/funds/{id}/deposit` (3.4) with a saved card, under the attempt's Idempotency-Key. */
export async function depositWithCard(
  visitor: Visitor,
  fundId: string,
  body: DepositRequest,
  idempotencyKey: string,
) {
  const { result } = await customerRequest(
    DepositSchema,
    visitor,
    `/funds/${encodeURIComponent(fundId)}/deposit`,
    {
      method: 'POST',
      body,
      version: CARD_DEPOSIT_VERSION,
      idempotencyKey,
    },
  );
  return result;
}

/** `POST /v2/funds/{ap|gp}/{gateway}/deposit` with the wallet's token, under the attempt's key. */
export async function depositWithWallet(
  visitor: Visitor,
  code: 'ap' | 'gp',
  gateway: string,
  body: WalletDepositRequest,
  idempotencyKey: string,
) {
  const path = `/funds/${code}/${encodeURIComponent(gateway)}/deposit`;
  const { result } = await customerRequest(DepositSchema, visitor, path, {
    method: 'POST',
    body,
    idempotencyKey,
  });
  return result;
}

/** `POST /v2/funds/{bp|dd}/deposit`: a BPAY or bank transfer to make, answered with its reference. */
export async function depositByBank(
  visitor: Visitor,
  code: 'bp' | 'dd',
  body: BankDepositRequest,
  idempotencyKey: string,
) {
  const { result } = await customerRequest(DepositSchema, visitor, `/funds/${code}/deposit`, {
    method: 'POST',
    body,
    idempotencyKey,
  });
  return result;
}
