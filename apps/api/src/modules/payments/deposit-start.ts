/**
 * Starting a deposit inside the caller's transaction (the deposit form, a checkout's deposit, a
 * recurring purchase's off-session charge): the fund checked, the amount, the security code, the
 * limits, then the gateway's charge. Posted at once, held while the customer is asked (3-D Secure,
 * PayPal), or declined.
 */
import { randomUUID } from 'node:crypto';
import type { DbOrTx, DepositStatus } from '@drawhouse/db';
import { CARD_MESSAGES, cardExpired, cscRuleError } from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { fieldErrors, validationError } from '../../http/validation.ts';
import { failureThrottle } from '../accounts/index.ts';
import { eventId, ledgerQueries } from '../ledger/index.ts';
import { limitsGuard } from '../limits/index.ts';
import {
  assertDepositAmount,
  creditWallet,
  type DepositsDeps,
  depositEnded,
  type StartDepositInput,
  type StartDepositResult,
} from './deposit-basics.ts';
import { PAYPAL_FUND_ID, paypalFundOf } from './funds.service.ts';
import { cardNoLongerChargeable, DECLINE_MESSAGES } from './gateways/gateway.ts';
import {
  CSC_ATTEMPTS,
  cscThrottleKey,
  depositMethod,
  type MethodDefinition,
  methodEnabled,
} from './payment-methods.ts';
import { newPageToken } from './payment-urls.ts';
import {
  type DepositRow,
  type FundRow,
  type PaymentsRepository,
  paymentsRepository,
} from './payments.repository.ts';
import { fundLabel } from './payments.view.ts';

/** Deposit statuses that took no money: an off-session key may be tried again after them. */
const UNCHARGED: DepositStatus[] = ['declined', 'cancelled', 'expired'];

const fundNotFound = () => new AppError(404, 'fund_not_found', 'This payment method was not found.');

const cscLocked = () =>
  new AppError(
    429,
    'csc_attempts_exceeded',
    'This card is locked after too many incorrect security codes. Please try again later or use another card.',
  );

function describe(method: MethodDefinition, fund: FundRow | null): string {
  return `Deposit by ${fund ? fundLabel(fund) : method.name}`;
}

/**
 * An off-session charge's deposit id: the key's deposit that took money (answered again), else a
 * new try's id, derived from the key and the tries declined before it so that a try retried after
 * a crash keeps its id (and the gateway's idempotency key with it).
 */
async function offSessionTry(
  repo: PaymentsRepository,
  customerId: string,
  key: string,
): Promise<{ charged: DepositRow } | { id: string }> {
  const tries = await repo.depositsByFundingKey(customerId, key);
  const charged = tries.find((d) => !UNCHARGED.includes(d.status));
  if (charged) return { charged };
  return { id: eventId(`${key}:try:${tries.length + 1}`) };
}

export function createDepositStart(deps: DepositsDeps) {
  const { db, gateway, urls } = deps;

  /** Which method, gateway and fund a deposit goes through; refuses what cannot take a deposit. */
  async function resolveSource(repo: PaymentsRepository, input: StartDepositInput) {
    if (input.fundId) {
      const fundId =
        input.fundId === PAYPAL_FUND_ID ? await paypalFundOf(repo, input.customerId) : input.fundId;
      const fund = await repo.customerFund(input.customerId, fundId);
      if (!fund || (fund.type !== 'card' && fund.type !== 'paypal')) throw fundNotFound();
      return { fund, method: depositMethod(fund.methodCode), gatewayKey: fund.gateway ?? gateway.key };
    }
    if (input.wallet) {
      return { fund: null, method: depositMethod(input.wallet.code), gatewayKey: input.wallet.gateway };
    }
    throw new Error('startDeposit needs a fundId or a wallet token');
  }

  function checkCard(
    fund: FundRow,
    method: MethodDefinition,
    csc: string | undefined,
    now: Date,
    offSession: boolean,
  ) {
    if (fund.gateway !== gateway.key) throw cardNoLongerChargeable();
    const cscError = cscRuleError(
      !offSession && (method.rules.cscRequired[gateway.key] ?? false),
      csc,
      (fund.brand ?? 'unknown') as Parameters<typeof cscRuleError>[2],
    );
    if (cscError) throw validationError(fieldErrors([['csc', cscError.message, cscError.code]]));
    if (
      fund.expiryMonth &&
      fund.expiryYear &&
      cardExpired({ month: fund.expiryMonth, year: fund.expiryYear }, now)
    ) {
      throw new AppError(422, 'card_expired', CARD_MESSAGES.expired);
    }
  }

  return {
    /**
     * Starts a deposit inside the caller's transaction: checks the fund (the customer's own), the
     * amount against the method's rules and the CSC rule, locks the customer's accounts, asks the
     * limits, then charges. `succeeded`: the wallet is credited (posted). `challenge`: the deposit
     * awaits the customer at `redirectUrl` and its amount is held (pending). `declined`: nothing
     * moves; the deposit row says why (the caller decides whether its transaction commits). A
     * posted or declined deposit writes its event (`depositEnded`), kept only if the caller commits.
     */
    async startDeposit(tx: DbOrTx, input: StartDepositInput): Promise<StartDepositResult> {
      const repo = paymentsRepository(tx);
      const now = deps.now();
      // The customer lock first: it also keeps two first PayPal deposits from making two PayPal funds.
      await ledgerQueries(tx).lockCustomer(input.customerId);
      const offSession = input.offSession
        ? await offSessionTry(repo, input.customerId, input.offSession.key)
        : undefined;
      if (offSession && 'charged' in offSession) {
        return { deposit: offSession.charged, outcome: 'succeeded', replayed: true };
      }
      const { fund, method, gatewayKey } = await resolveSource(repo, input);
      if (!methodEnabled(method, gateway.key))
        throw new AppError(422, 'method_unavailable', `${method.name} is not available.`);
      assertDepositAmount(method, input.amountCents);
      if (fund?.type === 'card') checkCard(fund, method, input.csc, now, offSession !== undefined);
      else if (offSession) throw new Error('an off-session deposit charges a saved card');
      else if (input.csc !== undefined && input.csc !== '') {
        throw validationError(fieldErrors([['csc', CARD_MESSAGES.cscNotNeeded, 'not_needed']]));
      }
      // A saved card whose security code the gateway checks: wrong codes are counted per card.
      const cscKey = fund?.type === 'card' && !offSession && input.csc ? cscThrottleKey(fund.id) : undefined;
      if (cscKey && (await failureThrottle(tx).blockedUntil(cscKey, now))) throw cscLocked();

      await limitsGuard(tx).assertCanDeposit(input.customerId, input.amountCents, now);

      const id = offSession?.id ?? randomUUID();
      const page = { id, pageToken: newPageToken() };
      const base = {
        id,
        pageToken: page.pageToken,
        customerId: input.customerId,
        fundId: fund?.id ?? null,
        methodCode: method.code,
        gateway: gatewayKey,
        amountCents: input.amountCents,
        purpose: input.purpose,
        fundingKey: input.offSession?.key ?? null,
        createdAt: now,
        updatedAt: now,
      };
      const description = describe(method, fund);

      if (method.code === 'pl') {
        const deposit = await repo.insertDeposit({
          ...base,
          status: 'awaiting_approval',
          gatewayReference: `sandbox_paypal_${id}`,
        });
        const pendingTransferId = await creditWallet(tx, deposit, description, 'hold');
        const held = await repo.updateDeposit(id, { pendingTransferId }, now);
        return { deposit: held, outcome: 'challenge', redirectUrl: urls.paypal(page) };
      }

      const charged = await gateway.charge(repo, {
        depositId: id,
        customerId: input.customerId,
        amountCents: input.amountCents,
        fund,
        ...(input.wallet ? { walletToken: input.wallet.token } : {}),
        ...(cscKey && input.csc ? { csc: input.csc } : {}),
        challengeUrl: urls.challenge(page),
        returnUrl: urls.stripeReturn(page),
        ...(offSession ? { offSession: true } : {}),
      });
      if (cscKey && charged.outcome === 'declined' && charged.code === 'incorrect_csc') {
        // Counted outside the caller's transaction (through the pool, autocommit): the call that
        // answers this decline rolls its work back, and the count must outlive it.
        await failureThrottle(db).recordFailure(cscKey, now, CSC_ATTEMPTS);
      } else if (cscKey) {
        await failureThrottle(tx).clear(cscKey);
      }
      if (charged.outcome === 'declined') {
        const message = DECLINE_MESSAGES[charged.code];
        const deposit = await repo.insertDeposit({
          ...base,
          status: 'declined',
          gatewayReference: charged.gatewayReference,
          failureCode: charged.code,
          failureMessage: message,
        });
        await depositEnded(tx, deposit);
        return { deposit, outcome: 'declined', code: charged.code, message };
      }
      if (charged.outcome === 'challenge') {
        const deposit = await repo.insertDeposit({
          ...base,
          status: 'awaiting_challenge',
          gatewayReference: charged.gatewayReference,
        });
        const pendingTransferId = await creditWallet(tx, deposit, description, 'hold');
        const held = await repo.updateDeposit(id, { pendingTransferId }, now);
        return { deposit: held, outcome: 'challenge', redirectUrl: charged.redirectUrl };
      }
      const deposit = await repo.insertDeposit({
        ...base,
        status: 'succeeded',
        gatewayReference: charged.gatewayReference,
      });
      await creditWallet(tx, deposit, description, 'post');
      await depositEnded(tx, deposit);
      return { deposit, outcome: 'succeeded' };
    },
  };
}
