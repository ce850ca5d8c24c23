/**
 * BPAY and direct deposits: the customer is given the reference to quote, and the money is credited
 * when the operator reconciles the bank statement's line (once per bank transaction). A
 * reconciliation by a known operator (the back office, or the command line with a token) writes its
 * audit row, `deposit.reconciled`, in the crediting transaction.
 */
import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '@drawhouse/db';
import { AppError } from '../../http/errors.ts';
import { eventId, ledgerQueries } from '../ledger/index.ts';
import { type Actor, recordAudit } from '../operators/index.ts';
import { assertDepositAmount, creditWallet, type DepositsDeps, depositEnded } from './deposit-basics.ts';
import { bankReference, depositMethod } from './payment-methods.ts';
import { type DepositRow, paymentsRepository } from './payments.repository.ts';

export function createBankDeposits(deps: Pick<DepositsDeps, 'db' | 'now'>) {
  const { db } = deps;
  return {
    /**
     * A BPAY or direct deposit the customer is about to make: a deposit awaiting reconciliation with
     * the reference to quote (the customer's own, always the same).
     */
    async startBankDeposit(
      tx: DbOrTx,
      input: { customerId: string; code: 'bp' | 'dd'; amountCents: number },
    ): Promise<DepositRow> {
      const method = depositMethod(input.code);
      assertDepositAmount(method, input.amountCents);
      const now = deps.now();
      return paymentsRepository(tx).insertDeposit({
        id: randomUUID(),
        customerId: input.customerId,
        fundId: null,
        methodCode: input.code,
        gateway: input.code === 'bp' ? 'bpay' : 'bank',
        amountCents: input.amountCents,
        status: 'awaiting_reconciliation',
        customerReference: bankReference(input.customerId),
        purpose: { kind: 'top_up' },
        createdAt: now,
        updatedAt: now,
      });
    },

    /**
     * Credits a BPAY or bank payment seen on the bank statement (the operator's reconciliation). The
     * bank's transaction id makes it once only: reconciling the same line again changes nothing.
     */
    async reconcileBankDeposit(
      input: {
        code: 'bp' | 'dd';
        reference: string;
        amountCents: number;
        bankTransactionId: string;
      },
      actor?: Actor,
    ): Promise<
      | { result: 'credited'; deposit: DepositRow }
      | { result: 'already_reconciled' }
      | { result: 'unknown_reference' }
    > {
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
        throw new AppError(400, 'invalid_amount', 'The amount must be a positive number of cents.');
      }
      return db.transaction(async (tx) => {
        const repo = paymentsRepository(tx);
        const ledger = ledgerQueries(tx);
        const line = `bank:${input.code}:${input.bankTransactionId}`;
        const gatewayName = input.code === 'bp' ? 'bpay' : 'bank';
        await repo.lockKey(line);
        if (await repo.depositByGatewayReference(gatewayName, input.bankTransactionId)) {
          return { result: 'already_reconciled' as const };
        }
        const customerId = await repo.customerOfReference(input.code, input.reference);
        if (!customerId) return { result: 'unknown_reference' as const };
        await ledger.lockCustomer(customerId);
        const now = deps.now();
        const waiting = await repo.awaitingReconciliation(input.code, input.reference, input.amountCents);
        const deposit = waiting
          ? await repo.updateDeposit(
              waiting.id,
              { status: 'succeeded', gatewayReference: input.bankTransactionId },
              now,
            )
          : await repo.insertDeposit({
              id: eventId(line),
              customerId,
              fundId: null,
              methodCode: input.code,
              gateway: gatewayName,
              amountCents: input.amountCents,
              status: 'succeeded',
              gatewayReference: input.bankTransactionId,
              customerReference: input.reference,
              purpose: { kind: 'top_up' },
              createdAt: now,
              updatedAt: now,
            });
        await creditWallet(tx, deposit, `${depositMethod(input.code).name} deposit`, 'post');
        await depositEnded(tx, deposit);
        if (actor) {
          await recordAudit(tx, actor, {
            action: 'deposit.reconciled',
            targetType: 'deposit',
            targetId: deposit.id,
            before: waiting ? { status: waiting.status, amountCents: waiting.amountCents } : null,
            after: {
              status: deposit.status,
              amountCents: deposit.amountCents,
              customerId,
              method: input.code,
              reference: input.reference,
              bankTransactionId: input.bankTransactionId,
            },
          });
        }
        return { result: 'credited' as const, deposit };
      });
    },
  };
}
