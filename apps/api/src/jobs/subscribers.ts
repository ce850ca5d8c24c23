/**
 * The handlers behind every outbox subscription (modules/outbox/outbox.subscriptions.ts says which
 * events each follows). Relays in the jobs, the worker and the tests all deliver through this list.
 */
import { accountsSubscribers } from '../modules/accounts/index.ts';
import { preOrderNoticeSubscriber, receiptMailSubscriber } from '../modules/checkout/index.ts';
import { mailSubscriber } from '../modules/notifications/index.ts';
import type { Subscriber } from '../modules/outbox/index.ts';
import { walletSubscribers } from '../modules/wallet/index.ts';
import type { JobDeps } from './job-deps.ts';

export function outboxSubscribers(deps: JobDeps): Subscriber[] {
  return [
    mailSubscriber(deps.mailer),
    receiptMailSubscriber(deps),
    preOrderNoticeSubscriber(deps),
    ...accountsSubscribers(deps),
    ...walletSubscribers(deps),
  ];
}
