/**
 * Wallet calls under /v2 (docs/api/wallet.md): the transactions list, the monthly activity
 * statements (docs/api/accounts.md), withdrawable funds, bank
 * accounts and PayID, withdrawals (step-up and an Idempotency-Key), their detail and the customer's
 * cancel. What the customer is told of each follows from the events the use cases write.
 */
import {
  BankAccountBodySchema,
  BankAccountFundListSchema,
  BankAccountFundSchema,
  PayPalAccountBodySchema,
  PayPalAccountFundListSchema,
  PayPalAccountFundSchema,
  STATEMENT_MONTH_PATTERN,
  StatementListSchema,
  StatementSchema,
  TRANSACTIONS_MAX_PAGE_SIZE,
  TRANSACTIONS_PAGE_SIZE,
  TransactionListSchema,
  WithdrawableFundsSchema,
  WithdrawalListSchema,
  WithdrawalSchema,
  WithdrawBodySchema,
} from '@drawhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, failures, ok } from '../../http/envelope.ts';
import { createIdempotency } from '../../http/idempotency.ts';
import { customerAuth, signedIn } from '../accounts/index.ts';
import { payoutsOf } from './payouts.service.ts';
import { createStatementsService } from './statements.service.ts';
import { createWalletService } from './wallet.service.ts';

const PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(TRANSACTIONS_MAX_PAGE_SIZE).default(TRANSACTIONS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
/** Checked for size only: a code or id of the wrong form is simply not found. */
const CodeParamsSchema = z.object({ code: z.string().max(20) });
const IdParamsSchema = z.object({ id: z.string().max(100) });
/** A statement's month: `YYYY-MM` and nothing else (400 before anything is read). */
const MonthParamsSchema = z.object({
  month: z.string().max(7).regex(STATEMENT_MONTH_PATTERN, 'A month as YYYY-MM, like 2026-11.'),
});

export const walletModule: FastifyPluginAsyncZod = async (app) => {
  const now = () => app.deps.now?.() ?? new Date();
  const service = createWalletService(app.deps.db, now, {
    autoApproveCents: app.deps.config.payouts.autoApproveCents,
    automaticPayouts: payoutsOf(app.deps).adapter.automatic,
  });
  const statements = createStatementsService(app.deps.db, now);
  const idempotency = createIdempotency(app.deps.db, now);
  const { authenticate, requireStepUp } = customerAuth(app);
  const tags = ['wallet'];
  const preValidation = authenticate;
  const me = (request: Parameters<typeof signedIn>[0]) => signedIn(request).customer.id;

  app.get(
    '/transactions',
    {
      schema: { tags, querystring: PageQuerySchema, response: { 200: envelope(TransactionListSchema) } },
      preValidation,
    },
    async (request) => {
      const page = await service.transactions(me(request), request.query.limit, request.query.offset);
      return ok(page.items, { pageInfo: page.pageInfo });
    },
  );

  app.get(
    '/customer/statements',
    { schema: { tags, response: { 200: envelope(StatementListSchema) } }, preValidation },
    async (request) => ok(await statements.months(me(request))),
  );

  app.get(
    '/customer/statements/:month',
    {
      schema: {
        tags,
        params: MonthParamsSchema,
        response: { 200: envelope(StatementSchema), ...failures(400, 404) },
      },
      preValidation,
    },
    async (request) => ok(await statements.statement(me(request), request.params.month)),
  );

  app.get(
    '/customer/withdrawable-funds',
    { schema: { tags, response: { 200: envelope(WithdrawableFundsSchema) } }, preValidation },
    async (request) => ok(await service.withdrawableFunds(me(request))),
  );

  app.get(
    '/funds/bank-account',
    { schema: { tags, response: { 200: envelope(BankAccountFundListSchema) } }, preValidation },
    async (request) => ok(await service.bankAccounts(me(request))),
  );

  app.post(
    '/funds/bank-account',
    {
      config: { minVersion: '3.8' },
      schema: {
        tags,
        body: BankAccountBodySchema,
        response: { 201: envelope(BankAccountFundSchema), ...failures(403) },
      },
      preValidation,
    },
    async (request, reply) => {
      // A payout destination needs a step-up, and the customer is told of a new one by mail.
      const { customer } = requireStepUp(request);
      return reply.status(201).send(ok(await service.addBankAccount(customer.id, request.body)));
    },
  );

  app.get(
    '/funds/paypal-account',
    { schema: { tags, response: { 200: envelope(PayPalAccountFundListSchema) } }, preValidation },
    async (request) => ok(await service.paypalAccounts(me(request))),
  );

  app.post(
    '/funds/paypal-account',
    {
      schema: {
        tags,
        body: PayPalAccountBodySchema,
        response: { 201: envelope(PayPalAccountFundSchema), ...failures(403) },
      },
      preValidation,
    },
    async (request, reply) => {
      // A payout destination: a step-up first, and the customer told of it by mail.
      const { customer } = requireStepUp(request);
      return reply.status(201).send(ok(await service.addPayPalAccount(customer.id, request.body)));
    },
  );

  app.post(
    '/:code/withdraw',
    {
      config: { minVersion: '3.1', acceptsForm: true },
      schema: {
        tags,
        params: CodeParamsSchema,
        body: WithdrawBodySchema,
        response: { 201: envelope(WithdrawalSchema), ...failures(403, 404, 409, 422) },
      },
      preValidation,
    },
    async (request, reply) => {
      const { customer } = requireStepUp(request);
      const answer = await idempotency.run(request, `customer:${customer.id}`, async (tx) => ({
        status: 201,
        result: await service.withdraw(tx, customer.id, request.params.code, request.body),
      }));
      return reply.status(201).send(ok(answer.result));
    },
  );

  app.post(
    '/withdrawals/:id/cancel',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        response: { 200: envelope(WithdrawalSchema), ...failures(404, 409) },
      },
      preValidation,
    },
    async (request) => {
      const customerId = me(request);
      const answer = await idempotency.run(request, `customer:${customerId}`, async (tx) => ({
        status: 200,
        result: await service.cancelWithdrawal(tx, customerId, request.params.id),
      }));
      return ok(answer.result);
    },
  );

  app.get(
    '/withdrawals',
    {
      schema: { tags, querystring: PageQuerySchema, response: { 200: envelope(WithdrawalListSchema) } },
      preValidation,
    },
    async (request) => {
      const page = await service.withdrawals(me(request), request.query.limit, request.query.offset);
      return ok(page.items, { pageInfo: page.pageInfo });
    },
  );

  app.get(
    '/withdrawals/:id',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        response: { 200: envelope(WithdrawalSchema), ...failures(404) },
      },
      preValidation,
    },
    async (request) => ok(await service.withdrawal(me(request), request.params.id)),
  );
};
