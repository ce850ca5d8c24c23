/**
 * `POST /v2/deposit_purchase`: a deposit then the purchase. The cart is built and checked first, so
 * the deposit is exactly what the balance leaves to pay; the deposit is made `charging` in that
 * transaction, the card charged once it commits, and the answer applied in a second (ADR 049). A
 * deposit the gateway confirms at once is posted and the purchase completes in that second
 * transaction, as payments' listener completes it after a wait (3-D Secure, PayPal: the call answers
 * its `redirect_url`). If it then cannot (the cart changed, a draw closed), the money stays in the
 * wallet and the deposit is marked `deposit_purchase_checkout_failure` (answered 409 at once).
 */
import { randomUUID } from 'node:crypto';
import type { DepositPurchaseResult } from '@drawhouse/contract';
import type { DbOrTx, Transaction } from '@drawhouse/db';
import { formatMoney } from '@drawhouse/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors.ts';
import { eventId } from '../ledger/index.ts';
import type { CheckoutService } from './checkout.service.ts';
import {
  type ChargedDeposit,
  type CheckoutDeposit,
  type CheckoutPurpose,
  paymentsPort,
  type StartedDeposit,
} from './payments-port.ts';

export type DepositPurchaseInput = {
  customerId: string;
  useWallet: boolean;
  /** The amount due the customer was shown; undefined: not checked (the deposit's amount agrees). */
  expectedTotalCents: number | undefined;
  /** Where the request came from (the route locates it): the guard refuses buying from some places. */
  locatedCountry: string | null;
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

/**
 * Completes the purchase a checkout deposit was made for, once the deposit is posted (a partner
 * purchase's deposit is completed by partners). Registered once per app, by the checkout module.
 */
export function completeCheckoutDeposits(app: FastifyInstance, service: CheckoutService): void {
  paymentsPort(app.deps).onCheckoutDepositSucceeded(async (tx: Transaction, deposit: CheckoutDeposit) => {
    const { purpose } = deposit;
    if (purpose.partner) return undefined;
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
  });
}

export function createDepositPurchase(app: FastifyInstance, service: CheckoutService) {
  const payments = paymentsPort(app.deps);

  /**
   * The customer's open cart checked and the deposit held against what the balance leaves to pay:
   * what the deposit is for (the amount due agreed to, `expected_total` or, without it, the amount
   * due now).
   */
  async function purposeOf(
    tx: DbOrTx,
    input: DepositPurchaseInput,
    deposit: NonNullable<DepositPurchaseInput['deposit']>,
  ): Promise<CheckoutPurpose> {
    const prepared = await service.prepare(tx, input.customerId, input.expectedTotalCents, {
      locatedCountry: input.locatedCountry,
    });
    const needed = service.depositNeeded(prepared, input.useWallet);
    if (needed === 0) {
      throw depositAmountRefused('Your balance already pays for this cart: no deposit is needed.');
    }
    if (deposit.amountCents !== needed) {
      throw depositAmountRefused(
        `The deposit must be ${formatMoney(needed)}: what your balance leaves to pay for this cart.`,
      );
    }
    return {
      kind: 'checkout',
      cartId: prepared.cartId,
      idempotencyKey: input.idempotencyKey ?? '',
      expectedTotalCents: input.expectedTotalCents ?? prepared.dueCents,
      useWallet: input.useWallet,
    };
  }

  /** Makes the deposit `charging` for `purpose`, holding its amount. */
  const start = (
    tx: Transaction,
    input: DepositPurchaseInput,
    deposit: NonNullable<DepositPurchaseInput['deposit']>,
    purpose: CheckoutPurpose,
  ): Promise<StartedDeposit> =>
    payments.startDeposit(tx, {
      customerId: input.customerId,
      fundId: deposit.fundId,
      wallet: deposit.wallet,
      amountCents: deposit.amountCents,
      csc: deposit.csc,
      gateway: deposit.gateway,
      purpose,
    });

  return {
    /** Without a deposit: the balance pays all of the amount due, in one transaction. */
    async fromBalance(tx: Transaction, input: DepositPurchaseInput): Promise<DepositPurchaseResult> {
      const prepared = await service.prepare(tx, input.customerId, input.expectedTotalCents, {
        locatedCountry: input.locatedCountry,
      });
      const needed = service.depositNeeded(prepared, input.useWallet);
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
    },

    purposeOf,
    start,

    /** With a deposit, the purchase's first transaction: the cart checked, the deposit made `charging`. */
    prepare: async (
      tx: Transaction,
      input: DepositPurchaseInput,
      deposit: NonNullable<DepositPurchaseInput['deposit']>,
    ): Promise<StartedDeposit> => start(tx, input, deposit, await purposeOf(tx, input, deposit)),

    /** The deposit's charge, with no transaction open. */
    charge: (started: StartedDeposit): Promise<ChargedDeposit> => payments.chargeDeposit(started),

    /**
     * The purchase's second transaction: the charge's answer applied. Posted, the purchase completed
     * in this transaction (its receipt); waiting, its `redirect_url`; declined, the 402 refusing it;
     * posted but the purchase refused, a 409 with why (the money stays in the wallet).
     */
    async finish(
      tx: Transaction,
      customerId: string,
      charged: ChargedDeposit,
    ): Promise<DepositPurchaseResult | AppError> {
      const applied = await payments.applyCharge(tx, charged);
      if (applied instanceof AppError) return applied;
      if ('redirectUrl' in applied) return { deposit: { id: applied.id, redirectUrl: applied.redirectUrl } };
      if ('failure' in applied) return new AppError(409, applied.failure.code, applied.failure.message);
      const receipt = await service.receipt(tx, customerId, applied.checkoutId);
      return { checkoutId: receipt.checkoutId, receipt };
    },
  };
}
