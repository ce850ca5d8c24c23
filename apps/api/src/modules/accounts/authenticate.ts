/**
 * The signed-in customer of a request: `authenticate` (a preValidation hook, before the body is read) sets `request.customer` from the
 * bearer token or answers 401 `unauthorised`; `signedIn(request)` reads it in a handler.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { signInHook } from '../../http/sign-in.ts';
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
  // Marked, so that the OpenAPI document shows which routes need a bearer token.
  return {
    required: signInHook(async (request) => {
      request.customer = await sessions.authenticate(request.client.customerToken);
    }, 'required'),
    /** Signed in when a bearer token comes (it must then be valid); anonymous otherwise. */
    optional: signInHook(async (request) => {
      if (request.client.customerToken) {
        request.customer = await sessions.authenticate(request.client.customerToken);
      }
    }, 'optional'),
  };
}

export function signedIn(request: FastifyRequest): SignedInCustomer {
  if (!request.customer) throw unauthorised();
  return request.customer;
}
