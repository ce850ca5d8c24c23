/**
 * Operators: their API tokens (the command line), back office sessions, roles, invitations, and the
 * audit log every operator action writes in its own transaction.
 */
import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { type OperatorAuth, operatorAuthHook, type RouteRole, routeRole } from './operator-auth.ts';
import { createOperatorSessions, type OperatorSessions } from './operator-sessions.service.ts';

export {
  type Actor,
  type AuditChange,
  COMMAND_LINE,
  cliActor,
  recordAudit,
  recordCommandLineAudit,
} from './audit.ts';
export {
  ADMIN_RATE_LIMIT,
  actorOf,
  RECENT_SIGN_IN_MINUTES,
  type RouteRole,
  routeRole,
  signedInOperator,
} from './operator-auth.ts';
export {
  checkOperatorName,
  createOperator,
  DEMO_OPERATOR,
  type Operator,
  operatorOfToken,
} from './operator-tokens.ts';
export { operatorsModule } from './operators.routes.ts';
export { inviteOperator } from './operators-admin.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The /admin routes' check: `preValidation: app.operatorAuth('finance')`. */
    operatorAuth: OperatorAuth;
    operatorSessions: OperatorSessions;
    /** Every /admin route with the role its operator check asks for (none: open to anyone). */
    adminRoutes: AdminRoute[];
  }
}

/**
 * What the services of an /admin module that edits the shop take: the database, the clock, and
 * `changed`, which drops this process's cached answers after an edit so the API answers it at once.
 */
export function adminServiceDeps(app: FastifyInstance) {
  return {
    db: app.deps.db,
    now: () => app.deps.now?.() ?? new Date(),
    changed: () => app.responseCache.clear(),
  };
}

export type AdminRoute = { method: string; url: string; role: RouteRole | undefined };

/**
 * Wires the operators' check once for the app, on the root instance before any /admin module, and
 * lists the /admin routes as they are made, with their role (the role walk test reads the list).
 */
export async function provideOperators(app: FastifyInstance): Promise<void> {
  const adminRoutes: AdminRoute[] = [];
  app.decorate('adminRoutes', adminRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/admin')) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') adminRoutes.push({ method, url: route.url, role: routeRole(route) });
    }
  });
  await app.register(cookie);
  const { db, config } = app.deps;
  const sessions = createOperatorSessions({
    db,
    now: () => app.deps.now?.() ?? new Date(),
    jwtSecret: config.jwtSecret,
  });
  app.decorate('operatorSessions', sessions);
  app.decorate(
    'operatorAuth',
    operatorAuthHook(db, sessions, () => app.deps.now?.() ?? new Date()),
  );
}
