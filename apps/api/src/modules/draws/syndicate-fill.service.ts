/**
 * A public syndicate's draw at its close: the domain's `syndicateFillOutcome` over the draw's own
 * count of shares sold, decided once in the close's transaction (the draw locked, so no share is
 * sold after it). At least half sold: the syndicate goes ahead and Drawhouse holds the unsold shares
 * (the split is over the draw's total). Fewer: cancelled for the draw, in the same transaction every
 * share ticket is refunded what it was paid (a discount is not paid out; what promotional credit paid
 * goes back to promotional credit, the rest to the wallet: ledger transfers from `sales` with the ids
 * `eventId('syndicate-refund:{ticketId}')` and `...:promo`, so a ticket is refunded once whatever
 * runs twice) and recorded in `syndicate_share_refunds`, and credit a voucher gave a purchase that
 * no longer qualifies is taken back (vouchers module); no entry is picked and nothing is scored or paid.
 * The decision is an event of the close's transaction (`syndicate.filled` or `syndicate.cancelled`);
 * the buyers of a cancelled draw are told by its follower (syndicate-notices.ts).
 */
import type { DbOrTx } from '@drawhouse/db';
import { type SyndicateFillOutcome, syndicateFillOutcome } from '@drawhouse/domain';
import { eventId, ledgerQueries, type TransferInput } from '../ledger/index.ts';
import { emit } from '../outbox/index.ts';
import { clawBackRefunded } from '../vouchers/index.ts';
import type { DrawWithOffer } from './draws.repository.ts';
import { syndicateFillRepository } from './syndicate-fill.repository.ts';

export const syndicateRefundId = (ticketId: string) => eventId(`syndicate-refund:${ticketId}`);

export function createSyndicateFill(deps: { now: () => Date }) {
  const { now } = deps;

  /** Every share ticket of the draw not refunded yet, refunded into its buyer's wallet. */
  async function refund(tx: DbOrTx, found: DrawWithOffer): Promise<void> {
    const fillRepo = syndicateFillRepository(tx);
    const ledger = ledgerQueries(tx);
    const sales = await ledger.houseAccount('sales', 'syndicate_share');
    const shares = await fillRepo.shareTicketsToRefund(found.draw.id, sales);
    if (shares.length === 0) return;
    const accounts = new Map<string, { wallet: number; promo: number }>();
    for (const id of new Set(shares.map((s) => s.customer_id))) {
      const { wallet, promo } = await ledger.customerAccounts(id);
      accounts.set(id, { wallet: wallet.id, promo: promo.id });
    }
    const description = `Refund: ${found.offer.name} draw ${found.draw.drawNo} cancelled`;
    // In customer order (as the query gives them), like prize batches, so their locks never cross.
    const transfers: TransferInput[] = shares.flatMap((s) => {
      const to = accounts.get(s.customer_id);
      if (!to) throw new Error(`no accounts for customer ${s.customer_id}`);
      const part = (
        id: string,
        creditAccountId: number,
        cents: number,
        what = description,
      ): TransferInput[] =>
        cents > 0
          ? [
              {
                id,
                debitAccountId: sales,
                creditAccountId,
                amountCents: cents,
                code: 'refund',
                customerId: s.customer_id,
                reference: s.id,
                description: what,
              },
            ]
          : [];
      return [
        ...part(syndicateRefundId(s.id), to.wallet, Number(s.wallet_cents)),
        ...part(
          eventId(`syndicate-refund:${s.id}:promo`),
          to.promo,
          Number(s.promo_cents),
          `${description} (promotional credit)`,
        ),
      ];
    });
    await ledger.post(transfers);
    const at = now();
    await fillRepo.insertShareRefunds(
      shares.map((s) => ({
        ticketId: s.id,
        drawId: found.draw.id,
        customerId: s.customer_id,
        refundCents: Number(s.wallet_cents) + Number(s.promo_cents),
        transferId: syndicateRefundId(s.id),
        refundedAt: at,
      })),
    );
    // Credit a voucher gave the purchase is taken back when the refund leaves too little of it.
    await clawBackRefunded(
      tx,
      shares.map((s) => s.checkout_id),
      at,
    );
  }

  return {
    /**
     * In the close's transaction, the syndicate draw locked: decides whether it goes ahead (once;
     * a rerun answers the outcome recorded) and refunds every share of a cancelled one. Undefined for
     * a syndicate without shares.
     */
    async decide(tx: DbOrTx, found: DrawWithOffer): Promise<SyndicateFillOutcome | undefined> {
      const fill = await syndicateFillRepository(tx).decideSyndicateFill(
        found.draw.id,
        syndicateFillOutcome,
        now(),
      );
      if (!fill) return undefined;
      if (fill.outcome === 'cancelled') await refund(tx, found);
      const counts = { drawId: found.draw.id, sharesSold: fill.sold, totalShares: fill.total };
      await emit(
        tx,
        fill.outcome === 'cancelled' ? 'syndicate.cancelled' : 'syndicate.filled',
        found.draw.id,
        counts,
      );
      return fill.outcome;
    },
  };
}

export type SyndicateFill = ReturnType<typeof createSyndicateFill>;
