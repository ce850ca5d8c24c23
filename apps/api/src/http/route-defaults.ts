import type { FastifyInstance } from 'fastify';
import { methodNotAllowed } from './error-handler.ts';
import { formFits } from './form-body.ts';
import { MAX_PARAM_LENGTH } from './limits.ts';
import { RouteTable } from './route-table.ts';

/**
 * What every route gets from what it declares, as it is registered (before any module): its body
 * limit stays within the service's ceiling (routes that declare none take the small default the
 * server is built with), it takes form-encoded bodies when its body schema is flat text, and it is
 * recorded for the 405 answers. Registered first, so that it sees every route.
 */
export function registerRouteDefaults(app: FastifyInstance, bodyLimitCeiling: number): RouteTable {
  const table = new RouteTable(MAX_PARAM_LENGTH);
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    if (route.bodyLimit !== undefined) route.bodyLimit = Math.min(route.bodyLimit, bodyLimitCeiling);
    const acceptsForm = route.config?.acceptsForm ?? formFits(route.schema?.body);
    route.config = { ...route.config, acceptsForm };
    table.add(route.method, route.url);
  });
  // A parametric route never answers at another route's own address: that address with a method
  // it does not take is 405 with the methods it does (as the not-found handler answers).
  // A plain hook, not an async one: it runs on every request and needs no promise.
  app.addHook('onRequest', (request, reply, done) => {
    const matched = request.routeOptions.url;
    if (!matched?.includes(':')) return done();
    const path = request.url.split('?')[0] ?? '';
    const allowed = table.fixedMethods(path);
    if (allowed.length === 0 || allowed.includes(request.method)) return done();
    methodNotAllowed(reply, request.method, path, allowed);
  });
  return table;
}
