/**
 * What a customer is told of a deposit once it ends (`deposit.completed`, `deposit.failed`), once
 * each, in the feed and by mail. Told: money added to the balance by a top-up (the form, a BPAY or
 * bank payment reconciled, a saved card charged for a recurring purchase while the customer was
 * away), or by a checkout's deposit whose purchase then failed; and a deposit that expired unfinished
 * (the customer left a 3-D Secure check or a PayPal approval). Not told: a checkout's deposit that
 * paid for its purchase (its receipt says so), and a decline or cancel the customer saw happen (a
 * recurring purchase's declined card is told by its own notice).
 */
import { depositNotice } from '@drawhouse/domain';
import { mailOfNotice, type Notice, noticeSubscriber } from '../feed/index.ts';
import type { Subscriber } from '../outbox/index.ts';
import { depositMethod } from './payment-methods.ts';
import { paymentsRepository } from './payments.repository.ts';
import { fundLabel } from './payments.view.ts';

export function depositNoticeSubscriber(deps: { webBaseUrl: string }): Subscriber {
  return noticeSubscriber('deposit-notice', async (tx, event): Promise<Notice[]> => {
    if (event.type !== 'deposit.completed' && event.type !== 'deposit.failed') return [];
    if (event.type === 'deposit.failed' && event.payload.status !== 'expired') return [];
    const found = await paymentsRepository(tx).depositToTell(event.payload.depositId);
    if (!found) return [];
    const { deposit, fund } = found;
    const purchaseFailed = deposit.purpose.kind === 'checkout' && deposit.failureCode !== null;
    if (event.type === 'deposit.completed' && deposit.purpose.kind === 'checkout' && !purchaseFailed)
      return [];
    const method = fund ? fundLabel(fund) : depositMethod(deposit.methodCode).name;
    const { amountCents } = event.payload;
    const added = event.type === 'deposit.completed';
    const notice = added
      ? depositNotice({ outcome: 'added', amountCents, method, purchaseFailed })
      : depositNotice({ outcome: 'expired', amountCents, method });
    const mail = mailOfNotice({
      notice,
      firstname: found.firstname,
      webBaseUrl: deps.webBaseUrl,
      fallback: { link: '/my-account/transactions', text: 'See my transactions' },
    });
    const { customerId } = deposit;
    const sourceKey = `${added ? 'deposit-added' : 'deposit-expired'}:${deposit.id}`;
    const entry = { customerId, sourceKey, notice };
    return [{ customerId, to: found.email, entry, mail }];
  });
}
