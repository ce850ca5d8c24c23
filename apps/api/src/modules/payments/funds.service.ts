/**
 * Funds and payment methods: the methods with the customer's funds and rules, the card gateways,
 * saving a tokenised card, the default fund, removing a fund, and reading a deposit.
 */
import type { CardGateways, Deposit, Fund, GatewayFunds, PaymentMethod } from '@drawhouse/contract';
import type { Database, DbOrTx } from '@drawhouse/db';
import { centsToMoney } from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import type { CardGatewayAdapter } from './gateways/gateway.ts';
import {
  BANK_DEPOSIT_DETAILS,
  bankReference,
  filterMethods,
  type MethodFilter,
  methodEnabled,
  PAYPAL_PAYOUTS_GATEWAY,
} from './payment-methods.ts';
import type { PaymentUrls } from './payment-urls.ts';
import { type DepositRow, type PaymentsRepository, paymentsRepository } from './payments.repository.ts';
import { depositView, fundView } from './payments.view.ts';

export type FundsDeps = { db: Database; gateway: CardGatewayAdapter; urls: PaymentUrls; now: () => Date };

const fundNotFound = () => new AppError(404, 'fund_not_found', 'This payment method was not found.');
const depositNotFound = () => new AppError(404, 'deposit_not_found', 'This deposit was not found.');

/** Gateways a method is paid through: cards and wallets through the card gateway, PayPal through its own. */
function gatewaysOf(code: string, cardGateway: string): string[] {
  if (code === 'cc' || code === 'ap' || code === 'gp') return [cardGateway];
  if (code === 'pl') return ['braintree'];
  return [];
}

function attributesOf(
  code: string,
  customerId: string,
  gateway: CardGatewayAdapter,
): PaymentMethod['attributes'] {
  switch (code) {
    case 'cc':
      return { tokenizeUrl: gateway.tokenizeUrl, testMode: gateway.testMode };
    case 'ap':
    case 'gp':
      return { merchantId: 'drawhouse', testMode: gateway.testMode };
    case 'bp':
      return { billerCode: BANK_DEPOSIT_DETAILS.billerCode, reference: bankReference(customerId) };
    case 'dd':
      return {
        bsb: BANK_DEPOSIT_DETAILS.bsb,
        accountNumber: BANK_DEPOSIT_DETAILS.accountNumber,
        accountName: BANK_DEPOSIT_DETAILS.accountName,
        reference: bankReference(customerId),
      };
    default:
      return {};
  }
}

export function createFundsService(deps: FundsDeps) {
  const { db, gateway, urls } = deps;

  function gatewaySettings() {
    return {
      key: gateway.key,
      tokenizeUrl: gateway.tokenizeUrl,
      publishableKey: gateway.publishableKey,
      testMode: gateway.testMode,
      testCards: gateway.testMode ? [...gateway.testCards] : [],
    };
  }

  /** Where the customer goes next for a deposit that waits for them (the sandbox's own pages). */
  function redirectOf(deposit: DepositRow): string | null {
    if (deposit.status === 'awaiting_approval') return urls.paypal(deposit);
    if (deposit.status === 'awaiting_challenge' && deposit.gateway === 'sandbox')
      return urls.challenge(deposit);
    return null;
  }

  return {
    async paymentMethods(customerId: string, filter: MethodFilter): Promise<PaymentMethod[]> {
      const funds = await paymentsRepository(db).customerFunds(customerId);
      const now = deps.now();
      return filterMethods(filter).map((method) => {
        const listed = funds
          .filter(
            (f) =>
              method.fundTypes.includes(f.type) &&
              (f.type !== 'card' || f.gateway === gateway.key) &&
              // PayPal: payout accounts under the withdrawal method, the deposit fund under the other.
              (f.type !== 'paypal' || (f.gateway === PAYPAL_PAYOUTS_GATEWAY) === method.withdraw) &&
              // `funds.failed_verification eq false` leaves out accounts whose bank refused a payment.
              (filter.failedVerification || f.failedVerificationAt === null),
          )
          .map((f) => fundView(f, now));
        return {
          code: method.code,
          name: method.name,
          cart: method.cart,
          withdraw: method.withdraw,
          digitalWallet: method.digitalWallet,
          funds: method.withdraw ? listed : withPayPal(method.code, listed, now),
          availableGateways: gatewaysOf(method.code, gateway.key),
          attributes: attributesOf(method.code, customerId, gateway),
          rules: {
            enabled: methodEnabled(method, gateway.key),
            minAmount: centsToMoney(method.rules.minCents),
            maxAmount: centsToMoney(method.rules.maxCents),
            cscRequired: method.rules.cscRequired,
          },
        };
      });
    },

    cardGateways(): CardGateways {
      return { priorityGateway: gateway.key, availableCardGateways: [gatewaySettings()] };
    },

    async gatewayFunds(customerId: string, gatewayKey: string): Promise<GatewayFunds> {
      if (gatewayKey !== gateway.key) {
        throw new AppError(
          404,
          'gateway_not_found',
          `The card gateway "${gatewayKey.slice(0, 40)}" is not available.`,
        );
      }
      const funds = await paymentsRepository(db).customerFunds(customerId);
      const now = deps.now();
      return {
        ...gatewaySettings(),
        funds: funds
          .filter((f) => f.type === 'card' && f.gateway === gateway.key)
          .map((f) => fundView(f, now)),
      };
    },

    /** Saves a tokenised card; the customer's first card (or one asked for) becomes the default. */
    async saveCard(
      customerId: string,
      gatewayKey: string,
      token: string,
      makeDefault: boolean,
    ): Promise<Fund> {
      if (gatewayKey !== gateway.key) {
        throw new AppError(
          404,
          'gateway_not_found',
          `The card gateway "${gatewayKey.slice(0, 40)}" is not available.`,
        );
      }
      return db.transaction(async (tx) => {
        const repo = paymentsRepository(tx);
        const card = await gateway.saveCard(repo, customerId, token);
        const existing = await repo.customerFunds(customerId);
        const fund = await repo.insertFund({
          customerId,
          type: 'card',
          methodCode: 'cc',
          gateway: gateway.key,
          gatewayReference: card.gatewayReference,
          brand: card.brand,
          last4: card.last4,
          expiryMonth: card.expiryMonth,
          expiryYear: card.expiryYear,
          holderName: card.holderName,
          isDefault: false,
        });
        if (makeDefault || !existing.some((f) => f.type === 'card' && f.isDefault))
          await repo.setDefault(fund);
        return fundView((await repo.fundById(fund.id)) ?? fund, deps.now());
      });
    },

    /** The customer's PayPal fund, made on first use. */
    paypalFund: (tx: DbOrTx, customerId: string) => paypalFundOf(paymentsRepository(tx), customerId),

    async setDefault(customerId: string, fundId: string): Promise<Fund> {
      return db.transaction(async (tx) => {
        const repo = paymentsRepository(tx);
        const fund = await repo.customerFund(customerId, fundId);
        if (!fund) throw fundNotFound();
        await repo.setDefault(fund);
        return fundView({ ...fund, isDefault: true }, deps.now());
      });
    },

    async removeFund(customerId: string, fundId: string): Promise<void> {
      const repo = paymentsRepository(db);
      const fund = await repo.customerFund(customerId, fundId);
      if (!fund) throw fundNotFound();
      await repo.removeFund(fund.id, deps.now());
    },

    /**
     * A card declined before it ever paid is not kept: removed, so it is neither offered again nor
     * pre-selected nor used for autoplay. Runs after the refused call's transaction (a decline
     * rolls its work back). Answers whether the card was removed.
     */
    forgetDeclinedCard(customerId: string, fundId: string): Promise<boolean> {
      return paymentsRepository(db).removeUnpaidCard(customerId, fundId, deps.now());
    },

    /** A deposit as the customer sees it (another customer's reads as missing). */
    async deposit(tx: DbOrTx, customerId: string, depositId: string, redirectUrl?: string): Promise<Deposit> {
      const repo = paymentsRepository(tx);
      const row = await repo.customerDeposit(customerId, depositId);
      if (!row) throw depositNotFound();
      const fund = row.fundId ? ((await repo.fundById(row.fundId)) ?? null) : null;
      return depositView(row, { fund, redirectUrl: redirectUrl ?? redirectOf(row), now: deps.now() });
    },
  };
}

export type FundsService = ReturnType<typeof createFundsService>;

/**
 * The id a customer without a PayPal fund pays by PayPal with: PayPal needs no details up front (the
 * customer approves each payment on PayPal's page), so the fund is made by the first deposit.
 */
export const PAYPAL_FUND_ID = 'paypal';

/** The customer's PayPal fund, made on first use (call it under the customer's lock). */
export async function paypalFundOf(repo: PaymentsRepository, customerId: string): Promise<string> {
  const existing = (await repo.customerFunds(customerId)).find(
    (f) => f.type === 'paypal' && f.gateway !== PAYPAL_PAYOUTS_GATEWAY,
  );
  if (existing) return existing.id;
  const fund = await repo.insertFund({
    customerId,
    type: 'paypal',
    methodCode: 'pl',
    gateway: 'braintree',
    isDefault: true,
  });
  return fund.id;
}

/** PayPal's funds: the customer's, or the one the first PayPal payment makes. */
function withPayPal(code: string, funds: Fund[], now: Date): Fund[] {
  if (code !== 'pl' || funds.length > 0) return funds;
  return [
    {
      id: PAYPAL_FUND_ID,
      default: false,
      type: 'paypal',
      methodCode: 'pl',
      gateway: 'braintree',
      brand: null,
      last4: null,
      expiryMonth: null,
      expiryYear: null,
      holderName: null,
      expired: false,
      bankAccountType: null,
      label: 'PayPal',
      failedVerification: false,
      createdAt: now.toISOString(),
    },
  ];
}
