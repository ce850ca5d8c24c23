/**
 * The recurring purchase processor. When an offer's draw opens for sale (the draw engine's close of
 * the draw before, the minute's sweep, or a customer's own `POST /v2/process_recurring_purchases/sync`)
 * every due recurring purchase of the offer is bought for that draw; a membership once per billing
 * period. The jobs' engine queues one `recurring-buy` job per due purchase (`enqueueDue`) and its
 * workers call `buyJobs`; otherwise `processDue` buys them itself. Either way each is decided and
 * bought in a transaction, with checkout's rules and code (`recurring-attempts.ts`):
 *
 * - the customer's accounts locked first, then the recurring purchase row; paused or cancelled ones
 *   are left alone, a timed pause whose date has passed becomes active again;
 * - the account closed or not verified, or the offer withdrawn, is a hard failure for the draw; a
 *   jackpot under the customer's minimum is skipped (`recurring-verdict.ts`);
 * - the spend limits and precommitment, then promotional credit and the wallet; when they fall
 *   short and the recurring purchase method is a saved card, the shortfall is charged to the card
 *   off session outside the transaction (`recurring-funding.service.ts`, once per purchase and
 *   draw) and the purchase is tried once more; a card that cannot pay is the attempt's reason;
 * - a `checkouts` row (id derived from the recurring purchase and the draw), the order, its ticket
 *   and the ledger transfers written by checkout's shared code, and the attempt recorded by
 *   `insert ... on conflict (recurring_purchase_id, period_key)` in the same transaction: whatever
 *   runs twice, on two workers or after a crash, a draw is bought once or not at all.
 *
 * A draw's lottery entries are bought a hundred to a transaction, anything else one to a
 * transaction. Work is read in pages (keyset on id). Each outcome is written to the outbox in its
 * transaction (`recurring.attempted`), and `recurring-notices.ts` tells a failure once.
 */
import type { Database } from '@drawhouse/db';
import { eventId } from '../ledger/index.ts';
import { type Attempted, createRecurringAttempts, type Outcome } from './recurring-attempts.ts';
import { createRecurringEntries } from './recurring-entries.ts';
import type { RecurringFunding } from './recurring-funding.service.ts';
import {
  type DrawRow,
  type RecurringPurchaseRow,
  recurringProcessorQueries,
} from './recurring-processor.repository.ts';
import { type DueEntry, periodOf } from './recurring-verdict.ts';

export { recurringCheckoutId } from './recurring-entries.ts';

export type RecurringProcessorDeps = {
  db: Database;
  now: () => Date;
  /** Recurring purchases bought at once, each in its own transaction (default 4). */
  concurrency?: number;
  /** Charges a saved card chosen as the method; without it the wallet alone pays (the CLI). */
  funding?: Pick<RecurringFunding, 'fundShortfall'>;
};

/**
 * One due recurring purchase's job (pg-boss `recurring-buy`). Its id is derived from the purchase,
 * the period and the last attempt, so sending the due list twice queues each once, while a soft
 * failure tried again later is a job of its own.
 */
export type RecurringJob = { id: string; data: { recurringPurchaseId: string } };

/** Where due purchases' jobs go (the jobs' queue); without one the processor buys them itself. */
export type RecurringQueue = (jobs: RecurringJob[]) => Promise<void>;

export type ProcessCounts = {
  purchased: number;
  softFailures: number;
  hardFailures: number;
  skipped: number;
};

const READ_BATCH = 1000;
/** Lottery entries bought together in one transaction. */
const BUY_BATCH = 100;

export function createRecurringProcessor(deps: RecurringProcessorDeps) {
  const { db, now } = deps;
  const concurrency = Math.max(1, deps.concurrency ?? 4);
  const entries = createRecurringEntries(db);
  const { attempt, attemptBatch } = createRecurringAttempts({
    db,
    now,
    entries,
    cardFunds: deps.funding !== undefined,
  });

  /**
   * After an attempt refused for insufficient funds, a saved card chosen as the method is charged
   * what the wallet lacked (outside any purchase transaction: the gateway is a network call) and the
   * purchase is tried once more; the card's refusal, if any, is then the attempt's reason. The try
   * before wrote no event: the one after writes the outcome, even the same refusal (the method
   * turned out to be the wallet).
   */
  async function fundAndRetry(
    due: RecurringPurchaseRow,
    draw: DrawRow | null,
    first: Attempted,
  ): Promise<Outcome> {
    if (!first.toFund || !deps.funding) return first.outcome;
    const answer = await deps.funding.fundShortfall({
      customerId: due.customerId,
      recurringPurchaseId: due.id,
      ...first.toFund,
      at: now(),
    });
    const after = answer.outcome === 'failed' ? { fundingRefusal: answer.reason } : {};
    return (await attempt(due, draw, after)).outcome;
  }

  /** Runs `work` over `items`, `concurrency` at a time; the first unexpected error is kept for the end. */
  async function pooled<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<unknown> {
    let next = 0;
    let failed: unknown;
    const runners = Array.from({ length: Math.min(width, items.length) }, async () => {
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

  const count = (counts: ProcessCounts, outcome: Outcome) => {
    if (outcome === 'purchased') counts.purchased += 1;
    if (outcome === 'soft_failure') counts.softFailures += 1;
    if (outcome === 'hard_failure') counts.hardFailures += 1;
    if (outcome === 'skipped') counts.skipped += 1;
  };

  /**
   * Buys `entries` for `draw`: lottery entries of the draw in batches of `BUY_BATCH` (one transaction
   * each), anything else one by one. A batch that fails for any reason writes nothing and is bought
   * one by one instead, so one customer's problem never holds up the others.
   */
  async function buyAll(
    entries: DueEntry[],
    draw: DrawRow | null,
    counts: ProcessCounts,
    width = concurrency,
  ): Promise<unknown> {
    const batchable = (e: DueEntry) => draw !== null && e.due.productType === 'lottery_ticket';
    const together = entries.filter(batchable);
    const work: DueEntry[][] = [];
    for (let i = 0; i < together.length; i += BUY_BATCH) work.push(together.slice(i, i + BUY_BATCH));
    for (const e of entries) if (!batchable(e)) work.push([e]);
    return pooled(work, width, async (group) => {
      let failed: unknown;
      const together = draw && group.length > 1 ? await attemptBatch(group, draw).catch(() => null) : null;
      const attempted = (together ?? []).map((first, i) => ({ due: (group[i] as DueEntry).due, first }));
      if (!together)
        for (const { due } of group) {
          try {
            attempted.push({ due, first: await attempt(due, draw) });
          } catch (error) {
            failed ??= error;
          }
        }
      for (const { due, first } of attempted) {
        try {
          count(counts, await fundAndRetry(due, draw, first));
        } catch (error) {
          failed ??= error;
        }
      }
      if (failed !== undefined) throw failed;
    });
  }

  /**
   * Walks the due recurring purchases of one offer (or one customer's in it) page by page, for the
   * offer's draw on sale (null: memberships, billed by period); the first error `onPage` answers is kept.
   */
  async function eachDuePage(
    offerKey: string,
    customerId: string | undefined,
    onPage: (batch: RecurringPurchaseRow[], draw: DrawRow | null) => Promise<unknown>,
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
        limit: READ_BATCH,
        now: now(),
        customerId,
      });
      if (batch.length === 0) break;
      afterId = batch[batch.length - 1]?.id ?? null;
      failed ??= await onPage(batch, draw);
      if (batch.length < READ_BATCH) break;
    }
    return failed;
  }

  /** Buys `batch` for `draw` (each with its entry for the draw). */
  async function buyDue(
    batch: RecurringPurchaseRow[],
    draw: DrawRow | null,
    counts: ProcessCounts,
    width = concurrency,
  ) {
    const due: DueEntry[] = [];
    for (const p of batch) due.push({ due: p, line: await entries.entryOf(p, draw) });
    return buyAll(due, draw, counts, width);
  }

  const zeroCounts = (): ProcessCounts => ({ purchased: 0, softFailures: 0, hardFailures: 0, skipped: 0 });

  const offersOf = async (offerKey?: string) =>
    offerKey ? [offerKey] : recurringProcessorQueries(db).liveOffers();

  return {
    /**
     * Buys every recurring purchase due now: of one offer (its draw just opened), or of every offer
     * (the sweep), or only `customerId`'s. An unexpected error on one does not stop the others and
     * is thrown at the end.
     */
    async processDue(options: { offerKey?: string; customerId?: string } = {}): Promise<ProcessCounts> {
      const counts = zeroCounts();
      let failed: unknown;
      for (const offerKey of await offersOf(options.offerKey))
        failed ??= await eachDuePage(offerKey, options.customerId, (batch, draw) =>
          buyDue(batch, draw, counts),
        );
      if (failed !== undefined) throw failed;
      return counts;
    },

    /**
     * Sends one job per recurring purchase due now (of one offer, or of every offer) to `queue`, a
     * thousand at a time; answers how many were sent (those queued already are not queued twice).
     */
    async enqueueDue(queue: RecurringQueue, options: { offerKey?: string } = {}): Promise<number> {
      let sent = 0;
      for (const offerKey of await offersOf(options.offerKey)) {
        const failed = await eachDuePage(offerKey, undefined, async (batch, draw) => {
          const at = now();
          await queue(
            batch.map((p) => ({
              id: eventId(
                `recurring-job:${p.id}:${periodOf(p, draw, at)}:${p.lastAttemptAt?.toISOString() ?? 'first'}`,
              ),
              data: { recurringPurchaseId: p.id },
            })),
          );
          sent += batch.length;
        });
        if (failed !== undefined) throw failed;
      }
      return sent;
    },

    /**
     * Works a batch of `recurring-buy` jobs: each recurring purchase bought (or refused, or skipped)
     * for its offer's draw on sale, as `processDue` would; one already decided for it is left alone.
     */
    async buyJobs(recurringPurchaseIds: readonly string[]): Promise<ProcessCounts> {
      const counts = zeroCounts();
      const repo = recurringProcessorQueries(db);
      const byOffer = new Map<string, RecurringPurchaseRow[]>();
      for (const p of await repo.byIds(recurringPurchaseIds))
        byOffer.set(p.productOfferKey, [...(byOffer.get(p.productOfferKey) ?? []), p]);
      let failed: unknown;
      for (const [offerKey, batch] of byOffer) {
        const draw = (await repo.drawOnSale(offerKey, now())) ?? null;
        const due = batch.filter((p) =>
          draw ? p.productType !== 'membership' : p.productType === 'membership',
        );
        // One transaction at a time: the jobs' workers are the concurrency.
        failed ??= await buyDue(due, draw, counts, 1);
      }
      if (failed !== undefined) throw failed;
      return counts;
    },
  };
}

export type RecurringProcessor = ReturnType<typeof createRecurringProcessor>;
