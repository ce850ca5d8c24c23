/**
 * The Stripe gateway on the official `stripe` client (ADR 019), chosen with PAYMENT_GATEWAY=stripe.
 * Cards are collected by Stripe's browser library (a SetupIntent from `POST /v2/funds/stripe/setup`)
 * and saved by their PaymentMethod id; a deposit is a confirmed PaymentIntent. A 3-D Secure
 * challenge is Stripe's `next_action.redirect_to_url`, and its end is read from the PaymentIntent
 * (on the return address or by the signed webhook), never from the browser's word.
 */
import { SANDBOX_TEST_CARDS } from '@drawhouse/contract';
import Stripe from 'stripe';
import { AppError } from '../../../http/errors.ts';
import type { StripeSettings } from '../payments.config.ts';
import type { PaymentsRepository } from '../payments.repository.ts';
import {
  type CardGatewayAdapter,
  type ChallengeResult,
  type ChargeOutcome,
  type DeclineCode,
  GatewayUnavailableError,
  NOT_THIS_GATEWAY,
} from './gateway.ts';

/** A saved card's reference: the Stripe customer and the PaymentMethod attached to it. */
const reference = (customer: string, paymentMethod: string) => `${customer}/${paymentMethod}`;

function parseReference(value: string | null): { customer: string; paymentMethod: string } {
  const [customer, paymentMethod] = (value ?? '').split('/');
  if (!customer || !paymentMethod) throw new Error(`not a Stripe card reference: ${value}`);
  return { customer, paymentMethod };
}

function declineCode(
  code: string | null | undefined,
  declineCodeValue: string | null | undefined,
  offSession = false,
): DeclineCode {
  if (declineCodeValue === 'insufficient_funds' || code === 'insufficient_funds') return 'insufficient_funds';
  if (declineCodeValue === 'incorrect_cvc' || code === 'incorrect_cvc') return 'incorrect_csc';
  if (code === 'authentication_required' || declineCodeValue === 'authentication_required') {
    return offSession ? 'authentication_required' : 'authentication_failed';
  }
  return 'card_declined';
}

/** Stripe out of reach or failing on its side: worth trying again later, unlike a decline. */
const unavailable = (error: unknown) =>
  error instanceof Stripe.errors.StripeConnectionError ||
  error instanceof Stripe.errors.StripeAPIError ||
  error instanceof Stripe.errors.StripeRateLimitError;

export function createStripeClient(settings: StripeSettings): Stripe {
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
    ...(settings.host ? { host: settings.host } : {}),
    ...(settings.port ? { port: settings.port } : {}),
    ...(settings.protocol ? { protocol: settings.protocol } : {}),
  });
}

export function stripeGateway(
  settings: StripeSettings,
  stripe: Stripe = createStripeClient(settings),
): CardGatewayAdapter {
  const testMode = settings.secretKey.startsWith('sk_test_');

  /** The customer's Stripe customer: the one their saved cards use, else a new one. */
  async function stripeCustomer(repo: PaymentsRepository, customerId: string): Promise<string> {
    const saved = (await repo.customerFunds(customerId)).find(
      (f) => f.gateway === 'stripe' && f.gatewayReference,
    );
    if (saved) return parseReference(saved.gatewayReference).customer;
    const created = await stripe.customers.create({ metadata: { drawhouse_customer_id: customerId } });
    return created.id;
  }

  function outcomeOf(intent: Stripe.PaymentIntent, offSession = false): ChargeOutcome {
    if (intent.status === 'succeeded' || intent.status === 'processing') {
      return { outcome: 'succeeded', gatewayReference: intent.id };
    }
    if (offSession && intent.status === 'requires_action') {
      return { outcome: 'declined', gatewayReference: intent.id, code: 'authentication_required' };
    }
    const redirect = intent.next_action?.redirect_to_url?.url;
    if (intent.status === 'requires_action' && redirect) {
      return { outcome: 'challenge', gatewayReference: intent.id, redirectUrl: redirect };
    }
    const error = intent.last_payment_error;
    return {
      outcome: 'declined',
      gatewayReference: intent.id,
      code: declineCode(error?.code, error?.decline_code),
    };
  }

  return {
    key: 'stripe',
    testMode,
    tokenizeUrl: null,
    publishableKey: settings.publishableKey || null,
    testCards: testMode ? SANDBOX_TEST_CARDS : [],

    async saveCard(repo, customerId, token) {
      if (!/^pm_[A-Za-z0-9_]+$/.test(token)) {
        throw new AppError(
          400,
          'invalid_card_token',
          'The card details have expired. Please enter them again.',
        );
      }
      const customer = await stripeCustomer(repo, customerId);
      let method: Stripe.PaymentMethod;
      try {
        method = await stripe.paymentMethods.attach(token, { customer });
      } catch (error) {
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError ||
          error instanceof Stripe.errors.StripeCardError
        ) {
          throw new AppError(
            400,
            'invalid_card_token',
            'The card could not be saved. Please enter it again.',
          );
        }
        throw error;
      }
      const card = method.card;
      if (!card) throw new AppError(400, 'invalid_card_token', 'Only cards can be saved here.');
      return {
        gatewayReference: reference(customer, method.id),
        brand: card.brand,
        last4: card.last4,
        expiryMonth: card.exp_month,
        expiryYear: card.exp_year,
        holderName: method.billing_details?.name ?? '',
      };
    },

    async charge(_repo, request) {
      const card = request.fund ? parseReference(request.fund.gatewayReference) : undefined;
      const paymentMethod = card?.paymentMethod ?? request.walletToken;
      if (!paymentMethod) throw new Error('a Stripe charge needs a card or a wallet token');
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: 'aud',
            payment_method: paymentMethod,
            ...(card ? { customer: card.customer } : {}),
            confirm: true,
            // Off session Stripe declines what needs the customer instead of asking for a redirect.
            ...(request.offSession ? { off_session: true } : { return_url: request.returnUrl }),
            metadata: { deposit_id: request.depositId, drawhouse_customer_id: request.customerId },
          },
          // The deposit's id: a retried request never charges twice.
          { idempotencyKey: `deposit-${request.depositId}` },
        );
        return outcomeOf(intent, request.offSession);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          const intentId = (error.raw as { payment_intent?: { id?: string } }).payment_intent?.id ?? null;
          return {
            outcome: 'declined',
            gatewayReference: intentId,
            code: declineCode(error.code, error.decline_code, request.offSession),
          };
        }
        if (unavailable(error)) throw new GatewayUnavailableError(error);
        throw error;
      }
    },

    async challengeResult(_repo, deposit): Promise<ChallengeResult> {
      if (!deposit.gatewayReference) return { outcome: 'declined', code: 'authentication_failed' };
      const intent = await stripe.paymentIntents.retrieve(deposit.gatewayReference);
      if (intent.status === 'requires_action') return { outcome: 'pending' };
      const outcome = outcomeOf(intent);
      if (outcome.outcome === 'succeeded') return { outcome: 'succeeded' };
      return {
        outcome: 'declined',
        code: outcome.outcome === 'declined' ? outcome.code : 'authentication_failed',
      };
    },

    /** A Refund of the deposit's PaymentIntent, keyed so that a repeat refunds nothing more. */
    async refund({ key, deposit, amountCents }) {
      if (deposit.gateway !== 'stripe' || !deposit.gatewayReference) {
        return { outcome: 'failed', reason: NOT_THIS_GATEWAY };
      }
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: deposit.gatewayReference, amount: amountCents },
          { idempotencyKey: `refund-${key}` },
        );
        if (refund.status === 'failed' || refund.status === 'canceled') {
          return { outcome: 'failed', reason: refund.failure_reason ?? `the refund ${refund.status}` };
        }
        return { outcome: 'refunded', reference: refund.id };
      } catch (error) {
        if (unavailable(error)) throw new GatewayUnavailableError(error);
        if (error instanceof Stripe.errors.StripeError) return { outcome: 'failed', reason: error.message };
        throw error;
      }
    },
    async cancel(deposit) {
      if (deposit.gatewayReference) await stripe.paymentIntents.cancel(deposit.gatewayReference);
    },

    async setupCard(customerId, repo) {
      const customer = await stripeCustomer(repo, customerId);
      const intent = await stripe.setupIntents.create({
        customer,
        usage: 'on_session',
        metadata: { drawhouse_customer_id: customerId },
      });
      if (!intent.client_secret) throw new Error('Stripe answered a SetupIntent without a client secret');
      return {
        clientSecret: intent.client_secret,
        publishableKey: settings.publishableKey || null,
        setupIntentId: intent.id,
      };
    },
  };
}
