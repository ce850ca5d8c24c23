/**
 * Ending a deposit that waited for the customer (a 3-D Secure challenge, a PayPal approval), exactly
 * once (ADR 020): its pending transfer posted or voided under the customer's lock and the deposit's
 * row lock, a checkout's listeners told of a success in the same transaction, and how it ended
 * written to the outbox. One abandoned for longer than the timeout is expired by a job.
 */
import type { Transaction } from '@drawhouse/db';
import { DEPOSIT_FAILED_MESSAGE, DEPOSIT_PURCHASE_CHECKOUT_FAILURE } from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { ledgerQueries } from '../ledger/index.ts';
import {
  CANCELLED_MESSAGE,
  type CheckoutDepositListener,
  type CheckoutDepositRow,
  type DepositEnd,
  type DepositsDeps,
  depositEnded,
  EXPIRED_MESSAGE,
} from './deposit-basics.ts';
import { DECLINE_MESSAGES } from './gateways/gateway.ts';
import {
  AWAITING_CUSTOMER,
  type DepositRow,
  type PaymentsRepository,
  paymentsRepository,
} from './payments.repository.ts';

const isCheckoutDeposit = (row: DepositRow): row is CheckoutDepositRow => row.purpose.kind === 'checkout';

export function createDepositFinish(deps: DepositsDeps) {
  const { db, gateway } = deps;
  const listeners = new Set<CheckoutDepositListener>();

  async function notifyCheckout(tx: Transaction, deposit: CheckoutDepositRow): Promise<DepositRow> {
    let row: DepositRow = deposit;
    const repo = paymentsRepository(tx);
    const record = async (change: Parameters<PaymentsRepository['updateDeposit']>[1]) => {
      row = await repo.updateDeposit(row.id, change, deps.now());
    };
    for (const listener of listeners) {
      try {
        const out = await tx.transaction((savepoint) => listener(savepoint, deposit));
        if (out?.checkoutId) await record({ checkoutId: out.checkoutId });
        if (out?.failure)
          await record({ failureCode: out.failure.code, failureMessage: out.failure.message });
      } catch (error) {
        // The money stays in the wallet; the deposit says its purchase failed.
        if (!(error instanceof AppError)) {
          deps.log?.error({ err: error, depositId: row.id }, 'checkout after deposit failed');
        }
        await record({
          failureCode: DEPOSIT_PURCHASE_CHECKOUT_FAILURE,
          failureMessage: error instanceof AppError ? error.message : DEPOSIT_FAILED_MESSAGE,
        });
      }
    }
    return row;
  }

  /**
   * Ends a held deposit in the caller's transaction, under the customer's lock and the deposit's row
   * lock (the caller checked it still waits): its pending transfer posted or voided, a checkout's
   * listeners told of a success, and the end written to the outbox.
   */
  async function endDeposit(tx: Transaction, deposit: DepositRow, end: DepositEnd): Promise<DepositRow> {
    if (!deposit.pendingTransferId) throw new Error(`deposit ${deposit.id} holds nothing`);
    const repo = paymentsRepository(tx);
    const now = deps.now();
    if (end.status === 'succeeded') {
      await ledgerQueries(tx).settle(deposit.pendingTransferId, 'post');
      const posted = await repo.updateDeposit(deposit.id, { status: 'succeeded' }, now);
      const row = isCheckoutDeposit(posted) ? await notifyCheckout(tx, posted) : posted;
      await depositEnded(tx, row);
      return row;
    }
    await ledgerQueries(tx).settle(deposit.pendingTransferId, 'void');
    const ended = await repo.updateDeposit(
      deposit.id,
      { status: end.status, failureCode: end.code, failureMessage: end.message },
      now,
    );
    await depositEnded(tx, ended);
    return ended;
  }

  /**
   * Ends a deposit that waited for the customer, exactly once: `decide` runs only while it still
   * waits (under the customer's lock and the deposit's row lock); the pending transfer is posted
   * or voided by what it answers, a checkout's listeners hear of a success, and the end is written
   * to the outbox. A deposit that already ended is answered as it is.
   */
  async function finishDeposit(
    depositId: string,
    decide: (tx: Transaction, deposit: DepositRow) => Promise<DepositEnd | null>,
  ): Promise<DepositRow | undefined> {
    return db.transaction(async (tx) => {
      const repo = paymentsRepository(tx);
      const first = await repo.deposit(depositId);
      if (!first) return undefined;
      await ledgerQueries(tx).lockCustomer(first.customerId);
      const deposit = await repo.lockDeposit(depositId);
      if (!deposit || !AWAITING_CUSTOMER.includes(deposit.status) || !deposit.pendingTransferId)
        return deposit;
      const end = await decide(tx, deposit);
      if (!end) return deposit;
      const ended = await endDeposit(tx, deposit, end);
      // A card whose first payment the issuer declined (its 3-D Secure check failed) is not kept.
      if (end.status === 'declined' && deposit.fundId) {
        await repo.removeUnpaidCard(deposit.customerId, deposit.fundId, deps.now());
      }
      return ended;
    });
  }

  return {
    /**
     * Registers the code that completes a checkout once its deposit succeeds after a challenge or an
     * approval. Called inside the transaction that posts the deposit (in a savepoint: a listener that
     * throws leaves the deposit posted, marked `deposit_purchase_checkout_failure`). Registering the
     * same function again keeps one.
     */
    onCheckoutDepositSucceeded(listener: CheckoutDepositListener): void {
      listeners.add(listener);
    },

    finishDeposit,

    endDeposit,

    /** The end of a challenge as the gateway decides it from what the customer's browser reported. */
    async finishChallenge(depositId: string, passed: boolean): Promise<DepositRow | undefined> {
      return finishDeposit(depositId, async (tx, deposit) => {
        if (deposit.status !== 'awaiting_challenge') return null;
        const result = await gateway.challengeResult(paymentsRepository(tx), deposit, passed);
        if (result.outcome === 'pending') return null;
        if (result.outcome === 'succeeded') return { status: 'succeeded' };
        return { status: 'declined', code: result.code, message: DECLINE_MESSAGES[result.code] };
      });
    },

    /** The sandbox PayPal approval page's answer. */
    async finishApproval(depositId: string, approved: boolean): Promise<DepositRow | undefined> {
      return finishDeposit(depositId, async (_tx, deposit) => {
        if (deposit.status !== 'awaiting_approval') return null;
        return approved
          ? { status: 'succeeded' }
          : { status: 'cancelled', code: 'cancelled', message: CANCELLED_MESSAGE };
      });
    },

    /**
     * Voids deposits abandoned at a challenge or an approval for longer than the timeout (the job
     * runs it every minute). Answers how many expired.
     */
    async expireAbandoned(now: Date = deps.now(), batch = 100): Promise<number> {
      const before = new Date(now.getTime() - deps.challengeTimeoutMinutes * 60_000);
      const abandoned = await paymentsRepository(db).abandonedDeposits(before, batch);
      let expired = 0;
      for (const candidate of abandoned) {
        const row = await finishDeposit(candidate.id, async () => ({
          status: 'expired',
          code: 'expired',
          message: EXPIRED_MESSAGE,
        }));
        if (row?.status === 'expired') {
          expired += 1;
          try {
            if (row.gateway === gateway.key) await gateway.cancel(row);
          } catch (error) {
            deps.log?.error({ err: error, depositId: row.id }, 'gateway cancel of an expired deposit failed');
          }
        }
      }
      return expired;
    },
  };
}
