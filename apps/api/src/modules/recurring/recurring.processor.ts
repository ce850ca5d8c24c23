/**
 * The recurring purchase processor. When an offer's draw opens for sale (the draw engine's close of
 * the draw before, the minute's sweep, or a customer's own `POST /v2/process_recurring_purchases/sync`)
 * every due recurring purchase of the offer is bought for that draw; a membership once per billing
 * period. Each is bought in ONE transaction of its own, with checkout's rules and code:
 *
 * - the customer's accounts locked first, then the recurring purchase row; paused or cancelled ones
 *   are left alone, a timed pause whose date has passed becomes active again;
 * - the account closed or not verified, or the offer withdrawn, is a hard failure for the draw; a
 *   jackpot under the customer's minimum is skipped;
 * - the spend limits and precommitment, then promotional credit and the wallet (the recurring
 *   purchase method: a saved card is not charged off-session yet, so the wallet pays either way);
 * - a `checkouts` row (id derived from the recurring purchase and the draw), the order, its ticket
 *   and the ledger transfers written by checkout's shared code, and the attempt recorded by
 *   `insert ... on conflict (recurring_purchase_id, period_key)` in the same transaction: whatever
 *   runs twice, on two workers or after a crash, a draw is bought once or not at all.
 *
 * Work is read in batches (keyset on id) and bought a few at a time on separate connections.
 * Failures are told once each by email and in the feed.
 */
import { randomInt } from 'node:crypto';
import type { CartItemPayload, CartRecurringPurchase, Database, DbOrTx } from '@drawhouse/db';
import {
  BELOW_MINIMUM_JACKPOT,
  balanceSplit,
  belowMinimumJackpot,
  billingPeriodKey,
  gameToWire,
  isRecurringFailureReason,
  type NumberSet,
  quickPickGames,
  type RecurringFailureReason,
  recurringFailureNotice,
  recurringFailureStatus,
  takesEntries,
} from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { parseCartItem, StoredPayloadError } from '../cart/index.ts';
import { buyLine, type PurchaseLine } from '../checkout/index.ts';
import { feedEntries } from '../feed/index.ts';
import {
  type AccountRow,
  accountBalance,
  eventId,
  InsufficientBalanceError,
  ledgerQueries,
} from '../ledger/index.ts';
import { limitsGuard } from '../limits/index.ts';
import { type Mailer, preOrderMail } from '../notifications/index.ts';
import {
  type AttemptOutcome,
  type DrawRow,
  type RecurringPurchaseRow,
  recurringProcessorQueries,
} from './recurring-processor.repository.ts';

export type RecurringProcessorDeps = {
  db: Database;
  now: () => Date;
  mailer: Mailer;
  webBaseUrl: string;
  /** Recurring purchases bought at once, each in its own transaction (default 4). */
  concurrency?: number;
};

export type ProcessCounts = {
  purchased: number;
  softFailures: number;
  hardFailures: number;
  skipped: number;
};

/** The checkout a recurring purchase's attempt for one period writes (its idempotency key). */
export const recurringCheckoutId = (recurringPurchaseId: string, periodKey: string) =>
  eventId(`recurring:${recurringPurchaseId}:${periodKey}:checkout`);

const BATCH = 1000;
const TELL_BATCH = 50;

type Outcome = AttemptOutcome | 'none';

/** Thrown inside a purchase's transaction when its period turns out bought already: it rolls back. */
class AlreadyBought extends Error {}

function periodOf(p: RecurringPurchaseRow, draw: DrawRow | null, at: Date): string {
  if (draw) return draw.id;
  return billingPeriodKey(p.billingPeriod ?? 'monthly', p.createdAt, at);
}

export function createRecurringProcessor(deps: RecurringProcessorDeps) {
  const { db, now } = deps;
  const concurrency = Math.max(1, deps.concurrency ?? 4);
  const numberSetCache = new Map<string, NumberSet[] | undefined>();

  async function setsOf(gameOffer: string): Promise<NumberSet[] | undefined> {
    if (!numberSetCache.has(gameOffer))
      numberSetCache.set(gameOffer, await recurringProcessorQueries(db).numberSets(gameOffer));
    return numberSetCache.get(gameOffer);
  }

  /** The entry bought this time: the same, or fresh quick-picked numbers, for this draw. */
  async function payloadFor(p: RecurringPurchaseRow, draw: DrawRow | null): Promise<CartItemPayload> {
    const payload = p.payload;
    if (!draw || !('drawDate' in payload)) return payload;
    const dated = { ...payload, drawDate: draw.drawAt.toISOString(), purchaseStatus: 'open' as const };
    if (p.productType !== 'lottery_ticket' || !p.quickpick || !('games' in dated)) return dated;
    const sets = await setsOf(dated.gameOffer);
    if (!sets) return dated;
    const fresh = quickPickGames(sets, dated.gameType, (max) => randomInt(max), dated.games.length);
    return { ...dated, games: fresh.map(gameToWire) };
  }

  function lineOf(p: RecurringPurchaseRow, payload: CartItemPayload, draw: DrawRow | null): PurchaseLine {
    const typed = parseCartItem({ id: p.id, productType: p.productType, payload });
    const recurringPurchase: CartRecurringPurchase = {
      type: p.type === 'subscription' ? 'subscription' : 'autoplay',
      enabled: true,
    };
    return {
      ...typed,
      productOfferKey: p.productOfferKey,
      quantity: p.quantity,
      unitPriceCents: p.unitPriceCents,
      numDraws: 1,
      firstDrawNo: draw?.drawNo ?? null,
      drawId: draw?.id ?? null,
      recurringPurchase,
    };
  }

  /** Writes the purchase: checkout row, order and ticket, transfers, stock. Answers the order's id. */
  async function write(
    tx: DbOrTx,
    p: RecurringPurchaseRow,
    line: PurchaseLine,
    periodKey: string,
    accounts: Record<'wallet' | 'promo', AccountRow>,
    fromPromo: number,
    at: Date,
  ): Promise<string> {
    const orderId = await buyLine(tx, {
      checkoutId: recurringCheckoutId(p.id, periodKey),
      cartId: p.id,
      customerId: p.customerId,
      line,
      amountCents: p.unitPriceCents * p.quantity,
      purchaseStatus: 'standard',
      eventKey: `recurring:${p.id}:${periodKey}`,
      accounts,
      fromPromo,
      at,
    });
    if (!orderId) throw new AlreadyBought();
    return orderId;
  }

  /** One recurring purchase bought (or refused, or skipped) for one draw, in its own transaction. */
  async function attempt(due: RecurringPurchaseRow, draw: DrawRow | null): Promise<Outcome> {
    // A stored entry that no longer fits its product (its shape changed) is refused for this
    // purchase alone; the other customers' purchases go on.
    let line: PurchaseLine | null = null;
    try {
      line = lineOf(due, await payloadFor(due, draw), draw);
    } catch (error) {
      if (!(error instanceof StoredPayloadError)) throw error;
    }
    try {
      return await db.transaction(async (tx) => {
        const accounts = await ledgerQueries(tx).lockCustomer(due.customerId);
        const repo = recurringProcessorQueries(tx);
        const at = now();
        const periodKey = periodOf(due, draw, at);
        const found = await repo.lockForBuy(due.id, periodKey);
        const p = found?.purchase;
        if (!found || !p || p.productOfferKey !== due.productOfferKey) return 'none';
        if (p.status === 'paused' || p.status === 'cancelled') return 'none';
        if (p.status === 'timed_paused' && (p.pausedUntil === null || p.pausedUntil > at)) return 'none';
        if (found.attemptStatus !== undefined && found.attemptStatus !== 'soft_failure') return 'none';
        if (draw && !takesEntries(draw, at)) return 'none';
        if (p.status === 'timed_paused') await repo.resume(p.id, at);
        const record = async (status: AttemptOutcome, reason: string | null, orderId: string | null) => {
          const written = await repo.recordAttempt({
            recurringPurchaseId: p.id,
            customerId: p.customerId,
            drawId: draw?.id ?? null,
            periodKey,
            status,
            reason,
            verificationRequired: reason === 'verification_required',
            orderId,
            // A closed account or withdrawn offer refused again at the next draw is told once.
            toldAlready:
              status === 'hard_failure' &&
              p.lastAttemptStatus === 'hard_failure' &&
              p.lastAttemptReason === reason,
            at,
          });
          if (!written) throw new AlreadyBought();
          return status;
        };
        const refuse = (reason: RecurringFailureReason) =>
          record(recurringFailureStatus(reason), reason, null);
        if (found.customerClosed) return refuse('account_closed');
        if (!found.offerOnSale) return refuse('offer_withdrawn');
        if (!found.customerVerified) return refuse('verification_required');
        if (!line) return refuse('entry_unavailable');
        if (
          draw &&
          belowMinimumJackpot(draw.isPrizePoolUnknown ? null : draw.prizePoolCents, p.minimumJackpotCents)
        )
          return record('skipped', BELOW_MINIMUM_JACKPOT, null);
        const amount = p.unitPriceCents * p.quantity;
        const limit = await limitsGuard(tx).spendRefusal(p.customerId, amount, at);
        if (limit) return refuse(isRecurringFailureReason(limit.code) ? limit.code : 'spend_limit');
        const balances = {
          promo: accountBalance(accounts.promo).availableCents,
          wallet: accountBalance(accounts.wallet).availableCents,
        };
        const split = balanceSplit(amount, balances, true);
        if (split.fromDeposit > 0) return refuse('insufficient_funds');
        // Only stock can refuse the write: a savepoint then keeps the refusal recordable.
        const buy = (inner: DbOrTx) => write(inner, p, line, periodKey, accounts, split.fromPromo, at);
        const hasStock = p.productType === 'raffle_ticket' || p.productType === 'syndicate_share';
        let orderId: string;
        try {
          orderId = hasStock ? await tx.transaction(buy) : await buy(tx);
        } catch (error) {
          if (error instanceof AppError && error.code === 'sold_out') return refuse('sold_out');
          if (error instanceof InsufficientBalanceError && hasStock) return refuse('insufficient_funds');
          throw error;
        }
        return record('purchased', null, orderId);
      });
    } catch (error) {
      if (error instanceof AlreadyBought) return 'none';
      throw error;
    }
  }

  /** Runs `work` over `items`, `concurrency` at a time; the first unexpected error is kept for the end. */
  async function pooled<T>(items: T[], work: (item: T) => Promise<void>): Promise<unknown> {
    let next = 0;
    let failed: unknown;
    const runners = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        try {
          await work(item);
        } catch (error) {
          failed ??= error;
        }
      }
    });
    await Promise.all(runners);
    return failed;
  }

  /** Buys every due recurring purchase of one offer (or of one customer's in it). */
  async function processOffer(
    offerKey: string,
    counts: ProcessCounts,
    customerId?: string,
  ): Promise<unknown> {
    const repo = recurringProcessorQueries(db);
    const draw = (await repo.drawOnSale(offerKey, now())) ?? null;
    let afterId: string | null = null;
    let failed: unknown;
    for (;;) {
      const batch = await repo.dueBatch({
        offerKey,
        periodKey: draw?.id ?? null,
        afterId,
        limit: BATCH,
        now: now(),
        customerId,
      });
      if (batch.length === 0) break;
      afterId = batch[batch.length - 1]?.id ?? null;
      const error = await pooled(batch, async (p) => {
        const outcome = await attempt(p, draw);
        if (outcome === 'purchased') counts.purchased += 1;
        if (outcome === 'soft_failure') counts.softFailures += 1;
        if (outcome === 'hard_failure') counts.hardFailures += 1;
        if (outcome === 'skipped') counts.skipped += 1;
      });
      failed ??= error;
      if (batch.length < BATCH) break;
    }
    return failed;
  }

  /** Tells one batch of failures not told yet; answers how many were claimed. */
  async function tellBatch(): Promise<number> {
    return db.transaction(async (tx) => {
      const repo = recurringProcessorQueries(tx);
      const batch = await repo.claimUntold(TELL_BATCH);
      for (const t of batch) {
        const reason = t.reason ?? '';
        if (!isRecurringFailureReason(reason)) continue;
        const notice = recurringFailureNotice({
          description: t.payload.description,
          drawNo: t.drawNo,
          reason,
        });
        const action = notice.actions[0];
        const written = await feedEntries(tx).add({
          customerId: t.customerId,
          sourceKey: `recurring-failed:${t.id}:${reason}`,
          notice,
        });
        if (!written) continue;
        await deps.mailer.send({
          to: t.email,
          ...preOrderMail({
            firstname: t.firstname,
            title: notice.title,
            message: notice.message,
            link: `${deps.webBaseUrl}${action?.link ?? '/my-account/recurring-purchases/1'}`,
            label: action?.text ?? 'See my recurring purchases',
          }),
        });
      }
      await repo.markTold(
        batch.map((t) => t.id),
        now(),
      );
      return batch.length;
    });
  }

  return {
    /**
     * Buys every recurring purchase due now: of one offer (its draw just opened), or of every offer
     * (the sweep), or only `customerId`'s; then tells the failures. An unexpected error on one does
     * not stop the others and is thrown at the end.
     */
    async processDue(options: { offerKey?: string; customerId?: string } = {}): Promise<ProcessCounts> {
      const counts: ProcessCounts = { purchased: 0, softFailures: 0, hardFailures: 0, skipped: 0 };
      const offers = options.offerKey ? [options.offerKey] : await recurringProcessorQueries(db).liveOffers();
      let failed: unknown;
      for (const offerKey of offers) failed ??= await processOffer(offerKey, counts, options.customerId);
      while ((await tellBatch()) > 0) {}
      if (failed !== undefined) throw failed;
      return counts;
    },
  };
}

export type RecurringProcessor = ReturnType<typeof createRecurringProcessor>;
