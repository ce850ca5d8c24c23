/**
 * Payment methods and saved funds as the account pages use them: deposit methods with their
 * rules, withdrawal accounts, cards, making a fund the default or removing it, card deposits.
 */
import {
  type DepositRequest,
  DepositSchema,
  EmptyResultSchema,
  type Fund,
  type PaymentMethod,
  PaymentMethodListSchema,
} from '@drawhouse/contract';
import { customerGet, customerRequest } from '../../lib/customer.server';
import type { Visitor } from '../../lib/visitor.server';

export const PAYMENT_METHODS_VERSION = '3.2';
export const CARD_DEPOSIT_VERSION = '3.4';

/** Methods a customer deposits with: usable at checkout, not withdrawal methods, wallets included. */
const DEPOSIT_FILTER = 'funds.cart eq true,funds.withdraw eq false,funds.digital_wallets eq true';
/** Methods money is withdrawn to, with funds that failed verification (shown, not chosen). */
const WITHDRAWAL_FILTER = 'funds.withdraw eq true,funds.failed_verification eq true';

export function paymentMethods(
  visitor: Visitor,
  filter?: 'deposit' | 'withdrawal',
): Promise<PaymentMethod[]> {
  const query = filter ? { filter: filter === 'deposit' ? DEPOSIT_FILTER : WITHDRAWAL_FILTER } : undefined;
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
