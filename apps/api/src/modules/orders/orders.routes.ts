/**
 * The signed-in customer's orders and tickets under /v2 (docs/api/results.md): the orders list
 * (upcoming or past), an order with its tickets, the member's orders in a lotto party session, the
 * offers to buy again, a ticket, and the customer's own results of an offer and of a draw. Never cached: they are one customer's.
 */
import {
  CustomerPastDrawListSchema,
  CustomerPastDrawSchema,
  OrderDetailsSchema,
  OrderListSchema,
  RecommendedOrdersSchema,
  SessionOrderListSchema,
  TicketDetailsSchema,
} from '@drawhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, failures, ok } from '../../http/envelope.ts';
import { customerAuth, signedIn } from '../accounts/index.ts';
import { capabilityGate } from '../catalogue/index.ts';
import {
  createResultsService,
  DrawParamsSchema,
  OfferParamsSchema,
  ResultsPageQuerySchema,
  resultsRepository,
} from '../results/index.ts';
import { ordersRepository } from './orders.repository.ts';
import { IdParamsSchema, OrderQuerySchema, OrdersQuerySchema } from './orders.schemas.ts';
import { createOrdersService } from './orders.service.ts';
import { sessionOrders } from './orders-session.service.ts';

export const ordersModule: FastifyPluginAsyncZod = async (app) => {
  const results = resultsRepository(app.deps.db);
  const service = createOrdersService({
    orders: ordersRepository(app.deps.db),
    results,
    resultsService: createResultsService(results),
    now: () => app.deps.now?.() ?? new Date(),
  });
  const { authenticate: preValidation } = customerAuth(app);
  const tags = ['orders'];
  const me = (request: Parameters<typeof signedIn>[0]) => signedIn(request).customer.id;
  const notFoundToo = failures(404);

  app.get(
    '/orders',
    {
      schema: { tags, querystring: OrdersQuerySchema, response: { 200: envelope(OrderListSchema) } },
      preValidation,
    },
    async (request) => {
      const { status, limit, offset } = request.query;
      const page = await service.list(me(request), status, limit, offset);
      return ok(page.items, { pageInfo: page.pageInfo });
    },
  );

  // The pre-cart drawer's recommendations: only where the segment has pre_cart_recommended_draws.
  const requireCapability = capabilityGate(app.deps.db);
  app.get(
    '/orders/recommended',
    {
      schema: { tags, response: { 200: envelope(RecommendedOrdersSchema), ...failures(404) } },
      preValidation,
    },
    async (request) => {
      await requireCapability(request, 'pre_cart_recommended_draws', {
        code: 'recommended_draws_unavailable',
        message: 'Recommended draws are not offered here.',
      });
      return ok(await service.recommended(me(request)));
    },
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: OrderQuerySchema,
        response: { 200: envelope(OrderDetailsSchema), ...notFoundToo },
      },
      preValidation,
    },
    async (request) =>
      ok(await service.order(me(request), request.params.id, request.query.showDetails === 'true')),
  );

  app.get(
    '/orders/social_syndicate_session/:id',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: OrderQuerySchema,
        response: { 200: envelope(SessionOrderListSchema), ...notFoundToo },
      },
      preValidation,
    },
    async (request) =>
      ok(
        await sessionOrders(
          app.deps.db,
          me(request),
          request.params.id,
          request.query.showDetails === 'true',
        ),
      ),
  );

  app.get(
    '/tickets/:id',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        response: { 200: envelope(TicketDetailsSchema), ...notFoundToo },
      },
      preValidation,
    },
    async (request) => ok(await service.ticket(me(request), request.params.id)),
  );

  app.get(
    '/draws/past_customer/:offer',
    {
      schema: {
        tags,
        params: OfferParamsSchema,
        querystring: ResultsPageQuerySchema,
        response: { 200: envelope(CustomerPastDrawListSchema), ...notFoundToo },
      },
      preValidation,
    },
    async (request) => {
      const page = await service.pastCustomer(
        me(request),
        request.params.offer,
        request.query.limit,
        request.query.offset,
      );
      return ok(page.items, { pageInfo: page.pageInfo });
    },
  );

  app.get(
    '/draw/full_result_customer/:offer/:drawNo',
    {
      schema: {
        tags,
        params: DrawParamsSchema,
        response: { 200: envelope(CustomerPastDrawSchema), ...notFoundToo },
      },
      preValidation,
    },
    async (request) =>
      ok(await service.fullResultCustomer(me(request), request.params.offer, request.params.drawNo)),
  );
};
