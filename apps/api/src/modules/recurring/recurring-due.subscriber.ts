/**
 * `recurring-due` follows `draw.closed`: the offer's next draw is now on sale, so its recurring
 * purchases are due. With the jobs' queue they are queued one `recurring-buy` job each (job ids from
 * the purchase, its period and its last attempt: queuing twice queues once); without one they are
 * bought here. It runs outside a transaction (each purchase is bought in a transaction of its own,
 * and may charge a saved card). Buying is idempotent per (recurring purchase, draw), so a delivery
 * run twice buys once. An error is thrown for the outbox to retry (the minute's sweep buys what is
 * due too).
 */
import type { Subscriber } from '../outbox/index.ts';
import {
  createRecurringProcessor,
  type RecurringProcessorDeps,
  type RecurringQueue,
} from './recurring.processor.ts';

export function recurringDueSubscriber(deps: RecurringProcessorDeps, queue?: RecurringQueue): Subscriber {
  return {
    name: 'recurring-due',
    runs: 'outside',
    async handle(event) {
      if (event.type !== 'draw.closed') return;
      const recurring = createRecurringProcessor(deps);
      const offerKey = event.payload.offerKey;
      if (queue) await recurring.enqueueDue(queue, { offerKey });
      else await recurring.processDue({ offerKey });
    },
  };
}
