/**
 * The recurring purchase processor. When an offer's draw opens for sale (the draw engine's close of
 * the draw before, the minute's sweep, or a customer's own `POST /v2/process_recurring_purchases/sync`)
 * every due recurring purchase of the offer is bought for that draw; a membership once per billing
 * period. The jobs' engine queues one `recurring-buy` job per due purchase (`enqueueDue`) and its
 * workers call `buyJobs`; otherwise `processDue` buys them itself. Either way each is decided and
 * bought in a transaction, with checkout's rules and code:
 *
 * - the customer's accounts locked first, then the recurring purchase row; paused or cancelled ones
 *   are left alone, a timed pause whose date has passed becomes active again;
 * - the account closed or not verified, or the offer withdrawn, is a hard failure for the draw; a
 *   jackpot under the customer's minimum is skipped;
 * - the spend limits and precommitment, then promotional credit and the wallet; when they fall
 *   short and the recurring purchase method is a saved card, the shortfall is charged to the card
 *   off session outside the transaction (`recurring-funding.service.ts`, once per purchase and
 *   draw) and the purchase is tried once more; a card that cannot pay is the attempt's reason;
 * - a `checkouts` row (id derived from the recurring purchase and the draw), the order, its ticket
 *   and the ledger transfers written by checkout's shared code, and the attempt recorded by
 *   `insert ... on conflict (recurring_purchase_id, period_key)` in the same transaction: whatever
 *   runs twice, on two workers or after a crash, a draw is bought once or not at all.
 *
 * A draw's lottery entries are bought a hundred to a transaction (`attemptBatch`), anything else one
 * to a transaction (`attempt`). Work is read in pages (keyset on id). Failures are told once each by
 * email and in the feed.
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
import { buyLine, buyLines, type LineToBuy, type PurchaseLine } from '../checkout/index.ts';
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
import type { RecurringFunding } from './recurring-funding.service.ts';
import {
  type AttemptOutcome,
  type AttemptToRecord,
  type DrawRow,
  type RecurringPurchaseRow,
  type RecurringToBuy,
  recurringProcessorQueries,
} from './recurring-processor.repository.ts';

export type RecurringProcessorDeps = {
  db: Database;
  now: () => Date;
  mailer: Mailer;
  webBaseUrl: string;
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

/** The checkout a recurring purchase's attempt for one period writes (its idempotency key). */
export const recurringCheckoutId = (recurringPurchaseId: string, periodKey: string) =>
  eventId(`recurring:${recurringPurchaseId}:${periodKey}:checkout`);

const READ_BATCH = 1000;
/** Lottery entries bought together in one transaction. */
const BUY_BATCH = 100;
const TELL_BATCH = 50;

type Outcome = AttemptOutcome | 'none';

/** An attempt's outcome, and what a saved card chosen as the method may pay to try it again. */
type Attempted = { outcome: Outcome; toFund?: { periodKey: string; shortfallCents: number } };

/** Thrown inside a purchase's transaction when its period turns out bought already: it rolls back. */
class AlreadyBought extends Error {}

function periodOf(p: RecurringPurchaseRow, draw: DrawRow | null, at: Date): string {
  if (draw) return draw.id;
  return billingPeriodKey(p.billingPeriod ?? 'monthly', p.createdAt, at);
}

/** A due recurring purchase with the entry to buy for it (null: its entry no longer fits). */
type DueEntry = { due: RecurringPurchaseRow; line: PurchaseLine | null };

type Balances = { promo: number; wallet: number };

const balancesOf = (accounts: Record<'wallet' | 'promo', AccountRow>): Balances => ({
  promo: accountBalance(accounts.promo).availableCents,
  wallet: accountBalance(accounts.wallet).availableCents,
});

/** What to do with a recurring purchase for a draw, decided under its locks. */
type Verdict =
  | { kind: 'none' }
  | {
      kind: 'refuse';
      purchase: RecurringPurchaseRow;
      resume: boolean;
      reason: RecurringFailureReason;
      /** Insufficient funds with a saved card as the method: what the card may pay. */
      shortfallCents?: number;
    }
  | { kind: 'skip'; purchase: RecurringPurchaseRow; resume: boolean }
  | { kind: 'buy'; purchase: RecurringPurchaseRow; resume: boolean; fromPromo: number };

/**
 * Decides one recurring purchase as read under its locks: nothing (paused, cancelled, decided for the
 * period already, the draw no longer taking entries), a refusal, a skip under the minimum jackpot, or
 * a purchase paid from promotional credit then the wallet. `fundingRefusal`: the saved card chosen as
 * the method could not pay the shortfall, and a purchase still short of funds is refused for that.
 */
function verdictOf(args: {
  found: RecurringToBuy | undefined;
  due: RecurringPurchaseRow;
  draw: DrawRow | null;
  line: PurchaseLine | null;
  at: Date;
  limits: { refusal: (customerId: string, amountCents: number) => { code: string } | null };
  accounts: Balances;
  fundingRefusal?: RecurringFailureReason;
}): Verdict {
  const { found, draw, at } = args;
  const p = found?.purchase;
  if (!found || !p || p.productOfferKey !== args.due.productOfferKey) return { kind: 'none' };
  if (p.status === 'paused' || p.status === 'cancelled') return { kind: 'none' };
  if (p.status === 'timed_paused' && (p.pausedUntil === null || p.pausedUntil > at)) return { kind: 'none' };
  if (found.attemptStatus !== undefined && found.attemptStatus !== 'soft_failure') return { kind: 'none' };
  if (draw && !takesEntries(draw, at)) return { kind: 'none' };
  const base = { purchase: p, resume: p.status === 'timed_paused' };
  const refuse = (reason: RecurringFailureReason): Verdict => ({ kind: 'refuse', ...base, reason });
  if (found.customerClosed) return refuse('account_closed');
  if (!found.offerOnSale) return refuse('offer_withdrawn');
  if (!found.customerVerified) return refuse('verification_required');
  if (!args.line) return refuse('entry_unavailable');
  if (
    draw &&
    belowMinimumJackpot(draw.isPrizePoolUnknown ? null : draw.prizePoolCents, p.minimumJackpotCents)
  )
    return { kind: 'skip', ...base };
  const amount = p.unitPriceCents * p.quantity;
  const limit = args.limits.refusal(p.customerId, amount);
  if (limit) return refuse(isRecurringFailureReason(limit.code) ? limit.code : 'spend_limit');
  const split = balanceSplit(amount, args.accounts, true);
  if (split.fromDeposit > 0) {
    if (args.fundingRefusal) return refuse(args.fundingRefusal);
    const shortfall = found.paysByCard ? { shortfallCents: split.fromDeposit } : {};
    return { kind: 'refuse', ...base, reason: 'insufficient_funds', ...shortfall };
  }
  return { kind: 'buy', ...base, fromPromo: split.fromPromo };
}

/** The attempt recorded for a period's outcome. */
function attemptOf(
  p: RecurringPurchaseRow,
  draw: DrawRow | null,
  periodKey: string,
  status: AttemptOutcome,
  reason: string | null,
  orderId: string | null,
  at: Date,
): AttemptToRecord {
  return {
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
      status === 'hard_failure' && p.lastAttemptStatus === 'hard_failure' && p.lastAttemptReason === reason,
    at,
  };
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

  const lineToBuy = (
    p: RecurringPurchaseRow,
    line: PurchaseLine,
    periodKey: string,
    accounts: Record<'wallet' | 'promo', AccountRow>,
    fromPromo: number,
    at: Date,
  ): LineToBuy => ({
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

  /** The entry to buy for `due`, or null when its stored entry no longer fits its product. */
  async function entryOf(due: RecurringPurchaseRow, draw: DrawRow | null): Promise<PurchaseLine | null> {
    try {
      return lineOf(due, await payloadFor(due, draw), draw);
    } catch (error) {
      if (error instanceof StoredPayloadError) return null;
      throw error;
    }
  }

  /** One recurring purchase bought (or refused, or skipped) for one draw, in its own transaction. */
  async function attempt(
    due: RecurringPurchaseRow,
    draw: DrawRow | null,
    fundingRefusal?: RecurringFailureReason,
  ): Promise<Attempted> {
    // A stored entry that no longer fits its product (its shape changed) is refused for this
    // purchase alone; the other customers' purchases go on.
    const line = await entryOf(due, draw);
    try {
      return await db.transaction(async (tx) => {
        const accounts = await ledgerQueries(tx).lockCustomer(due.customerId);
        const repo = recurringProcessorQueries(tx);
        const at = now();
        const periodKey = periodOf(due, draw, at);
        const found = await repo.lockForBuy(due.id, periodKey);
        const limits = await limitsGuard(tx).spendChecker([due.customerId], at);
        const balances = balancesOf(accounts);
        const v = verdictOf({ found, due, draw, line, at, limits, accounts: balances, fundingRefusal });
        if (v.kind === 'none') return { outcome: 'none' };
        const p = v.purchase;
        if (v.resume) await repo.resume([p.id], at);
        const record = async (status: AttemptOutcome, reason: string | null, orderId: string | null) => {
          if (!(await repo.recordAttempt(attemptOf(p, draw, periodKey, status, reason, orderId, at))))
            throw new AlreadyBought();
          return { outcome: status };
        };
        if (v.kind === 'refuse') {
          const recorded = await record(recurringFailureStatus(v.reason), v.reason, null);
          return v.shortfallCents
            ? { ...recorded, toFund: { periodKey, shortfallCents: v.shortfallCents } }
            : recorded;
        }
        if (v.kind === 'skip') return record('skipped', BELOW_MINIMUM_JACKPOT, null);
        if (!line) throw new Error('a purchase without its entry');
        // Only stock can refuse the write: a savepoint then keeps the refusal recordable.
        const buy = (inner: DbOrTx) =>
          buyLine(inner, lineToBuy(p, line, periodKey, accounts, v.fromPromo, at));
        const hasStock = p.productType === 'raffle_ticket' || p.productType === 'syndicate_share';
        let orderId: string | null;
        try {
          orderId = hasStock ? await tx.transaction(buy) : await buy(tx);
        } catch (error) {
          const refuse = (reason: RecurringFailureReason) =>
            record(recurringFailureStatus(reason), reason, null);
          if (error instanceof AppError && error.code === 'sold_out') return refuse('sold_out');
          if (error instanceof InsufficientBalanceError && hasStock) return refuse('insufficient_funds');
          throw error;
        }
        if (!orderId) throw new AlreadyBought();
        return record('purchased', null, orderId);
      });
    } catch (error) {
      if (error instanceof AlreadyBought) return { outcome: 'none' };
      throw error;
    }
  }

  /**
   * After an attempt refused for insufficient funds, a saved card chosen as the method is charged
   * what the wallet lacked (outside any purchase transaction: the gateway is a network call) and the
   * purchase is tried once more; the card's refusal, if any, is then the attempt's reason.
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
    if (answer.outcome === 'not_card') return first.outcome;
    return (await attempt(due, draw, answer.outcome === 'failed' ? answer.reason : undefined)).outcome;
  }

  /**
   * A batch of lottery autoplays bought for one draw in ONE transaction of a handful of statements:
   * the customers' accounts locked in id order, the recurring purchases locked, each decided as
   * `attempt` decides it (balances and limits followed from one purchase to the next of the same
   * customer), then the checkouts, orders, tickets, transfers and attempts written together. Answers
   * each one's outcome; throws (and writes nothing) on anything unexpected, and the caller then
   * buys the batch one by one.
   */
  async function attemptBatch(batch: readonly DueEntry[], draw: DrawRow): Promise<Attempted[]> {
    return db.transaction(async (tx) => {
      const at = now();
      const repo = recurringProcessorQueries(tx);
      const customerIds = [...new Set(batch.map((b) => b.due.customerId))];
      const accountsOf = await ledgerQueries(tx).lockCustomers(customerIds);
      const locked = new Map(
        (
          await repo.lockManyForBuy(
            batch.map((b) => b.due.id),
            draw.id,
          )
        ).map((f) => [f.purchase.id, f]),
      );
      const limits = await limitsGuard(tx).spendChecker(customerIds, at);
      const balances = new Map([...accountsOf].map(([id, accounts]) => [id, balancesOf(accounts)]));
      const resumes: string[] = [];
      const lines: LineToBuy[] = [];
      const attempts: AttemptToRecord[] = [];
      const outcomes: Attempted[] = [];
      const bought: { attempt: AttemptToRecord; checkoutId: string }[] = [];
      for (const { due, line: entry } of batch) {
        const accounts = accountsOf.get(due.customerId);
        const balance = balances.get(due.customerId);
        if (!accounts || !balance) throw new Error(`no accounts for customer ${due.customerId}`);
        const found = locked.get(due.id);
        const v = verdictOf({ found, due, draw, line: entry, at, limits, accounts: balance });
        if (v.kind === 'none') {
          outcomes.push({ outcome: 'none' });
          continue;
        }
        const p = v.purchase;
        if (v.resume) resumes.push(p.id);
        if (v.kind === 'buy' && entry) {
          const amount = p.unitPriceCents * p.quantity;
          const line = lineToBuy(p, entry, draw.id, accounts, v.fromPromo, at);
          lines.push(line);
          limits.spend(p.customerId, amount);
          balance.promo -= v.fromPromo;
          balance.wallet -= amount - v.fromPromo;
          const recorded = attemptOf(p, draw, draw.id, 'purchased', null, null, at);
          attempts.push(recorded);
          bought.push({ attempt: recorded, checkoutId: line.checkoutId });
          outcomes.push({ outcome: 'purchased' });
        } else if (v.kind === 'refuse') {
          const status = recurringFailureStatus(v.reason);
          attempts.push(attemptOf(p, draw, draw.id, status, v.reason, null, at));
          const { shortfallCents } = v;
          outcomes.push(
            shortfallCents
              ? { outcome: status, toFund: { periodKey: draw.id, shortfallCents } }
              : { outcome: status },
          );
        } else {
          attempts.push(attemptOf(p, draw, draw.id, 'skipped', BELOW_MINIMUM_JACKPOT, null, at));
          outcomes.push({ outcome: 'skipped' });
        }
      }
      await repo.resume(resumes, at);
      const orderIds = await buyLines(tx, lines);
      for (const b of bought) b.attempt.orderId = orderIds.get(b.checkoutId) ?? null;
      const written = await repo.recordAttempts(attempts, at);
      if (written.length !== attempts.length) throw new AlreadyBought();
      return outcomes;
    });
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
    const entries: DueEntry[] = [];
    for (const due of batch) entries.push({ due, line: await entryOf(due, draw) });
    return buyAll(entries, draw, counts, width);
  }

  const zeroCounts = (): ProcessCounts => ({ purchased: 0, softFailures: 0, hardFailures: 0, skipped: 0 });

  /** Tells every failure not told yet, then throws the first unexpected error kept, if any. */
  async function tellAll(counts: ProcessCounts, failed: unknown): Promise<ProcessCounts> {
    while ((await tellBatch()) > 0) {}
    if (failed !== undefined) throw failed;
    return counts;
  }

  const offersOf = async (offerKey?: string) =>
    offerKey ? [offerKey] : recurringProcessorQueries(db).liveOffers();

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
      const counts = zeroCounts();
      let failed: unknown;
      for (const offerKey of await offersOf(options.offerKey))
        failed ??= await eachDuePage(offerKey, options.customerId, (batch, draw) =>
          buyDue(batch, draw, counts),
        );
      return tellAll(counts, failed);
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
      await tellAll(zeroCounts(), undefined);
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
      // A batch that refused nothing has nothing to tell (the sweep tells whatever a crash left).
      if (failed === undefined && counts.softFailures + counts.hardFailures === 0) return counts;
      return tellAll(counts, failed);
    },
  };
}

export type RecurringProcessor = ReturnType<typeof createRecurringProcessor>;
