/**
 * Paying an approved withdrawal out, with no transaction open while money moves (as a card is
 * charged, ADR 049). The approval (by rule in the request's transaction, or an operator's) left the
 * withdrawal `paying` with its money still held. Then, outside any transaction: each card leg is
 * refunded through the card gateway (closed loop; a leg the gateway refuses goes to the payout
 * account instead) and the rest is paid through the payout adapter, both keyed by the withdrawal so
 * that a repeat moves nothing twice. A second transaction settles it, only while it is still
 * `paying`: paid posts the hold (`withdrawal.paid`); a refused payout voids it, keeps what went back
 * to cards as posted, and the rest is back in the wallet (`withdrawal.failed`). A withdrawal left
 * `paying` by a crash is paid again, under the same keys, by the minute job (`recoverPaying`).
 */
import type { Database, WithdrawalCardLeg } from '@drawhouse/db';
import type { AppDeps } from '../../http/types.ts';
import { eventId, ledgerQueries } from '../ledger/index.ts';
import { emit } from '../outbox/index.ts';
import type { CardGatewayAdapter } from '../payments/index.ts';
import { type PaymentsDeps, paymentsOf } from '../payments/index.ts';
import { manualPayout, type PayoutAdapter, type PayoutOutcome } from './payouts/payout.ts';
import { sandboxPayout } from './payouts/sandbox.payout.ts';
import { type WithdrawalRow, walletRepository } from './wallet.repository.ts';

/** A withdrawal `paying` for this long lost its payout's answer: the recovery job pays it again. */
export const PAYING_RECOVERY_MS = 2 * 60_000;

export type PayoutsDeps = {
  db: Database;
  now: () => Date;
  adapter: PayoutAdapter;
  gateway: Pick<CardGatewayAdapter, 'refund'>;
};

type Log = { error: (obj: object, msg: string) => void };

export function createPayouts(deps: PayoutsDeps) {
  const { db, now, adapter, gateway } = deps;

  /** Phase 2: the card refunds, then the payout of the rest (nothing when cards took it all). */
  async function moveMoney(
    w: WithdrawalRow,
    fund: NonNullable<Awaited<ReturnType<ReturnType<typeof walletRepository>['withdrawal']>>>['fund'],
  ) {
    const repo = walletRepository(db);
    const legDeposits = await repo.depositsByIds(w.cardLegs.map((leg) => leg.depositId));
    const legs: WithdrawalCardLeg[] = [];
    for (const leg of w.cardLegs) {
      const deposit = legDeposits.find((d) => d.id === leg.depositId);
      if (leg.status !== 'pending' || !deposit) {
        legs.push(leg.status === 'pending' ? { ...leg, status: 'failed' } : leg);
        continue;
      }
      const refund = await gateway.refund({
        key: `${w.id}:${leg.depositId}`,
        deposit,
        amountCents: leg.amountCents,
      });
      legs.push(
        refund.outcome === 'refunded'
          ? { ...leg, status: 'refunded', reference: refund.reference }
          : { ...leg, status: 'failed', reference: null },
      );
    }
    const refundedCents = legs.reduce(
      (sum, leg) => sum + (leg.status === 'refunded' ? leg.amountCents : 0),
      0,
    );
    const accountCents = w.amountCents - refundedCents;
    const payout: PayoutOutcome | null =
      accountCents > 0
        ? await adapter.pay({
            withdrawalId: w.id,
            customerId: w.customerId,
            amountCents: accountCents,
            destination: {
              type: fund.type === 'paypal' ? 'paypal' : (fund.bankAccountType ?? 'national'),
              details: fund.bankDetails ?? {},
              holderName: fund.holderName ?? '',
            },
          })
        : null;
    return { legs, refundedCents, payout };
  }

  return {
    adapter,

    /**
     * Pays a withdrawal left `paying` and settles it; one in any other status is answered as it is.
     * Safe to run twice or at once: the keys make a repeat move nothing, and only the first
     * settlement applies.
     */
    async payOut(id: string): Promise<WithdrawalRow | undefined> {
      const found = await walletRepository(db).withdrawal(id);
      if (found?.withdrawal.status !== 'paying') return found?.withdrawal;
      const { legs, refundedCents, payout } = await moveMoney(found.withdrawal, found.fund);
      return db.transaction(async (tx) => {
        const ledger = ledgerQueries(tx);
        const accounts = await ledger.lockCustomer(found.withdrawal.customerId);
        const wallet = walletRepository(tx);
        const locked = await wallet.withdrawal(id, undefined, true);
        if (locked?.withdrawal.status !== 'paying') return locked?.withdrawal;
        const w = locked.withdrawal;
        const ids = { customerId: w.customerId, withdrawalId: id };
        const at = now();
        if (payout === null || payout.outcome === 'paid') {
          await ledger.settle(w.pendingTransferId, 'post');
          const row = await wallet.updateWithdrawal(id, {
            status: 'paid',
            paidAt: at,
            cardLegs: legs,
            payoutReference: payout?.reference ?? null,
            payoutSpeed: payout?.speed ?? null,
          });
          await emit(tx, 'withdrawal.paid', id, ids);
          return row;
        }
        // Refused: the hold is voided, and what went back to cards is taken out again, posted.
        await ledger.settle(w.pendingTransferId, 'void');
        if (refundedCents > 0) {
          await ledger.post([
            {
              id: eventId(`withdrawal:${id}:card-refunds`),
              debitAccountId: accounts.wallet.id,
              creditAccountId: await ledger.houseAccount('withdrawals'),
              amountCents: refundedCents,
              code: 'withdrawal',
              customerId: w.customerId,
              reference: id,
              description: 'Withdrawal refunded to your card',
            },
          ]);
        }
        await wallet.markFundFailed(w.fundId, at);
        const row = await wallet.updateWithdrawal(id, {
          status: 'failed',
          failedAt: at,
          reason: payout.reason,
          cardLegs: legs,
          payoutReference: payout.reference,
        });
        await emit(tx, 'withdrawal.failed', id, ids);
        return row;
      });
    },

    /** Pays again the withdrawals left `paying` for PAYING_RECOVERY_MS (a crash lost the answer). */
    async recoverPaying(at: Date = now(), log?: Log): Promise<number> {
      const stuck = await walletRepository(db).payingSince(new Date(at.getTime() - PAYING_RECOVERY_MS));
      let settled = 0;
      for (const w of stuck) {
        try {
          const row = await this.payOut(w.id);
          if (row?.status !== 'paying') settled += 1;
        } catch (error) {
          log?.error({ err: error, withdrawalId: w.id }, 'withdrawal payout still failing');
        }
      }
      return settled;
    },
  };
}

export type Payouts = ReturnType<typeof createPayouts>;

const payoutsByDeps = new WeakMap<PaymentsDeps, Payouts>();

/** The payouts of the app these deps were built for: its payout adapter and card gateway. */
export function payoutsOf(deps: PaymentsDeps & Partial<Pick<AppDeps, 'now'>>): Payouts {
  let payouts = payoutsByDeps.get(deps);
  if (!payouts) {
    const now = () => deps.now?.() ?? new Date();
    payouts = createPayouts({
      db: deps.db,
      now,
      adapter: deps.config.payouts.adapter === 'manual' ? manualPayout : sandboxPayout(deps.db),
      gateway: paymentsOf(deps).gateway,
    });
    payoutsByDeps.set(deps, payouts);
  }
  return payouts;
}
