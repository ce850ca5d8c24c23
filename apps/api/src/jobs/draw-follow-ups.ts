/**
 * What the minute's sweep does after moving the draws, for every offer at once: the followers of
 * `draw.closed` (pre-orders charged, recurring purchases made due) run again over whatever is due,
 * so a soft failure is tried again while its draw is on sale and nothing a close left waits longer
 * than a minute. The `recurring-buy` jobs buy through the same processor.
 */
import { createPreOrderCharges } from '../modules/checkout/index.ts';
import {
  createRecurringFunding,
  createRecurringProcessor,
  type RecurringQueue,
} from '../modules/recurring/index.ts';
import type { JobDeps } from './job-deps.ts';

export function drawFollowUps(deps: JobDeps, options: { recurringQueue?: RecurringQueue } = {}) {
  const now = () => deps.now?.() ?? new Date();
  const base = { db: deps.db, now, mailer: deps.mailer, webBaseUrl: deps.webBaseUrl };
  const preOrders = createPreOrderCharges(base);
  const recurring = createRecurringProcessor({ ...base, funding: createRecurringFunding(deps) });
  return {
    /** Charges the pre-orders due now (of one offer, or of every offer). */
    chargePreOrders: (offerKey?: string) => preOrders.chargeDue(offerKey),
    /** Buys the recurring purchases due now, of every offer (or one offer's, or one customer's). */
    processRecurring: (options?: { offerKey?: string; customerId?: string }) => recurring.processDue(options),
    /** Queues (or, without the jobs' queue, buys) the recurring purchases due of every offer. */
    async recurringDue(): Promise<void> {
      if (options.recurringQueue) await recurring.enqueueDue(options.recurringQueue);
      else await recurring.processDue();
    },
    /** Works a batch of `recurring-buy` jobs. */
    buyRecurringJobs: (recurringPurchaseIds: readonly string[]) => recurring.buyJobs(recurringPurchaseIds),
  };
}

export type DrawFollowUps = ReturnType<typeof drawFollowUps>;
