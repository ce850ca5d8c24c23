/**
 * Daily Winners on the rewards service (`/rewards`, docs/api/rewards.md): the programme's config,
 * the customer's membership, joining and leaving, unlocking a giveaway, the benefits and their
 * page's link, the customer's giveaway lists, and the public giveaway pages and winners. Every route
 * needs the `membership_program` capability of the visitor's (or customer's) pricing segment; the
 * customer's giveaway lists need `giveaway_entries` too. A segment without them answers 404.
 */
import {
  CustomerGiveawayListSchema,
  CustomerGiveawaySchema,
  GiveawayDetailSchema,
  GiveawayListQuerySchema,
  GiveawayListSchema,
  GiveawayUnlockBodySchema,
  GiveawayWinnersListSchema,
  GiveawayWinnersQuerySchema,
  MembershipBenefitsQuerySchema,
  MembershipBenefitsSchema,
  MembershipBenefitsSessionQuerySchema,
  MembershipBenefitsSessionSchema,
  MembershipProgramConfigSchema,
  MembershipSchema,
  MembershipUpdateBodySchema,
  MembershipUpdateResultSchema,
} from '@drawhouse/contract';
import type { Capability } from '@drawhouse/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, failures, ok } from '../../http/envelope.ts';
import { customerAuth, signedIn } from '../accounts/index.ts';
import { capabilityGate } from '../catalogue/index.ts';
import { createGiveawaysPublicService } from './giveaways-public.service.ts';
import { createMembershipService, giveawayNotFound } from './membership.service.ts';

/** Checked for size only: an id of the wrong form is simply not found. */
const IdParamsSchema = z.object({ id: z.string().max(100) });
const GiveawayParamsSchema = z.object({ type: z.string().max(40), number: z.string().max(20) });

const PROGRAM: Capability[] = ['membership_program'];
const ENTRIES: Capability[] = ['membership_program', 'giveaway_entries'];

export const membershipModule: FastifyPluginAsyncZod = async (app) => {
  const now = () => app.deps.now?.() ?? new Date();
  const { db } = app.deps;
  const service = createMembershipService({ db, now });
  const open = createGiveawaysPublicService({
    db,
    now,
    jwtSecret: app.deps.jwtSecret,
    webBaseUrl: app.deps.webBaseUrl,
  });
  const { authenticate: preValidation } = customerAuth(app);
  const tags = ['rewards'];
  const gated = { ...failures(404) };

  const gate = capabilityGate(db);
  const requireCapabilities = (request: FastifyRequest, rule: Capability[]) =>
    gate(request, rule, {
      code: 'membership_program_unavailable',
      message: 'Daily Winners is not offered here.',
    });
  const me = async (request: FastifyRequest, rule: Capability[] = PROGRAM) => {
    await requireCapabilities(request, rule);
    return signedIn(request).customer.id;
  };

  app.get(
    '/v4/config',
    { schema: { tags, response: { 200: envelope(MembershipProgramConfigSchema), ...gated } } },
    async (request) => {
      await requireCapabilities(request, PROGRAM);
      return ok(await service.config());
    },
  );

  app.get(
    '/v3/customer',
    { schema: { tags, response: { 200: envelope(MembershipSchema), ...gated } }, preValidation },
    async (request) => ok(await service.membership(await me(request))),
  );

  app.post(
    '/v3/customer/visited',
    { schema: { tags, response: { 200: envelope(MembershipSchema), ...gated } }, preValidation },
    async (request) => ok(await service.visited(await me(request))),
  );

  app.put(
    '/membership',
    {
      config: { minVersion: '3.2' },
      schema: {
        tags,
        body: MembershipUpdateBodySchema,
        response: { 200: envelope(MembershipUpdateResultSchema), ...failures(404, 422) },
      },
      preValidation,
    },
    async (request) => ok(await service.update(await me(request), request.body)),
  );

  app.put(
    '/v3/draws/:id',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        body: GiveawayUnlockBodySchema,
        response: { 200: envelope(CustomerGiveawaySchema), ...failures(404, 409, 422) },
      },
      preValidation,
    },
    async (request) => ok(await service.unlock(await me(request), request.params.id)),
  );

  app.get(
    '/v3/draws',
    { schema: { tags, response: { 200: envelope(GiveawayListSchema), ...gated } } },
    async (request) => {
      await requireCapabilities(request, PROGRAM);
      return ok(await open.draws());
    },
  );

  app.get(
    '/v3/benefits',
    {
      schema: {
        tags,
        querystring: MembershipBenefitsQuerySchema,
        response: { 200: envelope(MembershipBenefitsSchema), ...gated },
      },
      preValidation,
    },
    async (request) => {
      const customerId = await me(request);
      const { token } = request.query;
      return ok(token === undefined ? open.benefits(customerId) : open.benefitsOf(customerId, token));
    },
  );

  app.get(
    '/v3/benefits/session',
    {
      schema: {
        tags,
        querystring: MembershipBenefitsSessionQuerySchema,
        response: { 200: envelope(MembershipBenefitsSessionSchema), ...gated },
      },
    },
    async (request) => ok(await open.benefitsSession(request.query.token)),
  );

  app.get(
    '/v3/giveaways',
    {
      schema: {
        tags,
        querystring: GiveawayListQuerySchema,
        response: { 200: envelope(CustomerGiveawayListSchema), ...gated },
      },
      preValidation,
    },
    async (request) => {
      const { items, pageInfo } = await service.giveaways(await me(request, ENTRIES), request.query);
      return ok(items, { pageInfo });
    },
  );

  app.get(
    '/v3/giveaways/:type/:number',
    {
      schema: {
        tags,
        params: GiveawayParamsSchema,
        response: { 200: envelope(GiveawayDetailSchema), ...gated },
      },
    },
    async (request) => {
      await requireCapabilities(request, PROGRAM);
      const { type, number } = request.params;
      if (!/^[1-9]\d{0,8}$/.test(number)) throw giveawayNotFound();
      return ok(await open.detail(type, Number(number)));
    },
  );

  app.get(
    '/v3/winners',
    {
      schema: {
        tags,
        querystring: GiveawayWinnersQuerySchema,
        response: { 200: envelope(GiveawayWinnersListSchema), ...gated },
      },
    },
    async (request) => {
      await requireCapabilities(request, PROGRAM);
      const { items, pageInfo } = await open.winners(request.query.limit, request.query.offset);
      return ok(items, { pageInfo });
    },
  );
};
