/**
 * The wallet's requests and answers (docs/api/wallet.md): the transactions list, withdrawable funds,
 * bank accounts and PayID for withdrawals, withdrawals with their status timeline.
 */
import { z } from 'zod';
import { IsoDateSchema, MoneySchema } from './money.ts';

/**
 * An amount a customer typed: major units as a number (12.5) or as text ("12.50", what a form
 * sends). Checked by the API against "Amount must follow format e.g: 1.50" (at most two decimals,
 * no sign) and the call's minimum and maximum, each with its own message.
 */
export const AmountInputSchema = z.union([z.number(), z.string().max(32)], {
  error: (issue) =>
    issue.input === undefined ? 'This field is required.' : 'Amount must follow format e.g: 1.50',
});
export type AmountInput = z.infer<typeof AmountInputSchema>;

/** Why money moved, as the transactions list shows it. */
export const TRANSACTION_TYPES = [
  'deposit',
  'purchase',
  'refund',
  'prize',
  'withdrawal',
  'promo_credit',
  'adjustment',
] as const;
export const TransactionTypeSchema = z.enum(TRANSACTION_TYPES);
export type TransactionType = z.infer<typeof TransactionTypeSchema>;

/** `pending`: money held (a deposit awaiting approval, a withdrawal awaiting the operator). */
export const TransactionStatusSchema = z.enum(['posted', 'pending', 'voided']);
export type TransactionStatus = z.infer<typeof TransactionStatusSchema>;

/** Which of the customer's two balances a transaction moved: cash (`wallet`) or promotional credit. */
export const WalletAccountSchema = z.enum(['wallet', 'promo']);
export type WalletAccount = z.infer<typeof WalletAccountSchema>;

/**
 * One line of `GET /v2/transactions`: `amount` is signed (positive into the customer's balance,
 * negative out of it); `reference` names the business object (a checkout, deposit or withdrawal id).
 */
export const TransactionSchema = z.object({
  id: z.string(),
  date: IsoDateSchema,
  type: TransactionTypeSchema,
  description: z.string(),
  amount: MoneySchema,
  status: TransactionStatusSchema,
  account: WalletAccountSchema,
  reference: z.string().nullable(),
});
export type Transaction = z.infer<typeof TransactionSchema>;

/** The page of transactions (`page_info` in the envelope says offset, limit and total). */
export const TransactionListSchema = z.array(TransactionSchema);
export type TransactionList = z.infer<typeof TransactionListSchema>;

/** Default and largest page sizes of the transactions list. */
export const TRANSACTIONS_PAGE_SIZE = 10;
export const TRANSACTIONS_MAX_PAGE_SIZE = 100;

/**
 * `GET /v2/customer/withdrawable-funds`: what may be withdrawn now (the cash wallet's available
 * balance; promotional credit never), what is waiting for the operator, and the promotional credit.
 */
export const WithdrawableFundsSchema = z.object({
  withdrawableFunds: MoneySchema,
  pendingWithdrawals: MoneySchema,
  promoCredit: MoneySchema,
  /** False until the account is verified: withdrawals are refused before that. */
  verified: z.boolean(),
  /**
   * Closed loop: money deposited by card and not played, per card, in the order a withdrawal sends
   * it back; only what a withdrawal takes beyond these goes to the payout account.
   */
  cardReturns: z.array(z.object({ display: z.string(), amount: MoneySchema })),
});
export type WithdrawableFunds = z.infer<typeof WithdrawableFundsSchema>;

export const BANK_ACCOUNT_TYPES = ['international', 'national', 'payid_email', 'payid_phone'] as const;
export const BankAccountTypeSchema = z.enum(BANK_ACCOUNT_TYPES);
export type BankAccountType = z.infer<typeof BankAccountTypeSchema>;

/** Withdrawal method codes: `tt` bank account (and PayID), `pl` PayPal, `tw`, `do`. */
export const WITHDRAWAL_METHOD_CODES = ['tt', 'pl', 'tw', 'do'] as const;
export const WithdrawalMethodCodeSchema = z.enum(WITHDRAWAL_METHOD_CODES);
export type WithdrawalMethodCode = z.infer<typeof WithdrawalMethodCodeSchema>;

/**
 * `POST /v2/funds/bank-account` (API 3.8). By type:
 * - national: `bank_code` is the BSB (6 digits, "062-000" allowed), `account_number` 6 to 10 digits;
 * - international: `bank_code` is the SWIFT/BIC (8 or 11 characters), `account_number` an IBAN or
 *   the bank's account number;
 * - payid_email: `payid` is an email address; payid_phone: `payid` an Australian mobile number.
 * Field errors are keyed `account_number`, `bank_code` (for the BSB and the SWIFT code alike),
 * `account_name`, `payid` and `type`.
 */
export const BankAccountBodySchema = z.object({
  code: z.enum(['tt']).default('tt'),
  type: BankAccountTypeSchema,
  accountName: z.string().max(200),
  accountNumber: z.string().max(64).optional(),
  bankCode: z.string().max(64).optional(),
  payid: z.string().max(254).optional(),
});
export type BankAccountBody = z.infer<typeof BankAccountBodySchema>;

/** A saved bank account or PayID, as lists and withdrawals show it (numbers masked). */
export const BankAccountFundSchema = z.object({
  id: z.string(),
  code: z.literal('tt'),
  type: z.literal('bank'),
  bankAccountType: BankAccountTypeSchema,
  accountName: z.string(),
  /** "BSB 062-000 ****5678", "SWIFT CTBAAU2S ****1234", "PayID j***@example.com", "PayID ****5678". */
  display: z.string(),
  default: z.boolean(),
  /** Its bank refused a payment (an account closed, a PayID not registered): withdrawals to it wait for an operator. */
  failedVerification: z.boolean(),
});
export type BankAccountFund = z.infer<typeof BankAccountFundSchema>;

/** `POST /v2/funds/paypal-account`: a PayPal account withdrawals are paid to, by its email. */
export const PayPalAccountBodySchema = z.object({ email: z.string().max(254) });
export type PayPalAccountBody = z.infer<typeof PayPalAccountBodySchema>;

/** A saved PayPal payout account, as lists and withdrawals show it ("PayPal j***@example.com"). */
export const PayPalAccountFundSchema = z.object({
  id: z.string(),
  code: z.literal('pl'),
  type: z.literal('paypal'),
  display: z.string(),
  failedVerification: z.boolean(),
});
export type PayPalAccountFund = z.infer<typeof PayPalAccountFundSchema>;
export const PayPalAccountFundListSchema = z.array(PayPalAccountFundSchema);

export const BankAccountFundListSchema = z.array(BankAccountFundSchema);

/** `POST /v2/{code}/withdraw` (API 3.1): an amount out of the withdrawable funds to a saved fund. */
export const WithdrawBodySchema = z.object({
  amount: AmountInputSchema,
  fundId: z.string().max(100),
});
export type WithdrawBody = z.infer<typeof WithdrawBodySchema>;

/** `paying`: approved and handed to the payout; `failed`: the payout was refused, the money returned. */
export const WITHDRAWAL_STATUSES = [
  'requested',
  'approved',
  'paying',
  'paid',
  'rejected',
  'failed',
  'cancelled',
] as const;
export const WithdrawalStatusSchema = z.enum(WITHDRAWAL_STATUSES);
export type WithdrawalStatus = z.infer<typeof WithdrawalStatusSchema>;

/**
 * A step a withdrawal went through: requested, then approved (by rule or by an operator: `note`)
 * and paid; or rejected, not paid (`failed`) or cancelled.
 */
export const WithdrawalStepSchema = z.object({
  status: WithdrawalStatusSchema,
  date: IsoDateSchema,
  note: z.string().nullable(),
});
export type WithdrawalStep = z.infer<typeof WithdrawalStepSchema>;

/** A withdrawal (`GET /v2/withdrawals/{id}`, and the answer of a withdraw). */
export const WithdrawalSchema = z.object({
  id: z.string(),
  status: WithdrawalStatusSchema,
  amount: MoneySchema,
  methodCode: z.string(),
  fund: z.object({ id: z.string(), display: z.string() }),
  requestedAt: IsoDateSchema,
  /** Steps so far, oldest first. */
  timeline: z.array(WithdrawalStepSchema),
  /** Why it was rejected, or why the payout failed. */
  reason: z.string().nullable(),
  /** Who approved it: the auto-approval rule, an operator, or nobody yet. */
  approvedBy: z.enum(['rule', 'operator']).nullable(),
  /**
   * Where the money goes: card refunds first (closed loop), then the payout account, each with its
   * amount, status (`pending`, `paid`, `failed`) and expected arrival (null once ended without).
   */
  legs: z.array(
    z.object({
      kind: z.enum(['card', 'account']),
      display: z.string(),
      amount: MoneySchema,
      status: z.enum(['pending', 'paid', 'failed']),
      expectedArrival: z.object({ by: IsoDateSchema, text: z.string() }).nullable(),
    }),
  ),
});
export type Withdrawal = z.infer<typeof WithdrawalSchema>;

export const WithdrawalListSchema = z.array(WithdrawalSchema);
export type WithdrawalList = z.infer<typeof WithdrawalListSchema>;
