/**
 * The back office's draw desk under /admin (docs/api/admin-draws.md): the calendar and one draw
 * (results role), closing a draw early (results; audited in the close's transaction), the draws
 * holding prizes (finance), and a draw's reconciliation (`draw:check` as a report).
 */
import {
  DrawCalendarQuerySchema,
  DrawCalendarSchema,
  DrawCheckReportSchema,
  DrawDetailSchema,
  HeldPrizesListSchema,
} from '@drawhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ok } from '../../http/envelope.ts';
import { ADMIN_RATE_LIMIT, actorOf, signedInOperator } from '../operators/index.ts';
import { DrawParamsSchema, drawOf } from './admin.routes.ts';
import type { AdminBoard } from './admin-board.service.ts';
import type { SessionsCheck } from './draw-check.service.ts';
import type { DrawEngine } from './draw-engine.service.ts';
import { drawKick } from './draw-queue.ts';

export function adminBoardModule(
  engine: DrawEngine,
  board: AdminBoard,
  sessions: SessionsCheck,
): FastifyPluginAsyncZod {
  return async (app) => {
    const kick = drawKick(app.deps.db);
    const tags = ['admin'];
    const config = { rateLimit: ADMIN_RATE_LIMIT };

    app.get(
      '/draws',
      {
        config,
        schema: {
          tags,
          querystring: DrawCalendarQuerySchema,
          response: { 200: envelope(DrawCalendarSchema) },
        },
        preValidation: app.operatorAuth('results'),
      },
      async (request) => ok(await board.calendar(request.query)),
    );

    app.get(
      '/draws/:offer/:drawNo',
      {
        config,
        schema: { tags, params: DrawParamsSchema, response: { 200: envelope(DrawDetailSchema) } },
        preValidation: app.operatorAuth('results'),
      },
      async (request) => {
        const { offer, drawNo } = drawOf(request.params);
        return ok(await board.detail(offer, drawNo, signedInOperator(request).name));
      },
    );

    app.post(
      '/draws/:offer/:drawNo/close',
      {
        config,
        schema: { tags, params: DrawParamsSchema, response: { 200: envelope(DrawDetailSchema) } },
        preValidation: app.operatorAuth('results'),
      },
      async (request) => {
        const { offer, drawNo } = drawOf(request.params);
        const closed = await engine.closeEarly(offer, drawNo, actorOf(request));
        await kick(closed.draw.id);
        return ok(await board.detail(offer, drawNo, signedInOperator(request).name));
      },
    );

    app.get(
      '/draws/:offer/:drawNo/check',
      {
        config,
        schema: { tags, params: DrawParamsSchema, response: { 200: envelope(DrawCheckReportSchema) } },
        preValidation: app.operatorAuth('results'),
      },
      async (request) => {
        const { offer, drawNo } = drawOf(request.params);
        return ok(await board.check(offer, drawNo, sessions));
      },
    );

    app.get(
      '/prizes/held',
      {
        config,
        schema: { tags, response: { 200: envelope(HeldPrizesListSchema) } },
        preValidation: app.operatorAuth('finance'),
      },
      async () => ok(await board.held()),
    );
  };
}
