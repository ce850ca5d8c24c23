/**
 * Buying recurring purchases for a draw: one to a transaction (`attempt`), or a draw's lottery
 * entries a hundred to one (`attemptBatch`). Each transaction locks the customers' accounts, then
 * the recurring purchase rows, decides each (`recurring-verdict.ts`), writes what is bought with
 * checkout's shared code, records the attempt (`on conflict (recurring_purchase_id, period_key)`:
 * a draw is bought once or not at all) and writes its `recurring.attempted` event.
 */
import type { Database, DbOrTx } from '@drawhouse/db';
import { type RecurringFailureReason, recurringFailureStatus } from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { buyLine, buyLines, type LineToBuy } from '../checkout/index.ts';
import { InsufficientBalanceError, ledgerQueries } from '../ledger/index.ts';
import { limitsGuard } from '../limits/index.ts';
import { emit, emitMany, type OutboxEvents } from '../outbox/index.ts';
import { lineToBuy, type RecurringEntries } from './recurring-entries.ts';
import {
  type AttemptOutcome,
  type AttemptToRecord,
  type DrawRow,
  type RecurringPurchaseRow,
  type RecurringToBuy,
  recurringProcessorQueries,
} from './recurring-processor.repository.ts';
import {
  attemptedEvent,
  attemptOf,
  balancesOf,
  type DueEntry,
  periodOf,
  type Verdict,
  verdictOf,
} from './recurring-verdict.ts';

export type Outcome = AttemptOutcome | 'none';

/** An attempt's outcome, and what a saved card chosen as the method may pay to try it again. */
export type Attempted = { outcome: Outcome; toFund?: { periodKey: string; shortfallCents: number } };

/** The try after the saved card chosen as the method was charged (or could not be). */
export type AfterCard = { fundingRefusal?: RecurringFailureReason };

/** Thrown inside a purchase's transaction when its period turns out bought already: it rolls back. */
class AlreadyBought extends Error {}

export type RecurringAttemptsDeps = {
  db: Database;
  now: () => Date;
  entries: RecurringEntries;
  /** A saved card chosen as the method is charged what the wallet lacks, then the purchase tried again. */
  cardFunds: boolean;
};

type Written = { found: RecurringToBuy | undefined; attempt: AttemptToRecord; quiet: boolean };

export function createRecurringAttempts(deps: RecurringAttemptsDeps) {
  const { db, now, entries } = deps;

  /** A refusal the saved card is about to mend says nothing yet: the try after the charge tells. */
  const cardNext = (v: Verdict, after: AfterCard | undefined) =>
    deps.cardFunds && !after && v.kind === 'refuse' && v.shortfallCents !== undefined;

  const eventOf = (w: Written, attemptId: string | undefined, afterCard: boolean) =>
    w.found && attemptId && !w.quiet ? attemptedEvent(w.found, w.attempt, attemptId, afterCard) : undefined;

  /** One recurring purchase bought (or refused, or skipped) for one draw, in its own transaction. */
  async function attempt(
    due: RecurringPurchaseRow,
    draw: DrawRow | null,
    after?: AfterCard,
  ): Promise<Attempted> {
    // A stored entry that no longer fits its product (its shape changed) is refused for this
    // purchase alone; the other customers' purchases go on.
    const line = await entries.entryOf(due, draw);
    try {
      return await db.transaction(async (tx) => {
        const accounts = await ledgerQueries(tx).lockCustomer(due.customerId);
        const repo = recurringProcessorQueries(tx);
        const at = now();
        const periodKey = periodOf(due, draw, at);
        const found = await repo.lockForBuy(due.id, periodKey);
        const limits = await limitsGuard(tx).spendChecker([due.customerId], at, 'recurring');
        const balances = balancesOf(accounts);
        const fundingRefusal = after?.fundingRefusal;
        const v = verdictOf({ found, due, draw, line, at, limits, accounts: balances, fundingRefusal });
        if (v.kind === 'none') return { outcome: 'none' };
        const p = v.purchase;
        if (v.resume) await repo.resume([p.id], at);
        const quiet = cardNext(v, after);
        const record = async (status: AttemptOutcome, reason: string | null, orderId: string | null) => {
          const recorded = attemptOf(p, draw, periodKey, status, reason, orderId, at);
          const attemptId = await repo.recordAttempt(recorded);
          if (!attemptId) throw new AlreadyBought();
          const event = eventOf({ found, attempt: recorded, quiet }, attemptId, after !== undefined);
          if (event) await emit(tx, 'recurring.attempted', attemptId, event);
          return { outcome: status };
        };
        if (v.kind === 'refuse') {
          const recorded = await record(recurringFailureStatus(v.reason), v.reason, null);
          return v.shortfallCents
            ? { ...recorded, toFund: { periodKey, shortfallCents: v.shortfallCents } }
            : recorded;
        }
        if (v.kind === 'skip') return record('skipped', v.reason, null);
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
   * A batch of lottery autoplays bought for one draw in ONE transaction of a handful of statements:
   * the customers' accounts locked in id order, the recurring purchases locked, each decided as
   * `attempt` decides it (balances and limits followed from one purchase to the next of the same
   * customer), then the checkouts, orders, tickets, transfers, attempts and events written together.
   * Answers each one's outcome; throws (and writes nothing) on anything unexpected, and the caller
   * then buys the batch one by one.
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
      const limits = await limitsGuard(tx).spendChecker(customerIds, at, 'recurring');
      const balances = new Map([...accountsOf].map(([id, accounts]) => [id, balancesOf(accounts)]));
      const resumes: string[] = [];
      const lines: LineToBuy[] = [];
      const written: Written[] = [];
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
        const write = (a: AttemptToRecord) =>
          written.push({ found, attempt: a, quiet: cardNext(v, undefined) });
        if (v.resume) resumes.push(p.id);
        if (v.kind === 'buy' && entry) {
          const amount = p.unitPriceCents * p.quantity;
          const line = lineToBuy(p, entry, draw.id, accounts, v.fromPromo, at);
          lines.push(line);
          limits.spend(p.customerId, amount);
          balance.promo -= v.fromPromo;
          balance.wallet -= amount - v.fromPromo;
          const recorded = attemptOf(p, draw, draw.id, 'purchased', null, null, at);
          write(recorded);
          bought.push({ attempt: recorded, checkoutId: line.checkoutId });
          outcomes.push({ outcome: 'purchased' });
        } else if (v.kind === 'refuse') {
          const status = recurringFailureStatus(v.reason);
          write(attemptOf(p, draw, draw.id, status, v.reason, null, at));
          const { shortfallCents } = v;
          outcomes.push(
            shortfallCents
              ? { outcome: status, toFund: { periodKey: draw.id, shortfallCents } }
              : { outcome: status },
          );
        } else if (v.kind === 'skip') {
          write(attemptOf(p, draw, draw.id, 'skipped', v.reason, null, at));
          outcomes.push({ outcome: 'skipped' });
        } else {
          throw new Error('a purchase without its entry');
        }
      }
      await repo.resume(resumes, at);
      const orderIds = await buyLines(tx, lines);
      for (const b of bought) b.attempt.orderId = orderIds.get(b.checkoutId) ?? null;
      const ids = await repo.recordAttempts(
        written.map((w) => w.attempt),
        at,
      );
      if (ids.size !== written.length) throw new AlreadyBought();
      const events: { aggregateId: string; payload: OutboxEvents['recurring.attempted'] }[] = [];
      for (const w of written) {
        const event = eventOf(w, ids.get(w.attempt.recurringPurchaseId), false);
        if (event) events.push({ aggregateId: event.attemptId, payload: event });
      }
      await emitMany(tx, 'recurring.attempted', events);
      return outcomes;
    });
  }

  return { attempt, attemptBatch };
}

export type RecurringAttempts = ReturnType<typeof createRecurringAttempts>;
