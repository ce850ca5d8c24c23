/**
 * Sessions and tokens: start a session at sign-in, rotate refresh tokens (a reused one ends its family
 * and session), sign out, and turn a bearer token into the signed-in customer.
 */
import { randomUUID } from 'node:crypto';
import type { LoginResult } from '@drawhouse/contract';
import { type AccountsContext, invalidRefreshToken, unauthorised } from './accounts.context.ts';
import type { AccountsQueries, CustomerRow, DeviceRow, SessionRow } from './accounts.repository.ts';
import { ACCOUNT_RULES } from './accounts.settings.ts';
import { customerOverview } from './customer-view.ts';
import { type AccessClaims, isUuid, newRefreshToken, randomToken, sha256 } from './tokens.ts';

export type SignedInCustomer = {
  customer: CustomerRow;
  session: SessionRow;
  /** True when this access token was issued by a step-up within ACCOUNT_RULES.elevationMs (its `elv`). */
  elevated: boolean;
};

export type DeviceAtLogin = { device: DeviceRow; fingerprint: string; isNew: boolean };

export type SessionService = ReturnType<typeof createSessionService>;

export function createSessionService(ctx: AccountsContext) {
  const { repo, tokens } = ctx;

  function isElevated(session: SessionRow, now: Date): boolean {
    return (
      session.elevatedAt !== null && now.getTime() - session.elevatedAt.getTime() < ACCOUNT_RULES.elevationMs
    );
  }

  /**
   * A step-up counts for the access token that says so (its `elv`), never for another copy of the
   * session's tokens: a token minted before the step-up stays unelevated, whoever holds it.
   */
  function tokenElevated(claims: AccessClaims, session: SessionRow, now: Date): boolean {
    if (claims.elevatedAt === undefined || session.elevatedAt === null) return false;
    const steppedUpAt = claims.elevatedAt * 1000;
    return steppedUpAt <= now.getTime() && now.getTime() - steppedUpAt < ACCOUNT_RULES.elevationMs;
  }

  async function accessToken(session: SessionRow, now: Date): Promise<string> {
    return tokens.signAccess(
      {
        customerId: session.customerId,
        sessionId: session.id,
        ...(isElevated(session, now) && session.elevatedAt
          ? { elevatedAt: Math.floor(session.elevatedAt.getTime() / 1000) }
          : {}),
      },
      now,
    );
  }

  /** A refresh token of a family, stored hashed; valid for the sliding period, never past the session. */
  async function issueRefreshToken(
    db: AccountsQueries,
    session: SessionRow,
    familyId: string,
    parentId: string | null,
    now: Date,
  ): Promise<string> {
    const token = newRefreshToken(familyId);
    const sliding = now.getTime() + ACCOUNT_RULES.refreshSlidingMs;
    await db.insertRefreshToken({
      sessionId: session.id,
      familyId,
      tokenHash: sha256(token),
      parentId,
      createdAt: now,
      expiresAt: new Date(Math.min(sliding, session.expiresAt.getTime())),
    });
    return token;
  }

  return {
    isElevated,
    accessToken,

    /**
     * The device a sign-in comes from. The fingerprint is a value this API issued: a known one is
     * the same device; anything else gets a new device and a new fingerprint.
     */
    async deviceAtLogin(
      db: AccountsQueries,
      customerId: string,
      fingerprint: string | undefined,
      now: Date,
    ): Promise<DeviceAtLogin> {
      if (fingerprint) {
        const device = await db.device(customerId, sha256(fingerprint));
        if (device) return { device, fingerprint, isNew: false };
      }
      const fresh = randomToken();
      const device = await db.insertDevice(customerId, sha256(fresh), now);
      return { device, fingerprint: fresh, isNew: true };
    },

    /** Starts a session on a device and returns the login result. */
    async start(
      db: AccountsQueries,
      customer: CustomerRow,
      at: DeviceAtLogin,
      options: {
        elevated: boolean;
        twoFactorEnabled: boolean;
        announceNewDevice: boolean;
        /** A transfer token's session joins the family of the session that minted it. */
        familySessionId?: string | null;
      },
    ): Promise<LoginResult> {
      const now = ctx.now();
      await db.touchDevice(at.device.id, now, options.elevated);
      const session = await db.insertSession({
        customerId: customer.id,
        deviceUuid: at.device.deviceUuid,
        fingerprintHash: at.device.fingerprintHash,
        createdAt: now,
        lastUsedAt: now,
        expiresAt: new Date(now.getTime() + ACCOUNT_RULES.sessionAbsoluteMs),
        elevatedAt: options.elevated ? now : null,
        familySessionId: options.familySessionId ?? null,
      });
      const refreshToken = await issueRefreshToken(db, session, randomUUID(), null, now);
      if (at.isNew && options.announceNewDevice) {
        await db.emit('customer.new_device_signed_in', customer.id, {
          customerId: customer.id,
          at: now.toISOString(),
        });
      }
      return {
        accessToken: await accessToken(session, now),
        refreshToken,
        deviceUuid: at.device.deviceUuid,
        fingerprint: at.fingerprint,
        customer: customerOverview(
          customer,
          options.twoFactorEnabled,
          await db.walletAccounts(customer.id),
          await db.legacyAccount(customer.id),
          now,
        ),
      };
    },

    /**
     * Rotates a refresh token. A token used before ends its whole family and the session; so does a
     * refresh from another device's fingerprint.
     */
    async refresh(
      input: { refreshToken: string; fingerprint?: string | undefined },
      stepUp?: (customer: CustomerRow, session: SessionRow) => Promise<void>,
    ): Promise<{ accessToken: string; refreshToken: string; deviceUuid: string; customerId: string }> {
      const now = ctx.now();
      const [familyId, secret] = input.refreshToken.split('.');
      if (!familyId || !secret || !isUuid(familyId)) throw invalidRefreshToken();
      const row = await repo.refreshToken(sha256(input.refreshToken));
      if (!row || row.familyId !== familyId) throw invalidRefreshToken();

      const endFamily = async (reason: string) => {
        await repo.transaction(async (tx) => {
          await tx.retireRefreshFamily(row.familyId, now);
          await tx.revokeSessionFamily(row.sessionId, reason, now);
        });
        return invalidRefreshToken();
      };
      if (row.usedAt) throw await endFamily('refresh_token_reuse');

      const session = await repo.session(row.sessionId);
      if (!session || session.revokedAt || session.expiresAt <= now || row.expiresAt <= now) {
        throw invalidRefreshToken();
      }
      if (input.fingerprint && sha256(input.fingerprint) !== session.fingerprintHash) {
        throw await endFamily('refresh_from_other_device');
      }
      const customer = await repo.customerById(session.customerId);
      if (customer?.status !== 'active') throw invalidRefreshToken();
      if (stepUp) await stepUp(customer, session);

      const next = await repo.transaction(async (tx) => {
        if (!(await tx.useRefreshToken(row.id, now))) return undefined;
        await tx.touchSession(session.id, now);
        return issueRefreshToken(tx, session, row.familyId, row.id, now);
      });
      if (!next) throw await endFamily('refresh_token_reuse');
      const current = (await repo.session(session.id)) ?? session;
      return {
        accessToken: await accessToken(current, now),
        refreshToken: next,
        deviceUuid: session.deviceUuid,
        customerId: customer.id,
      };
    },

    /** Ends the session and every session of its family (those joined by a transfer token). */
    async logout(signedIn: SignedInCustomer): Promise<void> {
      await repo.revokeSessionFamily(signedIn.session.id, 'logout', ctx.now());
    },

    /**
     * The family a transfer token's new session joins: that of the session that minted it, while it
     * is live (a token of an ended session signs no one in).
     */
    async familyOf(sessionId: string): Promise<string | undefined> {
      const session = await repo.session(sessionId);
      if (!session || session.revokedAt || session.expiresAt <= ctx.now()) return undefined;
      return session.familySessionId ?? session.id;
    },

    /** The customer behind a bearer token: a valid access token of a live session of an open account. */
    async authenticate(bearer: string | undefined): Promise<SignedInCustomer> {
      if (!bearer) throw unauthorised();
      const now = ctx.now();
      const claims = await tokens.verifyAccess(bearer, now);
      if (!claims) throw unauthorised();
      // One statement: the session with its customer.
      const found = await repo.sessionWithCustomer(claims.sessionId);
      const session = found?.session;
      if (
        !session ||
        session.revokedAt ||
        session.expiresAt <= now ||
        session.customerId !== claims.customerId
      ) {
        throw unauthorised();
      }
      const customer = found.customer;
      if (customer.status !== 'active') throw unauthorised();
      return { customer, session, elevated: tokenElevated(claims, session, now) };
    },
  };
}
