import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { ApiError } from './lib/api.server';
import { FrontCache } from './lib/front-cache.server';
import { createNonce, NONCE_STAND_IN, type NoncedPage, noncedPage, withNonce } from './lib/page-nonce.server';
import { RenderCache, renderCacheKey } from './lib/render-cache.server';
import { securityHeaders } from './lib/security-headers.server';

// server.mjs takes these from the build: the startup checks and the headers of every other answer.
export { startupProblems } from './lib/config.server';
export { securityHeaders } from './lib/security-headers.server';

export const streamTimeout = 5_000;

const production = process.env.NODE_ENV === 'production';
const development = process.env.NODE_ENV === 'development';

/**
 * Rendered pages by their inputs. React rendering is most of the cost of a page; two requests for
 * the same URL with the same loader data render the same HTML (cookies travel in headers, not in
 * the body), so the HTML of the last inputs is reused. Loader data carries the time it was made
 * (to the second), so a page is never older than its data.
 */
const renderCache = new RenderCache({ maxEntries: 200, maxBytes: 32 * 1024 * 1024 });
const rendering = new Map<string, Promise<NoncedPage | undefined>>();

/**
 * Shared pages of anonymous visitors, answered by server.mjs before React Router runs (ADR 041):
 * each page kept by the render cache is offered to it with the request, and server.mjs keeps it once
 * the response leaves the middleware with nothing of the visitor's own.
 */
export const frontCache = new FrontCache({ maxEntries: 200 });

function cachedResponse(
  page: NoncedPage,
  request: Request,
  routerContext: EntryContext,
  status: number,
  responseHeaders: Headers,
  nonce: string,
): Response {
  // The page's data was encoded for this request too; it is not needed.
  routerContext.serverHandoffStream?.cancel().catch(() => undefined);
  frontCache.offer(request, page, nonce);
  return htmlResponse(withNonce(page, nonce), status, responseHeaders);
}

function htmlResponse(body: BodyInit, status: number, responseHeaders: Headers): Response {
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(body, { headers: responseHeaders, status });
}

/** The security headers of a page, with the nonce its inline scripts carry. */
function setPageHeaders(request: Request, responseHeaders: Headers, nonce?: string): void {
  const https = production && new URL(request.url).protocol === 'https:';
  for (const [name, value] of securityHeaders({ nonce, https, development })) {
    responseHeaders.set(name, value);
  }
}

export default function handleRequest(
  request: Request,
  loaderStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  const limited = rateLimited(routerContext, loaderStatusCode);
  const responseStatusCode = limited ? 429 : loaderStatusCode;
  if (limited) responseHeaders.set('Retry-After', '60');
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    setPageHeaders(request, responseHeaders);
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = createNonce();
  setPageHeaders(request, responseHeaders, nonce);

  const key = isPersonal(request, responseHeaders)
    ? null
    : renderCacheKey(request, responseStatusCode, routerContext);
  if (key !== null) {
    const cached = renderCache.get(key);
    if (cached)
      return cachedResponse(cached, request, routerContext, responseStatusCode, responseHeaders, nonce);
    // Requests that arrive while the same page renders wait for that render instead of repeating it.
    const running = rendering.get(key);
    if (running) {
      return running.then((page) =>
        page
          ? cachedResponse(page, request, routerContext, responseStatusCode, responseHeaders, nonce)
          : renderStreaming(routerContext, request, responseStatusCode, responseHeaders, nonce),
      );
    }
    const render = renderWhole(routerContext, request, responseStatusCode);
    const page = render.then(
      (result) => (result.ok ? result.page : undefined),
      () => undefined,
    );
    rendering.set(key, page);
    page.then((kept) => {
      rendering.delete(key);
      if (kept) renderCache.set(key, kept);
    });
    return render.then((result) => {
      if (result.ok) frontCache.offer(request, result.page, nonce);
      return htmlResponse(withNonce(result.page, nonce), result.status, responseHeaders);
    });
  }
  return renderStreaming(routerContext, request, responseStatusCode, responseHeaders, nonce);
}

/**
 * A page whose data the API refused because this visitor asked too often answers 429 (with the
 * server-busy page), not 500: nothing failed, and a client that honours Retry-After comes back later.
 */
function rateLimited(routerContext: EntryContext, status: number): boolean {
  if (status !== 500) return false;
  const errors = Object.values(routerContext.staticHandlerContext.errors ?? {});
  return errors.some((error) => error instanceof ApiError && error.status === 429);
}

/**
 * Pages of a signed-in customer, pages with a one-off message, and pages that say they are private
 * (route `headers`) are never kept: the render cache is for pages that many visitors share.
 */
function isPersonal(request: Request, responseHeaders: Headers): boolean {
  // A signed-in customer, a sign-in waiting for its code, or a one-off message on the page.
  if (/(?:^|;\s*)dh_(session|pending|flash)=/.test(request.headers.get('Cookie') ?? '')) return true;
  return /\b(private|no-store)\b/.test(responseHeaders.get('Cache-Control') ?? '');
}

type WholePage = { page: NoncedPage; status: number; ok: boolean };

/**
 * Renders the whole page before answering, with the stand-in nonce that each answer replaces with
 * its own; `ok` when nothing failed, so that it may be kept.
 */
function renderWhole(
  routerContext: EntryContext,
  request: Request,
  responseStatusCode: number,
): Promise<WholePage> {
  return new Promise((resolve, reject) => {
    let status = responseStatusCode;
    let failed = false;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={NONCE_STAND_IN} />,
      {
        nonce: NONCE_STAND_IN,
        onAllReady() {
          const chunks: Buffer[] = [];
          const sink = new PassThrough();
          sink.on('data', (chunk: Buffer) => chunks.push(chunk));
          sink.on('end', () => {
            clearTimeout(timeoutId);
            const html = new Uint8Array(Buffer.concat(chunks));
            resolve({ page: noncedPage(html), status, ok: !failed });
          });
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          failed = true;
          status = 500;
          console.error(error);
        },
      },
    );
  });
}

/** React Router's default: stream the page as it renders (bots get it whole). */
function renderStreaming(
  routerContext: EntryContext,
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  nonce: string,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let status = responseStatusCode;
    const userAgent = request.headers.get('user-agent');
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          pipe(body);
          resolve(htmlResponse(stream, status, responseHeaders));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
