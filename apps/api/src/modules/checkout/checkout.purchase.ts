/**
 * `POST /cart/purchase` with its Idempotency-Key, in one transaction of two statements (decision
 * 043): the purchase's first statement reads the key with everything else, and its last writes the
 * key with the answer. A key that holds an answer is answered as it was (another request with it is
 * 422); a key another request took meanwhile (it waited on the customer's lock) is answered as that
 * request was; an expected failure is kept for the key in the same transaction (nothing else was
 * written) and answered; stock or a voucher's use taken meanwhile rolls back and the purchase runs
 * again, reading why. Without a key the purchase simply runs.
 */
import type { PurchaseResult, Receipt } from '@drawhouse/contract';
import { type Database, inTransaction, type WorkTx } from '@drawhouse/db';
import { AppError } from '../../http/errors.ts';
import { type KeyClaim, keepFailure, replayStored, storedKey, successText } from '../../http/idempotency.ts';
import {
  type CheckoutService,
  FailedAfterWrite,
  KeyAnswered,
  type PurchaseKey,
  PurchaseRaced,
} from './checkout.service.ts';

/** A purchase that raced for stock or a voucher this often in a row answers what it found last. */
const TRIES = 3;

type Outcome = { kind: 'done'; result: PurchaseResult } | { kind: 'refused'; error: AppError };

export function createCartPurchase(db: Database, service: CheckoutService, now: () => Date) {
  const answered = (claim: KeyClaim | undefined, stored: Parameters<typeof replayStored>[1]) => {
    if (!claim) throw new Error('a stored answer without a key');
    return replayStored<PurchaseResult>(claim, stored).result;
  };

  /** Keeps a failure as the key's answer in `tx`: it is then answered (or the key's first answer is). */
  async function kept(tx: WorkTx, claim: KeyClaim, error: AppError): Promise<Outcome> {
    try {
      return { kind: 'done', result: (await keepFailure<PurchaseResult>(tx.db, claim, error, now())).result };
    } catch (refusal) {
      if (refusal instanceof AppError) return { kind: 'refused', error: refusal };
      throw refusal;
    }
  }

  /** Keeps a failure for the key in a transaction of its own (the purchase's rolled back), then throws it. */
  async function keepAlone(claim: KeyClaim, error: AppError): Promise<PurchaseResult> {
    const outcome = await inTransaction(db, (tx) => kept(tx, claim, error));
    if (outcome.kind === 'refused') throw outcome.error;
    return outcome.result;
  }

  return async function purchase(
    claim: KeyClaim | undefined,
    customerId: string,
    body: { useWallet: boolean; expectedTotalCents: number; locatedCountry: string | null },
  ): Promise<PurchaseResult> {
    const key: PurchaseKey | undefined = claim && {
      claim,
      answerOf: (receipt: Receipt) =>
        successText({ status: 200, result: { checkoutId: receipt.checkoutId, receipt } }),
    };
    for (let tries = 1; ; tries++) {
      try {
        const outcome = await inTransaction(db, async (tx): Promise<Outcome> => {
          try {
            const receipt = await service.purchaseFromBalance(tx.db, customerId, body, key);
            return { kind: 'done', result: { checkoutId: receipt.checkoutId, receipt } };
          } catch (error) {
            if (!claim || !(error instanceof AppError) || error.status >= 500) throw error;
            // Nothing was written but the locks: the failure is the key's answer.
            return kept(tx, claim, error);
          }
        });
        if (outcome.kind === 'refused') throw outcome.error;
        return outcome.result;
      } catch (error) {
        if (error instanceof KeyAnswered) return answered(claim, error.stored);
        if (error instanceof FailedAfterWrite) {
          if (!claim) throw error.refusal;
          return keepAlone(claim, error.refusal);
        }
        if (!(error instanceof PurchaseRaced)) throw error;
        if (error.keyTaken && claim) {
          const stored = await storedKey(db, claim);
          if (stored) return answered(claim, stored);
        }
        if (tries >= TRIES) throw error;
      }
    }
  };
}
