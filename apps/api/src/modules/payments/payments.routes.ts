/**
 * Payment calls under /v2 (docs/api/payments.md): payment methods, funds, card gateways, deposits by
 * saved card (3-D Secure), PayPal, Apple Pay, Google Pay, BPAY and direct deposit. Every deposit
 * takes an `Idempotency-Key`.
 */
import {
  BankDepositRequestSchema,
  CardGatewaysSchema,
  DepositRequestSchema,
  DepositSchema,
  EmptyResultSchema,
  FundSchema,
  GatewayFundsSchema,
  PaymentMethodListSchema,
  PaymentMethodsQuerySchema,
  PayPalDepositRequestSchema,
  SaveCardRequestSchema,
  StripeSetupSchema,
  WalletDepositRequestSchema,
} from '@drawhouse/contract';
import type { Transaction } from '@drawhouse/db';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, failures, ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { createIdempotency } from '../../http/idempotency.ts';
import { customerAuth, signedIn } from '../accounts/index.ts';
import { readDepositAmount, type StartDepositInput } from './deposits.service.ts';
import { depositMethod, parseMethodFilter } from './payment-methods.ts';
import { paymentsRepository } from './payments.repository.ts';
import type { PaymentsServices } from './payments.services.ts';

const IdParamsSchema = z.object({ id: z.string().max(64) });
const GatewayParamsSchema = z.object({ gateway: z.string().max(40) });

export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsServices }> = async (
  app,
  { payments },
) => {
  const { db } = app.deps;
  const { authenticate, requireStepUp } = customerAuth(app);
  const idempotency = createIdempotency(db, payments.now);
  const { funds } = payments;
  const tags = ['payments'];
  const depositAnswer = { 201: envelope(DepositSchema), ...failures(402, 404, 409, 422, 429) };

  /**
   * Runs a deposit once per Idempotency-Key and answers the deposit (a decline is a 402 and the
   * declined deposit is kept; a card declined before it ever paid is not kept).
   */
  async function depositCall(
    request: FastifyRequest,
    start: (tx: Transaction, customerId: string) => Promise<StartDepositInput>,
  ) {
    const customerId = signedIn(request).customer.id;
    let cardId: string | undefined;
    try {
      return await startedDeposit(request, customerId, async (tx) => {
        const input = await start(tx, customerId);
        cardId = input.fundId;
        return input;
      });
    } catch (error) {
      if (error instanceof AppError && error.status === 402 && cardId) {
        await funds.forgetDeclinedCard(customerId, cardId);
      }
      throw error;
    }
  }

  /**
   * The deposit made and held in one transaction, the card charged with none open, its answer
   * applied in a second that keeps the key's answer (ADR 049).
   */
  function startedDeposit(
    request: FastifyRequest,
    customerId: string,
    start: (tx: Transaction) => Promise<StartDepositInput>,
  ) {
    return idempotency.runInPhases(request, `customer:${customerId}`, {
      prepare: async (tx) => payments.startDeposit(tx, await start(tx)),
      outside: (started) => payments.chargeDeposit(started),
      finish: async (tx, charged) => {
        const ended = await payments.applyCharge(tx, charged);
        if (ended.outcome === 'declined') {
          return (
            ended.refusal ??
            new AppError(402, ended.code ?? 'card_declined', ended.message ?? 'The payment was declined.')
          );
        }
        return {
          status: 201,
          result: await funds.deposit(tx, customerId, ended.deposit.id, ended.redirectUrl),
        };
      },
    });
  }

  app.get(
    '/payment_methods',
    {
      config: { minVersion: '3.2' },
      schema: {
        tags,
        querystring: PaymentMethodsQuerySchema,
        response: { 200: envelope(PaymentMethodListSchema) },
      },
      preValidation: authenticate,
    },
    async (request) =>
      ok(await funds.paymentMethods(signedIn(request).customer.id, parseMethodFilter(request.query.filter))),
  );

  app.get(
    '/funds/card_gateways',
    { schema: { tags, response: { 200: envelope(CardGatewaysSchema) } } },
    async () => ok(funds.cardGateways()),
  );

  app.get(
    '/funds/:gateway',
    {
      schema: { tags, params: GatewayParamsSchema, response: { 200: envelope(GatewayFundsSchema) } },
      preValidation: authenticate,
    },
    async (request) => ok(await funds.gatewayFunds(signedIn(request).customer.id, request.params.gateway)),
  );

  app.post(
    '/funds/cc/:gateway',
    {
      schema: {
        tags,
        params: GatewayParamsSchema,
        body: SaveCardRequestSchema,
        response: { 201: envelope(FundSchema), ...failures(404) },
      },
      preValidation: authenticate,
    },
    async (request, reply) => {
      const fund = await funds.saveCard(
        signedIn(request).customer.id,
        request.params.gateway,
        request.body.token,
        request.body.makeDefault ?? false,
      );
      return reply.status(201).send(ok(fund));
    },
  );

  app.post(
    '/funds/:id/default',
    {
      schema: { tags, params: IdParamsSchema, response: { 200: envelope(FundSchema), ...failures(404) } },
      preValidation: authenticate,
    },
    async (request) => ok(await funds.setDefault(signedIn(request).customer.id, request.params.id)),
  );

  app.delete(
    '/funds/:id',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        response: { 200: envelope(EmptyResultSchema), ...failures(403, 404) },
      },
      preValidation: authenticate,
    },
    async (request) => {
      // Removing a card or PayPal needs a step-up: a stolen session cannot clear the customer's methods.
      await funds.removeFund(requireStepUp(request).customer.id, request.params.id);
      return ok({});
    },
  );

  app.post(
    '/funds/stripe/setup',
    {
      schema: { tags, response: { 200: envelope(StripeSetupSchema), ...failures(404) } },
      preValidation: authenticate,
    },
    async (request) => {
      if (!payments.gateway.setupCard) {
        throw new AppError(404, 'gateway_not_found', 'The card gateway "stripe" is not available.');
      }
      return ok(await payments.gateway.setupCard(signedIn(request).customer.id, paymentsRepository(db)));
    },
  );

  app.get(
    '/funds/:id/deposit',
    {
      config: { minVersion: '3.4' },
      schema: { tags, params: IdParamsSchema, response: { 200: envelope(DepositSchema), ...failures(404) } },
      preValidation: authenticate,
    },
    async (request) => ok(await funds.deposit(db, signedIn(request).customer.id, request.params.id)),
  );

  app.post(
    '/funds/:id/deposit',
    {
      config: { minVersion: '3.4' },
      schema: { tags, params: IdParamsSchema, body: DepositRequestSchema, response: depositAnswer },
      preValidation: authenticate,
    },
    async (request, reply) => {
      const answer = await depositCall(request, async (_tx, customerId) => ({
        customerId,
        fundId: request.params.id,
        amountCents: readDepositAmount(depositMethod('cc'), request.body.amount),
        purpose: { kind: 'top_up' },
        ...(request.body.csc !== undefined ? { csc: request.body.csc } : {}),
      }));
      return reply.status(201).send(ok(answer.result));
    },
  );

  app.post(
    '/funds/pl/braintree',
    {
      schema: { tags, body: PayPalDepositRequestSchema, response: depositAnswer },
      preValidation: authenticate,
    },
    async (request, reply) => {
      const answer = await depositCall(request, async (tx, customerId) => ({
        customerId,
        fundId: await funds.paypalFund(tx, customerId),
        amountCents: readDepositAmount(depositMethod('pl'), request.body.amount),
        purpose: { kind: 'top_up' },
      }));
      return reply.status(201).send(ok(answer.result));
    },
  );

  for (const code of ['ap', 'gp'] as const) {
    app.post(
      `/funds/${code}/:gateway/deposit`,
      {
        schema: {
          tags,
          params: GatewayParamsSchema,
          body: WalletDepositRequestSchema,
          response: depositAnswer,
        },
        preValidation: authenticate,
      },
      async (request, reply) => {
        const { gateway } = request.params;
        if (gateway !== payments.gateway.key) {
          throw new AppError(404, 'gateway_not_found', `The gateway "${gateway}" is not available.`);
        }
        const answer = await depositCall(request, async (_tx, customerId) => ({
          customerId,
          wallet: { code, gateway, token: request.body.walletToken },
          amountCents: readDepositAmount(depositMethod(code), request.body.amount),
          purpose: { kind: 'top_up' },
        }));
        return reply.status(201).send(ok(answer.result));
      },
    );
  }

  for (const code of ['bp', 'dd'] as const) {
    app.post(
      `/funds/${code}/deposit`,
      {
        schema: { tags, body: BankDepositRequestSchema, response: depositAnswer },
        preValidation: authenticate,
      },
      async (request, reply) => {
        const customerId = signedIn(request).customer.id;
        const answer = await idempotency.run(request, `customer:${customerId}`, async (tx) => {
          const amountCents = readDepositAmount(depositMethod(code), request.body.amount);
          const deposit = await payments.deposits.startBankDeposit(tx, { customerId, code, amountCents });
          return { status: 201, result: await funds.deposit(tx, customerId, deposit.id) };
        });
        return reply.status(201).send(ok(answer.result));
      },
    );
  }
};
