/** Rows to wire shapes: recurring purchases, scheduled purchases and payment resolutions. */
import type {
  DefaultFund,
  PaymentResolution,
  RecurringProductType,
  RecurringPurchaseDetails,
  ScheduledPurchase,
} from '@drawhouse/contract';
import { centsToMoney, frequencyLabel } from '@drawhouse/domain';
import type { DrawRef, RecurringRow, ScheduledRow } from './recurring.repository.ts';

/** What a stored entry may hold, whatever its product type. */
type AnyPayload = {
  description?: string;
  gameType?: string;
  gameOffer?: string;
  numGames?: number;
  numTickets?: number;
  numShares?: number;
  offerName?: string;
  causeKey?: string | null;
  membershipProgram?: string;
  membershipOffer?: string;
  membershipOfferName?: string;
};

export function payloadOf(row: { payload: unknown }): AnyPayload {
  return (row.payload ?? {}) as AnyPayload;
}

export type RecurringContext = {
  defaultFund: DefaultFund;
  /** The next draw each recurring purchase will buy, by its id. */
  nextDraws: Map<string, DrawRef>;
  gameOfferNames: Map<string, string>;
};

export function recurringView(row: RecurringRow, context: RecurringContext): RecurringPurchaseDetails {
  const p = payloadOf(row);
  const isRaffle = row.productType === 'raffle_ticket';
  const gameOfferName =
    p.membershipOfferName ??
    (p.gameOffer ? (context.gameOfferNames.get(p.gameOffer) ?? null) : null) ??
    p.offerName ??
    null;
  return {
    autoplayId: row.id,
    lotteryId: row.productOfferKey,
    productOfferKey: row.productOfferKey,
    productType: row.productType as RecurringProductType,
    type: row.type,
    status: row.status,
    pausedUntil: row.pausedUntil?.toISOString() ?? null,
    description: p.description ?? row.productOfferKey,
    price: centsToMoney(row.unitPriceCents * row.quantity),
    numberOfGames: p.numGames ?? null,
    gameOfferName,
    numberOfTickets: p.numTickets ?? null,
    numberOfShares: p.numShares ?? null,
    minimumJackpotAmount: row.minimumJackpotCents === null ? null : centsToMoney(row.minimumJackpotCents),
    quickpick: row.quickpick,
    gameType: p.gameType ?? null,
    raffleOfferKey: isRaffle ? row.productOfferKey : null,
    causeKey: p.causeKey ?? null,
    membershipProgram: p.membershipProgram ?? null,
    membershipOffer: p.membershipOffer ?? null,
    membershipOfferName: p.membershipOfferName ?? null,
    billingPeriod: row.billingPeriod,
    frequencyLabel: frequencyLabel({
      type: row.type,
      productType: row.productType,
      billingPeriod: row.billingPeriod,
      minimumJackpotCents: row.minimumJackpotCents,
    }),
    nextDrawDate: context.nextDraws.get(row.id)?.drawAt.toISOString() ?? null,
    lastAttemptStatus: row.lastAttemptStatus,
    lastAttemptReason: row.lastAttemptReason,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    verificationRequired: row.verificationRequired,
    defaultFund: context.defaultFund,
    groupId: row.groupId,
    createdAt: row.createdAt.toISOString(),
  };
}

export function scheduledView(row: ScheduledRow, draw: DrawRef | null): ScheduledPurchase {
  const charged = row.chargedAt !== null;
  return {
    encodedId: row.id,
    kind: row.kind,
    status: row.status,
    description: row.description,
    productType: row.productType,
    lotteryKey: row.productOfferKey,
    amount: centsToMoney(row.amountCents),
    numDraws: row.numDraws,
    draw: draw ? { drawNo: draw.drawNo, drawDate: draw.drawAt.toISOString() } : null,
    charged,
    orderId: row.orderId,
    cancellable: row.kind === 'pre_order' && row.status === 'active' && !charged,
    lastAttemptStatus: row.lastAttemptStatus ?? null,
    lastAttemptReason: row.lastAttemptReason,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
  };
}

export type ResolutionRow = {
  attempt: {
    id: string;
    periodKey: string;
    status: string;
    reason: string | null;
    verificationRequired: boolean;
    tries: number;
    updatedAt: Date;
  };
  purchase: { id: string; type: RecurringRow['type']; payload: unknown };
  draw: DrawRef | null;
};

/** A soft failure is being tried again (`retrying`); a hard failure waits for the customer. */
export function resolutionView(row: ResolutionRow): PaymentResolution {
  const hard = row.attempt.status === 'hard_failure';
  return {
    id: row.attempt.id,
    autoplayId: row.purchase.id,
    type: row.purchase.type,
    description: payloadOf(row.purchase).description ?? '',
    status: hard ? 'retry_error' : 'retrying',
    attemptStatus: hard ? 'hard_failure' : 'soft_failure',
    reason: row.attempt.reason,
    verificationRequired: row.attempt.verificationRequired,
    periodKey: row.attempt.periodKey,
    drawNo: row.draw?.drawNo ?? null,
    drawDate: row.draw?.drawAt.toISOString() ?? null,
    tries: row.attempt.tries,
    lastAttemptAt: row.attempt.updatedAt.toISOString(),
  };
}
