/**
 * Rendered HTML by the inputs that decide it: the URL, the status and the data of every route
 * (loader data and route error responses). Pages with action data or unexpected errors are not
 * kept. Bounded by entries and bytes; the least recently used page goes first. Pages are kept with
 * the places of their stand-in nonce, which every answer replaces (page-nonce.server.ts).
 */
import type { EntryContext } from 'react-router';
import type { NoncedPage } from './page-nonce.server';

const MAX_KEY_LENGTH = 256 * 1024;

function isRouteErrorLike(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    'status' in value &&
    'internal' in value &&
    typeof (value as { status: unknown }).status === 'number'
  );
}

/**
 * Loader results that are memoised and never changed (the shell, the offer lists) get a number the
 * first time they are seen, so the key names them by that number instead of by their whole text.
 */
const stableIds = new WeakMap<object, number>();
let nextStableId = 1;

export function markStable<T extends object>(value: T): T {
  if (!stableIds.has(value)) stableIds.set(value, nextStableId++);
  return value;
}

function dataKey(loaderData: Record<string, unknown>): string {
  let key = '';
  for (const [routeId, value] of Object.entries(loaderData)) {
    const id = typeof value === 'object' && value !== null ? stableIds.get(value) : undefined;
    key += `${routeId}=${id === undefined ? JSON.stringify(value) : `#${id}`}\n`;
  }
  return key;
}

export function renderCacheKey(request: Request, status: number, routerContext: EntryContext): string | null {
  const context = routerContext.staticHandlerContext;
  if (request.method !== 'GET' || routerContext.isSpaMode) return null;
  if (context.actionData && Object.keys(context.actionData).length > 0) return null;
  const errors = context.errors ? Object.values(context.errors) : [];
  if (!errors.every(isRouteErrorLike)) return null;
  let data: string;
  try {
    data = `${dataKey(context.loaderData ?? {})}${JSON.stringify(context.errors)}`;
  } catch {
    return null;
  }
  const key = `${status} ${request.url}\n${data}`;
  return key.length > MAX_KEY_LENGTH ? null : key;
}

export class RenderCache {
  private readonly pages = new Map<string, NoncedPage>();
  private bytes = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;

  constructor(options: { maxEntries: number; maxBytes: number }) {
    this.maxEntries = options.maxEntries;
    this.maxBytes = options.maxBytes;
  }

  get(key: string): NoncedPage | undefined {
    const page = this.pages.get(key);
    if (page) {
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }

  set(key: string, page: NoncedPage): void {
    const size = page.html.length + key.length;
    if (size > this.maxBytes) return;
    const previous = this.pages.get(key);
    if (previous) {
      this.pages.delete(key);
      this.bytes -= previous.html.length + key.length;
    }
    this.pages.set(key, page);
    this.bytes += size;
    while (this.pages.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.pages.keys().next().value;
      if (oldest === undefined) break;
      const page = this.pages.get(oldest);
      this.pages.delete(oldest);
      this.bytes -= (page?.html.length ?? 0) + oldest.length;
    }
  }

  get size(): number {
    return this.pages.size;
  }
}
