/**
 * The signed-in customer's recurring purchases under /v2 (docs/api/recurring.md): autoplays,
 * subscriptions and combined recurring purchases with their status, minimum jackpot, quick pick and
 * edits; scheduled purchases and pre-orders; payment resolutions; the recurring purchase method.
 * Never cached: they are one customer's.
 */
import {
  AutoplayListSchema,
  AutoplayPatchSchema,
  AutoplayPauseSchema,
  AutoplaySchema,
  PaymentResolutionListSchema,
  RecurringPurchaseListSchema,
  RecurringPurchaseMethodQuerySchema,
  RecurringPurchaseMethodSchema,
  RecurringStatusChangeSchema,
  ScheduledPurchaseCancelSchema,
  ScheduledPurchaseListSchema,
  ScheduledPurchaseSchema,
  SetMinimumJackpotFormSchema,
  SetQuickpickFormSchema,
  SubscriptionListSchema,
  SubscriptionPatchSchema,
  SubscriptionSchema,
} from '@drawhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, failures, ok } from '../../http/envelope.ts';
import { customerAuth, signedIn } from '../accounts/index.ts';
import { recurringRepository } from './recurring.repository.ts';
import {
  EncodedIdParamsSchema,
  RecurringIdParamsSchema,
  RecurringPageQuerySchema,
  SubscriptionsQuerySchema,
} from './recurring.schemas.ts';
import {
  ALL_TYPES,
  AUTOPLAY_TYPES,
  createRecurringService,
  SUBSCRIPTION_TYPES,
} from './recurring.service.ts';
import { chooseRecurringMethod, recurringMethod } from './recurring-method.service.ts';
import { createScheduledPurchasesService } from './scheduled-purchases.service.ts';

export const recurringRoutes: FastifyPluginAsyncZod = async (app) => {
  const now = () => app.deps.now?.() ?? new Date();
  const service = createRecurringService({ db: app.deps.db, now });
  const scheduled = createScheduledPurchasesService({ db: app.deps.db, now });
  const { authenticate: preValidation } = customerAuth(app);
  const tags = ['recurring'];
  const me = (request: Parameters<typeof signedIn>[0]) => signedIn(request).customer.id;
  const notFoundToo = failures(404);
  const refusals = failures(404, 409);
  const params = RecurringIdParamsSchema;

  app.get(
    '/autoplay',
    {
      config: { minVersion: '3.3' },
      schema: {
        tags,
        querystring: RecurringPageQuerySchema,
        response: { 200: envelope(AutoplayListSchema) },
      },
      preValidation,
    },
    async (request) => {
      const page = await service.list(me(request), AUTOPLAY_TYPES, request.query);
      return ok(page.items, { pageInfo: page.pageInfo });
    },
  );

  app.get(
    '/autoplay/:id',
    { schema: { tags, params, response: { 200: envelope(AutoplaySchema), ...notFoundToo } }, preValidation },
    async (request) => ok(await service.get(me(request), request.params.id, AUTOPLAY_TYPES)),
  );

  app.patch(
    '/autoplay/:id',
    {
      schema: {
        tags,
        params,
        body: AutoplayPatchSchema,
        response: { 200: envelope(AutoplaySchema), ...refusals },
      },
      preValidation,
    },
    async (request) => ok(await service.patchAutoplay(me(request), request.params.id, request.body)),
  );

  app.post(
    '/autoplay/:id/set-minimum-jackpot',
    {
      schema: {
        tags,
        params,
        body: SetMinimumJackpotFormSchema,
        response: { 200: envelope(AutoplaySchema), ...refusals },
      },
      preValidation,
    },
    async (request) =>
      ok(await service.setMinimumJackpot(me(request), request.params.id, request.body.minimumJackpotAmount)),
  );

  app.post(
    '/autoplay/:id/set-quickpick',
    {
      config: { acceptsForm: true },
      schema: {
        tags,
        params,
        body: SetQuickpickFormSchema,
        response: { 200: envelope(AutoplaySchema), ...refusals },
      },
      preValidation,
    },
    async (request) =>
      ok(
        await service.setQuickpick(
          me(request),
          request.params.id,
          [true, 'true'].includes(request.body.quickpick),
        ),
      ),
  );

  app.post(
    '/autoplay/:id/pause',
    {
      schema: {
        tags,
        params,
        body: AutoplayPauseSchema.nullish(),
        response: { 200: envelope(AutoplaySchema), ...refusals },
      },
      preValidation,
    },
    async (request) => ok(await service.pause(me(request), request.params.id, request.body?.pausedUntil)),
  );

  app.post(
    '/autoplay/:id/unpause',
    { schema: { tags, params, response: { 200: envelope(AutoplaySchema), ...refusals } }, preValidation },
    async (request) => ok(await service.unpause(me(request), request.params.id)),
  );

  app.patch(
    '/autoplay/:id/status',
    {
      config: { minVersion: '3.3' },
      schema: {
        tags,
        params,
        body: RecurringStatusChangeSchema,
        response: { 200: envelope(AutoplaySchema), ...refusals },
      },
      preValidation,
    },
    async (request) =>
      ok(await service.changeStatus(me(request), request.params.id, AUTOPLAY_TYPES, request.body)),
  );

  app.get(
    '/recurring_purchases',
    {
      config: { minVersion: '3.3' },
      schema: {
        tags,
        querystring: RecurringPageQuerySchema,
        response: { 200: envelope(RecurringPurchaseListSchema) },
      },
      preValidation,
    },
    async (request) => {
      const page = await service.list(me(request), ALL_TYPES, request.query);
      return ok(page.items, { pageInfo: page.pageInfo });
    },
  );

  app.get(
    '/subscriptions',
    {
      schema: {
        tags,
        querystring: SubscriptionsQuerySchema,
        response: { 200: envelope(SubscriptionListSchema) },
      },
      preValidation,
    },
    async (request) => {
      const { limit, offset, lotteryKeys } = request.query;
      const page = await service.list(me(request), SUBSCRIPTION_TYPES, {
        limit,
        offset,
        offerKeys: lotteryKeys,
      });
      return ok(page.items, { pageInfo: page.pageInfo });
    },
  );

  app.get(
    '/subscriptions/:id',
    {
      schema: { tags, params, response: { 200: envelope(SubscriptionSchema), ...notFoundToo } },
      preValidation,
    },
    async (request) => ok(await service.get(me(request), request.params.id, SUBSCRIPTION_TYPES)),
  );

  app.patch(
    '/subscriptions/:id',
    {
      config: { minVersion: '3.3' },
      schema: {
        tags,
        params,
        body: SubscriptionPatchSchema,
        response: { 200: envelope(SubscriptionSchema), ...refusals },
      },
      preValidation,
    },
    async (request) => ok(await service.patchSubscription(me(request), request.params.id, request.body)),
  );

  app.patch(
    '/subscriptions/:id/status',
    {
      config: { minVersion: '3.3' },
      schema: {
        tags,
        params,
        body: RecurringStatusChangeSchema,
        response: { 200: envelope(SubscriptionSchema), ...refusals },
      },
      preValidation,
    },
    async (request) =>
      ok(await service.changeStatus(me(request), request.params.id, SUBSCRIPTION_TYPES, request.body)),
  );

  app.get(
    '/scheduled-purchases',
    {
      config: { minVersion: '3.2' },
      schema: { tags, response: { 200: envelope(ScheduledPurchaseListSchema) } },
      preValidation,
    },
    async (request) => ok(await scheduled.list(me(request))),
  );

  app.get(
    '/scheduled-purchases/:encodedId',
    {
      config: { minVersion: '3.2' },
      schema: {
        tags,
        params: EncodedIdParamsSchema,
        response: { 200: envelope(ScheduledPurchaseSchema), ...notFoundToo },
      },
      preValidation,
    },
    async (request) => ok(await scheduled.get(me(request), request.params.encodedId)),
  );

  app.patch(
    '/scheduled-purchases/:encodedId/cancel',
    {
      schema: {
        tags,
        params: EncodedIdParamsSchema,
        response: { 200: envelope(ScheduledPurchaseCancelSchema), ...refusals },
      },
      preValidation,
    },
    async (request) => ok(await scheduled.cancel(me(request), request.params.encodedId)),
  );

  app.get(
    '/payment_resolutions',
    {
      config: { minVersion: '3.3' },
      schema: { tags, response: { 200: envelope(PaymentResolutionListSchema) } },
      preValidation,
    },
    async (request) => ok(await service.paymentResolutions(me(request))),
  );

  app.get(
    '/customer/recurring-purchase-method',
    { schema: { tags, response: { 200: envelope(RecurringPurchaseMethodSchema) } }, preValidation },
    async (request) => ok(await recurringMethod(recurringRepository(app.deps.db), me(request), now())),
  );

  app.post(
    '/customer/recurring-purchase-method',
    {
      schema: {
        tags,
        querystring: RecurringPurchaseMethodQuerySchema,
        response: { 200: envelope(RecurringPurchaseMethodSchema) },
      },
      preValidation,
    },
    async (request) =>
      ok(
        await chooseRecurringMethod(
          recurringRepository(app.deps.db),
          me(request),
          request.query.recurringPurchaseMethod,
          now(),
        ),
      ),
  );
};
