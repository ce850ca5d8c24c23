/**
 * Checkout's calls as the signed-in customer: the ways to pay (saved cards, a new card through the
 * gateway's tokenising endpoint, PayPal), the balance, and the payment itself. A payment attempt
 * carries one Idempotency-Key, chosen when the page is shown and kept by the page across retries,
 * so a retried request never charges twice.
 */
import { randomUUID } from 'node:crypto';
import {
  type CardGateways,
  CardGatewaysSchema,
  type CartView as CartAnswer,
  type Deposit,
  type DepositPurchaseBody,
  DepositPurchaseResultSchema,
  DepositSchema,
  type Fund,
  FundSchema,
  type PartnerPurchaseResult,
  PartnerPurchaseResultSchema,
  type PaymentMethod,
  PaymentMethodListSchema,
  PurchaseResultSchema,
  ReceiptSchema,
  SANDBOX_WALLET_TOKENS,
  type TestCard,
} from '@drawhouse/contract';
import {
  centsToMoney,
  DEPOSIT_FAILED_MESSAGE,
  INVALID_DEPOSIT_RESPONSE_MESSAGE,
  moneyToCents,
} from '@drawhouse/domain';
import { ApiError } from '../../lib/api.server';
import { apiPublicOrigin } from '../../lib/config.server';
import { customerGet, customerRequest, loadCustomer } from '../../lib/customer.server';
import type { Visitor } from '../../lib/visitor.server';
import { paymentSplit } from './payment-split';

/** `POST /v2/deposit_purchase` and `POST /v2/cart/purchase`. */
export const DEPOSIT_PURCHASE_VERSION = '3.3';
export const PAYMENT_METHODS_VERSION = '3.2';
export const RECEIPT_VERSION = '3.4';

/** Checkout lists the methods a cart can be paid with: no withdrawal methods, digital wallets included. */
export const CHECKOUT_METHODS_FILTER =
  'funds.cart eq true,funds.withdraw eq false,funds.digital_wallets eq true';

/** A saved card as the payment list shows it. */
export type SavedCard = {
  id: string;
  label: string;
  brand: string | null;
  /** "12/30". */
  expiry: string | null;
  expired: boolean;
  /** The gateway asks for the card's security code with each payment. */
  cscRequired: boolean;
  isDefault: boolean;
};

/** What the payment step offers, besides the cart. */
export type PaymentOptions = {
  currency: string;
  cartTotalCents: number;
  preOrderTotalCents: number;
  balanceCents: number;
  savedCards: SavedCard[];
  /** A new card: the gateway it is saved with and where the browser sends its details. */
  newCard: { gateway: string; tokenizeUrl: string; testCards: TestCard[] } | null;
  /** PayPal's fund (a sandbox approval page), when the shop takes PayPal. */
  paypal: { fundId: string } | null;
  /**
   * Apple Pay and Google Pay, offered in the gateway's test mode only: the shop has no wallet sheet
   * yet, so the payment sends the sandbox's approving token.
   */
  wallets: { code: 'ap' | 'gp'; label: string }[];
  /** This attempt's Idempotency-Key (the page keeps it across retries). */
  attemptKey: string;
};

function expiryText(fund: Fund): string | null {
  if (fund.expiryMonth == null || fund.expiryYear == null) return null;
  return `${String(fund.expiryMonth).padStart(2, '0')}/${String(fund.expiryYear % 100).padStart(2, '0')}`;
}

/** The browser's tokenising address: a path is taken against the API's public origin. */
export function tokenizeAddress(tokenizeUrl: string, origin: string | undefined = apiPublicOrigin()): string {
  return new URL(tokenizeUrl, `${origin ?? 'http://localhost:4000'}/`).toString();
}

export function paymentOptionsOf(
  cart: Pick<CartAnswer, 'cartTotal' | 'preOrderTotal'>,
  balanceCents: number,
  methods: readonly PaymentMethod[],
  gateways: CardGateways | undefined,
): Omit<PaymentOptions, 'attemptKey'> {
  const card = methods.find((m) => m.code === 'cc' && m.rules.enabled);
  const paypal = methods.find((m) => m.code === 'pl' && m.rules.enabled);
  const gateway =
    gateways?.availableCardGateways.find((g) => g.key === gateways.priorityGateway && g.tokenizeUrl) ??
    gateways?.availableCardGateways.find((g) => g.tokenizeUrl);
  const savedCards: SavedCard[] = (card?.funds ?? [])
    .filter((fund) => fund.type === 'card' && !fund.failedVerification)
    .map((fund) => ({
      id: fund.id,
      label: fund.label,
      brand: fund.brand,
      expiry: expiryText(fund),
      expired: fund.expired,
      cscRequired: card?.rules.cscRequired[fund.gateway ?? ''] === true,
      isDefault: fund.default,
    }));
  const paypalFund = paypal?.funds.find((fund) => fund.type === 'paypal');
  return {
    currency: cart.cartTotal.currency || 'AUD',
    cartTotalCents: moneyToCents(cart.cartTotal),
    preOrderTotalCents: cart.preOrderTotal ? moneyToCents(cart.preOrderTotal) : 0,
    balanceCents,
    savedCards,
    newCard:
      card && gateway?.tokenizeUrl
        ? {
            gateway: gateway.key,
            tokenizeUrl: tokenizeAddress(gateway.tokenizeUrl),
            testCards: gateway.testMode ? gateway.testCards : [],
          }
        : null,
    paypal: paypalFund ? { fundId: paypalFund.id } : null,
    wallets: gateway?.testMode
      ? (['ap', 'gp'] as const)
          .filter((code) =>
            methods.some((m) => m.code === code && m.rules.enabled && m.availableGateways.length > 0),
          )
          .map((code) => ({ code, label: `${code === 'ap' ? 'Apple Pay' : 'Google Pay'} (test)` }))
      : [],
  };
}

/** The payment step's options for this cart (the customer's balance, methods and card gateway). */
export async function loadPaymentOptions(
  visitor: Visitor,
  cart: Pick<CartAnswer, 'cartTotal' | 'preOrderTotal'>,
): Promise<PaymentOptions> {
  const [customer, methods, gateways] = await Promise.all([
    loadCustomer(visitor),
    customerGet(PaymentMethodListSchema, visitor, '/payment_methods', {
      query: { filter: CHECKOUT_METHODS_FILTER },
      version: PAYMENT_METHODS_VERSION,
    }),
    customerGet(CardGatewaysSchema, visitor, '/funds/card_gateways').catch((error: unknown) => {
      // Without a card gateway the customer can still pay from the balance or by a saved fund.
      if (error instanceof ApiError) return undefined;
      throw error;
    }),
  ]);
  return {
    ...paymentOptionsOf(cart, moneyToCents(customer.availableFunds), methods, gateways),
    attemptKey: randomUUID(),
  };
}

/** The checkout's sign-in step, coming back to the payment step. */
export function checkoutLoginPath(back = '/cart/buy'): string {
  return `/checkout/login?redirectTo=${encodeURIComponent(back)}`;
}

const FUND_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** The payment form's choice (`method`: balance, card:<fund id>, new-card, paypal), or undefined. */
export function paymentChoiceOf(form: FormData): PaymentChoice | undefined {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  const method = text('method');
  if (method === 'balance') return { kind: 'balance' };
  if (method.startsWith('card:')) {
    const fundId = method.slice('card:'.length);
    const csc = text('csc');
    return FUND_ID.test(fundId) ? { kind: 'saved-card', fundId, ...(csc ? { csc } : {}) } : undefined;
  }
  if (method === 'new-card') {
    const gateway = text('gateway');
    const token = text('token');
    const csc = text('csc');
    return token && token.length <= 255 && /^[a-z_]{1,50}$/.test(gateway)
      ? { kind: 'new-card', gateway, token, ...(csc ? { csc } : {}) }
      : undefined;
  }
  if (method === 'paypal') {
    const fundId = text('paypalFundId');
    return FUND_ID.test(fundId) ? { kind: 'paypal', fundId } : undefined;
  }
  if (method === 'wallet:ap' || method === 'wallet:gp')
    return { kind: 'wallet', code: method === 'wallet:ap' ? 'ap' : 'gp' };
  return undefined;
}

/** How the customer chose to pay. */
export type PaymentChoice =
  | { kind: 'balance' }
  | { kind: 'saved-card'; fundId: string; csc?: string }
  | { kind: 'new-card'; gateway: string; token: string; csc?: string }
  | { kind: 'paypal'; fundId: string }
  | { kind: 'wallet'; code: 'ap' | 'gp' };

/**
 * What the action answers the page. `retry: 'same'` keeps the attempt's key (the outcome is unknown:
 * a timeout, a server fault, a request still in flight), `'new'` asks for a fresh one (the API gave
 * its final answer to this attempt). `fundId` is the new card saved by a failed attempt: the retry
 * pays with it as a saved card, as its token is used up.
 */
export type PaymentAnswer =
  | { ok: true; receiptPath: string }
  | { ok: true; challenge: { depositId: string; url: string } }
  | { ok: true; approvalUrl: string }
  | { ok: false; error: string; retry: 'same' | 'new'; fundId?: string; code?: string };

function failureMessage(error: ApiError): string {
  // A message the API wrote for the customer, else the fallback; never a url-bearing technical one.
  return error.status === 408 || /following url/.test(error.message) ? DEPOSIT_FAILED_MESSAGE : error.message;
}

function failed(error: unknown, fundId?: string): PaymentAnswer {
  if (error instanceof ApiError) {
    const unknownOutcome = error.status === 408 || error.code === 'idempotency_in_flight';
    return {
      ok: false,
      error: failureMessage(error),
      retry: unknownOutcome ? 'same' : 'new',
      code: error.code,
      // A card declined on its first payment is not kept (the API removes it): nothing to retry with.
      fundId: error.status === 402 ? undefined : fundId,
    };
  }
  // A 5xx answer (thrown as a Response): the charge may or may not have happened; retrying the same
  // attempt either replays its answer or does the work once.
  if (error instanceof Response && error.status >= 500) {
    return { ok: false, error: DEPOSIT_FAILED_MESSAGE, retry: 'same', fundId };
  }
  throw error;
}

export function receiptPath(checkoutId: string): string {
  return `/receipt/${encodeURIComponent(checkoutId)}`;
}

/** The answer of `POST /v2/deposit_purchase` as the page acts on it. */
export function depositPurchaseAnswer(result: unknown, paypal: boolean): PaymentAnswer {
  if (typeof result === 'object' && result !== null) {
    if ('checkoutId' in result && typeof result.checkoutId === 'string') {
      return { ok: true, receiptPath: receiptPath(result.checkoutId) };
    }
    if ('deposit' in result && typeof result.deposit === 'object' && result.deposit !== null) {
      const { id, redirectUrl } = result.deposit as { id?: unknown; redirectUrl?: unknown };
      if (typeof id === 'string' && typeof redirectUrl === 'string' && redirectUrl !== '') {
        return paypal
          ? { ok: true, approvalUrl: redirectUrl }
          : { ok: true, challenge: { depositId: id, url: redirectUrl } };
      }
    }
  }
  return { ok: false, error: INVALID_DEPOSIT_RESPONSE_MESSAGE, retry: 'new' };
}

/** Saves a tokenised card as a fund of the customer. */
export async function saveCard(visitor: Visitor, gateway: string, token: string): Promise<string> {
  const { result } = await customerRequest(FundSchema, visitor, `/funds/cc/${encodeURIComponent(gateway)}`, {
    method: 'POST',
    body: { token },
  });
  return result.id;
}

/**
 * Pays the cart. `expectedCents` is the amount due as the page showed it (the API refuses the
 * purchase if the cart now comes to another amount); the deposit is what the balance leaves.
 */
export async function pay(
  visitor: Visitor,
  input: { choice: PaymentChoice; useBalance: boolean; expectedCents: number; attemptKey: string },
): Promise<PaymentAnswer> {
  const { choice, attemptKey } = input;
  const useBalance = input.useBalance || choice.kind === 'balance';
  let fundId: string | undefined;
  try {
    const customer = await loadCustomer(visitor);
    const currency = customer.availableFunds.currency || 'AUD';
    const purchase = { useWallet: useBalance, expectedTotal: centsToMoney(input.expectedCents, currency) };
    const { toPayCents } = paymentSplit({
      cartTotalCents: input.expectedCents,
      preOrderTotalCents: 0,
      balanceCents: moneyToCents(customer.availableFunds),
      useBalance,
    });
    if (toPayCents === 0 || choice.kind === 'balance') {
      const { result } = await customerRequest(PurchaseResultSchema, visitor, '/cart/purchase', {
        method: 'POST',
        body: purchase,
        version: DEPOSIT_PURCHASE_VERSION,
        idempotencyKey: attemptKey,
      });
      return { ok: true, receiptPath: receiptPath(result.checkoutId) };
    }
    fundId =
      choice.kind === 'wallet'
        ? undefined
        : choice.kind === 'new-card'
          ? await saveCard(visitor, choice.gateway, choice.token)
          : choice.fundId;
    const body: DepositPurchaseBody = {
      deposit: {
        ...(choice.kind === 'wallet'
          ? { wallet: { code: choice.code, walletToken: SANDBOX_WALLET_TOKENS.approved } }
          : { fundId }),
        amount: centsToMoney(toPayCents, currency),
        ...((choice.kind === 'saved-card' || choice.kind === 'new-card') && choice.csc
          ? { csc: choice.csc }
          : {}),
      },
      purchase,
    };
    const { result } = await customerRequest(DepositPurchaseResultSchema, visitor, '/deposit_purchase', {
      method: 'POST',
      body,
      version: DEPOSIT_PURCHASE_VERSION,
      idempotencyKey: attemptKey,
    });
    const answer = depositPurchaseAnswer(result, choice.kind === 'paypal');
    return !answer.ok && choice.kind === 'new-card' ? { ...answer, fundId } : answer;
  } catch (error) {
    return failed(error, choice.kind === 'new-card' ? fundId : undefined);
  }
}

/** `POST /v2/cart/partner/{slug}/purchase`. */
export const PARTNER_PURCHASE_VERSION = '3.2';

export type PartnerPurchaseRequest = {
  cartItem: unknown;
  deposit: Record<string, unknown> | null;
  purchase: Record<string, unknown>;
};

/** `POST /v2/cart/partner/{slug}/purchase` under the page view's key: the order id or the pending deposit. */
export async function postPartnerPurchase(
  visitor: Visitor,
  slug: string,
  body: PartnerPurchaseRequest,
  attemptKey: string,
): Promise<PartnerPurchaseResult> {
  const { result } = await customerRequest(
    PartnerPurchaseResultSchema,
    visitor,
    `/cart/partner/${encodeURIComponent(slug)}/purchase`,
    { method: 'POST', version: PARTNER_PURCHASE_VERSION, idempotencyKey: attemptKey, body },
  );
  return result;
}

/**
 * Pays a partner item by card: a saved card or a new one (saved first, as `pay` saves it), the card
 * paying what the balance leaves of `expectedCents` (the balance always pays first). The purchase
 * is `body` (the partner's item and purchase data); its order goes to `receiptPathOf`.
 */
export async function payPartnerItem(
  visitor: Visitor,
  input: {
    slug: string;
    body: {
      cartItem: unknown;
      purchase: { channelKey: string; partnerKey: string; metadata: Record<string, string> };
    };
    choice: Extract<PaymentChoice, { kind: 'saved-card' | 'new-card' }>;
    expectedCents: number;
    attemptKey: string;
    receiptPathOf: (orderId: string) => string;
  },
): Promise<PaymentAnswer> {
  const { choice } = input;
  let fundId: string | undefined;
  try {
    const customer = await loadCustomer(visitor);
    const currency = customer.availableFunds.currency || 'AUD';
    const { toPayCents } = paymentSplit({
      cartTotalCents: input.expectedCents,
      preOrderTotalCents: 0,
      balanceCents: moneyToCents(customer.availableFunds),
      useBalance: true,
    });
    fundId =
      choice.kind === 'new-card' ? await saveCard(visitor, choice.gateway, choice.token) : choice.fundId;
    const result = await postPartnerPurchase(
      visitor,
      input.slug,
      {
        cartItem: input.body.cartItem,
        deposit: {
          depositMethodId: fundId,
          amount: centsToMoney(toPayCents, currency),
          ...(choice.csc ? { csc: choice.csc } : {}),
        },
        purchase: { ...input.body.purchase, expectedTotal: centsToMoney(input.expectedCents, currency) },
      },
      input.attemptKey,
    );
    if ('orderId' in result) return { ok: true, receiptPath: input.receiptPathOf(result.orderId) };
    const answer = depositPurchaseAnswer(result, false);
    return !answer.ok && choice.kind === 'new-card' ? { ...answer, fundId } : answer;
  } catch (error) {
    return failed(error, choice.kind === 'new-card' ? fundId : undefined);
  }
}

export const DEPOSIT_VERSION = '3.4';

/** One of the customer's deposits, `GET /v2/funds/{depositId}/deposit` (404 for another customer's). */
export function loadDeposit(visitor: Visitor, depositId: string): Promise<Deposit> {
  return customerGet(DepositSchema, visitor, `/funds/${encodeURIComponent(depositId)}/deposit`, {
    version: DEPOSIT_VERSION,
  });
}

export function loadReceipt(visitor: Visitor, checkoutId: string) {
  return customerGet(ReceiptSchema, visitor, `/checkout/${encodeURIComponent(checkoutId)}`, {
    version: RECEIPT_VERSION,
  });
}
