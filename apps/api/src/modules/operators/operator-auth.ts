/**
 * Who calls an /admin route, and whether they may. A back office browser holds a session cookie
 * (`dh_operator`, `{session id}.{secret}`); the command line and scripts send an operator token
 * (`Authorization: Bearer <token>`). Either way the operator must hold the role the route names,
 * else 403. A change made with a session must carry `X-Drawhouse-Admin: 1`, which a page of another
 * site cannot send without the API's consent (it gives none), so a forged form changes nothing.
 */
import { ADMIN_REQUEST_HEADER, type OperatorRole } from '@drawhouse/contract';
import type { Database } from '@drawhouse/db';
import type { FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from '../../http/errors.ts';
import { signInHook } from '../../http/sign-in.ts';
import type { Actor } from './audit.ts';
import { type OperatorSessions, SESSION_COOKIE } from './operator-sessions.service.ts';
import { type Operator, operatorOfToken } from './operator-tokens.ts';

/**
 * Operators' calls per address and minute, counted when the request arrives (before the token or
 * session is checked), so guessing is throttled too; a wrong token also costs an argon2 check.
 */
export const ADMIN_RATE_LIMIT = { max: 120, timeWindow: 60_000, hook: 'onRequest' as const };

/** `any`: every signed-in operator (their own session, the Today counts). */
export type RouteRole = OperatorRole | 'any';

const actorKey = Symbol('operatorActor');
type WithActor = FastifyRequest & { [actorKey]?: Actor };

const ROLE = Symbol('operatorRole');
type Marked = { [ROLE]?: RouteRole };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Where a request comes from, for the audit log and the session's record. */
export function requestContext(request: FastifyRequest) {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : undefined, requestId: request.id };
}

/**
 * How recent a session's sign-in must be for a sensitive change (inviting an operator, changing one's
 * roles, ending their sessions): a stolen session cookie cannot give anyone rights after this, without
 * the password and the authenticator code again.
 */
export const RECENT_SIGN_IN_MINUTES = 10;

export type RouteCheck = {
  /** Sessions signed in more than RECENT_SIGN_IN_MINUTES ago are refused (403 recent_sign_in_required). */
  recentSignIn?: boolean;
};

export function operatorAuthHook(db: Database, sessions: OperatorSessions, now: () => Date) {
  return (role: RouteRole, check: RouteCheck = {}) => {
    const hook = signInHook(async (request: FastifyRequest) => {
      const { actor, signedInAt } = await actorOf(request);
      if (role !== 'any' && !actor.operator.roles.includes(role)) {
        throw new AppError(403, 'role_required', `This needs the ${role} role.`);
      }
      if (
        check.recentSignIn &&
        signedInAt &&
        now().getTime() - signedInAt.getTime() > RECENT_SIGN_IN_MINUTES * 60_000
      ) {
        throw new AppError(
          403,
          'recent_sign_in_required',
          `Sign in again to do this: it needs a sign-in of the last ${RECENT_SIGN_IN_MINUTES} minutes.`,
        );
      }
      (request as WithActor)[actorKey] = actor;
    }, 'required');
    (hook as Marked)[ROLE] = role;
    return hook;
  };

  /** The actor, and for a session when it signed in (a token is its own credential every time). */
  async function actorOf(request: FastifyRequest): Promise<{ actor: Actor; signedInAt?: Date }> {
    const auth = request.headers.authorization;
    if (typeof auth === 'string' && auth.startsWith('Bearer ')) {
      const operator = await operatorOfToken(db, auth.slice(7).trim());
      if (!operator) throw unauthorised();
      return { actor: { operator, via: 'token', ...requestContext(request) } };
    }
    const cookie = request.cookies?.[SESSION_COOKIE];
    const found = cookie ? await sessions.sessionOf(cookie) : undefined;
    if (!found) throw unauthorised();
    if (!SAFE_METHODS.has(request.method) && request.headers[ADMIN_REQUEST_HEADER] !== '1') {
      throw new AppError(403, 'admin_header_required', `A change needs the ${ADMIN_REQUEST_HEADER} header.`);
    }
    return {
      actor: { operator: found.operator, via: 'back_office', ...requestContext(request) },
      signedInAt: found.signedInAt,
    };
  }
}

export type OperatorAuth = ReturnType<typeof operatorAuthHook>;

function unauthorised(): AppError {
  return new AppError(401, 'unauthorised', 'Sign in to the back office (or send an operator token).');
}

/** The role a route's operator check asks for (the role walk test reads it). */
export function routeRole(route: Pick<RouteOptions, 'preValidation'>): RouteRole | undefined {
  for (const hook of [route.preValidation].flat()) {
    const role = hook ? (hook as Marked)[ROLE] : undefined;
    if (role) return role;
  }
  return undefined;
}

/** Who acts, on a route behind the operator check. */
export function actorOf(request: FastifyRequest): Actor {
  const actor = (request as WithActor)[actorKey];
  if (!actor) throw unauthorised();
  return actor;
}

/** The acting operator, on a route behind the operator check. */
export function signedInOperator(request: FastifyRequest): Operator {
  return actorOf(request).operator;
}
