/**
 * The typed client of the Drawhouse API, used only by loaders and actions (the browser never talks
 * to the API). It learns base paths and versions from GET /discover, signs every request, maps
 * snake_case keys to camelCase and back, caches anonymous GETs for their contract lifetimes, and
 * turns failures into errors a page can show. Every call names the contract schema of its answer:
 * the result is typed from it, and outside production the answer is checked against it.
 */
import { createHash, randomUUID } from 'node:crypto';
import { DiscoverySchema, type Envelope, type Message, type ServiceDescription } from '@drawhouse/contract';
import {
  API_TRANSFORM_ERROR_STATUS,
  apiErrorMessage,
  apiTransformErrorMessage,
  cleanIdentifier,
  DISCOVERY_URL_NOT_SET_MESSAGE,
} from '@drawhouse/domain';
import type { z } from 'zod';
import { toCamelDeep, toSnakeDeep } from './case';
import { checkApiAnswers, DEV_WEB_APP_SECRET } from './config.server';
import { TtlCache } from './ttl-cache';

export type ServiceName = 'main' | 'cms' | 'customer-verify' | 'rewards' | 'social';

/** Who is calling: read from the visitor's cookies, never from the browser directly. */
export type ApiCaller = {
  customerToken?: string;
  customerId?: string;
  sessionId?: string;
  deviceId?: string;
  subVariant?: string;
  requestId?: string;
  /** The visitor's IP address: the API counts its rate limits per visitor, not per web server. */
  clientAddress?: string;
};

export type ApiFieldError = Message;

export type ApiEnvelope<T> = Envelope<T>;

/** Any contract schema: the answer's `result` is typed from (and checked against) it. */
export type AnswerSchema = z.ZodType;
/** The result a schema describes. */
export type Answer<S extends AnswerSchema> = z.output<S>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** X-Api-Version; the service's default version when absent. */
  version?: string;
  caller?: ApiCaller;
  signal?: AbortSignal;
  /** Overrides the lifetime the contract gives this GET; 0 turns caching off. */
  cacheMs?: number;
  /** Money-moving calls: the same key for every retry of one attempt, so the API charges once. */
  idempotencyKey?: string;
};

/** A 4xx answer (or a request that got no answer): something the page can show or act on. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: Record<string, ApiFieldError[]>;
  readonly url: string;
  /** The failure envelope's `result`, camelCased (2fa_required names the method there). */
  readonly result: unknown;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    url: string;
    fieldErrors?: Record<string, ApiFieldError[]>;
    result?: unknown;
    cause?: unknown;
  }) {
    super(init.message, { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.url = init.url;
    this.fieldErrors = init.fieldErrors ?? {};
    this.result = init.result;
  }
}

/**
 * An answer that does not match its contract schema: a bug on one side of the wire, never the
 * visitor's doing, so it is not an ApiError (which pages show) but a loud failure of the page.
 */
export class ContractMismatchError extends Error {
  override readonly name = 'ContractMismatchError';
  readonly url: string;
  readonly issues: z.core.$ZodIssue[];

  constructor(url: string, issues: z.core.$ZodIssue[]) {
    const where = issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || '(result)'}: ${issue.message}`)
      .join('; ');
    super(`The answer of ${url} does not match its contract: ${where}`);
    this.url = url;
    this.issues = issues;
  }
}

export type ApiClientOptions = {
  baseUrl: string;
  appKey: string;
  appSecret: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Unix time in milliseconds. */
  now?: () => number;
  /** Check every answer against its schema (off in production unless CHECK_API_ANSWERS=1). */
  checkAnswers?: boolean;
};

export const REQUEST_TIMEOUT_MS = 10_000;

/** What an Idempotency-Key may be (a UUID and the like); anything else is not sent. */
const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * How long an anonymous answer holding draws (offers with their draws on sale, results, statistics)
 * is reused here: the API drops its own copy the moment a draw closes or is published, but cannot
 * reach this process, so the storefront asks again this often (ADR 038). The API answers those from
 * its cache, and an unchanged answer keeps its objects, so rendered pages are still reused.
 */
export const DRAWS_LIFETIME_MS = 3 * SECOND;

/**
 * How long an anonymous answer holding content the back office edits (the site config with the
 * sitewide banner and the navigation, pages, the config API) is reused here: the API drops its own
 * copy within a second of a save, in every process, but cannot reach this one, so a saved banner,
 * page or navigation shows on the shop's pages within about 7 s (ADR 064), as draws do. The API answers
 * those requests from its cache, and an unchanged answer keeps its objects.
 */
export const CONTENT_LIFETIME_MS = DRAWS_LIFETIME_MS;

/** Answers of the main service that list draws or results. */
const HOLDS_DRAWS = /(^|\/)product_offers$|\/past\/result_keys$|^\/draws?\/|^\/statistics\//;

/** How long an anonymous answer may be reused (docs/api/catalogue.md, "Caching"). */
export function cacheLifetimeMs(service: ServiceName, path: string): number {
  if (service === 'main') {
    if (HOLDS_DRAWS.test(path)) return DRAWS_LIFETIME_MS;
    if (path === '/tips') return 18 * MINUTE;
    if (path === '/branding') return 24 * HOUR;
    return MINUTE;
  }
  if (service === 'cms') {
    if (path === '/items/theme' || path === '/theme') return 10 * MINUTE;
    if (
      path.startsWith('/items/') ||
      path.startsWith('/blog/') ||
      path === '/navigation' ||
      path === '/components'
    ) {
      return CONTENT_LIFETIME_MS;
    }
    return MINUTE;
  }
  // The giveaways open and opening next, and the winners, change as giveaways are made and drawn.
  if (service === 'rewards' && (path === '/v3/draws' || path === '/v3/winners')) return DRAWS_LIFETIME_MS;
  return MINUTE;
}

/** Hex SHA-256 of app key, timestamp, app secret and customer token ('' when anonymous), in that order. */
export function requestSignature(appKey: string, timestamp: string, appSecret: string, customerToken = '') {
  return createHash('sha256').update(`${appKey}${timestamp}${appSecret}${customerToken}`).digest('hex');
}

/** The first server message text, else "The API responded with a {status} error ..." */
export function errorMessageOf(status: number, url: string, messages: unknown): string {
  if (Array.isArray(messages)) {
    const first = messages.find(
      (m): m is { message: string } => typeof m === 'object' && m !== null && typeof m.message === 'string',
    );
    if (first && first.message !== '') return first.message;
  }
  return apiErrorMessage(status, url);
}

function fieldErrorsOf(errors: unknown): Record<string, ApiFieldError[]> {
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return {};
  const out: Record<string, ApiFieldError[]> = {};
  for (const [target, list] of Object.entries(errors)) {
    if (!Array.isArray(list)) continue;
    out[target] = list
      .filter((e): e is { code?: unknown; message: string } => typeof e?.message === 'string')
      .map((e) => ({ code: typeof e.code === 'string' ? e.code : 'invalid', message: e.message }));
  }
  return out;
}

export type ApiClient = ReturnType<typeof createApiClient>;

type CachedAnswer = { text: string; envelope: ApiEnvelope<unknown> };

export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const checkAnswers = options.checkAnswers ?? checkApiAnswers();
  const cache = new TtlCache();

  /** The answer's result as its schema types it; checked first unless checks are off. */
  function checked<S extends AnswerSchema>(schema: S, url: string, envelope: ApiEnvelope<unknown>) {
    if (checkAnswers) {
      const parsed = schema.safeParse(envelope.result);
      if (!parsed.success) throw new ContractMismatchError(url, parsed.error.issues);
    }
    // The checked (or, in production, trusted) answer is handed on as read, not as parsed, so
    // production and checked runs see the same objects.
    return envelope as ApiEnvelope<Answer<S>>;
  }
  let discovery: Promise<Map<string, ServiceDescription>> | undefined;

  function headersFor(
    caller: ApiCaller,
    version: string | undefined,
    hasBody: boolean,
    idempotencyKey?: string,
  ): Headers {
    const timestamp = String(Math.floor(now() / 1000));
    const token = caller.customerToken ?? '';
    const headers = new Headers({
      Accept: 'application/json',
      'X-App-Key': options.appKey,
      'X-Timestamp': timestamp,
      'X-Signature': requestSignature(options.appKey, timestamp, options.appSecret, token),
      'X-Request-Id': cleanIdentifier(caller.requestId) ?? randomUUID(),
    });
    if (version) headers.set('X-Api-Version', version);
    if (hasBody) headers.set('Content-Type', 'application/json');
    if (idempotencyKey && IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
      headers.set('Idempotency-Key', idempotencyKey);
    }
    if (token) headers.set('Authorization', `Bearer ${token}`);
    if (caller.clientAddress && /^[0-9a-fA-F:.]{2,64}$/.test(caller.clientAddress)) {
      headers.set('X-Forwarded-For', caller.clientAddress);
    }
    const optional: [string, string | undefined][] = [
      ['X-Session-Id', caller.sessionId],
      ['X-Sub-Variant', caller.subVariant],
      ['X-Customer-Id', caller.customerId],
      ['X-Device-Id', caller.deviceId],
    ];
    for (const [name, value] of optional) {
      const clean = cleanIdentifier(value);
      if (clean) headers.set(name, clean);
    }
    return headers;
  }

  /** One request, answered with the whole camelCased envelope and the text it was read from. */
  async function sendForText(
    url: string,
    method: string,
    body: unknown,
    version: string | undefined,
    caller: ApiCaller,
    signal: AbortSignal | undefined,
    idempotencyKey?: string,
  ): Promise<{ text: string; envelope: ApiEnvelope<unknown> }> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        // A FormData (documents sent as multipart) goes as it is: fetch writes its boundary.
        headers: headersFor(
          caller,
          version,
          body !== undefined && !(body instanceof FormData),
          idempotencyKey,
        ),
        body: body === undefined || body instanceof FormData ? body : JSON.stringify(toSnakeDeep(body)),
        signal: combined,
      });
    } catch (error) {
      // A request the caller aborted is rejected as it is, for the caller to ignore.
      if (signal?.aborted) throw error;
      const timedOut = timeout.aborted;
      throw new ApiError({
        status: 408,
        code: timedOut ? 'timeout' : 'network_error',
        message: timedOut
          ? `The API did not answer within ${timeoutMs} ms when requesting the following url: ${url}`
          : `The API could not be reached when requesting the following url: ${url}`,
        url,
        cause: error,
      });
    }

    if (response.status >= 500) {
      let code = 'server_error';
      try {
        const parsed = (await response.json()) as { error?: { code?: unknown } };
        if (typeof parsed?.error?.code === 'string') code = parsed.error.code;
      } catch {
        // 5xx bodies carry no details the page needs; the status alone picks the error page.
      }
      throw new Response(JSON.stringify({ code, status: response.status }), {
        status: response.status,
        statusText: response.statusText,
        headers: { 'Content-Type': 'application/json' },
      });
    }

    let parsed: unknown;
    let text: string;
    try {
      text = await response.text();
      parsed = text === '' ? {} : JSON.parse(text);
    } catch (error) {
      throw new ApiError({
        status: API_TRANSFORM_ERROR_STATUS,
        code: 'invalid_json',
        message: apiTransformErrorMessage(url),
        url,
        cause: error,
      });
    }

    if (response.status >= 400) {
      const envelope = (parsed ?? {}) as {
        error?: { code?: unknown; message?: unknown };
        errors?: unknown;
        messages?: unknown;
        result?: unknown;
      };
      throw new ApiError({
        status: response.status,
        code: typeof envelope.error?.code === 'string' ? envelope.error.code : `http_${response.status}`,
        message: errorMessageOf(response.status, url, envelope.messages),
        url,
        fieldErrors: toCamelFieldErrors(fieldErrorsOf(envelope.errors)),
        result: envelope.result === undefined ? undefined : toCamelDeep(envelope.result),
      });
    }

    const envelope = toCamelDeep(parsed) as Partial<ApiEnvelope<unknown>>;
    return {
      text,
      envelope: {
        result: envelope.result,
        pageInfo: envelope.pageInfo,
        links: envelope.links,
        messages: Array.isArray(envelope.messages) ? envelope.messages : [],
      },
    };
  }

  async function send(
    url: string,
    method: string,
    body: unknown,
    version: string | undefined,
    caller: ApiCaller,
    signal: AbortSignal | undefined,
    idempotencyKey?: string,
  ): Promise<ApiEnvelope<unknown>> {
    return (await sendForText(url, method, body, version, caller, signal, idempotencyKey)).envelope;
  }

  function discover(caller: ApiCaller = {}): Promise<Map<string, ServiceDescription>> {
    if (!baseUrl) return Promise.reject(new Error(DISCOVERY_URL_NOT_SET_MESSAGE));
    const url = `${baseUrl}/discover`;
    discovery ??= send(url, 'GET', undefined, undefined, caller, undefined).then((envelope) => {
      const { services } = checked(DiscoverySchema, url, envelope).result;
      return new Map(services.map((service) => [service.name, service]));
    });
    // A failed discovery is tried again by the next request.
    discovery.catch(() => {
      discovery = undefined;
    });
    return discovery;
  }

  async function request<S extends AnswerSchema>(
    schema: S,
    service: ServiceName,
    path: string,
    requestOptions: RequestOptions = {},
  ): Promise<ApiEnvelope<Answer<S>>> {
    const { method = 'GET', query, body, caller = {}, signal, idempotencyKey } = requestOptions;
    const services = await discover(caller);
    const description = services.get(service);
    if (!description) {
      throw new ApiError({
        status: 404,
        code: 'service_not_found',
        message: `The API offers no ${service} service`,
        url: `${baseUrl}/discover`,
      });
    }
    const version = requestOptions.version ?? description.defaultVersion;
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) search.set(key, String(value));
    }
    const queryString = search.size > 0 ? `?${search}` : '';
    const url = `${baseUrl}${description.basePath}${path}${queryString}`;

    const lifetime = requestOptions.cacheMs ?? cacheLifetimeMs(service, path);
    const cacheable = method === 'GET' && lifetime > 0 && !caller.customerToken;
    if (!cacheable) {
      return checked(schema, url, await send(url, method, body, version, caller, signal, idempotencyKey));
    }
    const key = `${version} ${caller.subVariant ?? ''} ${url}`;
    const cached = await cache.getOrLoad<CachedAnswer>(key, lifetime, async (previous) => {
      const fresh = await sendForText(
        url,
        method,
        body,
        version,
        { ...caller, customerToken: undefined },
        undefined,
      );
      // An unchanged answer keeps its objects, so everything built from them stays valid.
      if (previous && previous.text === fresh.text) return previous;
      checked(schema, url, fresh.envelope);
      return fresh;
    });
    return cached.envelope as ApiEnvelope<Answer<S>>;
  }

  /**
   * A signed GET answered as the raw Response (files: logos and images). Failures to connect are
   * ApiErrors like any other call; the status is left for the caller to read.
   */
  async function raw(service: ServiceName, path: string, caller: ApiCaller = {}): Promise<Response> {
    const services = await discover(caller);
    const description = services.get(service);
    const url = `${baseUrl}${description?.basePath ?? ''}${path}`;
    if (!description) {
      throw new ApiError({
        status: 404,
        code: 'service_not_found',
        message: `The API offers no ${service} service`,
        url,
      });
    }
    try {
      return await doFetch(url, {
        headers: headersFor(caller, description.defaultVersion, false),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ApiError({
        status: 408,
        code: 'network_error',
        message: `The API could not be reached when requesting the following url: ${url}`,
        url,
        cause: error,
      });
    }
  }

  /** A signed call to a path at the API's root, outside the services (/dev/mailbox). Never cached. */
  async function rootRequest<S extends AnswerSchema>(
    schema: S,
    path: string,
    requestOptions: Pick<RequestOptions, 'method' | 'caller'> = {},
  ): Promise<ApiEnvelope<Answer<S>>> {
    if (!baseUrl) throw new Error(DISCOVERY_URL_NOT_SET_MESSAGE);
    const { method = 'GET', caller = {} } = requestOptions;
    const url = `${baseUrl}${path}`;
    return checked(schema, url, await send(url, method, undefined, undefined, caller, undefined));
  }

  return {
    discover,
    request,
    raw,
    rootRequest,
    /** GET and hand back only `result`. */
    async get<S extends AnswerSchema>(
      schema: S,
      service: ServiceName,
      path: string,
      requestOptions: Omit<RequestOptions, 'method' | 'body'> = {},
    ): Promise<Answer<S>> {
      return (await request(schema, service, path, requestOptions)).result;
    },
    clearCache() {
      cache.clear();
      discovery = undefined;
    },
  };
}

function toCamelFieldErrors(errors: Record<string, ApiFieldError[]>): Record<string, ApiFieldError[]> {
  return toCamelDeep(errors) as Record<string, ApiFieldError[]>;
}

export function apiConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ApiClientOptions {
  return {
    baseUrl: env.API_URL ?? 'http://localhost:4000',
    appKey: env.WEB_APP_KEY ?? 'drawhouse-web',
    appSecret: env.WEB_APP_SECRET ?? DEV_WEB_APP_SECRET,
  };
}

/** The process-wide client of the storefront server. */
export const api = createApiClient(apiConfigFromEnv());
