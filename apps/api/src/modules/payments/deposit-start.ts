/**
 * Starting a deposit inside the caller's transaction (the deposit form, a checkout's deposit, a
 * recurring purchase's off-session charge): the fund checked, the amount, the security code, the
 * limits, then the deposit made and its amount held. A card deposit is `charging`: the gateway is
 * asked once this transaction commits, and its answer applied in another (ADR 049,
 * `deposit-charge.ts`). A PayPal deposit waits for the customer's approval.
 */
import { randomUUID } from 'node:crypto';
import type { DbOrTx, DepositStatus } from '@drawhouse/db';
import { CARD_MESSAGES, cardExpired, cscRuleError } from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { fieldErrors, validationError } from '../../http/validation.ts';
import { failureThrottle } from '../accounts/index.ts';
import { eventId, ledgerQueries } from '../ledger/index.ts';
import { LIMIT_SETTINGS, limitsGuard } from '../limits/index.ts';
import {
  assertDepositAmount,
  chargeRequestOf,
  creditWallet,
  type DepositsDeps,
  type StartDepositInput,
  type StartedDeposit,
} from './deposit-basics.ts';
import { PAYPAL_FUND_ID, paypalFundOf } from './funds.service.ts';
import { cardNoLongerChargeable } from './gateways/gateway.ts';
import { cscThrottleKey, depositMethod, type MethodDefinition, methodEnabled } from './payment-methods.ts';
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
  const { gateway, urls } = deps;

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
     * limits, then makes the deposit and holds its amount (pending, counted by the limits, not
     * spendable). A card deposit answers `charging`: charge it (`chargeDeposit`) once the caller's
     * transaction committed, then apply the answer (`applyCharge`). A PayPal deposit answers its
     * approval page. An off-session key whose money was taken answers that deposit again
     * (`replayed`), or charges again the one still `charging`.
     */
    async startDeposit(tx: DbOrTx, input: StartDepositInput): Promise<StartedDeposit> {
      const repo = paymentsRepository(tx);
      const now = deps.now();
      // The customer lock first: it also keeps two first PayPal deposits from making two PayPal funds.
      await ledgerQueries(tx).lockCustomer(input.customerId);
      const offSession = input.offSession
        ? await offSessionTry(repo, input.customerId, input.offSession.key)
        : undefined;
      if (offSession && 'charged' in offSession) {
        const { charged } = offSession;
        if (charged.status === 'charging') {
          const fund = charged.fundId ? ((await repo.fundById(charged.fundId)) ?? null) : null;
          return { charging: { deposit: charged, request: chargeRequestOf(urls, charged, fund) } };
        }
        return { result: { deposit: charged, outcome: 'succeeded', replayed: true } };
      }
      const deadlineDays = deps.verificationDeadlineDays ?? LIMIT_SETTINGS.verificationDeadlineDays;
      const guard = limitsGuard(tx, { ...LIMIT_SETTINGS, verificationDeadlineDays: deadlineDays });
      await guard.assertMay(input.customerId, 'deposit', now);
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

      await guard.assertCanDeposit(input.customerId, input.amountCents, now);

      const id = offSession?.id ?? randomUUID();
      const paypal = method.code === 'pl';
      const inserted = await repo.insertDeposit({
        id,
        pageToken: newPageToken(),
        customerId: input.customerId,
        fundId: fund?.id ?? null,
        methodCode: method.code,
        gateway: gatewayKey,
        amountCents: input.amountCents,
        purpose: input.purpose,
        fundingKey: input.offSession?.key ?? null,
        status: paypal ? 'awaiting_approval' : 'charging',
        gatewayReference: paypal ? `sandbox_paypal_${id}` : null,
        createdAt: now,
        updatedAt: now,
      });
      const pendingTransferId = await creditWallet(tx, inserted, describe(method, fund), 'hold');
      const deposit = await repo.updateDeposit(id, { pendingTransferId }, now);
      if (paypal) {
        return { result: { deposit, outcome: 'challenge', redirectUrl: urls.paypal(deposit) } };
      }
      const given = {
        walletToken: input.wallet?.token,
        csc: cscKey ? input.csc : undefined,
      };
      return { charging: { deposit, request: chargeRequestOf(urls, deposit, fund, given), cscKey } };
    },
  };
}
