/**
 * Customers in the back office (support role): search, the account, its transfers, orders and tickets, and
 * support's actions, each with the reason the audit log keeps (docs/api/back-office.md).
 */
import {
  AdminCustomerListSchema,
  AdminCustomerQuerySchema,
  AdminCustomerSchema,
  AdminNoteBodySchema,
  AdminOrdersSchema,
  AdminPageQuerySchema,
  AdminReasonBodySchema,
  AdminTicketQuerySchema,
  AdminTicketsSchema,
  AdminTransfersSchema,
} from '@drawhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, failures, ok } from '../../http/envelope.ts';
import { ADMIN_RATE_LIMIT, actorOf } from '../operators/index.ts';
import { createCustomerCare, type SupportAction } from './customer-care.service.ts';

const IdParamsSchema = z.object({ id: z.string().max(40) });
const ACTIONS: Record<string, SupportAction> = {
  lock: 'lock',
  unlock: 'unlock',
  close: 'close',
  'reset-two-factor': 'reset_two_factor',
};

export const customerCareModule: FastifyPluginAsyncZod = async (app) => {
  const care = createCustomerCare({ db: app.deps.db, now: () => app.deps.now?.() ?? new Date() });
  const preValidation = app.operatorAuth('support');
  const config = { rateLimit: ADMIN_RATE_LIMIT };
  const tags = ['admin'];
  const one = { 200: envelope(AdminCustomerSchema), ...failures(400, 404, 409) };

  app.get(
    '/customers',
    {
      config,
      preValidation,
      schema: {
        tags,
        querystring: AdminCustomerQuerySchema,
        response: { 200: envelope(AdminCustomerListSchema) },
      },
    },
    async (request) => ok(await care.search(request.query.q, request.query.page, request.query.limit)),
  );

  app.get(
    '/customers/:id',
    { config, preValidation, schema: { tags, params: IdParamsSchema, response: one } },
    async (request) => ok(await care.show(request.params.id)),
  );

  app.get(
    '/customers/:id/transfers',
    {
      config,
      preValidation,
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: AdminPageQuerySchema,
        response: { 200: envelope(AdminTransfersSchema), ...failures(404) },
      },
    },
    async (request) => ok(await care.transfers(request.params.id, request.query.page, request.query.limit)),
  );

  app.get(
    '/customers/:id/orders',
    {
      config,
      preValidation,
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: AdminPageQuerySchema,
        response: { 200: envelope(AdminOrdersSchema), ...failures(404) },
      },
    },
    async (request) => ok(await care.orders(request.params.id, request.query.page, request.query.limit)),
  );

  app.get(
    '/customers/:id/tickets',
    {
      config,
      preValidation,
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: AdminTicketQuerySchema,
        response: { 200: envelope(AdminTicketsSchema), ...failures(404) },
      },
    },
    async (request) => {
      const { order, page, limit } = request.query;
      return ok(await care.tickets(request.params.id, order, page, limit));
    },
  );

  for (const [path, action] of Object.entries(ACTIONS)) {
    app.post(
      `/customers/:id/${path}`,
      {
        config,
        preValidation,
        schema: { tags, params: IdParamsSchema, body: AdminReasonBodySchema, response: one },
      },
      async (request) => ok(await care.act(actorOf(request), request.params.id, action, request.body.reason)),
    );
  }

  app.post(
    '/customers/:id/notes',
    {
      config,
      preValidation,
      schema: { tags, params: IdParamsSchema, body: AdminNoteBodySchema, response: one },
    },
    async (request) => ok(await care.note(actorOf(request), request.params.id, request.body.text)),
  );
};
