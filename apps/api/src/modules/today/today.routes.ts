/** GET /admin/today (every operator): what waits for someone today, counted, with the first few draws. */
import { type Today, type TodayDraw, TodaySchema } from '@drawhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ok } from '../../http/envelope.ts';
import { ADMIN_RATE_LIMIT } from '../operators/index.ts';
import { type TodayDrawRow, todayRepository } from './today.repository.ts';

type Listed = { count: number; items: TodayDrawRow[] };

const listView = (list: Listed): { count: number; items: TodayDraw[] } => ({
  count: list.count,
  items: list.items.map((d) => ({ ...d, at: d.at.toISOString() })),
});

export const todayModule: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/today',
    {
      config: { rateLimit: ADMIN_RATE_LIMIT },
      schema: { tags: ['admin'], response: { 200: envelope(TodaySchema) } },
      preValidation: app.operatorAuth('any'),
    },
    async () => {
      const repo = todayRepository(app.deps.db);
      const now = app.deps.now?.() ?? new Date();
      const today: Today = {
        closingSoon: listView(await repo.closingSoon(now)),
        awaitingResults: listView(await repo.awaitingResults()),
        awaitingSecondEntry: listView(await repo.awaitingSecondEntry()),
        heldPrizes: listView(await repo.heldPrizes()),
        withdrawalsAwaitingApproval: await repo.withdrawalsAwaitingApproval(),
        verificationsPending: await repo.verificationsPending(),
        failedDeliveries: await repo.failedDeliveries(),
        failedJobs: await repo.failedJobs(),
      };
      return ok(today);
    },
  );
};
