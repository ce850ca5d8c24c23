/**
 * The signed-in customer of a request: `authenticate` (a preValidation hook, before the body is read) sets `request.customer` from the
 * bearer token or answers 401 `unauthorised`; `signedIn(request)` reads it in a handler.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorised } from './accounts.context.ts';
import type { SessionService, SignedInCustomer } from './session.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    customer: SignedInCustomer | undefined;
  }
}

export type Authenticate = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export function createAuthenticate(sessions: SessionService): {
  required: Authenticate;
  optional: Authenticate;
} {
  return {
    async required(request) {
      request.customer = await sessions.authenticate(request.client.customerToken);
    },
    /** Signed in when a bearer token comes (it must then be valid); anonymous otherwise. */
    async optional(request) {
      if (request.client.customerToken) {
        request.customer = await sessions.authenticate(request.client.customerToken);
      }
    },
  };
}

export function signedIn(request: FastifyRequest): SignedInCustomer {
  if (!request.customer) throw unauthorised();
  return request.customer;
}
