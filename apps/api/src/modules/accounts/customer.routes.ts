/** The signed-in customer's account under /customer. */

import {
  ChangePasswordBodySchema,
  CloseAccountBodySchema,
  CommunicationPreferencesResultSchema,
  type CustomerAccountOverview,
  CustomerAccountOverviewSchema,
  CustomerDetailsSchema,
  type CustomerOverview,
  DetailsBodySchema,
  EmptyResultSchema,
  LocationConfirmationBodySchema,
  LocationConfirmationSchema,
  type LocationFlags,
  OptionalTokenBodySchema,
  PreferencesBodySchema,
  TermsBodySchema,
  UnsubscribeBodySchema,
} from '@drawhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientAddress } from '../../http/conventions.ts';
import { envelope, failures, ok } from '../../http/envelope.ts';
import type { CustomerRow } from './accounts.repository.ts';
import { CustomerParamsSchema, PreferenceParamsSchema } from './accounts.schemas.ts';
import type { AccountsServices } from './accounts.services.ts';
import { RATE_LIMITS } from './accounts.settings.ts';
import { signedIn } from './authenticate.ts';
import {
  createCommunicationPreferencesService,
  type MarketingOffReason,
} from './communication-preferences.service.ts';

/**
 * The parts of a customer's overview other modules answer (verification, the catalogue's branding
 * and experiments...): app.ts puts them together, so this module does not depend on theirs.
 */
export type OverviewPartsOf = (
  customer: CustomerRow,
) => Promise<Omit<CustomerAccountOverview, keyof CustomerOverview | keyof LocationFlags>>;

export const customerRoutes: FastifyPluginAsyncZod<{
  services: AccountsServices;
  overviewParts: OverviewPartsOf;
  marketingOffReason: MarketingOffReason;
}> = async (app, { services, overviewParts, marketingOffReason }) => {
  const { customers, authenticate } = services;
  const communication = createCommunicationPreferencesService(services.ctx, marketingOffReason);
  const tags = ['accounts'];
  const required = authenticate.required;
  const empty = { 200: envelope(EmptyResultSchema) };
  const stepUp = { ...empty, ...failures(403) };
  const details = { 200: envelope(CustomerDetailsSchema) };
  const preferences = { 200: envelope(CommunicationPreferencesResultSchema) };

  app.get(
    '/customer',
    { schema: { tags, response: { 200: envelope(CustomerAccountOverviewSchema) } }, preValidation: required },
    async (request) => {
      const customer = signedIn(request);
      const [overview, parts, location] = await Promise.all([
        customers.overview(customer),
        overviewParts(customer.customer),
        services.location.flags(clientAddress(request), customer.customer),
      ]);
      return ok({ ...overview, ...parts, ...location });
    },
  );

  app.delete(
    '/customer',
    { schema: { tags, body: CloseAccountBodySchema, response: stepUp }, preValidation: required },
    async (request) => {
      await customers.close(signedIn(request), request.body.password, request.body.reason);
      return ok({});
    },
  );

  app.get(
    '/customer/details',
    { config: { minVersion: '3.2' }, schema: { tags, response: details }, preValidation: required },
    async (request) => ok(customers.details(signedIn(request))),
  );

  app.post(
    '/customer/details',
    {
      config: { minVersion: '3.2' },
      schema: { tags, body: DetailsBodySchema, response: { ...details, ...failures(403) } },
      preValidation: required,
    },
    async (request) => ok(await customers.updateDetails(signedIn(request), request.body)),
  );

  app.patch(
    '/customer/confirm-address',
    {
      schema: { tags, body: OptionalTokenBodySchema, response: empty },
      preValidation: authenticate.optional,
    },
    async (request) => {
      await customers.confirmAddress(request.customer, request.body?.token);
      return ok({});
    },
  );

  app.patch(
    '/customer/confirm-email-address',
    {
      config: { rateLimit: RATE_LIMITS.confirm },
      schema: { tags, body: OptionalTokenBodySchema, response: empty },
      preValidation: authenticate.optional,
    },
    async (request) => {
      await customers.confirmEmailAddress(request.customer, request.body?.token);
      return ok({});
    },
  );

  app.post(
    '/customer/change-password',
    { schema: { tags, body: ChangePasswordBodySchema, response: stepUp }, preValidation: required },
    async (request) => {
      await customers.changePassword(
        signedIn(request),
        request.body.currentPassword,
        request.body.newPassword,
      );
      return ok({});
    },
  );

  app.post(
    '/customer/terms-and-conditions',
    { schema: { tags, body: TermsBodySchema, response: empty }, preValidation: required },
    async (request) => {
      await customers.acceptTerms(signedIn(request));
      return ok({});
    },
  );

  // A resident located abroad confirms they buy for themselves, once for the country (ADR 079).
  app.post(
    '/customer/terms-and-conditions/location',
    {
      schema: {
        tags,
        body: LocationConfirmationBodySchema,
        response: { 200: envelope(LocationConfirmationSchema), ...failures(403, 409) },
      },
      preValidation: required,
    },
    async (request) =>
      ok(
        await services.location.confirm(
          clientAddress(request),
          signedIn(request).customer,
          request.body.countryCode,
        ),
      ),
  );

  app.get(
    '/customer/:id/communication-preferences',
    { schema: { tags, params: CustomerParamsSchema, response: preferences }, preValidation: required },
    async (request) => ok(await communication.preferences(signedIn(request), request.params.id)),
  );

  app.put(
    '/customer/:id/communication-preferences',
    {
      schema: {
        tags,
        params: CustomerParamsSchema,
        body: PreferencesBodySchema,
        response: { ...preferences, ...failures(422) },
      },
      preValidation: required,
    },
    async (request) =>
      ok(
        await communication.updatePreferences(
          signedIn(request),
          request.params.id,
          request.body.preferences,
          request.body.winnerPublicity,
        ),
      ),
  );

  app.put(
    '/customer/:id/communication-preferences/:topic',
    {
      config: { rateLimit: RATE_LIMITS.confirm },
      schema: { tags, params: PreferenceParamsSchema, body: UnsubscribeBodySchema, response: preferences },
      preValidation: authenticate.optional,
    },
    async (request) =>
      ok(
        await communication.unsubscribe(request.customer, {
          customerId: request.params.id,
          topic: request.params.topic,
          token: request.body.token,
          changes: request.body.preferences,
          reasons: request.body.unsubscribeReasons,
        }),
      ),
  );
};
