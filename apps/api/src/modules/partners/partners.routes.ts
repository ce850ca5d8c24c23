/**
 * Partner purchase under /v2 (docs/api/partners.md): the partner's page facts, the partner cart of a
 * visitor or a customer (a priced preview), and the purchase of a partner item (API 3.2, with an
 * Idempotency-Key), from the balance or by a card deposit. Every route needs the `partner-purchase` capability of the visitor's (or
 * customer's) pricing segment: a segment without it, or an unknown partner, answers 404.
 */
import {
  PartnerCartBodySchema,
  PartnerCartSchema,
  PartnerPurchaseBodySchema,
  PartnerPurchaseResultSchema,
  PartnerSchema,
} from '@drawhouse/contract';
import { centsToMoney } from '@drawhouse/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, failures, ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { createIdempotency, keyClaimOf } from '../../http/idempotency.ts';
import { customerAuth, locatedCountryOf, signedIn } from '../accounts/index.ts';
import { capabilityGate } from '../catalogue/index.ts';
import { createCheckoutService, createDepositPurchase, paymentsPort } from '../checkout/index.ts';
import { limitSettingsOf } from '../limits/index.ts';
import { createPartnersService, partnerNotFound } from './partners.service.ts';

const SlugParamsSchema = z.object({ slug: z.string().max(100) });

export const partnersModule: FastifyPluginAsyncZod = async (app) => {
  const now = () => app.deps.now?.() ?? new Date();
  const service = createPartnersService({
    db: app.deps.db,
    now,
    limits: limitSettingsOf(app.deps.config),
    deposits: createDepositPurchase(app, createCheckoutService(now)),
  });
  const payments = paymentsPort(app.deps);
  payments.onCheckoutDepositSucceeded(service.completeAfterDeposit);
  const idempotency = createIdempotency(app.deps.db, now);
  const { authenticate } = customerAuth(app);
  const locate = locatedCountryOf(app);
  const tags = ['partners'];
  const params = SlugParamsSchema;

  const requireCapability = capabilityGate(app.deps.db);
  const unknownPartner = partnerNotFound();
  /** The partner of the address, when the caller's segment has partner purchase; else 404. */
  async function partnerOf(request: FastifyRequest, slug: string) {
    await requireCapability(request, 'partner-purchase', {
      code: unknownPartner.code,
      message: unknownPartner.message,
    });
    return service.partner(slug);
  }

  app.get(
    '/partners/:slug',
    { schema: { tags, params, response: { 200: envelope(PartnerSchema), ...failures(404) } } },
    async (request) => {
      const partner = await partnerOf(request, request.params.slug);
      const offers = await service.offersOf(partner);
      return ok({
        slug: partner.slug,
        key: partner.key,
        name: partner.name,
        channels: partner.channels,
        branding: partner.branding,
        autologinFailurePath: partner.autologinFailurePath,
        offers: offers.flatMap((o) =>
          o.onSale && (o.facts.type === 'lottery_ticket' || o.facts.type === 'raffle_ticket')
            ? [
                {
                  key: o.key,
                  name: o.name,
                  productType: o.facts.type,
                  books: o.books.map((b) => ({
                    numTickets: b.numTickets,
                    price: centsToMoney(b.priceCents),
                  })),
                },
              ]
            : [],
        ),
      });
    },
  );

  const cartSchema = {
    tags,
    params,
    body: PartnerCartBodySchema,
    response: { 200: envelope(PartnerCartSchema), ...failures(400, 404, 422) },
  };

  app.post(
    '/anon-cart/partner/:slug',
    { config: { minVersion: '3.3' }, schema: cartSchema },
    async (request) => {
      const partner = await partnerOf(request, request.params.slug);
      return ok(await service.cart(partner, request.body.cartItems, null));
    },
  );

  app.post(
    '/cart/partner/:slug',
    { config: { minVersion: '3.3' }, schema: cartSchema, preValidation: authenticate },
    async (request) => {
      const partner = await partnerOf(request, request.params.slug);
      return ok(await service.cart(partner, request.body.cartItems, signedIn(request).customer.id));
    },
  );

  app.post(
    '/cart/partner/:slug/purchase',
    {
      config: { minVersion: '3.2' },
      schema: {
        tags,
        params,
        body: PartnerPurchaseBodySchema,
        response: {
          200: envelope(PartnerPurchaseResultSchema),
          ...failures(400, 402, 403, 404, 409, 422, 429),
        },
      },
      preValidation: authenticate,
    },
    async (request) => {
      const partner = await partnerOf(request, request.params.slug);
      const { customer } = signedIn(request);
      // Checked with the customer's standing in the purchase's transaction (ADR 085).
      const locatedCountry = await locate(request);
      const scope = `customer:${customer.id}`;
      const { body } = request;
      const { deposit } = body;
      if (!deposit) {
        return ok(
          await service.purchase(partner, customer.id, body, keyClaimOf(request, scope), locatedCountry),
        );
      }
      try {
        const key = request.headers['idempotency-key']?.toString() ?? null;
        return ok(
          await service.purchaseByCard(
            partner,
            customer.id,
            { ...body, deposit },
            key,
            (phases) => idempotency.runInPhases(request, scope, phases),
            locatedCountry,
          ),
        );
      } catch (error) {
        // As at checkout: a card declined before it ever paid is not kept.
        if (error instanceof AppError && error.status === 402) {
          await payments.forgetDeclinedCard(customer.id, deposit.depositMethodId);
        }
        throw error;
      }
    },
  );
};
