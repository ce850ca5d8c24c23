import Router, { type HTTPMethod } from 'find-my-way';

export type RouteEntry = { method: string; url: string };

/**
 * Every route the app registered, matched the way Fastify's own router matches (same library and
 * options), so that an address the app knows can be told from one it does not: the first gets 405
 * with the methods it takes, the second 404.
 */
export class RouteTable {
  private readonly router;
  private readonly methods = new Set<string>();
  /** The methods of each address that is a path of its own (no parameter in it). */
  private readonly fixed = new Map<string, Set<string>>();
  readonly entries: RouteEntry[] = [];

  constructor(maxParamLength: number) {
    this.router = Router({ maxParamLength });
  }

  add(methods: string | string[], url: string): void {
    // The CORS preflight answers OPTIONS on every address: it says nothing about which ones exist.
    if (url === '*' || url === '/*') return;
    for (const method of Array.isArray(methods) ? methods : [methods]) {
      if (this.entries.some((e) => e.method === method && e.url === url)) continue;
      this.entries.push({ method, url });
      this.methods.add(method);
      this.router.on(method as HTTPMethod, url, () => {});
      if (!url.includes(':') && !url.includes('*')) {
        this.fixed.set(url, (this.fixed.get(url) ?? new Set()).add(method));
      }
    }
  }

  /**
   * The methods of `path` when it is an address of its own (`/v2/funds/bank-account`), else none: a
   * request that a parametric route (`DELETE /v2/funds/:id`) caught there with another method is
   * answered 405 with these, not handed to that route.
   */
  fixedMethods(path: string): string[] {
    const methods = this.fixed.get(path);
    return methods ? [...methods].sort() : [];
  }

  /** The methods registered for the address of `url` (path and query), in a stable order. */
  allowed(url: string): string[] {
    return [...this.methods].filter((m) => this.router.find(m as HTTPMethod, url) !== null).sort();
  }
}
