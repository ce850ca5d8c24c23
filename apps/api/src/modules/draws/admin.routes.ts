/**
 * The operators' API under /admin: enter a draw's results (published when a second operator's entry
 * matches, both void when it does not), enter the prizes awaited after scoring the same way, read a
 * draw's entries (blind: another operator's figures stay hidden until published), release the
 * prizes held for approval. Every call needs an operator token and is throttled per address; the
 * acting operator is always the token's.
 */
import {
  DrawEntriesSchema,
  HeldReleaseSchema,
  PrizesEntryBodySchema,
  ResultsEntryAnswerSchema,
  ResultsEntryBodySchema,
} from '@drawhouse/contract';
import { centsToMoney, moneyToCents } from '@drawhouse/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { ADMIN_RATE_LIMIT, actorOf, signedInOperator } from '../operators/index.ts';
import type { DrawEngine } from './draw-engine.service.ts';
import { drawKick } from './draw-queue.ts';
import type { EntryOutcome } from './draw-results.service.ts';
import { drawState, entryView } from './draw-view.ts';

/** Checked for size only: a draw number that is not one is simply not found. */
export const DrawParamsSchema = z.object({ offer: z.string().max(100), drawNo: z.string().max(12) });

export function drawOf(params: z.infer<typeof DrawParamsSchema>): { offer: string; drawNo: number } {
  const drawNo = /^\d+$/.test(params.drawNo) ? Number(params.drawNo) : Number.NaN;
  if (!Number.isSafeInteger(drawNo)) {
    throw new AppError(404, 'draw_not_found', `There is no draw ${params.drawNo} of ${params.offer}.`);
  }
  return { offer: params.offer, drawNo };
}

function prizesInCents(prizes: Record<string, { amount: number; currency: string }> | undefined) {
  if (!prizes) return undefined;
  const out: Record<string, number> = {};
  const errors: Record<string, { code: string; message: string }[]> = {};
  for (const [division, money] of Object.entries(prizes)) {
    try {
      out[division] = moneyToCents(money);
    } catch {
      errors[`prizes.${division}`] = [
        { code: 'invalid', message: 'A prize is an amount with at most 2 decimals.' },
      ];
    }
  }
  if (Object.keys(errors).length > 0) {
    throw new AppError(400, 'validation_error', 'The results are not valid: nothing was changed.', errors);
  }
  return out;
}

export function adminDrawsModule(engine: DrawEngine): FastifyPluginAsyncZod {
  /** An entry's answer, as its own operator sees it, with the draw as it is now. */
  async function entryAnswer(outcome: EntryOutcome, viewer: string) {
    const now = await engine.results.drawNow(outcome.draw.draw.id);
    return ok({
      draw: drawState(now ?? outcome.draw),
      entry: entryView(outcome.entry, viewer),
      published: outcome.published,
      voidedOperators: outcome.voidedOperators,
    });
  }

  return async (app) => {
    const kick = drawKick(app.deps.db);
    const tags = ['admin'];
    const config = { rateLimit: ADMIN_RATE_LIMIT };

    app.post(
      '/draws/:offer/:drawNo/results',
      {
        config,
        schema: {
          tags,
          params: DrawParamsSchema,
          body: ResultsEntryBodySchema,
          response: { 201: envelope(ResultsEntryAnswerSchema) },
        },
        preValidation: app.operatorAuth('results'),
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const { offer, drawNo } = drawOf(request.params);
        const body = request.body;
        const outcome = await engine.results.enter(offer, drawNo, actor, {
          numbers: body.numbers,
          ...(body.supplementary ? { supplementary: body.supplementary } : {}),
          ...(body.powerball ? { powerball: body.powerball } : {}),
          ...(body.prizes ? { prizes: prizesInCents(body.prizes) } : {}),
        });
        if (outcome.published) await kick(outcome.draw.draw.id);
        return reply.status(201).send(await entryAnswer(outcome, actor.operator.name));
      },
    );

    app.post(
      '/draws/:offer/:drawNo/prizes',
      {
        config,
        schema: {
          tags,
          params: DrawParamsSchema,
          body: PrizesEntryBodySchema,
          response: { 201: envelope(ResultsEntryAnswerSchema) },
        },
        preValidation: app.operatorAuth('results'),
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const { offer, drawNo } = drawOf(request.params);
        const prizes = prizesInCents(request.body.prizes) ?? {};
        const outcome = await engine.enterPrizes(offer, drawNo, actor, prizes);
        for (const id of outcome.toStep) await kick(id);
        return reply.status(201).send(await entryAnswer(outcome, actor.operator.name));
      },
    );

    app.get(
      '/draws/:offer/:drawNo/entries',
      {
        config,
        schema: { tags, params: DrawParamsSchema, response: { 200: envelope(DrawEntriesSchema) } },
        preValidation: app.operatorAuth('results'),
      },
      async (request) => {
        const { offer, drawNo } = drawOf(request.params);
        const found = await engine.results.find(offer, drawNo);
        const viewer = signedInOperator(request).name;
        const entries = await engine.results.entries(found.draw.id);
        return ok({ draw: drawState(found), entries: entries.map((e) => entryView(e, viewer)) });
      },
    );

    app.post(
      '/draws/:offer/:drawNo/release',
      {
        config,
        schema: { tags, params: DrawParamsSchema, response: { 200: envelope(HeldReleaseSchema) } },
        preValidation: app.operatorAuth('finance'),
      },
      async (request) => {
        const { offer, drawNo } = drawOf(request.params);
        const released = await engine.payouts.release(offer, drawNo, actorOf(request));
        if (released.outcome === 'released') await kick(released.draw.draw.id);
        const now = await engine.results.drawNow(released.draw.draw.id);
        return ok({
          draw: drawState(now ?? released.draw),
          outcome: released.outcome,
          released: released.released.map((r) => ({
            ticketId: r.ticketId,
            prize: centsToMoney(r.prizeCents),
          })),
          total: centsToMoney(released.heldCents),
          firstApprovedBy: released.firstApprovedBy,
        });
      },
    );
  };
}
