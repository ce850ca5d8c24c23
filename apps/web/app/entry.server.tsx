import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { RenderCache, renderCacheKey } from './lib/render-cache.server';

export const streamTimeout = 5_000;

/**
 * Rendered pages by their inputs. React rendering is most of the cost of a page; two requests for
 * the same URL with the same loader data render the same HTML (cookies travel in headers, not in
 * the body), so the HTML of the last inputs is reused. Loader data carries the time it was made
 * (to the second), so a page is never older than its data.
 */
const renderCache = new RenderCache({ maxEntries: 200, maxBytes: 32 * 1024 * 1024 });
const rendering = new Map<string, Promise<Uint8Array<ArrayBuffer> | undefined>>();

function cachedResponse(
  html: Uint8Array<ArrayBuffer>,
  routerContext: EntryContext,
  status: number,
  responseHeaders: Headers,
): Response {
  // The page's data was encoded for this request too; it is not needed.
  routerContext.serverHandoffStream?.cancel().catch(() => undefined);
  return htmlResponse(html, status, responseHeaders);
}

function htmlResponse(body: BodyInit, status: number, responseHeaders: Headers): Response {
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(body, { headers: responseHeaders, status });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const key = isPersonal(request, responseHeaders)
    ? null
    : renderCacheKey(request, responseStatusCode, routerContext);
  if (key !== null) {
    const cached = renderCache.get(key);
    if (cached) return cachedResponse(cached, routerContext, responseStatusCode, responseHeaders);
    // Requests that arrive while the same page renders wait for that render instead of repeating it.
    const running = rendering.get(key);
    if (running) {
      return running.then((page) =>
        page
          ? cachedResponse(page, routerContext, responseStatusCode, responseHeaders)
          : renderStreaming(routerContext, request, responseStatusCode, responseHeaders),
      );
    }
    const render = renderWhole(routerContext, request, responseStatusCode);
    const page = render.then(
      (result) => (result.ok ? result.html : undefined),
      () => undefined,
    );
    rendering.set(key, page);
    page.then((html) => {
      rendering.delete(key);
      if (html) renderCache.set(key, html);
    });
    return render.then((result) => htmlResponse(result.html, result.status, responseHeaders));
  }
  return renderStreaming(routerContext, request, responseStatusCode, responseHeaders);
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

type WholePage = { html: Uint8Array<ArrayBuffer>; status: number; ok: boolean };

/** Renders the whole page before answering; `ok` when nothing failed, so that it may be kept. */
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
      <ServerRouter context={routerContext} url={request.url} />,
      {
        onAllReady() {
          const chunks: Buffer[] = [];
          const sink = new PassThrough();
          sink.on('data', (chunk: Buffer) => chunks.push(chunk));
          sink.on('end', () => {
            clearTimeout(timeoutId);
            resolve({ html: new Uint8Array(Buffer.concat(chunks)), status, ok: !failed });
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
      <ServerRouter context={routerContext} url={request.url} />,
      {
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
