/**
 * The back office's own calls under /admin (docs/api/back-office.md): the operator's session, the
 * operators and their invitations (admin role), and the audit log with its CSV export (admin role).
 */

import { Readable } from 'node:stream';
import {
  AcceptInvitationBodySchema,
  AuditPageSchema,
  AuditQuerySchema,
  EmptyResultSchema,
  InvitationSchema,
  InviteOperatorBodySchema,
  OperatorListSchema,
  OperatorSchema,
  OperatorSessionSchema,
  OperatorSignInBodySchema,
  PendingInvitationSchema,
  RevokedSessionsSchema,
  UpdateOperatorBodySchema,
} from '@drawhouse/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, failures, ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { auditRepository } from './audit.repository.ts';
import { auditCsvHeader, auditCsvLines, auditEntryView } from './audit-view.ts';
import { ADMIN_RATE_LIMIT, actorOf, requestContext } from './operator-auth.ts';
import { SESSION_COOKIE, SESSION_HOURS } from './operator-sessions.service.ts';
import { createOperatorsAdmin } from './operators-admin.service.ts';

/**
 * Sign-in and invitation calls per address and minute: enough for an office behind one address, too
 * few to try passwords across many operators (each operator is also locked after 5 failures).
 */
const SIGN_IN_RATE_LIMIT = { max: 30, timeWindow: 60_000, hook: 'onRequest' as const };

const IdParamsSchema = z.object({ id: z.string().max(40) });
const TokenParamsSchema = z.object({ token: z.string().max(120) });

export const operatorsModule: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const now = () => app.deps.now?.() ?? new Date();
  const sessions = app.operatorSessions;
  const admin = createOperatorsAdmin({
    db,
    now,
    jwtSecret: config.jwtSecret,
    adminBaseUrl: config.adminBaseUrl,
    sessions,
  });
  const auth = app.operatorAuth;
  const tags = ['admin'];
  const rate = { rateLimit: ADMIN_RATE_LIMIT };

  function setSessionCookie(reply: FastifyReply, value: string) {
    reply.setCookie(SESSION_COOKIE, value, {
      path: '/admin',
      httpOnly: true,
      sameSite: 'strict',
      secure: config.production,
      maxAge: SESSION_HOURS * 3600,
    });
  }

  app.post(
    '/session',
    {
      config: { rateLimit: SIGN_IN_RATE_LIMIT },
      schema: {
        tags,
        body: OperatorSignInBodySchema,
        response: { 200: envelope(OperatorSessionSchema), ...failures(401, 429) },
      },
    },
    async (request, reply) => {
      const { email, password, code } = request.body;
      const signed = await sessions.signIn(email, password, code, requestContext(request));
      setSessionCookie(reply, signed.cookie);
      return ok(signed.session);
    },
  );

  app.get(
    '/session',
    {
      config: rate,
      schema: { tags, response: { 200: envelope(OperatorSessionSchema), ...failures(401) } },
      preValidation: auth('any'),
    },
    async (request) => {
      const found = await sessions.current(request.cookies[SESSION_COOKIE] ?? '');
      if (found) return ok(found);
      // Signed in with a token: the operator, without a session's times.
      const { operator } = actorOf(request);
      const row = (await admin.list()).operators.find((o) => o.id === operator.id);
      if (!row) throw new AppError(401, 'unauthorised', 'Sign in to the back office.');
      return ok({ operator: row, expiresAt: now().toISOString(), idleMinutes: 0 });
    },
  );

  app.delete(
    '/session',
    {
      config: rate,
      schema: { tags, response: { 200: envelope(EmptyResultSchema) } },
      preValidation: auth('any'),
    },
    async (request, reply) => {
      await sessions.signOut(request.cookies[SESSION_COOKIE] ?? '', actorOf(request));
      reply.clearCookie(SESSION_COOKIE, { path: '/admin' });
      return ok({});
    },
  );

  app.get(
    '/operators',
    {
      config: rate,
      schema: { tags, response: { 200: envelope(OperatorListSchema) } },
      preValidation: auth('admin'),
    },
    async () => ok(await admin.list()),
  );

  app.post(
    '/operators/invitations',
    {
      config: rate,
      schema: {
        tags,
        body: InviteOperatorBodySchema,
        response: {
          201: envelope(PendingInvitationSchema),
          ...failures(400, 409),
        },
      },
      preValidation: auth('admin', { recentSignIn: true }),
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(await admin.invite(actorOf(request), request.body.email, request.body.roles))),
  );

  app.patch(
    '/operators/:id',
    {
      config: rate,
      schema: {
        tags,
        params: IdParamsSchema,
        body: UpdateOperatorBodySchema,
        response: { 200: envelope(OperatorSchema), ...failures(404, 409) },
      },
      preValidation: auth('admin', { recentSignIn: true }),
    },
    async (request) => ok(await admin.update(actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/operators/:id/sessions',
    {
      config: rate,
      schema: {
        tags,
        params: IdParamsSchema,
        response: { 200: envelope(RevokedSessionsSchema), ...failures(404) },
      },
      preValidation: auth('admin', { recentSignIn: true }),
    },
    async (request) => ok(await admin.endSessions(actorOf(request), request.params.id)),
  );

  app.get(
    '/invitations/:token',
    {
      config: { rateLimit: SIGN_IN_RATE_LIMIT },
      schema: {
        tags,
        params: TokenParamsSchema,
        response: { 200: envelope(InvitationSchema), ...failures(404) },
      },
    },
    async (request) => ok(await admin.invitation(request.params.token)),
  );

  app.post(
    '/invitations/:token/accept',
    {
      config: { rateLimit: SIGN_IN_RATE_LIMIT },
      schema: {
        tags,
        params: TokenParamsSchema,
        body: AcceptInvitationBodySchema,
        response: { 200: envelope(OperatorSessionSchema), ...failures(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const accepted = await admin.accept(request.params.token, request.body, requestContext(request));
      setSessionCookie(reply, accepted.cookie);
      return ok(accepted.session);
    },
  );

  app.get(
    '/audit',
    {
      config: rate,
      schema: { tags, querystring: AuditQuerySchema, response: { 200: envelope(AuditPageSchema) } },
      preValidation: auth('admin'),
    },
    async (request) => {
      const { rows, total } = await auditRepository(db).page(request.query);
      return ok({
        entries: rows.map(auditEntryView),
        page: request.query.page,
        limit: request.query.limit,
        total,
      });
    },
  );

  app.get(
    '/audit/export',
    {
      config: rate,
      schema: { tags, querystring: AuditQuerySchema.omit({ page: true, limit: true }) },
      preValidation: auth('admin'),
    },
    async (request, reply) => {
      const rows = auditRepository(db).all(request.query);
      async function* csv() {
        yield auditCsvHeader();
        for await (const batch of rows) yield auditCsvLines(batch);
      }
      const day = now().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="drawhouse-audit-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(csv()));
    },
  );
};
