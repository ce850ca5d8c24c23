/** Rows to wire shapes: funds and deposits as the contract gives them. */
import type { Deposit, DepositReference, Fund } from '@drawhouse/contract';
import { cardExpired, centsToMoney } from '@drawhouse/domain';
import { BANK_DEPOSIT_DETAILS } from './payment-methods.ts';
import type { DepositRow, FundRow } from './payments.repository.ts';

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
};

/** What the customer reads for a fund: "Visa ending 4242", "PayPal", a bank account's masked display. */
export function fundLabel(fund: FundRow): string {
  if (fund.type === 'card')
    return `${BRAND_NAMES[fund.brand ?? ''] ?? 'Card'} ending ${fund.last4 ?? ''}`.trim();
  if (fund.type === 'paypal') return 'PayPal';
  return fund.bankDetails?.display ?? fund.holderName ?? 'Bank account';
}

export function fundView(fund: FundRow, now: Date): Fund {
  return {
    id: fund.id,
    default: fund.isDefault,
    type: fund.type,
    methodCode: fund.methodCode,
    gateway: fund.gateway,
    brand: fund.brand,
    last4: fund.last4,
    expiryMonth: fund.expiryMonth,
    expiryYear: fund.expiryYear,
    holderName: fund.holderName,
    expired:
      fund.expiryMonth !== null &&
      fund.expiryYear !== null &&
      cardExpired({ month: fund.expiryMonth, year: fund.expiryYear }, now),
    bankAccountType: fund.bankAccountType,
    label: fundLabel(fund),
    failedVerification: fund.failedVerificationAt !== null,
    createdAt: fund.createdAt.toISOString(),
  };
}

function referenceOf(deposit: DepositRow): DepositReference | null {
  if (!deposit.customerReference) return null;
  if (deposit.methodCode === 'bp') {
    return {
      billerCode: BANK_DEPOSIT_DETAILS.billerCode,
      bsb: null,
      accountNumber: null,
      accountName: null,
      reference: deposit.customerReference,
    };
  }
  return {
    billerCode: null,
    bsb: BANK_DEPOSIT_DETAILS.bsb,
    accountNumber: BANK_DEPOSIT_DETAILS.accountNumber,
    accountName: BANK_DEPOSIT_DETAILS.accountName,
    reference: deposit.customerReference,
  };
}

export function depositView(
  deposit: DepositRow,
  extras: { fund: FundRow | null; redirectUrl: string | null; now: Date },
): Deposit {
  return {
    id: deposit.id,
    status: deposit.status,
    redirectUrl: extras.redirectUrl,
    amount: centsToMoney(deposit.amountCents),
    methodCode: deposit.methodCode,
    gateway: deposit.gateway,
    fundId: deposit.fundId,
    fund: extras.fund ? fundView(extras.fund, extras.now) : null,
    reference: referenceOf(deposit),
    purpose: deposit.purpose.kind,
    checkoutId: deposit.checkoutId,
    partnerSlug: deposit.purpose.kind === 'checkout' ? (deposit.purpose.partner?.slug ?? null) : null,
    failureCode: deposit.failureCode,
    message: deposit.failureMessage,
    createdAt: deposit.createdAt.toISOString(),
    updatedAt: deposit.updatedAt.toISOString(),
  };
}
