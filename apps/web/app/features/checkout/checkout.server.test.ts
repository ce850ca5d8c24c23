import type { CardGateways, Fund, PaymentMethod } from '@drawhouse/contract';
import { INVALID_DEPOSIT_RESPONSE_MESSAGE } from '@drawhouse/domain';
import { describe, expect, it } from 'vitest';
import { depositPurchaseAnswer, paymentChoiceOf, paymentOptionsOf, tokenizeAddress } from './checkout.server';

const AUD = (amount: number) => ({ amount, currency: 'AUD' });

function fund(overrides: Partial<Fund>): Fund {
  return {
    id: 'f1',
    default: false,
    type: 'card',
    methodCode: 'cc',
    gateway: 'sandbox',
    brand: 'visa',
    last4: '4242',
    expiryMonth: 4,
    expiryYear: 2030,
    holderName: 'Ada Lovelace',
    expired: false,
    bankAccountType: null,
    label: 'Visa ending 4242',
    failedVerification: false,
    createdAt: '2026-11-01T00:00:00Z',
    ...overrides,
  };
}

function method(code: 'cc' | 'pl', funds: Fund[]): PaymentMethod {
  return {
    code,
    name: code,
    cart: true,
    withdraw: false,
    digitalWallet: false,
    funds,
    availableGateways: ['sandbox'],
    attributes: {},
    rules: { enabled: true, minAmount: AUD(1), maxAmount: AUD(5000), cscRequired: { sandbox: true } },
  };
}

const GATEWAYS: CardGateways = {
  priorityGateway: 'sandbox',
  availableCardGateways: [
    {
      key: 'sandbox',
      tokenizeUrl: '/v2/funds/sandbox/tokens',
      publishableKey: null,
      testMode: true,
      testCards: [{ number: '4242424242424242', outcome: 'succeed', description: 'Succeeds' }],
    },
  ],
};

const CART = { cartTotal: AUD(25), preOrderTotal: AUD(5) };

describe('paymentOptionsOf', () => {
  it('offers the saved cards (CSC by the gateway rule), a new card through the gateway, and PayPal', () => {
    const options = paymentOptionsOf(
      CART,
      1000,
      [
        method('cc', [fund({ default: true }), fund({ id: 'f2', expired: true, expiryYear: 2020 })]),
        method('pl', [fund({ id: 'p1', type: 'paypal', methodCode: 'pl', brand: null, label: 'PayPal' })]),
      ],
      GATEWAYS,
    );
    expect(options).toMatchObject({
      currency: 'AUD',
      cartTotalCents: 2500,
      preOrderTotalCents: 500,
      balanceCents: 1000,
      paypal: { fundId: 'p1' },
    });
    expect(options.savedCards).toEqual([
      expect.objectContaining({
        id: 'f1',
        expiry: '04/30',
        cscRequired: true,
        isDefault: true,
        expired: false,
      }),
      expect.objectContaining({ id: 'f2', expired: true }),
    ]);
    expect(options.newCard?.gateway).toBe('sandbox');
    expect(options.newCard?.tokenizeUrl).toMatch(/^https?:\/\/[^/]+\/v2\/funds\/sandbox\/tokens$/);
    expect(options.newCard?.testCards).toHaveLength(1);
  });

  it('shows no test cards for a live gateway and no new card without a tokenising address', () => {
    const live = {
      ...GATEWAYS,
      availableCardGateways: GATEWAYS.availableCardGateways.map((g) => ({ ...g, testMode: false })),
    };
    expect(paymentOptionsOf(CART, 0, [method('cc', [])], live).newCard?.testCards).toEqual([]);
    expect(paymentOptionsOf(CART, 0, [method('cc', [])], undefined).newCard).toBeNull();
    expect(paymentOptionsOf(CART, 0, [], GATEWAYS).newCard).toBeNull();
  });
});

describe('tokenizeAddress', () => {
  it("takes a path against the API's public origin and keeps a full address", () => {
    expect(tokenizeAddress('/v2/funds/sandbox/tokens', 'https://api.example.test')).toBe(
      'https://api.example.test/v2/funds/sandbox/tokens',
    );
    expect(tokenizeAddress('https://pay.example.test/tokens', 'https://api.example.test')).toBe(
      'https://pay.example.test/tokens',
    );
  });
});

describe('paymentChoiceOf', () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return data;
  };

  it('reads each way to pay, and nothing malformed', () => {
    expect(paymentChoiceOf(form({ method: 'balance' }))).toEqual({ kind: 'balance' });
    expect(paymentChoiceOf(form({ method: 'card:f1', csc: '123' }))).toEqual({
      kind: 'saved-card',
      fundId: 'f1',
      csc: '123',
    });
    expect(
      paymentChoiceOf(form({ method: 'new-card', gateway: 'sandbox', token: 'tok_1', csc: '123' })),
    ).toEqual({
      kind: 'new-card',
      gateway: 'sandbox',
      token: 'tok_1',
      csc: '123',
    });
    expect(paymentChoiceOf(form({ method: 'paypal', paypalFundId: 'p1' }))).toEqual({
      kind: 'paypal',
      fundId: 'p1',
    });
    expect(paymentChoiceOf(form({ method: 'new-card', gateway: 'sandbox' }))).toBeUndefined();
    expect(paymentChoiceOf(form({ method: 'card:../x' }))).toBeUndefined();
    expect(paymentChoiceOf(form({}))).toBeUndefined();
  });
});

describe('depositPurchaseAnswer', () => {
  it('goes to the receipt, opens the challenge or PayPal, and refuses an answer with neither', () => {
    expect(depositPurchaseAnswer({ checkoutId: 'c1', receipt: {} }, false)).toEqual({
      ok: true,
      receiptPath: '/receipt/c1',
    });
    const deposit = { deposit: { id: 'd1', redirectUrl: 'https://api.example.test/challenge' } };
    expect(depositPurchaseAnswer(deposit, false)).toEqual({
      ok: true,
      challenge: { depositId: 'd1', url: 'https://api.example.test/challenge' },
    });
    expect(depositPurchaseAnswer(deposit, true)).toEqual({
      ok: true,
      approvalUrl: 'https://api.example.test/challenge',
    });
    expect(depositPurchaseAnswer({}, false)).toEqual({
      ok: false,
      error: INVALID_DEPOSIT_RESPONSE_MESSAGE,
      retry: 'new',
    });
  });
});
