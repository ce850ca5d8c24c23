/**
 * Operators sign in to the back office with email, password and authenticator code, all three every
 * time. Every attempt is counted before anything is checked (one checker for the password and the
 * code); the fifth failure in a row locks the operator for 15 minutes, against the right answers
 * too. A session lasts 8 hours at most and ends after 30 idle minutes; signing out, being disabled or
 * an admin's "end sessions" ends it at once. The cookie holds `{id}.{secret}`; only the secret's
 * SHA-256 is kept.
 */
import type { OperatorSession } from '@drawhouse/contract';
import type { Database, DbOrTx } from '@drawhouse/db';
import { Secret, TOTP } from 'otpauth';
import { AppError } from '../../http/errors.ts';
import { isUuid } from '../../http/ids.ts';
import {
  createTokenKit,
  randomToken,
  sha256,
  verifyDummyPassword,
  verifyPassword,
} from '../accounts/index.ts';
import { type Actor, recordAudit } from './audit.ts';
import type { Operator } from './operator-tokens.ts';
import { type OperatorRow, operatorsRepository } from './operators.repository.ts';

export const SESSION_COOKIE = 'dh_operator';
export const SESSION_HOURS = 8;
export const IDLE_MINUTES = 30;
export const MAX_SIGN_IN_FAILURES = 5;
export const LOCK_MINUTES = 15;
/** The session's last use is written at most this often (ms). */
const TOUCH_EVERY_MS = 60_000;

export const TOTP_PERIOD = 30;
export const TOTP_OPTIONS = { algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD } as const;
export const TOTP_ISSUER = 'Drawhouse back office';

export type SessionContext = { ip?: string; userAgent?: string; requestId?: string };

export type OperatorSessionsDeps = { db: Database; now: () => Date; jwtSecret: string };

function invalidCredentials(): AppError {
  return new AppError(401, 'invalid_credentials', 'The email, password or code is not right.');
}

function locked(): AppError {
  return new AppError(
    429,
    'operator_locked',
    `Too many failed sign-ins: this operator is locked for ${LOCK_MINUTES} minutes.`,
  );
}

export function operatorOfRow(row: OperatorRow): Operator {
  return { id: row.id, name: row.name, roles: row.roles };
}

export function createOperatorSessions(deps: OperatorSessionsDeps) {
  const { db, now } = deps;
  const tokens = createTokenKit(deps.jwtSecret);
  const repo = operatorsRepository(db);

  /** The time step of a right code newer than `lastStep`, else undefined. */
  function totpStep(encryptedSecret: string, code: string, lastStep: number | null): number | undefined {
    if (!/^\d{6}$/.test(code)) return undefined;
    const at = now().getTime();
    const secret = Secret.fromBase32(tokens.decryptSecret(encryptedSecret));
    const delta = TOTP.validate({ token: code, secret, ...TOTP_OPTIONS, timestamp: at, window: 1 });
    if (delta === null) return undefined;
    const step = Math.floor(at / 1000 / TOTP_PERIOD) + delta;
    return lastStep !== null && step <= lastStep ? undefined : step;
  }

  /** A new session of the operator, in the transaction of what signs them in. */
  async function startSession(tx: DbOrTx, operator: OperatorRow, context: SessionContext) {
    const secret = randomToken();
    const at = now();
    const session = await operatorsRepository(tx).insertSession({
      operatorId: operator.id,
      secretHash: sha256(secret),
      createdAt: at,
      lastSeenAt: at,
      expiresAt: new Date(at.getTime() + SESSION_HOURS * 3_600_000),
      ip: context.ip ?? null,
      userAgent: context.userAgent?.slice(0, 300) ?? null,
    });
    return { cookie: `${session.id}.${secret}`, expiresAt: session.expiresAt };
  }

  function sessionView(row: OperatorRow, expiresAt: Date): OperatorSession {
    return {
      operator: operatorView(row, now()),
      expiresAt: expiresAt.toISOString(),
      idleMinutes: IDLE_MINUTES,
    };
  }

  return {
    startSession,
    sessionView,
    totpStep,

    /**
     * Email, password and code, checked as one: a wrong one of them is one failure, and nobody is
     * told which. Answers the session's cookie value and what the back office shows.
     */
    async signIn(email: string, password: string, code: string, context: SessionContext) {
      const row = await repo.operatorByEmail(email.trim().toLowerCase());
      if (!row?.passwordHash || !row.totpSecret || row.disabledAt) {
        await verifyDummyPassword(password);
        throw invalidCredentials();
      }
      const at = now();
      const attempt = await repo.claimSignInAttempt(
        row.id,
        at,
        MAX_SIGN_IN_FAILURES,
        new Date(at.getTime() + LOCK_MINUTES * 60_000),
      );
      if (attempt === undefined) throw locked();
      const passwordOk = await verifyPassword(row.passwordHash, password);
      const step = passwordOk ? totpStep(row.totpSecret, code.trim(), row.lastTotpStep) : undefined;
      if (step === undefined || !(await repo.signedIn(row.id, at, step))) {
        if (attempt >= MAX_SIGN_IN_FAILURES) {
          await db.transaction(async (tx) =>
            recordAudit(
              tx,
              { operator: operatorOfRow(row), via: 'back_office', ...context },
              {
                action: 'operator.locked',
                targetType: 'operator',
                targetId: row.id,
                after: { lockedMinutes: LOCK_MINUTES },
              },
            ),
          );
          throw locked();
        }
        throw invalidCredentials();
      }
      const actor: Actor = { operator: operatorOfRow(row), via: 'back_office', ...context };
      const started = await db.transaction(async (tx) => {
        const made = await startSession(tx, row, context);
        await recordAudit(tx, actor, {
          action: 'operator.signed_in',
          targetType: 'operator',
          targetId: row.id,
        });
        return made;
      });
      return { cookie: started.cookie, session: sessionView(row, started.expiresAt) };
    },

    /** The operator of a live session cookie and when it signed in, or undefined (unknown, ended, idle, disabled). */
    async sessionOf(cookie: string): Promise<{ operator: Operator; signedInAt: Date } | undefined> {
      const found = await liveSession(cookie);
      return found
        ? { operator: operatorOfRow(found.operator), signedInAt: found.session.createdAt }
        : undefined;
    },

    async current(cookie: string): Promise<OperatorSession | undefined> {
      const found = await liveSession(cookie);
      return found ? sessionView(found.operator, found.session.expiresAt) : undefined;
    },

    async signOut(cookie: string, actor: Actor): Promise<void> {
      const [id] = cookie.split('.', 1);
      if (!id || !isUuid(id)) return;
      await db.transaction(async (tx) => {
        if (await operatorsRepository(tx).revokeSession(id, now())) {
          await recordAudit(tx, actor, {
            action: 'operator.signed_out',
            targetType: 'operator',
            targetId: actor.operator.id,
          });
        }
      });
    },
  };

  async function liveSession(cookie: string) {
    const [id, secret] = cookie.split('.', 2);
    if (!id || !secret || !isUuid(id)) return undefined;
    const session = await repo.sessionById(id);
    const at = now();
    if (!session || session.revokedAt || session.expiresAt <= at) return undefined;
    if (at.getTime() - session.lastSeenAt.getTime() > IDLE_MINUTES * 60_000) return undefined;
    if (sha256(secret) !== session.secretHash) return undefined;
    const operator = await repo.operatorById(session.operatorId);
    if (!operator || operator.disabledAt) return undefined;
    if (at.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) await repo.touchSession(id, at);
    return { session, operator };
  }
}

export type OperatorSessions = ReturnType<typeof createOperatorSessions>;

/** An operator as the back office shows it. */
export function operatorView(row: OperatorRow, at: Date) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    roles: [...row.roles],
    disabled: row.disabledAt !== null,
    locked: row.lockedUntil !== null && row.lockedUntil > at,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  };
}
