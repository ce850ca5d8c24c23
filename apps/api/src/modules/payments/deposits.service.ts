/**
 * Deposits: money coming in through a gateway, credited to the customer's wallet through the ledger
 * (debit `gateway_clearing:<gateway>`, credit `wallet`). A deposit that waits for the customer (a
 * 3-D Secure challenge, a PayPal approval) is a pending transfer, posted or voided exactly once when
 * it ends (ADR 020); one abandoned for longer than the timeout is voided by a job.
 */
import { randomUUID } from 'node:crypto';
import type { Database, DbOrTx, DepositPurpose, DepositStatus, Transaction } from '@drawhouse/db';
import {
  CARD_MESSAGES,
  cardExpired,
  checkAmountInput,
  cscRuleError,
  DEPOSIT_FAILED_MESSAGE,
  DEPOSIT_PURCHASE_CHECKOUT_FAILURE,
} from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { fieldErrors, validationError } from '../../http/validation.ts';
import { failureThrottle } from '../accounts/index.ts';
import { eventId, ledgerQueries } from '../ledger/index.ts';
import { limitsGuard } from '../limits/index.ts';
import { PAYPAL_FUND_ID, paypalFundOf } from './funds.service.ts';
import {
  type CardGatewayAdapter,
  cardNoLongerChargeable,
  DECLINE_MESSAGES,
  type DeclineCode,
} from './gateways/gateway.ts';
import {
  bankReference,
  CSC_ATTEMPTS,
  cscThrottleKey,
  depositMethod,
  type MethodDefinition,
  methodEnabled,
} from './payment-methods.ts';
import { newPageToken, type PaymentUrls } from './payment-urls.ts';
import {
  AWAITING_CUSTOMER,
  type DepositRow,
  type FundRow,
  type PaymentsRepository,
  paymentsRepository,
} from './payments.repository.ts';
import { fundLabel } from './payments.view.ts';

export type CheckoutDepositRow = DepositRow & { purpose: Extract<DepositPurpose, { kind: 'checkout' }> };

/**
 * Told, inside the transaction that posts it, that a checkout's deposit succeeded after a wait. It
 * answers the checkout it completed, or why the purchase failed (the money stays in the wallet).
 */
export type CheckoutDepositListener = (
  tx: Transaction,
  deposit: CheckoutDepositRow,
) => Promise<{ checkoutId?: string; failure?: { code: string; message: string } } | undefined>;

export type StartDepositInput = {
  customerId: string;
  amountCents: number;
  purpose: DepositPurpose;
  /** A saved card or PayPal fund of the customer. */
  fundId?: string;
  /** Apple Pay or Google Pay: the sheet's token, charged through `gateway`. */
  wallet?: { code: 'ap' | 'gp'; gateway: string; token: string };
  csc?: string | undefined;
  /** The gateway the caller expects (a saved card is charged through the one it was saved with). */
  gateway?: string | undefined;
  /**
   * A saved card charged without the customer there (a recurring purchase): no security code, no
   * challenge (one needed is declined `authentication_required`), and at most one charge per `key`.
   */
  offSession?: { key: string };
};

export type DepositOutcome = 'succeeded' | 'challenge' | 'declined';

export type StartDepositResult = {
  deposit: DepositRow;
  outcome: DepositOutcome;
  /** Where the customer goes next (the challenge for the frame, PayPal's approval page). */
  redirectUrl?: string;
  /** A decline's code and message in the customer's words. */
  code?: DeclineCode;
  message?: string;
  /** Off session: the key's money was taken by an earlier try, answered again and not charged. */
  replayed?: boolean;
};

/** How a deposit that waited ends. */
export type DepositEnd =
  | { status: 'succeeded' }
  | { status: Extract<DepositStatus, 'declined' | 'cancelled' | 'expired'>; code: string; message: string };

export const EXPIRED_MESSAGE = 'The payment was not completed in time. Please try again.';
export const CANCELLED_MESSAGE = 'The payment was cancelled.';

type Log = { error: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };

export type DepositsDeps = {
  db: Database;
  gateway: CardGatewayAdapter;
  urls: PaymentUrls;
  now: () => Date;
  challengeTimeoutMinutes: number;
  log?: Log;
};

const amountError = (message: string, code: string) =>
  validationError(fieldErrors([['amount', message, code]]));

/** Checks an amount in cents against a method's rules: a field error on `amount` when it does not fit. */
export function assertDepositAmount(method: MethodDefinition, cents: number): void {
  const checked = checkAmountInput(cents / 100, {
    minCents: method.rules.minCents,
    maxCents: method.rules.maxCents,
  });
  if (!checked.ok) throw amountError(checked.message, checked.code);
}

/** Reads an amount a customer typed against a method's rules: cents, or a field error on `amount`. */
export function readDepositAmount(method: MethodDefinition, amount: number | string): number {
  const checked = checkAmountInput(amount, {
    minCents: method.rules.minCents,
    maxCents: method.rules.maxCents,
  });
  if (!checked.ok) throw amountError(checked.message, checked.code);
  return checked.cents;
}

/** Deposit statuses that took no money: an off-session key may be tried again after them. */
const UNCHARGED: DepositStatus[] = ['declined', 'cancelled', 'expired'];

const isCheckoutDeposit = (row: DepositRow): row is CheckoutDepositRow => row.purpose.kind === 'checkout';

const fundNotFound = () => new AppError(404, 'fund_not_found', 'This payment method was not found.');

const cscLocked = () =>
  new AppError(
    429,
    'csc_attempts_exceeded',
    'This card is locked after too many incorrect security codes. Please try again later or use another card.',
  );

export function createDepositsService(deps: DepositsDeps) {
  const { db, gateway, urls } = deps;
  const listeners = new Set<CheckoutDepositListener>();

  async function creditWallet(
    tx: DbOrTx,
    deposit: DepositRow,
    description: string,
    mode: 'post' | 'hold',
  ): Promise<string> {
    const ledger = ledgerQueries(tx);
    const accounts = await ledger.customerAccounts(deposit.customerId);
    const transfer = {
      id: eventId(`deposit:${deposit.id}`),
      debitAccountId: await ledger.houseAccount('gateway_clearing', deposit.gateway),
      creditAccountId: accounts.wallet.id,
      amountCents: deposit.amountCents,
      code: 'deposit' as const,
      customerId: deposit.customerId,
      reference: deposit.id,
      description,
    };
    if (mode === 'post') await ledger.post([transfer]);
    else await ledger.hold(transfer);
    return transfer.id;
  }

  function describe(method: MethodDefinition, fund: FundRow | null): string {
    return `Deposit by ${fund ? fundLabel(fund) : method.name}`;
  }

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

  async function notifyCheckout(tx: Transaction, deposit: CheckoutDepositRow): Promise<DepositRow> {
    let row: DepositRow = deposit;
    const repo = paymentsRepository(tx);
    const record = async (change: Parameters<PaymentsRepository['updateDeposit']>[1]) => {
      row = await repo.updateDeposit(row.id, change, deps.now());
    };
    for (const listener of listeners) {
      try {
        const out = await tx.transaction((savepoint) => listener(savepoint, deposit));
        if (out?.checkoutId) await record({ checkoutId: out.checkoutId });
        if (out?.failure)
          await record({ failureCode: out.failure.code, failureMessage: out.failure.message });
      } catch (error) {
        // The money stays in the wallet; the deposit says its purchase failed.
        if (!(error instanceof AppError)) {
          deps.log?.error({ err: error, depositId: row.id }, 'checkout after deposit failed');
        }
        await record({
          failureCode: DEPOSIT_PURCHASE_CHECKOUT_FAILURE,
          failureMessage: error instanceof AppError ? error.message : DEPOSIT_FAILED_MESSAGE,
        });
      }
    }
    return row;
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

  const service = {
    /**
     * Registers the code that completes a checkout once its deposit succeeds after a challenge or an
     * approval. Called inside the transaction that posts the deposit (in a savepoint: a listener that
     * throws leaves the deposit posted, marked `deposit_purchase_checkout_failure`). Registering the
     * same function again keeps one.
     */
    onCheckoutDepositSucceeded(listener: CheckoutDepositListener): void {
      listeners.add(listener);
    },

    /**
     * Starts a deposit inside the caller's transaction: checks the fund (the customer's own), the
     * amount against the method's rules and the CSC rule, locks the customer's accounts, asks the
     * limits, then charges. `succeeded`: the wallet is credited (posted). `challenge`: the deposit
     * awaits the customer at `redirectUrl` and its amount is held (pending). `declined`: nothing
     * moves; the deposit row says why (the caller decides whether its transaction commits).
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
      return { deposit, outcome: 'succeeded' };
    },

    /**
     * Ends a deposit that waited for the customer, exactly once: `decide` runs only while it still
     * waits (under the customer's lock and the deposit's row lock); the pending transfer is posted
     * or voided by what it answers, and a checkout's listeners hear of a success. A deposit that
     * already ended is answered as it is.
     */
    async finishDeposit(
      depositId: string,
      decide: (tx: Transaction, deposit: DepositRow) => Promise<DepositEnd | null>,
    ): Promise<DepositRow | undefined> {
      return db.transaction(async (tx) => {
        const repo = paymentsRepository(tx);
        const first = await repo.deposit(depositId);
        if (!first) return undefined;
        await ledgerQueries(tx).lockCustomer(first.customerId);
        const deposit = await repo.lockDeposit(depositId);
        if (!deposit || !AWAITING_CUSTOMER.includes(deposit.status) || !deposit.pendingTransferId)
          return deposit;
        const end = await decide(tx, deposit);
        if (!end) return deposit;
        const now = deps.now();
        if (end.status === 'succeeded') {
          await ledgerQueries(tx).settle(deposit.pendingTransferId, 'post');
          const row = await repo.updateDeposit(deposit.id, { status: 'succeeded' }, now);
          return isCheckoutDeposit(row) ? notifyCheckout(tx, row) : row;
        }
        await ledgerQueries(tx).settle(deposit.pendingTransferId, 'void');
        const ended = await repo.updateDeposit(
          deposit.id,
          { status: end.status, failureCode: end.code, failureMessage: end.message },
          now,
        );
        // A card whose first payment the issuer declined (its 3-D Secure check failed) is not kept.
        if (end.status === 'declined' && deposit.fundId) {
          await repo.removeUnpaidCard(deposit.customerId, deposit.fundId, now);
        }
        return ended;
      });
    },

    /** The end of a challenge as the gateway decides it from what the customer's browser reported. */
    async finishChallenge(depositId: string, passed: boolean): Promise<DepositRow | undefined> {
      return service.finishDeposit(depositId, async (tx, deposit) => {
        if (deposit.status !== 'awaiting_challenge') return null;
        const result = await gateway.challengeResult(paymentsRepository(tx), deposit, passed);
        if (result.outcome === 'pending') return null;
        if (result.outcome === 'succeeded') return { status: 'succeeded' };
        return { status: 'declined', code: result.code, message: DECLINE_MESSAGES[result.code] };
      });
    },

    /** The sandbox PayPal approval page's answer. */
    async finishApproval(depositId: string, approved: boolean): Promise<DepositRow | undefined> {
      return service.finishDeposit(depositId, async (_tx, deposit) => {
        if (deposit.status !== 'awaiting_approval') return null;
        return approved
          ? { status: 'succeeded' }
          : { status: 'cancelled', code: 'cancelled', message: CANCELLED_MESSAGE };
      });
    },

    /**
     * Voids deposits abandoned at a challenge or an approval for longer than the timeout (the job
     * runs it every minute). Answers how many expired.
     */
    async expireAbandoned(now: Date = deps.now(), batch = 100): Promise<number> {
      const before = new Date(now.getTime() - deps.challengeTimeoutMinutes * 60_000);
      const abandoned = await paymentsRepository(db).abandonedDeposits(before, batch);
      let expired = 0;
      for (const candidate of abandoned) {
        const row = await service.finishDeposit(candidate.id, async () => ({
          status: 'expired',
          code: 'expired',
          message: EXPIRED_MESSAGE,
        }));
        if (row?.status === 'expired') {
          expired += 1;
          try {
            if (row.gateway === gateway.key) await gateway.cancel(row);
          } catch (error) {
            deps.log?.error({ err: error, depositId: row.id }, 'gateway cancel of an expired deposit failed');
          }
        }
      }
      return expired;
    },

    /**
     * A BPAY or direct deposit the customer is about to make: a deposit awaiting reconciliation with
     * the reference to quote (the customer's own, always the same).
     */
    async startBankDeposit(
      tx: DbOrTx,
      input: { customerId: string; code: 'bp' | 'dd'; amountCents: number },
    ): Promise<DepositRow> {
      const method = depositMethod(input.code);
      assertDepositAmount(method, input.amountCents);
      const now = deps.now();
      return paymentsRepository(tx).insertDeposit({
        id: randomUUID(),
        customerId: input.customerId,
        fundId: null,
        methodCode: input.code,
        gateway: input.code === 'bp' ? 'bpay' : 'bank',
        amountCents: input.amountCents,
        status: 'awaiting_reconciliation',
        customerReference: bankReference(input.customerId),
        purpose: { kind: 'top_up' },
        createdAt: now,
        updatedAt: now,
      });
    },

    /**
     * Credits a BPAY or bank payment seen on the bank statement (the operator's reconciliation). The
     * bank's transaction id makes it once only: reconciling the same line again changes nothing.
     */
    async reconcileBankDeposit(input: {
      code: 'bp' | 'dd';
      reference: string;
      amountCents: number;
      bankTransactionId: string;
    }): Promise<
      | { result: 'credited'; deposit: DepositRow }
      | { result: 'already_reconciled' }
      | { result: 'unknown_reference' }
    > {
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
        throw new AppError(400, 'invalid_amount', 'The amount must be a positive number of cents.');
      }
      return db.transaction(async (tx) => {
        const repo = paymentsRepository(tx);
        const ledger = ledgerQueries(tx);
        const line = `bank:${input.code}:${input.bankTransactionId}`;
        const gatewayName = input.code === 'bp' ? 'bpay' : 'bank';
        await repo.lockKey(line);
        if (await repo.depositByGatewayReference(gatewayName, input.bankTransactionId)) {
          return { result: 'already_reconciled' as const };
        }
        const customerId = await repo.customerOfReference(input.code, input.reference);
        if (!customerId) return { result: 'unknown_reference' as const };
        await ledger.lockCustomer(customerId);
        const now = deps.now();
        const waiting = await repo.awaitingReconciliation(input.code, input.reference, input.amountCents);
        const deposit = waiting
          ? await repo.updateDeposit(
              waiting.id,
              { status: 'succeeded', gatewayReference: input.bankTransactionId },
              now,
            )
          : await repo.insertDeposit({
              id: eventId(line),
              customerId,
              fundId: null,
              methodCode: input.code,
              gateway: gatewayName,
              amountCents: input.amountCents,
              status: 'succeeded',
              gatewayReference: input.bankTransactionId,
              customerReference: input.reference,
              purpose: { kind: 'top_up' },
              createdAt: now,
              updatedAt: now,
            });
        await creditWallet(tx, deposit, `${depositMethod(input.code).name} deposit`, 'post');
        return { result: 'credited' as const, deposit };
      });
    },
  };
  return service;
}

export type DepositsService = ReturnType<typeof createDepositsService>;
