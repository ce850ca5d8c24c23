/**
 * Recurring purchases started at checkout: each item bought with `recurringPurchase.enabled`, whose
 * offer takes recurring purchases, becomes a `recurring_purchases` row in the purchase's own
 * transaction, with the draws just bought (or the membership's billing period) recorded as bought,
 * so the processor never buys them again. Entries of an offer sold as a combined recurring purchase
 * bought in one checkout share a group id. A lottery autoplay keeps the minimum jackpot the cart took
 * with it. A pre-order starts nothing: it is not bought yet.
 */
import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '@drawhouse/db';
import { BILLING_PERIODS, type BillingPeriod } from '@drawhouse/db';
import { billingPeriodKey } from '@drawhouse/domain';
import type { PurchaseLine } from './checkout.orders.ts';
import { checkoutRecurringQueries, type NewRecurringPurchase } from './checkout-recurring.repository.ts';

/** A membership's billing period: named by its offer (`daily-winners-quarterly`); monthly otherwise. */
function billingPeriodOf(line: PurchaseLine): BillingPeriod | null {
  if (line.productType !== 'membership') return null;
  const { membershipOffer, gameType } = line.payload;
  return (
    BILLING_PERIODS.find((period) => gameType === period || membershipOffer.endsWith(`-${period}`)) ??
    'monthly'
  );
}

/** The minimum jackpot the cart took with a lottery autoplay; null (every draw) otherwise. */
function minimumJackpotOf(line: PurchaseLine): number | null {
  if (line.productType !== 'lottery_ticket') return null;
  return line.recurringPurchase?.minimumJackpotCents ?? null;
}

/** Starts the recurring purchases of a checkout's bought lines (`orderIds[i]` is line i's order). */
export async function startRecurringPurchases(
  tx: DbOrTx,
  args: { customerId: string; lines: PurchaseLine[]; orderIds: string[]; at: Date },
): Promise<number> {
  const asked = args.lines.flatMap((line, i) =>
    line.recurringPurchase?.enabled ? [{ line, orderId: args.orderIds[i] }] : [],
  );
  if (asked.length === 0) return 0;
  const repo = checkoutRecurringQueries(tx);
  const offers = await repo.offersRecurring([...new Set(asked.map((a) => a.line.productOfferKey))]);
  const groupId = randomUUID();
  const rows: NewRecurringPurchase[] = [];
  for (const { line, orderId } of asked) {
    const offered = offers.get(line.productOfferKey);
    if (!offered || offered.availability === 'never' || !orderId) continue;
    const combined = offered.type === 'combined_recurring_purchase';
    const billingPeriod = billingPeriodOf(line);
    rows.push({
      id: randomUUID(),
      customerId: args.customerId,
      type: combined ? 'combined_recurring_purchase' : (line.recurringPurchase?.type ?? offered.type),
      productType: line.productType,
      productOfferKey: line.productOfferKey,
      payload: line.payload,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      quickpick: line.productType === 'lottery_ticket' && line.payload.quickpick,
      minimumJackpotCents: minimumJackpotOf(line),
      billingPeriod,
      sourceOrderId: orderId,
      groupId: combined ? groupId : null,
      lastAttemptStatus: 'purchased',
      lastAttemptAt: args.at,
      createdAt: args.at,
      updatedAt: args.at,
    });
  }
  if (rows.length === 0) return 0;
  await repo.insertRecurringPurchases(rows);
  for (const row of rows) {
    if (!row.sourceOrderId) continue;
    if (row.billingPeriod) {
      const periodKey = billingPeriodKey(row.billingPeriod, args.at, args.at);
      await repo.recordBoughtPeriod(row.id, args.customerId, periodKey, row.sourceOrderId, args.at);
    } else {
      await repo.recordBoughtDraws(row.id, args.customerId, row.sourceOrderId, args.at);
    }
  }
  return rows.length;
}
