/**
 * DRAW_SCORED -> DRAW_PAID (or DRAW_CAPPED while a prize waits for approval). Payouts are paid in
 * batches, each its own transaction: a batch claims pending payouts with `for update skip locked`
 * (another worker takes the next ones), posts one ledger transfer per ticket from `prize_liability`
 * to the wallet with the id `eventId('prize:{ticketId}')` (so a ticket is credited once, whatever
 * runs twice), marks them paid and writes `prize.credited` for them (their winners are told).
 * Transfers go in customer order, so two batches crediting the same customers lock their accounts
 * in the same order.
 */
import type { Database } from '@drawhouse/db';
import { formatMoney, prizeRelease } from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { eventId, ledgerQueries, type TransferInput } from '../ledger/index.ts';
import { type Actor, recordAudit } from '../operators/index.ts';
import { emit } from '../outbox/index.ts';
import { drawNotFound, drawTarget } from './draw-results.service.ts';
import { drawsRepository } from './draws.repository.ts';
import { lottoPartyScoringRepository } from './lotto-party-scoring.repository.ts';
import { payoutsRepository } from './payouts.repository.ts';

const PAY_BATCH = 2_000;

export const prizeTransferId = (ticketId: string) => eventId(`prize:${ticketId}`);

export function createPayoutsService(deps: {
  db: Database;
  now: () => Date;
  /** Held prizes of a draw together above it are released by two finance operators. */
  secondApprovalCents: number;
}) {
  const { db, now } = deps;

  /** Pays one batch; answers how many payouts it settled (0: none left to take). */
  async function payBatch(drawId: string, description: string): Promise<number> {
    return db.transaction(async (tx) => {
      const payoutsRepo = payoutsRepository(tx);
      const claimed = await payoutsRepo.claimPayouts(drawId, PAY_BATCH);
      if (claimed.length === 0) return 0;
      const ledger = ledgerQueries(tx);
      const wallets = await payoutsRepo.walletIds([...new Set(claimed.map((p) => p.customerId))]);
      for (const p of claimed) {
        if (!wallets.has(p.customerId)) {
          wallets.set(p.customerId, (await ledger.customerAccounts(p.customerId)).wallet.id);
        }
      }
      const liability = await ledger.houseAccount('prize_liability');
      const transfers: TransferInput[] = claimed
        .filter((p) => p.prizeCents > 0)
        .map((p) => ({
          id: prizeTransferId(p.ticketId),
          debitAccountId: liability,
          creditAccountId: wallets.get(p.customerId) as number,
          amountCents: p.prizeCents,
          code: 'prize',
          customerId: p.customerId,
          reference: p.ticketId,
          description,
        }));
      await ledger.post(transfers);
      await payoutsRepo.markPaid(
        claimed.map((p) => ({
          ticketId: p.ticketId,
          transferId: p.prizeCents > 0 ? prizeTransferId(p.ticketId) : null,
        })),
        now(),
      );
      await emit(tx, 'prize.credited', drawId, { drawId, ticketIds: claimed.map((p) => p.ticketId) });
      return claimed.length;
    });
  }

  return {
    /**
     * Pays what is pending of a scored (or capped) draw, then moves it: DRAW_CAPPED while a payout is
     * held, else DRAW_PAID. Answers the status it moved the draw to, if it moved it.
     */
    async pay(drawId: string) {
      const found = await drawsRepository(db).drawById(drawId);
      if (!found || !['DRAW_SCORED', 'DRAW_CAPPED'].includes(found.draw.status)) return undefined;
      const description = `Prize: ${found.offer.name} draw ${found.draw.drawNo}`;
      while ((await payBatch(drawId, description)) > 0) {}
      const moved = await payoutsRepository(db).finishPaying(drawId, now());
      return moved === found.draw.status ? undefined : moved;
    },

    /**
     * A finance operator releases a draw's held prizes (the domain's `prizeRelease`): up to the
     * second-approval limit together, or as the second of two different operators, they become
     * pending (approved by the operator) and are paid now, and `prize.released` has its lotto party
     * sessions held settled (split by shares and credited) right after; over the limit, the first
     * approval is only recorded on the draw. Either way the audit row is written in the same
     * transaction (`prize.release_approved`, `prize.released`). Refused for an unknown draw, one with
     * nothing held, or the first approver approving again.
     */
    async release(offerKey: string, drawNo: number, actor: Actor) {
      const operator = actor.operator.name;
      const known = await drawsRepository(db).drawByNo(offerKey, drawNo);
      if (!known) throw drawNotFound(offerKey, drawNo);
      const decided = await db.transaction(async (tx) => {
        const found = (await drawsRepository(tx).drawById(known.draw.id, 'wait')) ?? known;
        const payoutsRepo = payoutsRepository(tx);
        const heldTickets = await payoutsRepo.heldTotal(found.draw.id);
        const held = await lottoPartyScoringRepository(tx).heldSessions(found.draw.id);
        const heldCents = heldTickets.cents + held.reduce((n, r) => n + r.prizeCents, 0);
        if (heldTickets.count === 0 && held.length === 0) {
          throw new AppError(
            409,
            'nothing_held',
            `Draw ${drawNo} of ${found.offer.name} has no prize waiting for approval.`,
          );
        }
        const { draw } = found;
        const first =
          draw.releaseFirstApprovedBy && draw.releaseFirstApprovedCents !== null
            ? { operator: draw.releaseFirstApprovedBy, cents: draw.releaseFirstApprovedCents }
            : null;
        const verdict = prizeRelease({
          heldCents,
          limitCents: deps.secondApprovalCents,
          firstApproval: first,
          operator,
        });
        const target = drawTarget(found.offer.key, draw.drawNo);
        if (verdict.outcome === 'refused') throw new AppError(409, 'second_approval_needed', verdict.message);
        if (verdict.outcome === 'first_approval') {
          await payoutsRepo.recordFirstApproval(draw.id, operator, heldCents, now());
          await recordAudit(tx, actor, {
            action: 'prize.release_approved',
            ...target,
            before: { heldCents },
            after: { heldCents, firstApprovedBy: operator, waitingFor: 'a second finance operator' },
          });
          const none: { ticketId: string; prizeCents: number }[] = [];
          return {
            outcome: 'first_approval' as const,
            found,
            heldCents,
            released: none,
            sessions: [],
            firstApprovedBy: operator,
          };
        }
        const tickets = await payoutsRepo.releaseHeld(draw.id, operator);
        await payoutsRepo.recordFirstApproval(draw.id, null, null, null);
        await emit(tx, 'prize.released', draw.id, { drawId: draw.id, operator });
        await recordAudit(tx, actor, {
          action: 'prize.released',
          ...target,
          before: { heldCents, firstApprovedBy: first?.operator ?? null },
          after: {
            releasedCents: heldCents,
            tickets: tickets.map((t) => t.ticketId),
            sessions: held.map((h) => h.sessionId),
          },
        });
        return {
          outcome: 'released' as const,
          found,
          heldCents,
          released: tickets,
          sessions: held,
          firstApprovedBy: first?.operator ?? null,
        };
      });
      const { found } = decided;
      const status =
        decided.outcome === 'released'
          ? ((await this.pay(found.draw.id)) ??
            (await drawsRepository(db).drawById(found.draw.id))?.draw.status)
          : found.draw.status;
      return {
        draw: found,
        status,
        outcome: decided.outcome,
        heldCents: decided.heldCents,
        firstApprovedBy: decided.firstApprovedBy,
        released: decided.released.map((r) => ({ ticketId: r.ticketId, prizeCents: r.prizeCents })),
        sessions: decided.sessions,
        totalText: formatMoney(decided.heldCents),
      };
    },
  };
}

export type PayoutsService = ReturnType<typeof createPayoutsService>;
