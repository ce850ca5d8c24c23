/**
 * The admin role's work on operators: invite by email (the link works once, for 72 hours, and the
 * invited person sets their name, password and authenticator), change roles, disable, end sessions.
 * An admin cannot take the admin role from themselves or disable themselves, so the shop never loses
 * its last way in by one click. Every change is audited in its transaction.
 */
import type { Invitation, OperatorList, OperatorRole, OperatorSession } from '@drawhouse/contract';
import { type Database, OPERATOR_ROLES } from '@drawhouse/db';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { AppError } from '../../http/errors.ts';
import { isUuid } from '../../http/ids.ts';
import { checkPassword, createTokenKit, hashPassword, randomToken, sha256 } from '../accounts/index.ts';
import { operatorInvitationMail, requestMail } from '../notifications/index.ts';
import { type Actor, recordAudit, recordCommandLineAudit } from './audit.ts';
import {
  type OperatorSessions,
  operatorOfRow,
  operatorView,
  type SessionContext,
  TOTP_ISSUER,
  TOTP_OPTIONS,
} from './operator-sessions.service.ts';
import { checkOperatorName } from './operator-tokens.ts';
import { type InvitationRow, operatorsRepository } from './operators.repository.ts';

export const INVITATION_HOURS = 72;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type OperatorsAdminDeps = {
  db: Database;
  now: () => Date;
  jwtSecret: string;
  adminBaseUrl: string;
  sessions: OperatorSessions;
};

function fieldError(field: string, message: string): AppError {
  return new AppError(400, 'validation_error', message, { [field]: [{ code: 'invalid', message }] });
}

function invitationNotFound(): AppError {
  return new AppError(
    404,
    'invitation_not_found',
    'This invitation is unknown, used or expired: ask an admin for a new one.',
  );
}

/** Roles in their usual order, once each. */
function rolesInOrder(roles: readonly OperatorRole[]): OperatorRole[] {
  return OPERATOR_ROLES.filter((r) => roles.includes(r));
}

/**
 * A new invitation, mailed through the outbox; an email an operator has already is refused. Without
 * an inviter it is the server's command line (`operator:create --email`) that invites: the first admin.
 */
export async function inviteOperator(
  deps: Pick<OperatorsAdminDeps, 'db' | 'now' | 'adminBaseUrl'>,
  inviter: Actor | undefined,
  email: string,
  roles: readonly OperatorRole[],
) {
  const { db, now } = deps;
  const address = email.trim().toLowerCase();
  if (!EMAIL.test(address)) throw fieldError('email', 'Enter an email address.');
  if (await operatorsRepository(db).operatorByEmail(address)) {
    throw new AppError(409, 'operator_exists', 'An operator with this email exists already.');
  }
  const secret = randomToken();
  const at = now();
  const ordered = rolesInOrder(roles);
  return db.transaction(async (tx) => {
    const row = await operatorsRepository(tx).insertInvitation({
      email: address,
      roles: ordered,
      invitedBy: inviter?.operator.id ?? null,
      secretHash: sha256(secret),
      expiresAt: new Date(at.getTime() + INVITATION_HOURS * 3_600_000),
      createdAt: at,
    });
    const acceptUrl = `${deps.adminBaseUrl}/invitation/${secret}`;
    await requestMail(
      tx,
      row.id,
      address,
      operatorInvitationMail({
        invitedBy: inviter?.operator.name ?? 'The Drawhouse server',
        roles: ordered,
        acceptUrl,
        expiresInHours: INVITATION_HOURS,
      }),
    );
    const change = {
      action: 'operator.invited',
      targetType: 'invitation',
      targetId: row.id,
      after: { email: address, roles: ordered },
    };
    if (inviter) await recordAudit(tx, inviter, change);
    else await recordCommandLineAudit(tx, change);
    return { id: row.id, email: address, roles: ordered, expiresAt: row.expiresAt.toISOString(), acceptUrl };
  });
}

export function createOperatorsAdmin(deps: OperatorsAdminDeps) {
  const { db, now } = deps;
  const tokens = createTokenKit(deps.jwtSecret);
  const repo = operatorsRepository(db);

  async function liveInvitation(token: string): Promise<InvitationRow> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw invitationNotFound();
    const row = await repo.invitationBySecretHash(sha256(token));
    if (!row || row.acceptedAt || row.revokedAt || row.expiresAt <= now()) throw invitationNotFound();
    return row;
  }

  return {
    async list(): Promise<OperatorList> {
      const at = now();
      const [operators, invitations] = await Promise.all([repo.list(), repo.pendingInvitations(at)]);
      return {
        operators: operators.map((o) => operatorView(o, at)),
        invitations: invitations.map((i) => ({
          id: i.id,
          email: i.email,
          roles: [...i.roles],
          expiresAt: i.expiresAt.toISOString(),
        })),
      };
    },

    /** The link goes only to the invited address, never back to the inviter. */
    async invite(actor: Actor, email: string, roles: readonly OperatorRole[]) {
      const { acceptUrl: _mailedOnly, ...invitation } = await inviteOperator(deps, actor, email, roles);
      return invitation;
    },

    /**
     * What the invited person sees. The authenticator secret is made at the first look and kept
     * (encrypted) with the invitation, so reloading the page shows the same one.
     */
    async invitation(token: string): Promise<Invitation> {
      const row = await liveInvitation(token);
      let base32: string;
      if (row.pendingTotpSecret) {
        base32 = tokens.decryptSecret(row.pendingTotpSecret);
      } else {
        base32 = new Secret({ size: 20 }).base32;
        await repo.updateInvitation(row.id, { pendingTotpSecret: tokens.encryptSecret(base32) });
      }
      const totp = new TOTP({
        issuer: TOTP_ISSUER,
        label: row.email,
        secret: Secret.fromBase32(base32),
        ...TOTP_OPTIONS,
      });
      const otpauthUri = totp.toString();
      return {
        email: row.email,
        roles: [...row.roles],
        expiresAt: row.expiresAt.toISOString(),
        totpSecret: base32,
        otpauthUri,
        qrSvg: await QRCode.toString(otpauthUri, { type: 'svg', margin: 1 }),
      };
    },

    /** Name, password and a code of the new authenticator make the operator, signed in at once. */
    async accept(
      token: string,
      body: { name: string; password: string; code: string },
      context: SessionContext,
    ): Promise<{ cookie: string; session: OperatorSession }> {
      const row = await liveInvitation(token);
      if (!row.pendingTotpSecret)
        throw fieldError('code', 'Open the invitation page first to add the authenticator.');
      const name = body.name.trim().toLowerCase();
      checkOperatorName(name);
      const problem = checkPassword(body.password);
      if (problem) throw fieldError('password', problem.message);
      const step = deps.sessions.totpStep(row.pendingTotpSecret, body.code.trim(), null);
      if (step === undefined)
        throw fieldError('code', 'The code is not right: enter the one your authenticator shows now.');
      const passwordHash = await hashPassword(body.password);
      const tokenHash = await hashPassword(randomToken());
      return db.transaction(async (tx) => {
        const txRepo = operatorsRepository(tx);
        const id = await txRepo.insertOperator({
          name,
          email: row.email,
          passwordHash,
          totpSecret: row.pendingTotpSecret ?? undefined,
          tokenHash,
          roles: [...row.roles],
        });
        if (!id) throw new AppError(409, 'operator_exists', `An operator called ${name} exists already.`);
        if (!(await txRepo.acceptInvitation(row.id, id, now()))) throw invitationNotFound();
        // Accepting signs the operator in: their first sign-in.
        const operator = await txRepo.update(id, { lastTotpStep: step, lastSignInAt: now() });
        if (!operator) throw new Error('the new operator was not found');
        const actor: Actor = { operator: operatorOfRow(operator), via: 'back_office', ...context };
        await recordAudit(tx, actor, {
          action: 'operator.joined',
          targetType: 'operator',
          targetId: id,
          after: { name, email: row.email, roles: row.roles, invitation: row.id },
        });
        const started = await deps.sessions.startSession(tx, operator, context);
        return { cookie: started.cookie, session: deps.sessions.sessionView(operator, started.expiresAt) };
      });
    },

    async update(actor: Actor, id: string, change: { roles?: OperatorRole[]; disabled?: boolean }) {
      if (!isUuid(id)) throw new AppError(404, 'operator_not_found', 'There is no such operator.');
      if (
        id === actor.operator.id &&
        (change.disabled === true || (change.roles && !change.roles.includes('admin')))
      ) {
        throw new AppError(
          409,
          'own_admin',
          'You cannot disable yourself or take the admin role from yourself.',
        );
      }
      return db.transaction(async (tx) => {
        const txRepo = operatorsRepository(tx);
        const before = await txRepo.operatorById(id);
        if (!before) throw new AppError(404, 'operator_not_found', 'There is no such operator.');
        const at = now();
        const after = await txRepo.update(id, {
          ...(change.roles ? { roles: rolesInOrder(change.roles) } : {}),
          ...(change.disabled === undefined
            ? {}
            : { disabledAt: change.disabled ? (before.disabledAt ?? at) : null }),
        });
        if (!after) throw new AppError(404, 'operator_not_found', 'There is no such operator.');
        // Fewer rights or none: the sessions made with the old ones end.
        if (change.disabled || change.roles) await txRepo.revokeSessionsOf(id, at);
        await recordAudit(tx, actor, {
          action: 'operator.updated',
          targetType: 'operator',
          targetId: id,
          before: { roles: before.roles, disabled: before.disabledAt !== null },
          after: { roles: after.roles, disabled: after.disabledAt !== null },
        });
        return operatorView(after, at);
      });
    },

    async endSessions(actor: Actor, id: string): Promise<{ revoked: number }> {
      if (!isUuid(id)) throw new AppError(404, 'operator_not_found', 'There is no such operator.');
      return db.transaction(async (tx) => {
        const txRepo = operatorsRepository(tx);
        if (!(await txRepo.operatorById(id)))
          throw new AppError(404, 'operator_not_found', 'There is no such operator.');
        const revoked = await txRepo.revokeSessionsOf(id, now());
        await recordAudit(tx, actor, {
          action: 'operator.sessions_ended',
          targetType: 'operator',
          targetId: id,
          after: { revoked },
        });
        return { revoked };
      });
    },
  };
}

export type OperatorsAdmin = ReturnType<typeof createOperatorsAdmin>;
