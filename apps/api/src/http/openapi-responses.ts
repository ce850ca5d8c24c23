/**
 * The failure answers of an operation, worked out from what its route declares: every route can be
 * refused for its signature, its rate, an over-long address or head, or a fault; one under a versioned service for its version; one
 * that reads a body for the body's JSON, size and type; one with path parameters for their encoding,
 * length and what they name; one with schemas for their validation; one that needs sign-in for the
 * token. A route declares in its response schemas only the statuses its own rules add (a step-up,
 * a locked second factor, a pricing that is not found).
 */
import { FORM_CONTENT_TYPE, JSON_CONTENT_TYPE } from './form-body.ts';
import { MAX_HEADER_BYTES, MAX_KEYS, MAX_PARAM_LENGTH, MAX_URL_LENGTH } from './limits.ts';
import type { SignIn } from './sign-in.ts';

export type OperationFacts = {
  method: string;
  url: string;
  /** Under a service with versions (/v2, /cms ...): a bad x-api-version is refused. */
  versioned: boolean;
  minVersion?: string | undefined;
  hasParams: boolean;
  hasQuerySchema: boolean;
  hasBodySchema: boolean;
  signIn?: SignIn | undefined;
  bodyLimit: number;
  acceptsForm: boolean;
};

/** Methods whose bodies Fastify reads (GET and HEAD bodies are never parsed). */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

const readsBody = (method: string) => BODY_METHODS.has(method);

/** What a status means when a route declares it for a rule of its own. */
const DECLARED: Record<number, string> = {
  400: 'A rule of this call refuses the request (see `error.code`).',
  401: 'Not signed in, or the credentials or code are wrong (see `error.code`).',
  403: '`REQUIRED`: the session must step up with a second-factor code first (POST /v2/customer/elevate).',
  404: 'What the request names does not exist.',
  409: 'The request conflicts with what exists.',
  423: '`2fa_account_locked`: too many wrong codes in a row; the second factor is locked for a while.',
};

/** Status → why an operation with these facts answers it, before any rule of its own. */
export function failureReasons(facts: OperationFacts): Map<number, string[]> {
  const reasons = new Map<number, string[]>();
  const add = (status: number, why: string) => reasons.set(status, [...(reasons.get(status) ?? []), why]);
  const body = readsBody(facts.method);
  const types = facts.acceptsForm ? `${JSON_CONTENT_TYPE} or ${FORM_CONTENT_TYPE}` : JSON_CONTENT_TYPE;

  if (facts.hasBodySchema || facts.hasQuerySchema || facts.hasParams) {
    add(
      400,
      '`validation_error`: field errors under `errors`, keyed by snake_case field (`general` for the whole).',
    );
  }
  if (facts.hasQuerySchema) add(400, `\`too_many_parameters\`: more than ${MAX_KEYS} query keys.`);
  if (body) add(400, '`invalid_json`: a body that is not JSON, or is nested deeper than 64 levels.');
  if (body && facts.acceptsForm)
    add(400, '`invalid_form`: a form field called `__proto__` or `constructor`.');
  if (facts.hasParams) add(400, '`bad_url`: broken percent-encoding in the address.');
  if (facts.versioned) {
    const needs = facts.minVersion ? `; this call needs ${facts.minVersion} or later` : '';
    add(400, `\`unsupported_version\`: an \`x-api-version\` the service does not offer${needs}.`);
  }

  add(401, '`invalid_signature`: an `x-app-key` whose timestamp or signature is missing, expired or wrong.');
  if (facts.signIn === 'required') add(401, '`unauthorised`: no bearer token, or one that is not valid.');
  if (facts.signIn === 'optional') add(401, '`unauthorised`: a bearer token that is not valid.');

  if (facts.hasParams) add(404, 'Nothing by that name (see `error.code`).');
  if (body) {
    add(
      413,
      `\`payload_too_large\`: a body over ${facts.bodyLimit} bytes or with more than ${MAX_KEYS} keys.`,
    );
    add(415, `\`unsupported_media_type\`: a body that is not ${types}.`);
  }
  add(414, `\`uri_too_long\`: an address (path and query) over ${MAX_URL_LENGTH} characters.`);
  if (facts.hasParams) add(414, `\`uri_too_long\`: a path parameter over ${MAX_PARAM_LENGTH} characters.`);
  add(431, `\`headers_too_large\`: a request head (address and headers) over ${MAX_HEADER_BYTES} bytes.`);
  add(429, "`rate_limited` (or a call's own limit, see `error.code`): too many requests; wait and retry.");
  add(500, '`internal_error`: something went wrong on our side.');
  add(503, 'The service is shutting down (or, for /readyz, its database is not reachable); retry shortly.');
  return reasons;
}

/** The description of a status the route declares for its own rules. */
export function declaredReason(status: number): string {
  return DECLARED[status] ?? 'See `error.code`.';
}

export function successReason(status: number): string {
  return status === 201 ? 'Created.' : 'OK.';
}
