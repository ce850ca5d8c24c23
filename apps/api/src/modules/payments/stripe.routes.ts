/**
 * Stripe's calls back (registered with the Stripe gateway): the return address its 3-D Secure page
 * sends the customer's frame to, and the webhook (its `Stripe-Signature` checked against
 * STRIPE_WEBHOOK_SECRET over the raw body). Both end the deposit from the PaymentIntent's own state,
 * exactly once, whichever comes first.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { CANCELLED_MESSAGE } from './deposits.service.ts';
import { DECLINE_MESSAGES } from './gateways/gateway.ts';
import { createStripeClient } from './gateways/stripe.gateway.ts';
import { validPageToken } from './payment-urls.ts';
import { paymentsRepository } from './payments.repository.ts';
import type { PaymentsServices } from './payments.services.ts';

const ReturnParamsSchema = z.object({ id: z.string().max(64) });
const ReturnQuerySchema = z.object({ token: z.string().max(64).optional() });

export const stripeRoutes: FastifyPluginAsyncZod<{ payments: PaymentsServices }> = async (
  app,
  { payments },
) => {
  const settings = payments.config.stripe;
  if (!settings) return;
  const stripe = createStripeClient(settings);
  const { db } = app.deps;
  const { urls, deposits } = payments;

  app.get(
    '/funds/stripe/return/:id',
    { schema: { hide: true, params: ReturnParamsSchema, querystring: ReturnQuerySchema } },
    async (request, reply) => {
      const { id } = request.params;
      const deposit = await paymentsRepository(db).deposit(id);
      if (!deposit || !validPageToken(deposit, request.query.token)) {
        throw new AppError(404, 'deposit_not_found', 'This deposit was not found.');
      }
      const ended = (await deposits.finishChallenge(id, true)) ?? deposit;
      return reply.redirect(urls.notify(ended), 303);
    },
  );

  // The signature is over the exact bytes Stripe sent: this route reads its body as text.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  app.post('/funds/stripe/webhook', { schema: { hide: true } }, async (request) => {
    const signature = request.headers['stripe-signature'];
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(
        typeof request.body === 'string' ? request.body : '',
        typeof signature === 'string' ? signature : '',
        settings.webhookSecret,
      );
    } catch {
      throw new AppError(400, 'invalid_signature', 'The webhook signature is missing or does not match.');
    }
    if (event.type.startsWith('payment_intent.')) {
      const intent = event.data.object as Stripe.PaymentIntent;
      const deposit = await paymentsRepository(db).depositByGatewayReference('stripe', intent.id);
      if (deposit) {
        await deposits.finishDeposit(deposit.id, async (_tx, waiting) => {
          if (waiting.status !== 'awaiting_challenge') return null;
          if (event.type === 'payment_intent.succeeded') return { status: 'succeeded' };
          if (event.type === 'payment_intent.payment_failed') {
            return {
              status: 'declined',
              code: 'card_declined',
              message: DECLINE_MESSAGES.card_declined,
            };
          }
          if (event.type === 'payment_intent.canceled') {
            return { status: 'cancelled', code: 'cancelled', message: CANCELLED_MESSAGE };
          }
          return null;
        });
      }
    }
    return { received: true };
  });
};
