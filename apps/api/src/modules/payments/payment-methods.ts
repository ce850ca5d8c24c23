/**
 * The payment methods Drawhouse offers and their rules (amounts per deposit, CSC per gateway), and
 * the `filter` of `GET /v2/payment_methods`. Pure: the service adds the customer's funds.
 */
import { createHash } from 'node:crypto';
import type { PaymentMethodCode } from '@drawhouse/contract';
import { luhnCheckDigit } from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';

export type MethodRules = {
  enabled: boolean;
  minCents: number;
  maxCents: number;
  /** Per gateway: a saved card's deposit needs its security code. */
  cscRequired: Record<string, boolean>;
};

export type MethodDefinition = {
  code: PaymentMethodCode;
  name: string;
  cart: boolean;
  withdraw: boolean;
  digitalWallet: boolean;
  /** Fund types listed under the method. */
  fundTypes: ('card' | 'bank' | 'paypal')[];
  rules: MethodRules;
  /** A stand-in of the sandbox gateway (PayPal's approval page is the sandbox's own): only with it. */
  sandboxOnly?: true;
};

/**
 * The gateway name of a PayPal account saved to receive withdrawals (by its email), as against the
 * PayPal fund a first PayPal deposit makes: each is listed only under its own side of `pl`.
 */
export const PAYPAL_PAYOUTS_GATEWAY = 'paypal_payouts';

/** The sandbox asks for the CSC of a saved card on every deposit; Stripe's saved cards do not need it. */
export const CSC_REQUIRED: Record<string, boolean> = { sandbox: true, stripe: false };

/**
 * Wrong security codes of one saved card: the fifth in a day locks the card's code checks for a day
 * (as an issuer blocks a card after a few wrong codes); a right code clears the count. A 3-digit code
 * then takes months to guess instead of minutes.
 */
export const CSC_ATTEMPTS = { max: 5, windowMs: 24 * 60 * 60_000, blockMs: 24 * 60 * 60_000 } as const;

/** The throttle key of a saved card's security code. */
export const cscThrottleKey = (fundId: string) => `csc:${fundId}`;

const money = (dollars: number) => dollars * 100;
const rules = (enabled: boolean, min: number, max: number): MethodRules => ({
  enabled,
  minCents: money(min),
  maxCents: money(max),
  cscRequired: CSC_REQUIRED,
});

export const METHODS: readonly MethodDefinition[] = [
  {
    code: 'cc',
    name: 'Credit or debit card',
    cart: true,
    withdraw: false,
    digitalWallet: false,
    fundTypes: ['card'],
    rules: rules(true, 1, 5_000),
  },
  {
    code: 'pl',
    name: 'PayPal',
    cart: true,
    withdraw: false,
    digitalWallet: false,
    fundTypes: ['paypal'],
    rules: rules(true, 1, 5_000),
    sandboxOnly: true,
  },
  {
    code: 'ap',
    name: 'Apple Pay',
    cart: true,
    withdraw: false,
    digitalWallet: true,
    fundTypes: [],
    rules: rules(true, 1, 5_000),
  },
  {
    code: 'gp',
    name: 'Google Pay',
    cart: true,
    withdraw: false,
    digitalWallet: true,
    fundTypes: [],
    rules: rules(true, 1, 5_000),
  },
  {
    code: 'bp',
    name: 'BPAY',
    cart: false,
    withdraw: false,
    digitalWallet: false,
    fundTypes: [],
    rules: rules(true, 10, 20_000),
  },
  {
    code: 'dd',
    name: 'Direct deposit',
    cart: false,
    withdraw: false,
    digitalWallet: false,
    fundTypes: [],
    rules: rules(true, 10, 20_000),
  },
  {
    code: 'bd',
    name: 'Bank deposit',
    cart: false,
    withdraw: false,
    digitalWallet: false,
    fundTypes: [],
    rules: rules(false, 10, 20_000),
  },
  {
    code: 'td',
    name: 'Telegraphic deposit',
    cart: false,
    withdraw: false,
    digitalWallet: false,
    fundTypes: [],
    rules: rules(false, 10, 20_000),
  },
  {
    code: 'tt',
    name: 'Bank account',
    cart: false,
    withdraw: true,
    digitalWallet: false,
    fundTypes: ['bank'],
    rules: rules(true, 10, 20_000),
  },
  {
    code: 'pl',
    name: 'PayPal',
    cart: false,
    withdraw: true,
    digitalWallet: false,
    fundTypes: ['paypal'],
    rules: rules(true, 10, 20_000),
  },
  {
    code: 'tw',
    name: 'Wire transfer',
    cart: false,
    withdraw: true,
    digitalWallet: false,
    fundTypes: [],
    rules: rules(false, 10, 20_000),
  },
  {
    code: 'do',
    name: 'Donation',
    cart: false,
    withdraw: true,
    digitalWallet: false,
    fundTypes: [],
    rules: rules(false, 1, 20_000),
  },
];

/** Whether a method takes deposits with the configured card gateway. */
export function methodEnabled(method: MethodDefinition, gatewayKey: string): boolean {
  return method.rules.enabled && (!method.sandboxOnly || gatewayKey === 'sandbox');
}

export function methodDefinition(code: string): MethodDefinition | undefined {
  return METHODS.find((m) => m.code === code && !m.withdraw) ?? METHODS.find((m) => m.code === code);
}

/** The deposit side of a method code (pl is both a deposit and a withdrawal method: the deposit one). */
export function depositMethod(code: string): MethodDefinition {
  const method = METHODS.find((m) => m.code === code && !m.withdraw);
  if (!method) throw new Error(`no deposit method ${code}`);
  return method;
}

export type MethodFilter = {
  cart?: boolean;
  withdraw?: boolean;
  digitalWallets: boolean;
  failedVerification: boolean;
};

const FILTER_FLAGS = {
  'funds.cart': 'cart',
  'funds.withdraw': 'withdraw',
  'funds.digital_wallets': 'digitalWallets',
  'funds.failed_verification': 'failedVerification',
} as const;

const CLAUSE = /^\s*([a-z_.]+)\s+eq\s+(true|false)\s*$/;

/**
 * Reads `filter`: clauses `funds.<flag> eq <true|false>`, separated by commas (or the parameter
 * repeated). An unknown flag or a clause of another shape is a 400 naming it.
 */
export function parseMethodFilter(filter: string | string[] | undefined): MethodFilter {
  const out: MethodFilter = { digitalWallets: true, failedVerification: true };
  const clauses = (Array.isArray(filter) ? filter : filter === undefined ? [] : [filter])
    .flatMap((f) => f.split(','))
    .filter((c) => c.trim() !== '');
  for (const clause of clauses) {
    const match = CLAUSE.exec(clause);
    const flag = match ? FILTER_FLAGS[match[1] as keyof typeof FILTER_FLAGS] : undefined;
    if (!match || !flag) {
      throw new AppError(
        400,
        'invalid_filter',
        `The filter "${clause.trim().slice(0, 80)}" is not one of funds.cart, funds.withdraw, funds.digital_wallets or funds.failed_verification followed by "eq true" or "eq false".`,
      );
    }
    out[flag] = match[2] === 'true';
  }
  return out;
}

/** The methods a filter keeps, in their listed order. */
export function filterMethods(filter: MethodFilter): MethodDefinition[] {
  return METHODS.filter(
    (m) =>
      (filter.cart === undefined || m.cart === filter.cart) &&
      (filter.withdraw === undefined || m.withdraw === filter.withdraw) &&
      (filter.digitalWallets || !m.digitalWallet),
  );
}

/** Where BPAY and direct deposits go (the shop's own biller code and bank account). */
export const BANK_DEPOSIT_DETAILS = {
  billerCode: '987654',
  bsb: '062-000',
  accountNumber: '12345678',
  accountName: 'Drawhouse Pty Ltd',
} as const;

/**
 * The reference a customer quotes with a BPAY or bank payment (a BPAY customer reference number):
 * nine digits from the customer's id and a Luhn check digit, the same every time.
 */
export function bankReference(customerId: string): string {
  const hex = createHash('sha256').update(`crn:${customerId}`).digest('hex');
  const body = String(Number.parseInt(hex.slice(0, 12), 16) % 1_000_000_000).padStart(9, '0');
  return `${body}${luhnCheckDigit(body)}`;
}
