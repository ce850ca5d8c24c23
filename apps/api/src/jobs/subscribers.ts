/**
 * The handlers behind every outbox subscription (modules/outbox/outbox.subscriptions.ts says which
 * events each follows). Relays in the jobs, the worker and the tests all deliver through this list.
 */
import { accountsSubscribers } from '../modules/accounts/index.ts';
import {
  enterMovedTickets,
  preOrderNoticeSubscriber,
  preOrdersDueSubscriber,
  receiptMailSubscriber,
} from '../modules/checkout/index.ts';
import { drawSubscribersOf } from '../modules/draws/index.ts';
import { giveawaySubscribersOf } from '../modules/giveaways/index.ts';
import { lottoPartySubscribers } from '../modules/lotto-party/index.ts';
import { membershipSubscribers } from '../modules/membership/index.ts';
import { mailSubscriber } from '../modules/notifications/index.ts';
import type { Subscriber } from '../modules/outbox/index.ts';
import { depositNoticeSubscriber } from '../modules/payments/index.ts';
import {
  createRecurringFunding,
  type RecurringQueue,
  recurringDueSubscriber,
  recurringNoticeSubscriber,
} from '../modules/recurring/index.ts';
import { verificationSubscribers } from '../modules/verification/index.ts';
import { walletSubscribers } from '../modules/wallet/index.ts';
import type { JobDeps } from './job-deps.ts';

export type SubscriberOptions = {
  /** The jobs' `recurring-buy` queue: due recurring purchases are queued rather than bought in place. */
  recurringQueue?: RecurringQueue;
};

export function outboxSubscribers(deps: JobDeps, options: SubscriberOptions = {}): Subscriber[] {
  const now = () => deps.now?.() ?? new Date();
  const base = { db: deps.db, now, mailer: deps.mailer, webBaseUrl: deps.webBaseUrl };
  return [
    mailSubscriber(deps.mailer),
    receiptMailSubscriber(deps),
    preOrderNoticeSubscriber(deps),
    ...accountsSubscribers(deps, enterMovedTickets),
    ...walletSubscribers(deps),
    ...drawSubscribersOf(deps),
    ...giveawaySubscribersOf(deps),
    ...lottoPartySubscribers({ ...base, config: deps.config.draws }),
    preOrdersDueSubscriber(base),
    recurringDueSubscriber({ ...base, funding: createRecurringFunding(deps) }, options.recurringQueue),
    recurringNoticeSubscriber(deps),
    depositNoticeSubscriber(deps),
    ...verificationSubscribers(deps),
    ...membershipSubscribers(deps),
  ];
}
