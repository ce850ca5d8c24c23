/**
 * The lotto party calls under /social/v3 (version 3.0; docs/api/lotto-party.md): groups, invite
 * links, sessions, discovery and the configuration. Signed-in only, never cached (the answers are a
 * member's). A non-member asking for a private group's anything is answered 404.
 */
import {
  CreateGroupBodySchema,
  CreateSessionBodySchema,
  EditGroupBodySchema,
  EditSessionBodySchema,
  GroupInviteSchema,
  GroupListSchema,
  GroupSchema,
  InviteLinkSchema,
  LeftGroupSchema,
  LottoPartyConfigSchema,
  SessionListSchema,
  SessionSchema,
} from '@drawhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, failures, ok } from '../../http/envelope.ts';
import { customerAuth, signedIn } from '../accounts/index.ts';
import { createConfigService } from './config.service.ts';
import { createGroupsService } from './groups.service.ts';
import { createInvitesService } from './invites.service.ts';
import {
  ConfigKeyParamsSchema,
  DrawIdParamsSchema,
  GroupIdParamsSchema,
  GroupsPageQuerySchema,
  OpenSessionParamsSchema,
  SessionIdParamsSchema,
  SessionsPageQuerySchema,
  TokenParamsSchema,
} from './lotto-party.schemas.ts';
import { createSessionsService } from './sessions.service.ts';

/** A group name may be sent long (and refused by its field): more than the default 8 KB body. */
const GROUP_BODY_LIMIT = 32 * 1024;

export const lottoPartyRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const now = () => app.deps.now?.() ?? new Date();
  const groups = createGroupsService({ db });
  const sessions = createSessionsService({ db, now });
  const invites = createInvitesService({ db, now, webBaseUrl: app.deps.config.webBaseUrl });
  const configs = createConfigService({ db, now });
  const { authenticate: preValidation } = customerAuth(app);
  const me = (request: Parameters<typeof signedIn>[0]) => signedIn(request).customer.id;
  const tags = ['lotto party'];
  const config = { minVersion: '3.0' };

  app.post(
    '/group',
    {
      config,
      bodyLimit: GROUP_BODY_LIMIT,
      schema: {
        tags,
        body: CreateGroupBodySchema,
        response: { 201: envelope(GroupSchema), ...failures(409, 422) },
      },
      preValidation,
    },
    async (request, reply) => {
      reply.code(201);
      return ok(await groups.create(me(request), request.body.groupName));
    },
  );

  app.get(
    '/group',
    {
      config,
      schema: { tags, querystring: GroupsPageQuerySchema, response: { 200: envelope(GroupListSchema) } },
      preValidation,
    },
    async (request) => {
      const page = await groups.list(me(request), request.query);
      return ok(page.items, { pageInfo: page.pageInfo });
    },
  );

  app.get(
    '/group/:id',
    {
      config,
      schema: {
        tags,
        params: GroupIdParamsSchema,
        response: { 200: envelope(GroupSchema), ...failures(404) },
      },
      preValidation,
    },
    async (request) => ok(await groups.get(me(request), request.params.id)),
  );

  app.put(
    '/group/:id',
    {
      config,
      schema: {
        tags,
        params: GroupIdParamsSchema,
        body: EditGroupBodySchema,
        response: { 200: envelope(GroupSchema), ...failures(403, 404, 422) },
      },
      preValidation,
    },
    async (request) =>
      ok(await groups.setPublicity(me(request), request.params.id, request.body.publicityStatus)),
  );

  app.delete(
    '/group/:id/member',
    {
      config,
      schema: {
        tags,
        params: GroupIdParamsSchema,
        response: { 200: envelope(LeftGroupSchema), ...failures(404, 409) },
      },
      preValidation,
    },
    async (request) => ok(await groups.leave(me(request), request.params.id)),
  );

  app.post(
    '/group/:id/invite',
    {
      config,
      schema: {
        tags,
        params: GroupIdParamsSchema,
        response: { 201: envelope(InviteLinkSchema), ...failures(404) },
      },
      preValidation,
    },
    async (request, reply) => {
      reply.code(201);
      return ok(await invites.create(me(request), request.params.id));
    },
  );

  app.get(
    '/group/token/:token',
    {
      config,
      schema: {
        tags,
        params: TokenParamsSchema,
        response: { 200: envelope(GroupInviteSchema), ...failures(404, 410) },
      },
      preValidation,
    },
    async (request) => ok(await invites.show(me(request), request.params.token)),
  );

  app.post(
    '/group/token/:token/join',
    {
      config,
      schema: {
        tags,
        params: TokenParamsSchema,
        response: { 200: envelope(GroupSchema), ...failures(404, 410) },
      },
      preValidation,
    },
    async (request) => ok(await invites.join(me(request), request.params.token)),
  );

  app.get(
    '/group/:id/session',
    {
      config,
      schema: {
        tags,
        params: GroupIdParamsSchema,
        querystring: SessionsPageQuerySchema,
        response: { 200: envelope(SessionListSchema), ...failures(404) },
      },
      preValidation,
    },
    async (request) => {
      const page = await sessions.ofGroup(me(request), request.params.id, request.query);
      return ok(page.items, { pageInfo: page.pageInfo });
    },
  );

  app.get(
    '/group/:groupId/session/open',
    {
      config,
      schema: {
        tags,
        params: OpenSessionParamsSchema,
        response: { 200: envelope(SessionSchema), ...failures(404) },
      },
      preValidation,
    },
    async (request) => ok(await sessions.openOfGroup(me(request), request.params.groupId)),
  );

  app.post(
    '/session',
    {
      config,
      schema: {
        tags,
        body: CreateSessionBodySchema,
        response: { 201: envelope(SessionSchema), ...failures(404, 409, 422) },
      },
      preValidation,
    },
    async (request, reply) => {
      const session = await sessions.create(me(request), request.body);
      reply.code(201);
      return ok(session);
    },
  );

  app.get(
    '/session/discover',
    {
      config,
      schema: { tags, querystring: SessionsPageQuerySchema, response: { 200: envelope(SessionListSchema) } },
      preValidation,
    },
    async (request) => {
      const page = await sessions.discover(me(request), request.query);
      return ok(page.items, { pageInfo: page.pageInfo });
    },
  );

  app.get(
    '/session/discover/draw/:drawId',
    {
      config,
      schema: {
        tags,
        params: DrawIdParamsSchema,
        querystring: SessionsPageQuerySchema,
        response: { 200: envelope(SessionListSchema), ...failures(404) },
      },
      preValidation,
    },
    async (request) => {
      const page = await sessions.discover(me(request), request.query, request.params.drawId);
      return ok(page.items, { pageInfo: page.pageInfo });
    },
  );

  app.get(
    '/session/:id',
    {
      config,
      schema: {
        tags,
        params: SessionIdParamsSchema,
        response: { 200: envelope(SessionSchema), ...failures(404) },
      },
      preValidation,
    },
    async (request) => ok(await sessions.get(me(request), request.params.id)),
  );

  app.put(
    '/session/:id',
    {
      config,
      schema: {
        tags,
        params: SessionIdParamsSchema,
        body: EditSessionBodySchema,
        response: { 200: envelope(SessionSchema), ...failures(404, 422) },
      },
      preValidation,
    },
    async (request) =>
      ok(await sessions.editAutosession(me(request), request.params.id, request.body.autosessionStatus)),
  );

  app.get(
    '/config',
    { config, schema: { tags, response: { 200: envelope(LottoPartyConfigSchema) } }, preValidation },
    async () => ok(await configs.all()),
  );

  app.get(
    '/config/:key',
    {
      config,
      schema: {
        tags,
        params: ConfigKeyParamsSchema,
        response: { 200: envelope(LottoPartyConfigSchema), ...failures(404) },
      },
      preValidation,
    },
    async (request) => ok(await configs.forOffer(request.params.key)),
  );
};
