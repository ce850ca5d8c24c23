/**
 * Charging a card deposit between two transactions (ADR 049): the deposit was made `charging` and
 * held in the caller's transaction; the gateway is asked with no transaction open (a slow gateway
 * holds neither the customer's ledger lock nor a pooled connection); its answer is applied in
 * another, only while the deposit is still `charging`. A deposit left `charging` (the process
 * stopped between the two) is charged again under the same idempotency key by the minute job.
 */
import type { Transaction } from '@drawhouse/db';
import { AppError } from '../../http/errors.ts';
import { failureThrottle } from '../accounts/index.ts';
import { ledgerQueries } from '../ledger/index.ts';
import {
  type ChargedDeposit,
  type ChargingDeposit,
  chargeRequestOf,
  type DepositEnd,
  type DepositsDeps,
  type StartDepositResult,
  type StartedDeposit,
} from './deposit-basics.ts';
import { type ChargeOutcome, DECLINE_MESSAGES } from './gateways/gateway.ts';
import { CSC_ATTEMPTS } from './payment-methods.ts';
import { type DepositRow, paymentsRepository } from './payments.repository.ts';

/** How long a deposit may stay `charging` before the job takes it for a lost answer. */
export const CHARGING_RECOVERY_MS = 2 * 60_000;

type EndDeposit = (tx: Transaction, deposit: DepositRow, end: DepositEnd) => Promise<DepositRow>;

export function createDepositCharge(deps: DepositsDeps, endDeposit: EndDeposit) {
  const { db, gateway, urls } = deps;

  /** A deposit as its caller is answered once it no longer charges. */
  function resultOf(deposit: DepositRow): StartDepositResult {
    if (deposit.status === 'succeeded') return { deposit, outcome: 'succeeded' };
    if (deposit.status === 'awaiting_approval') {
      return { deposit, outcome: 'challenge', redirectUrl: urls.paypal(deposit) };
    }
    if (deposit.status === 'awaiting_challenge') {
      return {
        deposit,
        outcome: 'challenge',
        ...(deposit.gateway === 'sandbox' ? { redirectUrl: urls.challenge(deposit) } : {}),
      };
    }
    return {
      deposit,
      outcome: 'declined',
      code: deposit.failureCode ?? 'card_declined',
      message: deposit.failureMessage ?? DECLINE_MESSAGES.card_declined,
    };
  }

  /** The gateway's charge, with no transaction open. Wrong security codes are counted per card. */
  async function charge(charging: ChargingDeposit): Promise<ChargeOutcome> {
    const outcome = await gateway.charge(paymentsRepository(db), charging.request);
    const { cscKey } = charging;
    if (cscKey && outcome.outcome === 'declined' && outcome.code === 'incorrect_csc') {
      await failureThrottle(db).recordFailure(cscKey, deps.now(), CSC_ATTEMPTS);
    } else if (cscKey) {
      await failureThrottle(db).clear(cscKey);
    }
    return outcome;
  }

  /**
   * Applies the gateway's answer in the caller's transaction, under the customer's lock and the
   * deposit's row lock, only while the deposit is still `charging`: posted (a checkout's listeners
   * told), waiting at a challenge with its hold, or declined with its hold voided. A deposit that
   * no longer charges is answered as it is.
   */
  async function applyCharge(tx: Transaction, charged: ChargedDeposit): Promise<StartDepositResult> {
    if ('result' in charged) return charged.result;
    const repo = paymentsRepository(tx);
    const first = await repo.deposit(charged.depositId);
    if (!first) throw new Error(`deposit ${charged.depositId} is missing`);
    await ledgerQueries(tx).lockCustomer(first.customerId);
    const deposit = await repo.lockDeposit(charged.depositId);
    if (!deposit) throw new Error(`deposit ${charged.depositId} is missing`);
    if (deposit.status !== 'charging') return resultOf(deposit);
    if ('refusal' in charged) {
      const { code, message } = charged.refusal;
      const refused = await endDeposit(tx, deposit, { status: 'declined', code, message });
      return { deposit: refused, outcome: 'declined', code, message, refusal: charged.refusal };
    }
    const { outcome } = charged;
    const referenced = await repo.updateDeposit(
      deposit.id,
      {
        gatewayReference: outcome.gatewayReference,
        ...(outcome.outcome === 'challenge' ? { status: 'awaiting_challenge' as const } : {}),
      },
      deps.now(),
    );
    if (outcome.outcome === 'challenge') {
      return { deposit: referenced, outcome: 'challenge', redirectUrl: outcome.redirectUrl };
    }
    if (outcome.outcome === 'succeeded') {
      return { deposit: await endDeposit(tx, referenced, { status: 'succeeded' }), outcome: 'succeeded' };
    }
    const message = DECLINE_MESSAGES[outcome.code];
    const declined = await endDeposit(tx, referenced, { status: 'declined', code: outcome.code, message });
    return { deposit: declined, outcome: 'declined', code: outcome.code, message };
  }

  /** Charges a deposit started `charging`, with no transaction open; passes on one that needs none. */
  async function chargeDeposit(started: StartedDeposit): Promise<ChargedDeposit> {
    if ('result' in started) return started;
    const depositId = started.charging.deposit.id;
    try {
      return { depositId, outcome: await charge(started.charging) };
    } catch (error) {
      if (error instanceof AppError && error.status < 500) return { depositId, refusal: error };
      throw error;
    }
  }

  return {
    chargeDeposit,

    applyCharge,

    /**
     * Finishes deposits left `charging` for longer than two minutes (the job runs it every minute):
     * charged again under the same key, which the gateway answers as the first time, and applied.
     * A checkout's deposit that succeeds this way completes its purchase through the listeners.
     * Answers how many it finished.
     */
    async recoverCharging(now: Date = deps.now(), batch = 100): Promise<number> {
      const before = new Date(now.getTime() - CHARGING_RECOVERY_MS);
      const stranded = await paymentsRepository(db).chargingDeposits(gateway.key, before, batch);
      let finished = 0;
      for (const deposit of stranded) {
        try {
          const fund = deposit.fundId
            ? ((await paymentsRepository(db).fundById(deposit.fundId)) ?? null)
            : null;
          const started = { charging: { deposit, request: chargeRequestOf(urls, deposit, fund) } };
          const charged = await chargeDeposit(started);
          const row = await db.transaction((tx) => applyCharge(tx, charged));
          if (row.deposit.status !== 'charging') finished += 1;
        } catch (error) {
          deps.log?.error({ err: error, depositId: deposit.id }, 'charging a stranded deposit again failed');
        }
      }
      return finished;
    },
  };
}
