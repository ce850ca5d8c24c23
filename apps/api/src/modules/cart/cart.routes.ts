/**
 * Cart calls under /v2 (API version 3.3 and later; docs/api/cart.md): anonymous carts by reference,
 * the customer's cart.
 */

import {
  CartItemBodySchema,
  CartTokenSchema,
  type CartView,
  CartViewSchema,
  PromotionBodySchema,
} from '@drawhouse/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, failures, ok } from '../../http/envelope.ts';
import { LARGE_BODY_LIMIT } from '../../http/limits.ts';
import { customerAuth, locatedCountryOf, signedIn } from '../accounts/index.ts';
import { capabilityGate } from '../catalogue/index.ts';
import { limitSettingsOf, limitsGuard } from '../limits/index.ts';
import { createCartAdd } from './cart.add.ts';
import { withLimitBanners } from './cart.limit-banners.ts';
import { createCartReplay } from './cart.replay.ts';
import { createCartRepository } from './cart.repository.ts';
import {
  CartItemParamsSchema,
  CartRefItemParamsSchema,
  CartRefParamsSchema,
  ReplayParamsSchema,
} from './cart.schemas.ts';
import { createCartService } from './cart.service.ts';

/**
 * A cart answer. Items the cart took out by itself (their draw closed, or a build refused them) are
 * also told in the envelope's `messages`, each naming the entry and why, so any client shows them.
 */
function cartOk(view: CartView) {
  return {
    ...ok(view),
    messages: view.autoRemovedItems.map((item) => ({ code: item.reason, message: item.message })),
  };
}

export const cartModule: FastifyPluginAsyncZod = async (app) => {
  const now = () => app.deps.now?.() ?? new Date();
  const service = createCartService(createCartRepository(app.deps.db), now);
  const limitSettings = limitSettingsOf(app.deps.config);
  const replay = createCartReplay(app.deps.db, now);
  const fast = createCartAdd(app.deps.db, now, limitSettings);
  const { authenticate } = customerAuth(app);
  // Adding to a cart from where the shop may not sell is refused by the guard (ADR 079, 085).
  const locate = locatedCountryOf(app);
  /** A visitor's add: only where they are can refuse it. */
  const visitorMay = async (request: FastifyRequest) =>
    limitsGuard(app.deps.db).assertVisitorMay(await locate(request));
  /** A customer's add: the guard's one read of the customer (standing and where they are). */
  const customerMay = async (request: FastifyRequest, customerId: string) =>
    limitsGuard(app.deps.db).assertMay(customerId, 'cart_add', now(), await locate(request));
  const requireCapability = capabilityGate(app.deps.db);
  /** A signed-in customer's cart answer, with the banners of any limit buying it would pass. */
  const customerView = async (request: FastifyRequest, answer: (customerId: string) => Promise<CartView>) => {
    const customerId = signedIn(request).customer.id;
    return cartOk(
      await withLimitBanners(
        app.deps.db,
        customerId,
        await answer(customerId),
        app.deps.now?.() ?? new Date(),
        limitSettings,
      ),
    );
  };
  const tags = ['cart'];
  const config = { minVersion: '3.3' };
  const cart = { 200: envelope(CartViewSchema) };
  /**
   * An item added or changed: also 422 for a minimum jackpot the item or its rule does not take, and
   * 404 `session_not_found` for a lotto party `session_id` that is not there for the caller, 403
   * from where the visitor is, 409 for a customer who must set a spend limit first (the guard).
   */
  const itemAnswer = { ...cart, ...failures(403, 404, 409, 422) };
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
    async (request) => cartOk(await service.anonymousCart(request.params.ref)),
  );

  app.delete(
    '/anon-cart/:ref/items/:itemId',
    { config, schema: { tags, params: CartRefItemParamsSchema, response: cart } },
    async (request) => cartOk(await service.removeAnonymousItem(request.params.ref, request.params.itemId)),
  );

  app.post(
    '/anon-cart/:ref/items',
    {
      config,
      bodyLimit,
      schema: { tags, params: CartRefParamsSchema, body: CartItemBodySchema, response: itemAnswer },
    },
    async (request) => {
      await visitorMay(request);
      return cartOk(await service.putAnonymousItem(request.params.ref, request.body));
    },
  );

  app.put(
    '/anon-cart/:ref/items/:itemId',
    {
      config,
      bodyLimit,
      schema: { tags, params: CartRefItemParamsSchema, body: CartItemBodySchema, response: itemAnswer },
    },
    async (request) => {
      await visitorMay(request);
      return cartOk(await service.putAnonymousItem(request.params.ref, request.body, request.params.itemId));
    },
  );

  app.post(
    '/anon-cart/:ref/convert',
    { config, schema: { tags, params: CartRefParamsSchema, response: cart }, preValidation: authenticate },
    async (request) => customerView(request, (id) => service.convert(id, request.params.ref)),
  );

  app.get(
    '/cart/items',
    { config, schema: { tags, response: cart }, preValidation: authenticate },
    async (request) => {
      // One statement, unless items whose draw closed must be taken out first.
      const read = await fast.customerCart(signedIn(request).customer.id);
      if (read) return cartOk(read);
      return customerView(request, (id) => service.customerCart(id));
    },
  );

  app.post(
    '/cart/items',
    {
      config,
      bodyLimit,
      schema: { tags, body: CartItemBodySchema, response: itemAnswer },
      preValidation: authenticate,
    },
    async (request) => {
      const customerId = signedIn(request).customer.id;
      await customerMay(request, customerId);
      // Two statements: the cart read with all the answer needs, then the item written if the cart is as read.
      const added = await fast.addCustomerItem(customerId, request.body);
      if (added) return cartOk(added);
      return customerView(request, (id) => service.putCustomerItem(id, request.body));
    },
  );

  app.put(
    '/cart/items/:itemId',
    {
      config,
      bodyLimit,
      schema: { tags, params: CartItemParamsSchema, body: CartItemBodySchema, response: itemAnswer },
      preValidation: authenticate,
    },
    async (request) =>
      customerView(request, async (id) => {
        await customerMay(request, id);
        return service.putCustomerItem(id, request.body, request.params.itemId);
      }),
  );

  app.delete(
    '/cart/items/:itemId',
    { config, schema: { tags, params: CartItemParamsSchema, response: cart }, preValidation: authenticate },
    async (request) => customerView(request, (id) => service.removeCustomerItem(id, request.params.itemId)),
  );

  app.post(
    '/anon-cart/:ref/build',
    { config, schema: { tags, params: CartRefParamsSchema, response: cart } },
    async (request) => cartOk(await service.buildAnonymous(request.params.ref)),
  );

  app.post(
    '/cart/build',
    { config, schema: { tags, response: cart }, preValidation: authenticate },
    async (request) => customerView(request, (id) => service.buildCustomer(id)),
  );

  // Applying a code needs the `vouchers` capability; removing one never does.
  const promotion = { ...cart, ...failures(404) };
  app.post(
    '/anon-cart/:ref/promotion',
    { config, schema: { tags, params: CartRefParamsSchema, body: PromotionBodySchema, response: promotion } },
    async (request) => {
      await requireCapability(request, 'vouchers');
      return cartOk(await service.applyAnonymousPromotion(request.params.ref, request.body.promotionCode));
    },
  );

  app.delete(
    '/anon-cart/:ref/promotion',
    { config, schema: { tags, params: CartRefParamsSchema, response: cart } },
    async (request) => cartOk(await service.removeAnonymousPromotion(request.params.ref)),
  );

  app.post(
    '/cart/promotion',
    { config, schema: { tags, body: PromotionBodySchema, response: promotion }, preValidation: authenticate },
    async (request) => {
      await requireCapability(request, 'vouchers');
      return customerView(request, (id) => service.applyCustomerPromotion(id, request.body.promotionCode));
    },
  );

  app.delete(
    '/cart/promotion',
    { config, schema: { tags, response: cart }, preValidation: authenticate },
    async (request) => customerView(request, (id) => service.removeCustomerPromotion(id)),
  );

  /**
   * A past order's entries put back in the cart (lottery entries for the next draws, raffle books for
   * the raffle's draw on sale); what cannot be bought now is told in `auto_removed_items`. Replaying
   * the same order while its items are in the cart adds nothing. Another customer's order is 404.
   */
  app.post(
    '/cart/replay/:orderId',
    {
      config,
      schema: { tags, params: ReplayParamsSchema, response: { ...cart, ...failures(404) } },
      preValidation: authenticate,
    },
    async (request) => customerView(request, (id) => replay(id, request.params.orderId)),
  );
};
