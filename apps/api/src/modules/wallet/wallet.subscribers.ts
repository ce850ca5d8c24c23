/**
 * What the wallet does once a change has committed (outbox/outbox.subscriptions.ts says which events
 * each follows): each step of a withdrawal (requested, paid, not paid, declined, cancelled) told as a
 * feed entry (source key `withdrawal:{id}:{status}`) and a mail in the same words, and a new payout
 * destination by mail; both run in the delivery's transaction, told once however often they run.
 * `withdrawal-payout` runs outside a transaction: it pays a withdrawal approved by rule (at its
 * request) or by an operator through the payout adapter (payouts.service.ts), once.
 */
import type { WithdrawalStatus } from '@drawhouse/db';
import { payoutDestinationAddedNotice, withdrawalNotice } from '@drawhouse/domain';
import { noticeSubscriber } from '../feed/index.ts';
import { noticeMail } from '../notifications/index.ts';
import type { OutboxEvent, Subscriber } from '../outbox/index.ts';
import type { PaymentsDeps } from '../payments/index.ts';
import { payoutsOf } from './payouts.service.ts';
import { walletRepository } from './wallet.repository.ts';
import { fundDisplay } from './wallet.view.ts';

export const withdrawalPath = (id: string) => `/my-account/withdraw/details/${id}`;
export const withdrawalSourceKey = (id: string, status: string) => `withdrawal:${id}:${status}`;

/** The status a withdrawal event reports, or undefined for an event that tells nothing. */
function statusTold(event: OutboxEvent): WithdrawalStatus | undefined {
  switch (event.type) {
    // One approved by rule is being paid at once: told when it is paid (or not), not twice.
    case 'withdrawal.requested':
      return event.payload.approvedByRule ? undefined : 'requested';
    // An approval that paid at once is told by its `withdrawal.paid`: one notice, not two.
    case 'withdrawal.approved':
      return event.payload.paidAtOnce ? undefined : 'approved';
    case 'withdrawal.paid':
      return 'paid';
    case 'withdrawal.rejected':
      return 'rejected';
    case 'withdrawal.cancelled':
      return 'cancelled';
    case 'withdrawal.failed':
      return 'failed';
    default:
      return undefined;
  }
}

export function walletSubscribers(deps: PaymentsDeps): Subscriber[] {
  return [
    {
      name: 'withdrawal-payout',
      runs: 'outside',
      async handle(event) {
        if (event.type !== 'withdrawal.requested' && event.type !== 'withdrawal.approved') return;
        await payoutsOf(deps).payOut(event.payload.withdrawalId);
      },
    },

    noticeSubscriber('withdrawal-notices', async (tx, event) => {
      const status = statusTold(event);
      if (!status || !('withdrawalId' in event.payload)) return [];
      const found = await walletRepository(tx).withdrawalToTell(event.payload.withdrawalId);
      if (!found) return [];
      const { withdrawal: w, fund, email, firstname } = found;
      const notice = withdrawalNotice({
        status,
        amountCents: w.amountCents,
        fundDisplay: fundDisplay(fund),
        reason: w.reason,
        detailPath: withdrawalPath(w.id),
        cardLegs: w.cardLegs.filter((leg) => leg.status === 'refunded'),
        instant: w.payoutSpeed === 'instant',
      });
      return [
        {
          customerId: w.customerId,
          entry: { customerId: w.customerId, sourceKey: withdrawalSourceKey(w.id, status), notice },
          to: email,
          mail: noticeMail({
            firstname,
            title: notice.title,
            message: notice.message,
            link: `${deps.webBaseUrl}${withdrawalPath(w.id)}`,
            label: 'View withdrawal',
          }),
        },
      ];
    }),

    /** A new payout destination is told by mail: a withdrawal to it waits a day, so the owner can act. */
    noticeSubscriber('payout-destination-mail', async (tx, event) => {
      if (event.type !== 'wallet.payout_destination_added') return [];
      const { customerId, fundId } = event.payload;
      const found = await walletRepository(tx).bankFundToTell(customerId, fundId);
      if (!found) return [];
      const added = payoutDestinationAddedNotice(
        fundDisplay(found.fund),
        found.fund.createdAt,
        found.fund.type === 'paypal' ? 'paypal' : 'bank',
      );
      return [
        {
          customerId,
          to: found.email,
          mail: noticeMail({
            firstname: found.firstname,
            ...added,
            link: `${deps.webBaseUrl}/my-account/cards-and-accounts`,
            label: 'Review your accounts',
          }),
        },
      ];
    }),
  ];
}
