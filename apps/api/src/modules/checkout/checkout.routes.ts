/**
 * Checkout calls under /v2 (docs/api/checkout.md): buying the cart from the balance, a deposit then
 * the purchase, the receipt. Money-moving calls take an `Idempotency-Key`.
 */
import {
  CartPurchaseBodySchema,
  DepositPurchaseBodySchema,
  DepositPurchaseResultSchema,
  PurchaseResultSchema,
  ReceiptSchema,
} from '@drawhouse/contract';
import { checkAmountInput } from '@drawhouse/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, failures, ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { createIdempotency, keyClaimOf, type Phases } from '../../http/idempotency.ts';
import { customerAuth, locatedCountryOf, signedIn } from '../accounts/index.ts';
import { createCartPurchase } from './checkout.purchase.ts';
import { createCheckoutService, refusalChangesCart } from './checkout.service.ts';
import { completeCheckoutDeposits, createDepositPurchase } from './deposit-purchase.ts';
import { paymentsPort } from './payments-port.ts';

const CheckoutParamsSchema = z.object({ checkoutID: z.string().max(100) });

/** Cents of an amount field, or 422 `validation_error` naming the field with the amount rule's message. */
export function amountField(field: string, amount: number, minCents: number): number {
  const check = checkAmountInput(amount, { minCents });
  if (!check.ok) {
    throw new AppError(422, 'validation_error', check.message, {
      [field]: [{ code: check.code, message: check.message }],
    });
  }
  return check.cents;
}

export const checkoutModule: FastifyPluginAsyncZod = async (app) => {
  const now = () => app.deps.now?.() ?? new Date();
  const service = createCheckoutService(now);
  const idempotency = createIdempotency(app.deps.db, now);
  const depositPurchase = createDepositPurchase(app, service);
  completeCheckoutDeposits(app, service);
  const cartPurchase = createCartPurchase(app.deps.db, service, now);
  const payments = paymentsPort(app.deps);
  const { authenticate } = customerAuth(app);
  // Where the request comes from: the purchase's guard refuses buying from some places (ADR 079, 085).
  const locate = locatedCountryOf(app);
  const tags = ['checkout'];

  /**
   * What a refused purchase leaves besides its answer: items it found no longer for sale are taken
   * out of the cart (in a transaction of their own), as a build would; a card declined for a deposit
   * is forgotten.
   */
  async function afterRefusal(request: FastifyRequest, customerId: string, error: unknown): Promise<never> {
    if (refusalChangesCart(error)) {
      await app.deps.db.transaction((tx) => service.keepRemovals(tx, customerId));
    }
    const body = request.body as { deposit?: { fundId?: unknown } | null } | undefined;
    const fundId = body?.deposit?.fundId;
    if (error instanceof AppError && error.status === 402 && typeof fundId === 'string') {
      await payments.forgetDeclinedCard(customerId, fundId);
    }
    throw error;
  }

  /** Runs a purchase once per Idempotency-Key in one transaction (`idempotency.run`). */
  async function purchaseOnce<T>(
    request: FastifyRequest,
    customerId: string,
    work: Parameters<typeof idempotency.run<T>>[2],
  ) {
    try {
      return await idempotency.run(request, `customer:${customerId}`, work);
    } catch (error) {
      return afterRefusal(request, customerId, error);
    }
  }

  /** A deposit then the purchase, the card charged between two transactions (ADR 049). */
  async function purchaseInPhases<P, M, T>(
    request: FastifyRequest,
    customerId: string,
    phases: Phases<P, M, T>,
  ) {
    try {
      return await idempotency.runInPhases(request, `customer:${customerId}`, phases);
    } catch (error) {
      return afterRefusal(request, customerId, error);
    }
  }

  app.post(
    '/cart/purchase',
    {
      config: { minVersion: '3.3' },
      schema: {
        tags,
        body: CartPurchaseBodySchema,
        response: { 200: envelope(PurchaseResultSchema), ...failures(403, 409, 422) },
      },
      preValidation: authenticate,
    },
    async (request) => {
      const { customer } = signedIn(request);
      const expectedTotalCents = amountField('expected_total', request.body.expectedTotal.amount, 0);
      try {
        const claim = keyClaimOf(request, `customer:${customer.id}`);
        return ok(
          await cartPurchase(claim, customer.id, {
            useWallet: request.body.useWallet,
            expectedTotalCents,
            locatedCountry: await locate(request),
          }),
        );
      } catch (error) {
        return afterRefusal(request, customer.id, error);
      }
    },
  );

  app.post(
    '/deposit_purchase',
    {
      config: { minVersion: '3.3' },
      schema: {
        tags,
        body: DepositPurchaseBodySchema,
        response: { 200: envelope(DepositPurchaseResultSchema), ...failures(402, 403, 404, 409, 422, 429) },
      },
      preValidation: authenticate,
    },
    async (request) => {
      const { customer } = signedIn(request);
      const { deposit, purchase } = request.body;
      const expectedTotalCents = amountField('expected_total', purchase.expectedTotal.amount, 0);
      const depositCents = deposit ? amountField('amount', deposit.amount.amount, 1) : 0;
      const input = {
        customerId: customer.id,
        useWallet: purchase.useWallet,
        expectedTotalCents,
        deposit: deposit ? { ...deposit, amountCents: depositCents } : null,
        idempotencyKey: request.headers['idempotency-key']?.toString() ?? null,
        locatedCountry: await locate(request),
      };
      if (!input.deposit) {
        const paid = await purchaseOnce(request, customer.id, async (tx) => ({
          status: 200,
          result: await depositPurchase.fromBalance(tx, input),
        }));
        return ok(paid.result);
      }
      const card = input.deposit;
      const answer = await purchaseInPhases(request, customer.id, {
        prepare: (tx) => depositPurchase.prepare(tx, input, card),
        outside: (started) => depositPurchase.charge(started),
        finish: async (tx, charged) => {
          const result = await depositPurchase.finish(tx, customer.id, charged);
          return result instanceof AppError ? result : { status: 200, result };
        },
      });
      return ok(answer.result);
    },
  );

  app.get(
    '/checkout/:checkoutID',
    {
      config: { minVersion: '3.4' },
      schema: {
        tags,
        params: CheckoutParamsSchema,
        response: { 200: envelope(ReceiptSchema), ...failures(404) },
      },
      preValidation: authenticate,
    },
    async (request) =>
      ok(await service.receipt(app.deps.db, signedIn(request).customer.id, request.params.checkoutID)),
  );
};
