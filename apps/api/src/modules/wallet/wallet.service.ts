/**
 * The customer's wallet: balances, the transactions list, bank accounts and withdrawals. A
 * withdrawal holds the money (a pending ledger transfer out of the cash wallet). One the domain's
 * `autoApproval` rule approves is `paying` from its request on, and paid by the `withdrawal-payout`
 * subscriber (payouts.service.ts); any other waits for an operator to approve or reject it
 * (withdrawals.service.ts). Money deposited by card and not played goes back to the card first
 * (closed loop: the withdrawal's card legs, decided at its request). Each step writes its event in
 * its transaction; wallet.subscribers.ts tells the customer.
 */
import { randomUUID } from 'node:crypto';
import type {
  BankAccountBody,
  BankAccountFund,
  PageInfo,
  PayPalAccountBody,
  PayPalAccountFund,
  Transaction,
  WithdrawableFunds,
  Withdrawal,
  WithdrawBody,
} from '@drawhouse/contract';
import { WITHDRAWAL_METHOD_CODES } from '@drawhouse/contract';
import type { Database, DbOrTx } from '@drawhouse/db';
import {
  type AccountFunds,
  AUTO_APPROVAL_WINDOW_MS,
  autoApproval,
  cardReturns,
  centsToMoney,
  checkAmountInput,
  checkBankAccount,
  closedLoopSplit,
  customerCanCancelWithdrawal,
  emailError,
  normaliseEmail,
  type WalletFunds,
  WITHDRAWAL_MINIMUM_CENTS,
  walletFunds,
} from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { fieldErrors, validationError } from '../../http/validation.ts';
import { type AccountRow, accountBalance, InsufficientBalanceError, ledgerQueries } from '../ledger/index.ts';
import { isVerified, limitsGuard } from '../limits/index.ts';
import { emit } from '../outbox/index.ts';
import { PAYPAL_PAYOUTS_GATEWAY } from '../payments/index.ts';
import { unplayedCardMoney } from './closed-loop.service.ts';
import { walletRepository } from './wallet.repository.ts';
import { bankFundView, fundDisplay, paypalFundView, transactionView, withdrawalView } from './wallet.view.ts';

export const UNVERIFIED_WITHDRAWAL_MESSAGE =
  'Please verify your account before you withdraw: withdrawals open once your identity is verified.';

const NO_FUNDS: AccountFunds = { postedCents: 0, availableCents: 0 };

function fundsOf(accounts: Pick<AccountRow, 'kind' | 'creditsPosted' | 'debitsPosted' | 'debitsPending'>[]) {
  const of = (kind: 'wallet' | 'promo') => {
    const account = accounts.find((a) => a.kind === kind);
    return account ? accountBalance(account) : NO_FUNDS;
  };
  return walletFunds(of('wallet'), of('promo'));
}

/** The customer's balances from the ledger (read without locking: for display). */
export async function customerWalletFunds(db: DbOrTx, customerId: string): Promise<WalletFunds> {
  return fundsOf(await ledgerQueries(db).accountsAsTheyStand(customerId));
}

/**
 * A page of the customer's transactions list, newest first (`within`: only the lines of that time,
 * a statement's month), with the ids of the accounts it reads.
 */
export async function transactionLines(
  db: DbOrTx,
  customerId: string,
  limit: number,
  offset: number,
  within?: { start: Date; end: Date },
): Promise<{ accountIds: number[]; items: Transaction[]; total: number }> {
  const accounts = await ledgerQueries(db).accountsAsTheyStand(customerId);
  const kindOf = new Map(accounts.map((a) => [a.id, a.kind as 'wallet' | 'promo']));
  const accountIds = [...kindOf.keys()];
  const page = await walletRepository(db).transfers(accountIds, limit, offset, within);
  return { accountIds, items: page.rows.map((line) => transactionView(line, kindOf)), total: page.total };
}

/** Equal details whatever the key order (the database keeps them as jsonb, which reorders keys). */
function sameDetails(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

const fundNotFound = () => new AppError(404, 'fund_not_found', 'That bank account was not found.');
export const withdrawalNotFound = () =>
  new AppError(404, 'withdrawal_not_found', 'That withdrawal was not found.');

export type WalletOptions = {
  /** WITHDRAWAL_AUTO_APPROVE_CENTS: withdrawals up to it may be approved by rule. */
  autoApproveCents: number;
  /** The payout adapter pays by itself: without it nothing is approved by rule. */
  automaticPayouts: boolean;
};

export function createWalletService(db: Database, now: () => Date, options: WalletOptions) {
  const repo = walletRepository(db);

  /** Whether the rule approves this withdrawal (the customer's accounts are locked by the caller). */
  async function approvedByRule(
    tx: DbOrTx,
    customerId: string,
    amountCents: number,
    destination: { createdAt: Date; failedVerificationAt: Date | null },
  ): Promise<boolean> {
    if (!options.automaticPayouts) return false;
    const wallet = walletRepository(tx);
    const at = now();
    const signals = await wallet.securitySignals(customerId);
    const changes = [signals?.passwordChangedAt, signals?.twoFactorChangedAt].filter(
      (d): d is Date => d instanceof Date,
    );
    const verdict = autoApproval({
      verified: true,
      amountCents,
      thresholdCents: options.autoApproveCents,
      approvedByRuleRecentlyCents: await wallet.approvedByRuleSince(
        customerId,
        new Date(at.getTime() - AUTO_APPROVAL_WINDOW_MS),
      ),
      destinationAddedAt: destination.createdAt,
      destinationFailed: destination.failedVerificationAt !== null,
      securityChangedAt: changes.length ? new Date(Math.max(...changes.map((d) => d.getTime()))) : null,
      locked:
        signals?.status !== 'active' ||
        (signals.twoFactorLockedUntil !== null && signals.twoFactorLockedUntil.getTime() > at.getTime()),
      now: at,
    });
    return verdict.outcome === 'approve';
  }

  return {
    async transactions(
      customerId: string,
      limit: number,
      offset: number,
    ): Promise<{ items: Transaction[]; pageInfo: PageInfo }> {
      const page = await transactionLines(db, customerId, limit, offset);
      return { items: page.items, pageInfo: { limit, offset, total: page.total } };
    },

    async withdrawableFunds(customerId: string): Promise<WithdrawableFunds> {
      const funds = await customerWalletFunds(db, customerId);
      const cards = cardReturns(await unplayedCardMoney(db, customerId));
      return {
        withdrawableFunds: centsToMoney(funds.withdrawableCents),
        pendingWithdrawals: centsToMoney(funds.heldCents),
        promoCredit: centsToMoney(funds.promoCents),
        verified: await isVerified(db, customerId),
        cardReturns: cards.map((card) => ({ display: card.display, amount: centsToMoney(card.amountCents) })),
      };
    },

    async bankAccounts(customerId: string): Promise<BankAccountFund[]> {
      return (await repo.bankFunds(customerId)).map(bankFundView);
    },

    /**
     * Saves a bank account or PayID (the route asks for a step-up first); the same details again
     * answer the account already saved. A new one is told to the customer by mail
     * (`wallet.payout_destination_added`): it receives no withdrawal for PAYOUT_DESTINATION_WAIT_MS.
     */
    async addBankAccount(customerId: string, body: BankAccountBody): Promise<BankAccountFund> {
      const { errors, details } = checkBankAccount(body);
      if (errors.length > 0) throw validationError(fieldErrors(errors));
      const same = (await repo.bankFunds(customerId)).find(
        (f) => f.bankAccountType === body.type && sameDetails(f.bankDetails ?? {}, details),
      );
      if (same) return bankFundView(same);
      const last4 = (details.accountNumber ?? details.payid ?? '').slice(-4);
      const row = await db.transaction(async (tx) => {
        const saved = await walletRepository(tx).insertBankFund(customerId, body.type, details, last4, now());
        await emit(tx, 'wallet.payout_destination_added', customerId, { customerId, fundId: saved.id });
        return saved;
      });
      return bankFundView(row);
    },

    async paypalAccounts(customerId: string): Promise<PayPalAccountFund[]> {
      return (await repo.paypalPayoutFunds(customerId)).map(paypalFundView);
    },

    /**
     * Saves a PayPal account withdrawals are paid to, by its email (the route asks for a step-up
     * first); the same email again answers the account already saved. A new one is told by mail, as a
     * bank account is, and its withdrawals wait for an operator for PAYOUT_DESTINATION_WAIT_MS.
     */
    async addPayPalAccount(customerId: string, body: PayPalAccountBody): Promise<PayPalAccountFund> {
      const problem = emailError(body.email);
      if (problem) throw validationError(fieldErrors([['email', problem]]));
      const email = normaliseEmail(body.email);
      const same = (await repo.paypalPayoutFunds(customerId)).find((f) => f.bankDetails?.email === email);
      if (same) return paypalFundView(same);
      const row = await db.transaction(async (tx) => {
        const saved = await walletRepository(tx).insertPayPalPayoutFund(customerId, email, now());
        await emit(tx, 'wallet.payout_destination_added', customerId, { customerId, fundId: saved.id });
        return saved;
      });
      return paypalFundView(row);
    },

    /**
     * Holds `amount` of the cash wallet for a withdrawal to a saved bank account, inside the
     * caller's transaction (the idempotency key's). Refused for an unverified account, an unknown
     * fund, and an amount that is not money or is more than the withdrawable funds. The card legs
     * (closed loop) are decided here; one the rule approves is `paying` at once (the payout follows
     * once this commits), any other waits for an operator (an account added in the last 24 hours
     * always does).
     */
    async withdraw(tx: DbOrTx, customerId: string, code: string, body: WithdrawBody): Promise<Withdrawal> {
      if (!(WITHDRAWAL_METHOD_CODES as readonly string[]).includes(code)) {
        throw new AppError(404, 'unknown_withdrawal_method', `There is no withdrawal method ${code}.`);
      }
      if (code !== 'tt' && code !== 'pl') {
        throw new AppError(
          422,
          'withdrawal_method_unavailable',
          'Withdrawals by this method are not available yet: withdraw to a bank account, PayID or PayPal.',
        );
      }
      const ledger = ledgerQueries(tx);
      const accounts = await ledger.lockCustomer(customerId);
      // Only an older account past its deadline holds a withdrawal back (ADR 080, 085).
      await limitsGuard(tx).assertMay(customerId, 'withdraw', now());
      const wallet = walletRepository(tx);
      if (!(await isVerified(tx, customerId))) {
        throw new AppError(422, 'verify_account_required', UNVERIFIED_WITHDRAWAL_MESSAGE);
      }
      const fund = await wallet.fund(customerId, body.fundId);
      const payoutFund =
        code === 'tt'
          ? fund?.type === 'bank'
          : fund?.type === 'paypal' && fund.gateway === PAYPAL_PAYOUTS_GATEWAY;
      if (!fund || !payoutFund) throw fundNotFound();
      const { withdrawableCents } = fundsOf([accounts.wallet, accounts.promo]);
      const amount = checkAmountInput(body.amount, {
        minCents: WITHDRAWAL_MINIMUM_CENTS,
        maxCents: withdrawableCents,
      });
      if (!amount.ok) throw validationError(fieldErrors([['amount', amount.message, amount.code]]));

      const id = randomUUID();
      const pendingTransferId = randomUUID();
      try {
        await ledger.hold({
          id: pendingTransferId,
          debitAccountId: accounts.wallet.id,
          creditAccountId: await ledger.houseAccount('withdrawals'),
          amountCents: amount.cents,
          code: 'withdrawal',
          customerId,
          reference: id,
          description: `Withdrawal to ${fundDisplay(fund)}`,
        });
      } catch (error) {
        if (error instanceof InsufficientBalanceError) {
          throw new AppError(422, 'insufficient_funds', 'Your balance is lower than this withdrawal.');
        }
        throw error;
      }
      const { cardLegs } = closedLoopSplit(amount.cents, await unplayedCardMoney(tx, customerId));
      const byRule = await approvedByRule(tx, customerId, amount.cents, fund);
      const at = now();
      const row = await wallet.insertWithdrawal({
        id,
        customerId,
        fundId: fund.id,
        methodCode: code,
        amountCents: amount.cents,
        status: byRule ? 'paying' : 'requested',
        pendingTransferId,
        requestedAt: at,
        ...(byRule ? { approval: 'rule' as const, approvedAt: at } : {}),
        cardLegs: cardLegs.map((leg) => ({
          depositId: leg.depositId,
          fundId: leg.fundId,
          display: leg.display,
          amountCents: leg.amountCents,
          status: 'pending' as const,
          reference: null,
        })),
      });
      await emit(tx, 'withdrawal.requested', id, {
        customerId,
        withdrawalId: id,
        ...(byRule ? { approvedByRule: true } : {}),
      });
      return withdrawalView({ withdrawal: row, fund });
    },

    /**
     * The customer cancels a withdrawal still awaiting the operator, inside the caller's transaction:
     * the hold is voided (the money is back in the wallet). Locks as the operator's decision does (the
     * customer's accounts, then the withdrawal), so exactly one of them wins; cancelling again answers
     * the cancelled withdrawal, and one already decided is 409 `withdrawal_decided`.
     */
    async cancelWithdrawal(tx: DbOrTx, customerId: string, id: string): Promise<Withdrawal> {
      const wallet = walletRepository(tx);
      if (!(await wallet.withdrawal(id, customerId))) throw withdrawalNotFound();
      const ledger = ledgerQueries(tx);
      await ledger.lockCustomer(customerId);
      const found = await wallet.withdrawal(id, customerId, true);
      if (!found) throw withdrawalNotFound();
      const { status } = found.withdrawal;
      if (status === 'cancelled') return withdrawalView(found);
      if (
        !customerCanCancelWithdrawal(status) ||
        !(await ledger.settle(found.withdrawal.pendingTransferId, 'void'))
      ) {
        throw new AppError(
          409,
          'withdrawal_decided',
          `This withdrawal is ${status} already, so it can no longer be cancelled.`,
        );
      }
      const row = await wallet.updateWithdrawal(id, { status: 'cancelled', rejectedAt: now() });
      await emit(tx, 'withdrawal.cancelled', id, { customerId, withdrawalId: id });
      return withdrawalView({ withdrawal: row, fund: found.fund });
    },

    async withdrawal(customerId: string, id: string): Promise<Withdrawal> {
      const row = await repo.withdrawal(id, customerId);
      if (!row) throw withdrawalNotFound();
      return withdrawalView(row);
    },

    async withdrawals(
      customerId: string,
      limit: number,
      offset: number,
    ): Promise<{ items: Withdrawal[]; pageInfo: PageInfo }> {
      const page = await repo.withdrawals({ customerId }, limit, offset);
      return { items: page.rows.map(withdrawalView), pageInfo: { limit, offset, total: page.total } };
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
