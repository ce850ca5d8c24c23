/**
 * `POST /v2/deposit_purchase`: a deposit then the purchase, in the purchase's transaction. The cart
 * is built and checked first, so the deposit is exactly what the balance leaves to pay. A deposit the
 * gateway confirms at once is posted and the purchase completes in the same transaction; one that
 * waits for the customer (3-D Secure, PayPal) answers its `redirect_url`, and the purchase completes
 * when payments reports the deposit posted. If it then cannot (the cart changed, a draw closed), the
 * money stays in the wallet and the deposit is marked `deposit_purchase_checkout_failure`.
 */
import { randomUUID } from 'node:crypto';
import type { DepositPurchaseResult } from '@drawhouse/contract';
import type { Transaction } from '@drawhouse/db';
import { formatMoney } from '@drawhouse/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors.ts';
import { eventId, ledgerQueries } from '../ledger/index.ts';
import type { CheckoutService } from './checkout.service.ts';
import { type CheckoutDeposit, paymentsPort } from './payments-port.ts';

export type DepositPurchaseInput = {
  customerId: string;
  useWallet: boolean;
  expectedTotalCents: number;
  deposit: {
    fundId?: string | undefined;
    wallet?: { code: 'ap' | 'gp'; walletToken: string } | undefined;
    amountCents: number;
    csc?: string | undefined;
    gateway?: string | undefined;
  } | null;
  idempotencyKey: string | null;
};

const depositAmountRefused = (message: string) =>
  new AppError(422, 'deposit_amount', message, { amount: [{ code: 'deposit_amount', message }] });

/** The checkout a deposit pays for: one per deposit, however often its success is reported. */
export const checkoutIdOfDeposit = (depositId: string) => eventId(`deposit:${depositId}:checkout`);

export function createDepositPurchase(app: FastifyInstance, service: CheckoutService) {
  const payments = paymentsPort(app.deps);

  /** Completes the purchase a checkout deposit was made for, once the deposit is posted. */
  async function completeAfterDeposit(tx: Transaction, deposit: CheckoutDeposit): Promise<string> {
    const { purpose } = deposit;
    const checkoutId = checkoutIdOfDeposit(deposit.id);
    // Savepoint: a refused purchase rolls back alone; the posted deposit stays in the wallet.
    await tx.transaction(async (inner) => {
      const prepared = await service.prepare(inner, deposit.customerId, purpose.expectedTotalCents);
      if (prepared.cartId !== purpose.cartId) {
        throw new AppError(
          409,
          'cart_changed',
          'The cart this deposit was made for has already been bought.',
        );
      }
      await service.complete(inner, prepared, {
        checkoutId,
        useWallet: purpose.useWallet ?? true,
        depositId: deposit.id,
      });
    });
    return checkoutId;
  }

  // Registered once per app; the same function registered again is kept once.
  payments.onCheckoutDepositSucceeded(completeAfterDeposit);

  return {
    async run(tx: Transaction, input: DepositPurchaseInput): Promise<DepositPurchaseResult> {
      const prepared = await service.prepare(tx, input.customerId, input.expectedTotalCents);
      const needed = service.depositNeeded(prepared, input.useWallet);
      if (!input.deposit) {
        if (needed > 0) {
          throw new AppError(
            422,
            'insufficient_funds',
            `Your balance is not enough to pay for this cart: ${formatMoney(needed)} more is needed. Please choose a card or another way to pay.`,
          );
        }
        const receipt = await service.complete(tx, prepared, {
          checkoutId: eventId(`deposit_purchase:${input.customerId}:${input.idempotencyKey ?? randomUUID()}`),
          useWallet: input.useWallet,
          depositId: null,
        });
        return { checkoutId: receipt.checkoutId, receipt };
      }
      if (needed === 0) {
        throw depositAmountRefused('Your balance already pays for this cart: no deposit is needed.');
      }
      if (input.deposit.amountCents !== needed) {
        throw depositAmountRefused(
          `The deposit must be ${formatMoney(needed)}: what your balance leaves to pay for this cart.`,
        );
      }
      const started = await payments.startDeposit(tx, {
        customerId: input.customerId,
        fundId: input.deposit.fundId,
        wallet: input.deposit.wallet,
        amountCents: input.deposit.amountCents,
        csc: input.deposit.csc,
        gateway: input.deposit.gateway,
        purpose: {
          kind: 'checkout',
          cartId: prepared.cartId,
          idempotencyKey: input.idempotencyKey ?? '',
          expectedTotalCents: input.expectedTotalCents,
          useWallet: input.useWallet,
        },
      });
      if (!started.succeeded) {
        if (!started.redirectUrl) {
          throw new Error(`deposit ${started.id} waits for the customer without a redirect_url`);
        }
        return { deposit: { id: started.id, redirectUrl: started.redirectUrl } };
      }
      // The deposit is posted: the customer's accounts hold it now.
      prepared.accounts = await ledgerQueries(tx).lockCustomer(input.customerId);
      const receipt = await service.complete(tx, prepared, {
        checkoutId: checkoutIdOfDeposit(started.id),
        useWallet: input.useWallet,
        depositId: started.id,
      });
      return { checkoutId: receipt.checkoutId, receipt };
    },
  };
}
