/**
 * Cart calls under /v2 (API version 3.3 and later; docs/api/cart.md): anonymous carts by reference,
 * the customer's cart.
 */

import {
  CartItemBodySchema,
  CartTokenSchema,
  CartViewSchema,
  PromotionBodySchema,
} from '@drawhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ok } from '../../http/envelope.ts';
import { LARGE_BODY_LIMIT } from '../../http/limits.ts';
import { customerAuth, signedIn } from '../accounts/index.ts';
import { createCartRepository } from './cart.repository.ts';
import { CartItemParamsSchema, CartRefItemParamsSchema, CartRefParamsSchema } from './cart.schemas.ts';
import { createCartService } from './cart.service.ts';

export const cartModule: FastifyPluginAsyncZod = async (app) => {
  const service = createCartService(createCartRepository(app.deps.db), () => app.deps.now?.() ?? new Date());
  const { authenticate } = customerAuth(app);
  const tags = ['cart'];
  const config = { minVersion: '3.3' };
  const cart = { 200: envelope(CartViewSchema) };
  // An item's games can run to a few KB.
  const bodyLimit = LARGE_BODY_LIMIT;

  app.post(
    '/anon-cart',
    { config, schema: { tags, response: { 201: envelope(CartTokenSchema) } } },
    async (_request, reply) => reply.status(201).send(ok(await service.createAnonymous())),
  );

  app.get(
    '/anon-cart/:ref',
    { config, schema: { tags, params: CartRefParamsSchema, response: cart } },
    async (request) => ok(await service.anonymousCart(request.params.ref)),
  );

  app.delete(
    '/anon-cart/:ref/items/:itemId',
    { config, schema: { tags, params: CartRefItemParamsSchema, response: cart } },
    async (request) => ok(await service.removeAnonymousItem(request.params.ref, request.params.itemId)),
  );

  app.post(
    '/anon-cart/:ref/items',
    {
      config,
      bodyLimit,
      schema: { tags, params: CartRefParamsSchema, body: CartItemBodySchema, response: cart },
    },
    async (request) => ok(await service.putAnonymousItem(request.params.ref, request.body)),
  );

  app.put(
    '/anon-cart/:ref/items/:itemId',
    {
      config,
      bodyLimit,
      schema: { tags, params: CartRefItemParamsSchema, body: CartItemBodySchema, response: cart },
    },
    async (request) =>
      ok(await service.putAnonymousItem(request.params.ref, request.body, request.params.itemId)),
  );

  app.post(
    '/anon-cart/:ref/convert',
    { config, schema: { tags, params: CartRefParamsSchema, response: cart }, preValidation: authenticate },
    async (request) => ok(await service.convert(signedIn(request).customer.id, request.params.ref)),
  );

  app.get(
    '/cart/items',
    { config, schema: { tags, response: cart }, preValidation: authenticate },
    async (request) => ok(await service.customerCart(signedIn(request).customer.id)),
  );

  app.post(
    '/cart/items',
    {
      config,
      bodyLimit,
      schema: { tags, body: CartItemBodySchema, response: cart },
      preValidation: authenticate,
    },
    async (request) => ok(await service.putCustomerItem(signedIn(request).customer.id, request.body)),
  );

  app.put(
    '/cart/items/:itemId',
    {
      config,
      bodyLimit,
      schema: { tags, params: CartItemParamsSchema, body: CartItemBodySchema, response: cart },
      preValidation: authenticate,
    },
    async (request) =>
      ok(await service.putCustomerItem(signedIn(request).customer.id, request.body, request.params.itemId)),
  );

  app.delete(
    '/cart/items/:itemId',
    { config, schema: { tags, params: CartItemParamsSchema, response: cart }, preValidation: authenticate },
    async (request) =>
      ok(await service.removeCustomerItem(signedIn(request).customer.id, request.params.itemId)),
  );

  app.post(
    '/anon-cart/:ref/build',
    { config, schema: { tags, params: CartRefParamsSchema, response: cart } },
    async (request) => ok(await service.buildAnonymous(request.params.ref)),
  );

  app.post(
    '/cart/build',
    { config, schema: { tags, response: cart }, preValidation: authenticate },
    async (request) => ok(await service.buildCustomer(signedIn(request).customer.id)),
  );

  app.post(
    '/anon-cart/:ref/promotion',
    { config, schema: { tags, params: CartRefParamsSchema, body: PromotionBodySchema, response: cart } },
    async (request) =>
      ok(await service.applyAnonymousPromotion(request.params.ref, request.body.promotionCode)),
  );

  app.delete(
    '/anon-cart/:ref/promotion',
    { config, schema: { tags, params: CartRefParamsSchema, response: cart } },
    async (request) => ok(await service.removeAnonymousPromotion(request.params.ref)),
  );

  app.post(
    '/cart/promotion',
    { config, schema: { tags, body: PromotionBodySchema, response: cart }, preValidation: authenticate },
    async (request) =>
      ok(await service.applyCustomerPromotion(signedIn(request).customer.id, request.body.promotionCode)),
  );

  app.delete(
    '/cart/promotion',
    { config, schema: { tags, response: cart }, preValidation: authenticate },
    async (request) => ok(await service.removeCustomerPromotion(signedIn(request).customer.id)),
  );
};
