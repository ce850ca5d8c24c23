import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failure } from './envelope.ts';
import { AppError } from './errors.ts';
import { unsupportedMediaType } from './form-body.ts';
import type { RouteTable } from './route-table.ts';

const GENERIC_MESSAGE = 'Something went wrong.';

/** Messages for the framework's own 4xx codes, so no answer shows a library's wording. */
const FRAMEWORK_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'invalid_json',
    message: 'The request body is not valid JSON.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'invalid_json',
    message: 'The request body is empty but its content type is JSON.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'payload_too_large',
    message: 'The request body is larger than this service accepts.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'invalid_content_length',
    message: 'The Content-Length header does not match the body.',
  },
};

/** Errors the router raises before any hook runs (Fastify's `frameworkErrors` option). */
const ROUTER_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, code: 'bad_url', message: 'The address is not valid.' },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    code: 'uri_too_long',
    message: 'A part of the address is too long.',
  },
};

/** Answers the router's own refusals in the failure envelope, like every other error. */
export function routerErrorReply(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const known = error.code ? ROUTER_ERRORS[error.code] : undefined;
  if (known) {
    reply.status(known.status).send(failure(known.status, known.code, known.message));
    return;
  }
  reply.status(500).send(failure(500, 'internal_error', GENERIC_MESSAGE));
}

function sendAppError(reply: FastifyReply, error: AppError) {
  return reply.status(error.status).send(failure(error.status, error.code, error.message, error.errors));
}

export function registerErrorHandling(app: FastifyInstance, routes: RouteTable): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendAppError(reply, error);
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendAppError(reply, unsupportedMediaType(request.routeOptions.config.acceptsForm));
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send(failure(known.status, known.code, known.message));
    if (error.statusCode === 429) {
      return reply
        .status(429)
        .send(failure(429, 'rate_limited', 'Too many requests. Please wait a moment and try again.'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = (error.code ?? 'bad_request').toLowerCase();
      return reply.status(status).send(failure(status, code, error.message || 'The request is not valid.'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(failure(500, 'internal_error', GENERIC_MESSAGE));
  });

  // An address the app knows, asked with a method it does not take, is 405 with the methods it does.
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const allowed = routes.allowed(request.url);
    if (allowed.length > 0) {
      methodNotAllowed(reply, request.method, path ?? '', allowed);
      return;
    }
    reply.status(404).send(failure(404, 'not_found', `There is nothing at ${request.method} ${path}.`));
  });
}

/** 405 with the methods the address takes, in `Allow` and in the message. */
export function methodNotAllowed(reply: FastifyReply, method: string, path: string, allowed: string[]) {
  const message = `${method} is not allowed at ${path}; use ${allowed.join(', ')}.`;
  return reply
    .status(405)
    .header('allow', allowed.join(', '))
    .send(failure(405, 'method_not_allowed', message));
}
