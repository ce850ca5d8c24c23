import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { snakeKey } from './case.ts';
import { FailureSchema } from './envelope.ts';
import { FORM_CONTENT_TYPE, JSON_CONTENT_TYPE } from './form-body.ts';
import { MAX_HEADER_BYTES, MAX_KEYS, MAX_URL_LENGTH } from './limits.ts';
import { declaredReason, failureReasons, type OperationFacts, successReason } from './openapi-responses.ts';
import { serviceForPath } from './services.ts';
import { routeSignIn, type SignIn } from './sign-in.ts';

type JsonSchema = { [key: string]: unknown };

/** The wire is snake_case: rename the properties of every generated schema to match. */
function snakeProperties(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(snakeProperties);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(schema as JsonSchema)) {
    if (k === 'properties' && v && typeof v === 'object') {
      out[k] = Object.fromEntries(
        Object.entries(v as JsonSchema).map(([p, s]) => [snakeKey(p), snakeProperties(s)]),
      );
    } else if (k === 'required' && Array.isArray(v)) {
      out[k] = v.map((p) => (typeof p === 'string' ? snakeKey(p) : p));
    } else {
      out[k] = snakeProperties(v);
    }
  }
  return out;
}

const APP_SIGNATURE = { appKey: [], appTimestamp: [], appSignature: [] };

const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The access token of a signed-in customer (POST /v2/login, /v2/refresh).',
  },
  appKey: {
    type: 'apiKey',
    in: 'header',
    name: 'x-app-key',
    description: [
      "Optional: every call is served without the app signature. A client app (the storefront's server)",
      'signs its calls by sending x-app-key, x-timestamp and x-signature together; with an x-app-key the',
      'other two must be valid, else 401 `invalid_signature`. A signed call is rate-limited per visitor',
      '(its `x-forwarded-for`) instead of per connection.',
    ].join(' '),
  },
  appTimestamp: {
    type: 'apiKey',
    in: 'header',
    name: 'x-timestamp',
    description: 'Optional, with x-app-key: Unix seconds, within 5 minutes of the server clock.',
  },
  appSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'x-signature',
    description:
      'Optional, with x-app-key: hex SHA-256 of app key + timestamp + app secret + bearer token (empty when none).',
  },
} as const;

/**
 * Who may call: anyone, or a signed-in customer; either signed by an app or not (each requirement has
 * an alternative without the app signature, so no tool takes its headers as required).
 */
function security(signIn: SignIn | undefined) {
  const bearer = [{ bearerAuth: [] }, { bearerAuth: [], ...APP_SIGNATURE }];
  if (signIn === 'required') return bearer;
  if (signIn === 'optional') return [{}, APP_SIGNATURE, ...bearer];
  return [{}, APP_SIGNATURE];
}

function isContentResponse(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'content' in value;
}

const json = (schema: unknown) => ({ [JSON_CONTENT_TYPE]: { schema } });

/** Every status the operation answers, each with its description and envelope schema. */
function responses(declared: Record<string, unknown>, facts: OperationFacts): Record<string, unknown> {
  const reasons = failureReasons(facts);
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(declared)) {
    const status = Number(key);
    if (isContentResponse(schema)) {
      out[key] = schema;
      continue;
    }
    const description =
      status < 400 ? successReason(status) : [...(reasons.get(status) ?? []), declaredReason(status)];
    out[key] = { description: [description].flat().join('\n\n'), content: json(schema) };
  }
  for (const [status, why] of reasons) {
    out[status] ??= { description: why.join('\n\n'), content: json(FailureSchema) };
  }
  return out;
}

function operationFacts(route: RouteOptions, url: string, defaultBodyLimit: number): OperationFacts {
  const method = [route.method].flat()[0] ?? 'GET';
  return {
    method,
    url,
    versioned: serviceForPath(url) !== undefined,
    minVersion: route.config?.minVersion,
    hasParams: /[:*]/.test(url),
    hasQuerySchema: route.schema?.querystring !== undefined,
    hasBodySchema: route.schema?.body !== undefined,
    signIn: routeSignIn(route),
    bodyLimit: route.bodyLimit ?? defaultBodyLimit,
    acceptsForm: route.config?.acceptsForm === true,
  };
}

/**
 * The route's schema as the document shows it: its own parts, plus the statuses, security, content
 * types and version it has from the conventions every route shares.
 */
function documentedSchema(route: RouteOptions, url: string, defaultBodyLimit: number): FastifySchema {
  const schema = (route.schema ?? {}) as FastifySchema & Record<string, unknown>;
  if (schema.hide) return schema;
  const facts = operationFacts(route, url, defaultBodyLimit);
  const notes = [
    schema.description,
    facts.minVersion && `Needs API version ${facts.minVersion} or later (header \`x-api-version\`).`,
  ].filter(Boolean);
  return {
    ...schema,
    ...(notes.length > 0 ? { description: notes.join('\n\n') } : {}),
    ...(schema.body && facts.acceptsForm ? { consumes: [JSON_CONTENT_TYPE, FORM_CONTENT_TYPE] } : {}),
    security: security(facts.signIn),
    response: responses((schema.response ?? {}) as Record<string, unknown>, facts),
  };
}

function bodyDescription(facts: OperationFacts): string {
  const form = facts.acceptsForm ? ', or the same fields form-encoded' : '';
  return `JSON${form}; at most ${facts.bodyLimit} bytes and ${MAX_KEYS} keys.`;
}

/**
 * The document: every route that is not hidden, in the wire's snake_case. With `hideAdmin` (a
 * production API) the operators' `/admin` routes are left out of it: they still work, but the
 * public document does not map the back office.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  defaultBodyLimit: number,
  options: { hideAdmin?: boolean } = {},
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Drawhouse API',
        description: [
          'Lottery, charity raffle and syndicate shop. Bodies are snake_case; money is {amount, currency}.',
          'Every answer is an envelope: `{result, page_info?, messages}` or `{error: {status, code, message}, errors?, messages}`,',
          'also for a request refused before any operation runs:',
          `an address over ${MAX_URL_LENGTH} characters is 414 \`uri_too_long\`,`,
          `a request head over ${MAX_HEADER_BYTES} bytes 431 \`headers_too_large\` (414 when the address alone passes it),`,
          'a head that is not HTTP 400 `bad_request`, one that takes too long to arrive 408 `request_timeout`;',
          'after these last four the connection is closed.',
        ].join(' '),
        version: '3.9',
      },
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: (document) => {
      const { route, url } = document;
      const schema =
        options.hideAdmin && url.startsWith('/admin')
          ? { ...route.schema, hide: true }
          : documentedSchema(route, url, defaultBodyLimit);
      const out = jsonSchemaTransform({ ...document, schema });
      const transformed = out.schema as JsonSchema | undefined;
      if (!transformed || transformed.hide) return out;
      for (const part of ['body', 'querystring', 'response']) {
        if (transformed[part]) transformed[part] = snakeProperties(transformed[part]);
      }
      const body = transformed.body as JsonSchema | undefined;
      if (body) body.description ??= bodyDescription(operationFacts(route, url, defaultBodyLimit));
      const answers = transformed.response as JsonSchema;
      if (!Object.keys(answers).some((status) => status.startsWith('2'))) {
        // A route without a success schema (a file) answers bytes of its own content type.
        answers['200'] = { description: successReason(200), content: { '*/*': { schema: {} } } };
      }
      return out;
    },
  });
  // The document describes the wire format itself: its own keys (requestBody, minLength) stay as they are.
  await app.register(async (docs) => {
    docs.setReplySerializer((payload) => JSON.stringify(payload));
    await docs.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  });
}
