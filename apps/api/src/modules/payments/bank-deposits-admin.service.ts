/**
 * The finance role's side of BPAY and bank transfer deposits (docs/api/back-office-finance.md): the
 * deposits customers announced that wait for their bank statement line, and the reconciliation of a
 * line, credited once per bank transaction and audited as the signed-in operator.
 */
import type { AdminBankDepositPage, ReconcileDepositBody, ReconcileDepositResult } from '@drawhouse/contract';
import type { Database } from '@drawhouse/db';
import { centsToMoney, checkAmountInput } from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { fieldErrors, validationError } from '../../http/validation.ts';
import type { Actor } from '../operators/index.ts';
import { paymentsRepository } from './payments.repository.ts';
import type { PaymentsServices } from './payments.services.ts';

export function bankDepositsAdmin(db: Database, payments: Pick<PaymentsServices, 'deposits'>) {
  return {
    async page(page: number, limit: number): Promise<AdminBankDepositPage> {
      const found = await paymentsRepository(db).awaitingReconciliationPage(limit, (page - 1) * limit);
      return {
        deposits: found.rows.map(({ deposit, email, name }) => ({
          id: deposit.id,
          method: deposit.methodCode === 'bp' ? 'bp' : 'dd',
          amount: centsToMoney(deposit.amountCents),
          reference: deposit.customerReference ?? '',
          customer: { id: deposit.customerId, email, name },
          createdAt: deposit.createdAt.toISOString(),
        })),
        page,
        limit,
        total: found.total,
      };
    },

    async reconcile(body: ReconcileDepositBody, actor: Actor): Promise<ReconcileDepositResult> {
      const amount = checkAmountInput(body.amount);
      const reference = body.reference.trim();
      const bankTransactionId = body.bankTransactionId.trim();
      const errors: [string, string, string?][] = [];
      if (!amount.ok) errors.push(['amount', amount.message, amount.code]);
      if (reference === '') errors.push(['reference', 'Type the reference the customer quoted.', 'required']);
      if (bankTransactionId === '') {
        errors.push(['bank_transaction_id', "Type the bank statement line's transaction id.", 'required']);
      }
      if (!amount.ok || errors.length > 0) throw validationError(fieldErrors(errors));
      const out = await payments.deposits.reconcileBankDeposit(
        { code: body.method, reference, amountCents: amount.cents, bankTransactionId },
        actor,
      );
      if (out.result === 'unknown_reference') {
        throw new AppError(
          404,
          'unknown_reference',
          `No customer quotes the ${body.method === 'bp' ? 'BPAY' : 'bank transfer'} reference ${reference}: nothing was credited.`,
        );
      }
      if (out.result === 'already_reconciled') {
        return {
          result: 'already_reconciled',
          depositId: null,
          customer: null,
          amount: centsToMoney(amount.cents),
        };
      }
      const customer = await paymentsRepository(db).customerRef(out.deposit.customerId);
      return {
        result: 'credited',
        depositId: out.deposit.id,
        customer: customer ?? null,
        amount: centsToMoney(out.deposit.amountCents),
      };
    },
  };
}
