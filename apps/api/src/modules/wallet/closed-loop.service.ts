/**
 * Closed loop for one customer (the rule is the domain's `unplayedCardDeposits`): their card deposits
 * and purchases read from the ledger, what earlier withdrawals already send back to cards, and so
 * what of a withdrawal goes back to which card before the rest goes to the payout account.
 */
import type { DbOrTx } from '@drawhouse/db';
import { type UnplayedCardDeposit, unplayedCardDeposits, type WalletMovement } from '@drawhouse/domain';
import { fundLabel } from '../payments/index.ts';
import { CARD_DEPOSIT_METHODS, walletRepository } from './wallet.repository.ts';

const WALLET_TOKEN_NAMES: Record<string, string> = { ap: 'Apple Pay', gp: 'Google Pay' };
const CARD_GATEWAYS = new Set(['sandbox', 'stripe']);

/** The customer's unplayed card money, per deposit, in the order a withdrawal refunds it. */
export async function unplayedCardMoney(db: DbOrTx, customerId: string): Promise<UnplayedCardDeposit[]> {
  const repo = walletRepository(db);
  const movements: WalletMovement[] = (await repo.walletMoves(customerId)).map((move) => {
    if (move.code === 'purchase') return { kind: 'spend', amountCents: move.amountCents, at: move.createdAt };
    const isCard =
      move.depositId !== null &&
      (CARD_DEPOSIT_METHODS as readonly string[]).includes(move.depositMethod ?? '') &&
      CARD_GATEWAYS.has(move.depositGateway ?? '');
    if (!isCard || !move.depositId) {
      return { kind: 'other_deposit', amountCents: move.amountCents, at: move.createdAt };
    }
    return {
      kind: 'card_deposit',
      depositId: move.depositId,
      fundId: move.fund?.id ?? null,
      display: move.fund ? fundLabel(move.fund) : (WALLET_TOKEN_NAMES[move.depositMethod ?? ''] ?? 'Card'),
      amountCents: move.amountCents,
      at: move.createdAt,
    };
  });
  const refunded = new Map<string, number>();
  for (const leg of await repo.cardLegsInPlay(customerId)) {
    refunded.set(leg.depositId, (refunded.get(leg.depositId) ?? 0) + leg.amountCents);
  }
  return unplayedCardDeposits(movements, refunded);
}
