/**
 * The customer's recurring purchases: lists, one with its details, status changes by the domain's
 * table, the minimum jackpot, quick pick and subscription edits, each in one transaction with the row
 * locked, so a refused change leaves everything as it was. Another customer's id is 404.
 */
import type {
  AutoplayPatch,
  PageInfo,
  PaymentResolution,
  RecurringPurchaseDetails,
  RecurringPurchaseStatus,
  SubscriptionPatch,
} from '@drawhouse/contract';
import type { Database, DbOrTx } from '@drawhouse/db';
import {
  canMoveRecurring,
  minimumJackpotRefusal,
  parseAmountInput,
  recurringStatusRefusal,
} from '@drawhouse/domain';
import { AppError, notFound } from '../../http/errors.ts';
import { fieldErrors, validationError } from '../../http/validation.ts';
import {
  type RecurringRow,
  type RecurringType,
  type RecurringUpdate,
  recurringRepository,
} from './recurring.repository.ts';
import { repricedSubscription } from './recurring.reprice.ts';
import { recurringView, resolutionView } from './recurring.view.ts';
import { defaultFund } from './recurring-method.service.ts';

export const AUTOPLAY_TYPES: readonly RecurringType[] = ['autoplay'];
export const SUBSCRIPTION_TYPES: readonly RecurringType[] = ['subscription', 'combined_recurring_purchase'];
export const ALL_TYPES: readonly RecurringType[] = [
  'autoplay',
  'subscription',
  'combined_recurring_purchase',
];

const recurringNotFound = () =>
  notFound('recurring_purchase_not_found', 'You have no such recurring purchase.');
const fieldError = (field: string, message: string, code = 'invalid') =>
  validationError(fieldErrors([[field, message, code]]));

/** A point in time the customer sent: ISO 8601; anything else is a field error. */
export function parseInstant(value: string | null | undefined, field: string): Date | null {
  if (value === undefined || value === null || value === '') return null;
  const at = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) ? new Date(value) : null;
  if (!at || Number.isNaN(at.getTime())) throw fieldError(field, 'Enter a date such as 2027-01-31.');
  return at;
}

/** The columns a status change writes, or the refusal: 409 for a move the table does not allow. */
export function statusChange(
  row: RecurringRow,
  to: RecurringPurchaseStatus,
  pausedUntil: Date | null,
  now: Date,
): RecurringUpdate {
  // Moving the end of a timed pause is checked as a new pause until that date.
  const from = row.status === 'timed_paused' && to === 'timed_paused' ? 'paused' : row.status;
  const refusal = recurringStatusRefusal(from, to, pausedUntil, now);
  if (refusal !== null) {
    if (from === 'cancelled' || !canMoveRecurring(from, to)) {
      throw new AppError(409, 'status_change_refused', refusal, {
        status: [{ code: 'status_change_refused', message: refusal }],
      });
    }
    throw fieldError('paused_until', refusal);
  }
  return {
    status: to,
    pausedUntil: to === 'timed_paused' ? pausedUntil : null,
    cancelledAt: to === 'cancelled' ? now : null,
  };
}

/** The minimum jackpot in cents (null clears it), or a field error. */
export function minimumJackpotCents(value: number | string | null): number | null {
  if (value === null || value === '') return null;
  const cents = parseAmountInput(typeof value === 'string' ? value.trim() : value);
  if (cents === null) throw fieldError('minimum_jackpot_amount', 'Amount must follow format e.g: 1.50');
  const refusal = minimumJackpotRefusal(cents);
  if (refusal !== null) throw fieldError('minimum_jackpot_amount', refusal);
  return cents;
}

function refuseWhenCancelled(row: RecurringRow) {
  if (row.status === 'cancelled') {
    throw new AppError(
      409,
      'recurring_purchase_cancelled',
      'A cancelled recurring purchase cannot be changed.',
    );
  }
}

export function createRecurringService(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;

  async function views(
    tx: DbOrTx,
    customerId: string,
    rows: RecurringRow[],
  ): Promise<RecurringPurchaseDetails[]> {
    const repo = recurringRepository(tx);
    const at = now();
    const gameOfferKeys = [
      ...new Set(rows.flatMap((r) => ('gameOffer' in r.payload ? [r.payload.gameOffer] : []))),
    ];
    const [fund, nextDraws, gameOfferNames] = await Promise.all([
      defaultFund(repo, customerId, at),
      repo.nextDraws(rows, at),
      repo.gameOfferNames(gameOfferKeys),
    ]);
    return rows.map((row) => recurringView(row, { defaultFund: fund, nextDraws, gameOfferNames }));
  }

  async function one(tx: DbOrTx, customerId: string, row: RecurringRow) {
    const [view] = await views(tx, customerId, [row]);
    if (!view) throw recurringNotFound();
    return view;
  }

  /** Locks the customer's row, works out the change (which may refuse), writes it, answers the row. */
  async function change(
    customerId: string,
    id: string,
    types: readonly RecurringType[],
    work: (row: RecurringRow, tx: DbOrTx, at: Date) => Promise<RecurringUpdate> | RecurringUpdate,
  ) {
    const row = await db.transaction(async (tx) => {
      const repo = recurringRepository(tx);
      const found = await repo.find(customerId, id, types, true);
      if (!found) throw recurringNotFound();
      const at = now();
      return repo.update(found.id, await work(found, tx, at), at);
    });
    return one(db, customerId, row);
  }

  return {
    async list(
      customerId: string,
      types: readonly RecurringType[],
      page: { limit: number; offset: number; offerKeys?: readonly string[] },
    ): Promise<{ items: RecurringPurchaseDetails[]; pageInfo: PageInfo }> {
      const { rows, total } = await recurringRepository(db).list(customerId, types, page);
      return {
        items: await views(db, customerId, rows),
        pageInfo: { offset: page.offset, limit: page.limit, total },
      };
    },

    async get(customerId: string, id: string, types: readonly RecurringType[]) {
      const row = await recurringRepository(db).find(customerId, id, types);
      if (!row) throw recurringNotFound();
      return one(db, customerId, row);
    },

    changeStatus(
      customerId: string,
      id: string,
      types: readonly RecurringType[],
      body: { status: RecurringPurchaseStatus; pausedUntil?: string | null },
    ) {
      const pausedUntil = parseInstant(body.pausedUntil, 'paused_until');
      return change(customerId, id, types, (row, _tx, at) => statusChange(row, body.status, pausedUntil, at));
    },

    pause(customerId: string, id: string, pausedUntilText: string | null | undefined) {
      const pausedUntil = parseInstant(pausedUntilText, 'paused_until');
      const to = pausedUntil ? 'timed_paused' : 'paused';
      return change(customerId, id, AUTOPLAY_TYPES, (row, _tx, at) => statusChange(row, to, pausedUntil, at));
    },

    unpause(customerId: string, id: string) {
      return change(customerId, id, AUTOPLAY_TYPES, (row, _tx, at) => statusChange(row, 'active', null, at));
    },

    setMinimumJackpot(customerId: string, id: string, value: number | string | null) {
      const cents = minimumJackpotCents(value);
      return change(customerId, id, AUTOPLAY_TYPES, (row) => {
        refuseWhenCancelled(row);
        return { minimumJackpotCents: cents };
      });
    },

    setQuickpick(customerId: string, id: string, quickpick: boolean) {
      return change(customerId, id, AUTOPLAY_TYPES, (row) => {
        refuseWhenCancelled(row);
        if (row.productType !== 'lottery_ticket') {
          throw fieldError('quickpick', 'Only a lottery autoplay picks its numbers.', 'not_editable');
        }
        return { quickpick };
      });
    },

    /** Several changes at once: every one is checked before any is written. */
    patchAutoplay(customerId: string, id: string, body: AutoplayPatch) {
      const cents =
        body.minimumJackpotAmount === undefined ? undefined : minimumJackpotCents(body.minimumJackpotAmount);
      const pausedUntil = parseInstant(body.pausedUntil, 'paused_until');
      if (pausedUntil && body.status === undefined) {
        throw fieldError('paused_until', 'Send the status timed_paused with a pause date.');
      }
      return change(customerId, id, AUTOPLAY_TYPES, (row, _tx, at) => {
        const changes: RecurringUpdate =
          body.status === undefined || (body.status === row.status && body.status !== 'timed_paused')
            ? {}
            : statusChange(row, body.status, pausedUntil, at);
        if (cents !== undefined || body.quickpick !== undefined) refuseWhenCancelled(row);
        if (cents !== undefined) changes.minimumJackpotCents = cents;
        if (body.quickpick !== undefined) {
          if (row.productType !== 'lottery_ticket') {
            throw fieldError('quickpick', 'Only a lottery autoplay picks its numbers.', 'not_editable');
          }
          changes.quickpick = body.quickpick;
        }
        return changes;
      });
    },

    patchSubscription(customerId: string, id: string, body: SubscriptionPatch) {
      if (body.gameOffer === undefined && body.causeKey === undefined && body.numGames === undefined) {
        throw fieldError('game_offer', 'Send game_offer, cause_key or num_games.', 'required');
      }
      return change(customerId, id, SUBSCRIPTION_TYPES, (row, tx, at) => {
        refuseWhenCancelled(row);
        return repricedSubscription(tx, row, body, at);
      });
    },

    async paymentResolutions(customerId: string): Promise<PaymentResolution[]> {
      const rows = await recurringRepository(db).resolutions(customerId);
      return rows.map(resolutionView);
    },
  };
}

export type RecurringService = ReturnType<typeof createRecurringService>;

/**
 * Cancels one of the customer's recurring purchases inside the caller's transaction, as a status
 * change to cancelled does (a membership left while premium stops renewing). Answers whether it was
 * live; an unknown or cancelled one is left as it is.
 */
export async function cancelRecurringIn(
  tx: DbOrTx,
  customerId: string,
  id: string,
  at: Date,
): Promise<boolean> {
  const repo = recurringRepository(tx);
  const row = await repo.find(customerId, id, ALL_TYPES, true);
  if (!row || row.status === 'cancelled') return false;
  await repo.update(row.id, statusChange(row, 'cancelled', null, at), at);
  return true;
}
