/**
 * What a refused customer's recurring purchase does when its next draw comes round: closes the
 * current draw early, runs the recurring processor, and checks the attempt for the next draw was
 * skipped for `reason` with nothing bought and the wallet as it was; then cancels the recurring
 * purchase so later runs of the processor leave it alone.
 */
import { type Database, eq, recurringPurchaseAttempts, recurringPurchases, tickets } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { drawFollowUps } from '../src/jobs/draw-follow-ups.ts';
import { drawEngineOf } from '../src/modules/draws/index.ts';
import { balancesOf } from './checkout-helpers.ts';
import { drainOutbox } from './helpers.ts';

export async function expectRecurringSkipped(
  app: FastifyInstance,
  db: Database,
  args: {
    customerId: string;
    recurringId: string;
    closingDrawNo: number;
    nextDrawId: string;
    reason: string;
    walletCents: number;
  },
): Promise<void> {
  const engine = { ...drawEngineOf(app.deps), ...drawFollowUps(app.deps) };
  await engine.closeEarly('powerball', args.closingDrawNo);
  await drainOutbox(app);
  await engine.processRecurring();
  const attempts = await db
    .select()
    .from(recurringPurchaseAttempts)
    .where(eq(recurringPurchaseAttempts.recurringPurchaseId, args.recurringId));
  expect(attempts.find((a) => a.periodKey === args.nextDrawId)).toMatchObject({
    status: 'skipped',
    reason: args.reason,
    orderId: null,
  });
  const nextTickets = (await db.select().from(tickets).where(eq(tickets.customerId, args.customerId))).filter(
    (t) => t.drawId === args.nextDrawId,
  );
  expect(nextTickets).toHaveLength(0);
  expect((await balancesOf(db, args.customerId)).wallet).toBe(args.walletCents);
  await db
    .update(recurringPurchases)
    .set({ status: 'cancelled' })
    .where(eq(recurringPurchases.id, args.recurringId));
}
