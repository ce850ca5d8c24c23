/**
 * The finance role's back office calls under /admin (docs/api/back-office-finance.md): the
 * withdrawals queue and its decisions (two operators over the second-approval limit), the BPAY and
 * bank transfer deposits waiting for the bank statement and their reconciliation, and the ledger
 * check. Each decision acts as the signed-in operator and is written to the audit log.
 */
import { z } from 'zod';
import { IsoDateSchema, MoneySchema } from './money.ts';
import {
  AmountInputSchema,
  WITHDRAWAL_STATUSES,
  WithdrawalSchema,
  WithdrawalStatusSchema,
} from './wallet.ts';

const PageQuery = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
};

/** GET /admin/withdrawals: by status (default: awaiting a decision), customer email containing `email`. */
export const AdminWithdrawalQuerySchema = z.object({
  status: z.enum([...WITHDRAWAL_STATUSES, 'all']).default('requested'),
  email: z.string().max(254).optional(),
  ...PageQuery,
});
export type AdminWithdrawalQuery = z.infer<typeof AdminWithdrawalQuerySchema>;

const CustomerRefSchema = z.object({ id: z.string(), email: z.string(), name: z.string() });

/** A withdrawal in the queue. */
export const AdminWithdrawalSummarySchema = z.object({
  id: z.string(),
  status: WithdrawalStatusSchema,
  amount: MoneySchema,
  customer: CustomerRefSchema,
  /** The payout account, as its customer sees it. */
  fund: z.string(),
  requestedAt: IsoDateSchema,
  /** Who decided it (approved, rejected), once decided by an operator. */
  operator: z.string().nullable(),
  /** Over the second-approval limit: it is paid once two different operators approve it. */
  secondApprovalNeeded: z.boolean(),
  /** The first approval of one over the limit, waiting for a second operator. */
  firstApprovedBy: z.string().nullable(),
  firstApprovedAt: IsoDateSchema.nullable(),
});
export type AdminWithdrawalSummary = z.infer<typeof AdminWithdrawalSummarySchema>;

export const AdminWithdrawalPageSchema = z.object({
  withdrawals: z.array(AdminWithdrawalSummarySchema),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  /** Withdrawals above this need two operators' approvals. */
  secondApprovalLimit: MoneySchema,
});
export type AdminWithdrawalPage = z.infer<typeof AdminWithdrawalPageSchema>;

/** GET /admin/withdrawals/{id}, and the answer of a decision: the queue's line and the customer's view. */
export const AdminWithdrawalSchema = AdminWithdrawalSummarySchema.extend({
  /** The withdrawal exactly as its customer reads it (timeline, reason, where the money goes). */
  customerView: WithdrawalSchema,
});
export type AdminWithdrawal = z.infer<typeof AdminWithdrawalSchema>;

/** POST /admin/withdrawals/{id}/reject: the reason its customer reads. */
export const RejectWithdrawalBodySchema = z.object({ reason: z.string().max(500) });
export type RejectWithdrawalBody = z.infer<typeof RejectWithdrawalBodySchema>;

/** A BPAY or bank transfer deposit the customer announced, waiting for its line on the bank statement. */
export const AdminBankDepositSchema = z.object({
  id: z.string(),
  method: z.enum(['bp', 'dd']),
  amount: MoneySchema,
  reference: z.string(),
  customer: CustomerRefSchema,
  createdAt: IsoDateSchema,
});
export type AdminBankDeposit = z.infer<typeof AdminBankDepositSchema>;

export const AdminBankDepositQuerySchema = z.object(PageQuery);

export const AdminBankDepositPageSchema = z.object({
  deposits: z.array(AdminBankDepositSchema),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
});
export type AdminBankDepositPage = z.infer<typeof AdminBankDepositPageSchema>;

/** POST /admin/deposits/reconcile: a line of the bank statement; its transaction id makes it once only. */
export const ReconcileDepositBodySchema = z.object({
  method: z.enum(['bp', 'dd']),
  reference: z.string().max(40),
  amount: AmountInputSchema,
  bankTransactionId: z.string().max(100),
});
export type ReconcileDepositBody = z.infer<typeof ReconcileDepositBodySchema>;

export const ReconcileDepositResultSchema = z.object({
  /** `credited` now, or `already_reconciled` (this bank line was credited before: nothing changed). */
  result: z.enum(['credited', 'already_reconciled']),
  depositId: z.string().nullable(),
  customer: CustomerRefSchema.nullable(),
  amount: MoneySchema,
});
export type ReconcileDepositResult = z.infer<typeof ReconcileDepositResultSchema>;

/** GET /admin/ledger/check: each rule of the ledger's reconciliation, and the rows that break it. */
export const LedgerCheckReportSchema = z.object({
  passed: z.boolean(),
  checkedAt: IsoDateSchema,
  checks: z.array(
    z.object({
      rule: z.string(),
      passed: z.boolean(),
      failures: z.number(),
      /** Up to 20 of the rows that break the rule. */
      examples: z.array(z.record(z.string(), z.unknown())),
    }),
  ),
  counts: z.object({
    transfers: z.number(),
    accounts: z.number(),
    checkouts: z.number(),
    keys: z.number(),
  }),
});
export type LedgerCheckReport = z.infer<typeof LedgerCheckReportSchema>;
