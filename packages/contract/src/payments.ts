/**
 * Payments on the wire (docs/api/payments.md): payment methods with their funds and rules, saved
 * funds, card gateways, the sandbox gateway's tokenising call, deposits (cards with 3-D Secure,
 * PayPal, Apple Pay, Google Pay, BPAY and direct deposit).
 */
import { z } from 'zod';
import { IsoDateSchema, MoneySchema } from './money.ts';

/**
 * Payment method codes: cc card, bp BPAY, bd bank deposit, dd direct deposit, ap Apple Pay,
 * gp Google Pay, pl PayPal, td telegraphic deposit. Withdrawal methods: tt bank account (or PayID),
 * pl PayPal, tw and do (not offered).
 */
export const DEPOSIT_METHOD_CODES = ['cc', 'bp', 'bd', 'dd', 'ap', 'gp', 'pl', 'td'] as const;
export const PAYMENT_METHOD_CODES = [
  'cc',
  'bp',
  'bd',
  'dd',
  'ap',
  'gp',
  'pl',
  'td',
  'tt',
  'tw',
  'do',
] as const;
export const PaymentMethodCodeSchema = z.enum(PAYMENT_METHOD_CODES);
export type PaymentMethodCode = z.infer<typeof PaymentMethodCodeSchema>;

/** Card gateways: `sandbox` (the default, a gateway's test mode inside the API) and the real ones. */
export const CARD_GATEWAYS = ['sandbox', 'stripe', 'braintree', 'eway', 'opayo', 'paystream'] as const;
export const GatewayKeySchema = z.enum(CARD_GATEWAYS);
export type GatewayKey = z.infer<typeof GatewayKeySchema>;

export const FUND_KINDS = ['card', 'bank', 'paypal'] as const;

/** A saved way to pay or be paid. Card details are only what a receipt may show. */
export const FundSchema = z.object({
  id: z.string(),
  default: z.boolean(),
  type: z.enum(FUND_KINDS),
  methodCode: z.string(),
  gateway: z.string().nullable(),
  /** visa, mastercard, amex, diners, discover, jcb, unknown (cards only). */
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  expiryMonth: z.number().nullable(),
  expiryYear: z.number().nullable(),
  holderName: z.string().nullable(),
  /** A card past its expiry month: shown, but refused for deposits. */
  expired: z.boolean(),
  /** Bank accounts: international, national, payid_email or payid_phone. */
  bankAccountType: z.string().nullable(),
  /** What the customer reads: "Visa ending 4242", "PayID jane@example.com". */
  label: z.string(),
  failedVerification: z.boolean(),
  createdAt: IsoDateSchema,
});
export type Fund = z.infer<typeof FundSchema>;

/** A method's rules: amounts per deposit, and per gateway whether a saved card's deposit needs its CSC. */
export const PaymentMethodRulesSchema = z.object({
  enabled: z.boolean(),
  minAmount: MoneySchema,
  maxAmount: MoneySchema,
  cscRequired: z.record(z.string(), z.boolean()),
});
export type PaymentMethodRules = z.infer<typeof PaymentMethodRulesSchema>;

export const PaymentMethodSchema = z.object({
  code: PaymentMethodCodeSchema,
  name: z.string(),
  /** Usable at checkout (settles at once or after a challenge or approval). */
  cart: z.boolean(),
  /** A withdrawal method (money out) rather than a deposit method. */
  withdraw: z.boolean(),
  /** Apple Pay or Google Pay. */
  digitalWallet: z.boolean(),
  funds: z.array(FundSchema),
  availableGateways: z.array(z.string()),
  /** Method details: BPAY biller code, bank details of direct deposit, the wallet's merchant id ... */
  attributes: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  rules: PaymentMethodRulesSchema,
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;
export const PaymentMethodListSchema = z.array(PaymentMethodSchema);

/**
 * `GET /v2/payment_methods?filter=...`: comma-separated clauses `funds.<flag> eq <true|false>`
 * (or the parameter repeated). `cart` and `withdraw` select methods with that value;
 * `digital_wallets` and `failed_verification` say whether Apple/Google Pay and funds that failed
 * verification are included (left out with `eq false`).
 */
export const PaymentMethodsQuerySchema = z.object({
  filter: z.union([z.string().max(500), z.array(z.string().max(500)).max(10)]).optional(),
});

/**
 * Codes of a card payment declined at once (402): `incorrect_csc` is a saved card's charge whose
 * security code is not the one the card was saved with. Five of those in a row answer 429
 * `csc_attempts_exceeded` for that card until the lock ends.
 */
export const CARD_DECLINE_CODES = [
  'card_declined',
  'insufficient_funds',
  'authentication_failed',
  'authentication_required',
  'incorrect_csc',
] as const;
export type CardDeclineCode = (typeof CARD_DECLINE_CODES)[number];

/** A test card of the sandbox gateway, shown on the card form in demo mode. */
export const TestCardSchema = z.object({ number: z.string(), outcome: z.string(), description: z.string() });
export type TestCard = z.infer<typeof TestCardSchema>;

/** The sandbox's test cards (numbers as Stripe's test mode uses them). */
export const SANDBOX_TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', outcome: 'succeed', description: 'Succeeds' },
  {
    number: '4000000000003220',
    outcome: 'challenge_then_succeed',
    description: 'Asks for 3-D Secure, then succeeds',
  },
  {
    number: '4000008400001629',
    outcome: 'challenge_then_decline',
    description: 'Asks for 3-D Secure, then is declined',
  },
  { number: '4000000000000002', outcome: 'decline', description: 'Is declined' },
  { number: '4000000000009995', outcome: 'insufficient_funds', description: 'Has insufficient funds' },
];

/** How the browser reaches a card gateway. */
export const CardGatewaySchema = z.object({
  key: z.string(),
  /** Where the card form posts card details straight from the browser (sandbox), else null. */
  tokenizeUrl: z.string().nullable(),
  /** The gateway's public key for its browser library (Stripe), else null. */
  publishableKey: z.string().nullable(),
  testMode: z.boolean(),
  /** Test cards to show on the form (test mode only). */
  testCards: z.array(TestCardSchema),
});
export type CardGateway = z.infer<typeof CardGatewaySchema>;

/** `GET /v2/funds/card_gateways`. */
export const CardGatewaysSchema = z.object({
  priorityGateway: z.string(),
  availableCardGateways: z.array(CardGatewaySchema),
});
export type CardGateways = z.infer<typeof CardGatewaysSchema>;

/** `GET /v2/funds/{gateway}`: the gateway's browser settings and the customer's cards saved with it. */
export const GatewayFundsSchema = CardGatewaySchema.extend({ funds: z.array(FundSchema) });
export type GatewayFunds = z.infer<typeof GatewayFundsSchema>;

const CardText = z.string().max(64);
const ExpiryPart = z.union([z.string().max(4), z.number().int()]);

/**
 * `POST /v2/funds/sandbox/tokens`, sent by the browser only. Loosely typed on purpose: the
 * service checks each field and answers field errors in the customer's words.
 */
export const CardTokenRequestSchema = z.object({
  cardNumber: CardText,
  expiryMonth: ExpiryPart,
  expiryYear: ExpiryPart,
  csc: z.string().max(8),
  holderName: z.string().max(100),
});
export type CardTokenRequest = z.infer<typeof CardTokenRequestSchema>;

export const CardTokenSchema = z.object({ token: z.string(), brand: z.string(), last4: z.string() });
export type CardToken = z.infer<typeof CardTokenSchema>;

/** `POST /v2/funds/cc/{gateway}`: saves a tokenised card as a fund. */
export const SaveCardRequestSchema = z.object({
  token: z.string().min(1).max(255),
  makeDefault: z.boolean().optional(),
});
export type SaveCardRequest = z.infer<typeof SaveCardRequestSchema>;

/** `POST /v2/funds/stripe/setup`: a SetupIntent's client secret for Stripe's card element. */
export const StripeSetupSchema = z.object({
  clientSecret: z.string(),
  publishableKey: z.string().nullable(),
  setupIntentId: z.string(),
});
export type StripeSetup = z.infer<typeof StripeSetupSchema>;

/**
 * A deposit amount: major units as a number (12.5) or text ("12.50"); at most two decimals. Checked
 * by the service (field errors in the customer's words), so any number or text is let through here.
 */
export const DepositAmountSchema = z.union([z.number(), z.string().max(32)]);

/**
 * `POST /v2/funds/{id}/deposit` (3.4): a top-up with a saved card. `csc` only where the gateway's
 * rule asks for it (a CSC sent where none is asked is refused). A checkout deposits through
 * `POST /v2/deposit_purchase` instead.
 */
export const DepositRequestSchema = z.object({
  amount: DepositAmountSchema,
  csc: z.string().max(8).optional(),
  strongCustomerAuthentication: z.boolean().optional(),
  gatewayKey: z.string().max(40).optional(),
  deviceData: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
});
export type DepositRequest = z.infer<typeof DepositRequestSchema>;

/** `POST /v2/funds/pl/braintree`: a PayPal deposit (approval by redirect). */
export const PayPalDepositRequestSchema = z.object({ amount: DepositAmountSchema });
export type PayPalDepositRequest = z.infer<typeof PayPalDepositRequestSchema>;

/** `POST /v2/funds/{ap|gp}/{gateway}/deposit`: the token the wallet's browser sheet gave. */
export const WalletDepositRequestSchema = z.object({
  amount: DepositAmountSchema,
  walletToken: z.string().min(1).max(2048),
});
export type WalletDepositRequest = z.infer<typeof WalletDepositRequestSchema>;

/**
 * `POST /v2/funds/{bp|dd}/deposit`: a BPAY or bank transfer the customer is about to make; the answer
 * carries the reference to quote. The wallet is credited when the payment is reconciled.
 */
export const BankDepositRequestSchema = z.object({ amount: DepositAmountSchema });
export type BankDepositRequest = z.infer<typeof BankDepositRequestSchema>;

export const DepositStatusSchema = z.enum([
  'charging',
  'awaiting_challenge',
  'awaiting_approval',
  'succeeded',
  'declined',
  'cancelled',
  'expired',
  'awaiting_reconciliation',
]);
export type DepositStatus = z.infer<typeof DepositStatusSchema>;

/** What the customer quotes to pay by BPAY or bank transfer. */
export const DepositReferenceSchema = z.object({
  billerCode: z.string().nullable(),
  bsb: z.string().nullable(),
  accountNumber: z.string().nullable(),
  accountName: z.string().nullable(),
  reference: z.string(),
});
export type DepositReference = z.infer<typeof DepositReferenceSchema>;

/**
 * A deposit, also the answer of every deposit call: `redirectUrl` is where the customer goes next
 * (a 3-D Secure challenge for the frame, a PayPal approval page) while the deposit awaits it.
 */
export const DepositSchema = z.object({
  id: z.string(),
  status: DepositStatusSchema,
  redirectUrl: z.string().nullable(),
  amount: MoneySchema,
  methodCode: z.string(),
  gateway: z.string(),
  fundId: z.string().nullable(),
  fund: FundSchema.nullable(),
  /** Bank transfer and BPAY deposits. */
  reference: DepositReferenceSchema.nullable(),
  /** What the deposit is for: a top-up of the balance, or a checkout's payment. */
  purpose: z.enum(['top_up', 'checkout']),
  /** The checkout this deposit paid for, once it did. */
  checkoutId: z.string().nullable(),
  /** A partner purchase's deposit: the partner whose page it was paid on (its receipt is there). */
  partnerSlug: z.string().nullable(),
  /** Why a deposit failed, in the customer's words. */
  failureCode: z.string().nullable(),
  message: z.string().nullable(),
  createdAt: IsoDateSchema,
  updatedAt: IsoDateSchema,
});
export type Deposit = z.infer<typeof DepositSchema>;

/** Where a 3-D Secure challenge sends its frame when it ends: the storefront's `/3ds/notify`. */
export const THREE_DS_NOTIFY_PATH = '/3ds/notify';
