import { randomUUID } from 'node:crypto';
import { cleanIdentifier } from '@drawhouse/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResponseCache } from './cache.ts';
import { toCamel } from './case.ts';
import { AppError } from './errors.ts';
import {
  MAX_URL_LENGTH,
  shapeProblem,
  tooDeep,
  tooManyBodyKeys,
  tooManyQueryKeys,
  uriTooLong,
} from './limits.ts';
import { NUL_TEXT_MESSAGE, nulTextFields } from './nul-text.ts';
import { compareVersions, describeVersions, serviceForPath } from './services.ts';
import { verifySignature } from './signature.ts';
import { fieldErrors, validationError } from './validation.ts';

function refuseNulText(value: unknown): void {
  const nul = nulTextFields(value);
  if (nul.length > 0) throw validationError(fieldErrors(nul.map((field) => [field, NUL_TEXT_MESSAGE])));
}

function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

export function requestId(raw: string | string[] | undefined): string {
  const v = Array.isArray(raw) ? raw[0] : raw;
  return cleanIdentifier(v) ?? randomUUID();
}

function bearerToken(request: FastifyRequest): string | undefined {
  const auth = header(request, 'authorization');
  if (!auth?.startsWith('Bearer ')) return undefined;
  const token = auth.slice(7).trim();
  return token || undefined;
}

/**
 * The address a rate limit counts against. The storefront's server calls the API for every visitor, so
 * for a request it signed (a known app key) the visitor's address it forwards is used; anyone else is
 * counted by the connection's own address, whatever they claim.
 */
export function clientAddress(request: FastifyRequest): string {
  if (request.client?.appKey) {
    const forwarded = header(request, 'x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return request.ip;
}

/**
 * The conventions every route shares: request id, service version, client identifiers, app signature,
 * snake_case in and out. Registered once, before the modules.
 */
export function registerConventions(app: FastifyInstance): void {
  app.decorate('responseCache', new ResponseCache());
  app.decorateRequest('apiVersion', '');
  app.decorateRequest('service', undefined);
  app.decorateRequest('client', undefined as never);

  // Plain hooks, not async ones: they run on every request, and only a signed request waits (for
  // its app's secret).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    if (request.url.length > MAX_URL_LENGTH) throw uriTooLong();

    const service = serviceForPath(request.url);
    request.service = service;
    const asked = header(request, 'x-api-version');
    if (service) {
      if (asked !== undefined && !service.versions.includes(asked)) {
        throw new AppError(
          400,
          'unsupported_version',
          `API version "${asked}" is not offered by the ${service.name} service; use ${describeVersions(service)}.`,
        );
      }
      request.apiVersion = asked ?? service.defaultVersion;
      const min = request.routeOptions.config?.minVersion;
      if (min && asked !== undefined && compareVersions(request.apiVersion, min) < 0) {
        throw new AppError(
          400,
          'unsupported_version',
          `${request.method} ${request.routeOptions.url} needs API version ${min} or later.`,
        );
      }
    }

    const customerToken = bearerToken(request);
    request.client = {
      sessionId: cleanIdentifier(header(request, 'x-session-id')),
      customerId: cleanIdentifier(header(request, 'x-customer-id')),
      deviceId: cleanIdentifier(header(request, 'x-device-id')),
      subVariant: cleanIdentifier(header(request, 'x-sub-variant')),
      pricing: cleanIdentifier(header(request, 'x-pricing')),
      segment: cleanIdentifier(header(request, 'x-segment')),
      cartId: cleanIdentifier(header(request, 'x-cart-id')),
      customerToken,
    };

    const appKey = header(request, 'x-app-key');
    if (appKey === undefined) return done();
    const checkSignature = async (): Promise<AppError | undefined> => {
      const key = cleanIdentifier(appKey);
      const secret = key ? await app.deps.appSecret(key) : undefined;
      const valid = verifySignature({
        appKey,
        timestamp: header(request, 'x-timestamp'),
        signature: header(request, 'x-signature'),
        secret,
        customerToken: customerToken ?? '',
        nowSeconds: Math.floor(Date.now() / 1000),
      });
      if (!valid) {
        return new AppError(
          401,
          'invalid_signature',
          'The request signature is missing, expired or does not match.',
        );
      }
      request.client.appKey = key;
      return undefined;
    };
    checkSignature().then((refused) => done(refused), done);
  });

  // Bodies and query strings alike: counted before anything walks them, then checked for NUL, renamed.
  // A query string is read only by routes with a schema for it; other routes never look at it.
  app.addHook('preValidation', (request, _reply, done) => {
    const { body, query } = request;
    const problem = shapeProblem(body);
    if (problem === 'too_deep') throw tooDeep();
    if (problem === 'too_many_keys') throw tooManyBodyKeys();
    refuseNulText(body);
    if (body !== null && typeof body === 'object') request.body = toCamel(body);
    if (!request.routeOptions.schema?.querystring || query === null || typeof query !== 'object')
      return done();
    if (shapeProblem(query)) throw tooManyQueryKeys();
    refuseNulText(query);
    // The parser's object has a prototype of its own: copied first, or its keys are not renamed.
    request.query = toCamel({ ...query });
    done();
  });
}
