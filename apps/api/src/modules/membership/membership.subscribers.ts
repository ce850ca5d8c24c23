/**
 * The membership's follow-ups (in-transaction, each exactly once per event and idempotent anyway):
 * - `checkout.completed`: each membership order pays a premium period (`order:{orderId}`, written
 *   once) that runs on from the paid time left; the customer is a member from then on and is told
 *   "You're premium until …". Any purchase also resolves the customer's pending unlocks it qualifies.
 * - `recurring.attempted` of a membership renewal: bought, a period (`recurring:{attemptId}`; a
 *   renewal writes no `checkout.completed`, so it is counted here only); refused, the customer is
 *   told that premium ends with the paid time and the free entries continue (ADR 067).
 * - `deposit.completed`: a customer waiting for a deposit becomes a member; pending unlocks resolve.
 */
import type { Transaction } from '@drawhouse/db';
import {
  activityUnlocks,
  isPremiumPeriod,
  type PremiumPeriod,
  premiumNotice,
  premiumPeriodEnd,
  renewalFailedNotice,
  type WinNotice,
} from '@drawhouse/domain';
import { mailOfNotice, tellNotices } from '../feed/index.ts';
import type { Subscriber } from '../outbox/index.ts';
import {
  MEMBERSHIP_OFFER_KEY,
  type MembershipRepository,
  membershipRepository,
} from './membership.repository.ts';

type NoticeDeps = { webBaseUrl: string };

const FALLBACK = { link: '/daily-winners', text: 'See Daily Winners' };

/** A membership offer's billing period: named by its offer (`daily-winners-quarterly`). */
function periodOf(membershipOffer: string): PremiumPeriod | null {
  const period = membershipOffer.startsWith(`${MEMBERSHIP_OFFER_KEY}-`)
    ? membershipOffer.slice(MEMBERSHIP_OFFER_KEY.length + 1)
    : '';
  return isPremiumPeriod(period) ? period : null;
}

/** Resolves the customer's pending unlocks of open giveaways that an activity at `at` qualifies. */
async function resolveUnlocks(repo: MembershipRepository, customerId: string, at: Date): Promise<void> {
  const pending = await repo.pendingUnlocks(customerId, at);
  const qualified = pending.filter((p) => activityUnlocks(at, p.closesAt)).map((p) => p.giveawayId);
  await repo.resolveUnlocks(customerId, qualified, at);
}

/**
 * Writes a paid period (once per source) running on from the paid time left, and makes the
 * customer a member; answers the new end of premium, or null when the source was paid already.
 */
async function payPeriod(
  repo: MembershipRepository,
  args: { customerId: string; source: string; period: PremiumPeriod; paidAt: Date },
): Promise<Date | null> {
  const current = await repo.lockOrCreate(args.customerId, args.paidAt);
  const from =
    current.premiumUntil !== null && current.premiumUntil > args.paidAt ? current.premiumUntil : args.paidAt;
  const endsAt = premiumPeriodEnd(current.premiumUntil, args.paidAt, args.period);
  const added = await repo.addPeriod({
    customerId: args.customerId,
    source: args.source,
    period: args.period,
    startsAt: from,
    endsAt,
  });
  if (!added) return null;
  const joins = current.status !== 'member';
  await repo.update(
    args.customerId,
    { status: 'member', premiumUntil: endsAt, ...(joins ? { joinedAt: args.paidAt, leftAt: null } : {}) },
    args.paidAt,
  );
  return endsAt;
}

async function tell(
  tx: Transaction,
  deps: NoticeDeps,
  customerId: string,
  sourceKey: string,
  notice: WinNotice,
): Promise<void> {
  const customer = await membershipRepository(tx).customer(customerId);
  if (!customer) return;
  const mail = mailOfNotice({
    notice,
    firstname: customer.firstname,
    webBaseUrl: deps.webBaseUrl,
    fallback: FALLBACK,
  });
  await tellNotices(tx, [{ customerId, to: customer.email, entry: { customerId, sourceKey, notice }, mail }]);
}

export function membershipSubscribers(deps: NoticeDeps): Subscriber[] {
  return [
    {
      name: 'membership-purchase',
      runs: 'in-transaction',
      async handle(tx, event) {
        if (event.type !== 'checkout.completed') return;
        const { customerId, checkoutId } = event.payload;
        const repo = membershipRepository(tx);
        const paidAt = event.createdAt;
        for (const order of await repo.membershipOrders(checkoutId)) {
          const period = 'membershipOffer' in order.payload ? periodOf(order.payload.membershipOffer) : null;
          if (period === null) continue;
          const source = `order:${order.id}`;
          const until = await payPeriod(repo, { customerId: order.customerId, source, period, paidAt });
          if (until)
            await tell(tx, deps, order.customerId, `membership-premium:${source}`, premiumNotice(until));
        }
        await resolveUnlocks(repo, customerId, paidAt);
      },
    },
    {
      name: 'membership-renewal',
      runs: 'in-transaction',
      async handle(tx, event) {
        if (event.type !== 'recurring.attempted') return;
        const { customerId, recurringPurchaseId, attemptId, status, sameAsLastDraw } = event.payload;
        const repo = membershipRepository(tx);
        const renewal = await repo.recurringPurchase(recurringPurchaseId);
        if (renewal?.productType !== 'membership' || renewal.productOfferKey !== MEMBERSHIP_OFFER_KEY) return;
        if (status === 'purchased') {
          const period = renewal.billingPeriod ?? 'monthly';
          const source = `recurring:${attemptId}`;
          const until = await payPeriod(repo, { customerId, source, period, paidAt: event.createdAt });
          if (until) await tell(tx, deps, customerId, `membership-premium:${source}`, premiumNotice(until));
          return;
        }
        if ((status !== 'soft_failure' && status !== 'hard_failure') || sameAsLastDraw) return;
        const membership = await repo.membership(customerId);
        if (membership?.status !== 'member') return;
        const notice = renewalFailedNotice(membership.premiumUntil, event.createdAt);
        await tell(tx, deps, customerId, `membership-renewal-failed:${attemptId}`, notice);
      },
    },
    {
      name: 'membership-deposit',
      runs: 'in-transaction',
      async handle(tx, event) {
        if (event.type !== 'deposit.completed') return;
        const { customerId } = event.payload;
        const repo = membershipRepository(tx);
        const at = event.createdAt;
        const membership = await repo.membership(customerId, true);
        if (membership?.status === 'pending-deposit') {
          await repo.update(customerId, { status: 'member', joinedAt: at, leftAt: null }, at);
        }
        await resolveUnlocks(repo, customerId, at);
      },
    },
  ];
}
