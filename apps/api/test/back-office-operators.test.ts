/**
 * The back office's operators: invited by email (the first one from the command line), accepted with
 * a name, a password and a real authenticator code; signed in with all three every time; locked after
 * five failures; sessions that end when signed out or disabled; changes refused without the admin
 * header; and the audit log, which nobody can change.
 */
import { auditLog, desc, eq, sql } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { RECENT_SIGN_IN_MINUTES } from '../src/modules/operators/index.ts';
import { MAX_SIGN_IN_FAILURES } from '../src/modules/operators/operator-sessions.service.ts';
import { drainOutbox, getTestApp, mailOf } from './helpers.ts';
import {
  asOperator,
  backOfficeOperator,
  invite,
  OPERATOR_PASSWORD,
  sessionCookie,
  someAddress,
  totpCode,
} from './operators-helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = app.deps;

async function auditOf(targetId: string) {
  return db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(desc(auditLog.id));
}

function signIn(email: string, password: string, code: string) {
  return app.inject({
    method: 'POST',
    url: '/admin/session',
    remoteAddress: someAddress(),
    payload: { email, password, code },
  });
}

describe('an invitation', () => {
  it('is mailed with its link, shows one authenticator secret, and is accepted once with a right code', async () => {
    const email = `first-${Date.now()}@drawhouse.test`;
    const token = await invite(db, email);
    await drainOutbox(app);
    const mail = await mailOf(app).waitFor(email, /back office/);
    expect(mail.text).toContain(`/invitation/${token}`);

    const first = (await app.inject({ method: 'GET', url: `/admin/invitations/${token}` })).json().result;
    const again = (await app.inject({ method: 'GET', url: `/admin/invitations/${token}` })).json().result;
    expect(again.totp_secret).toBe(first.totp_secret);
    expect(first.roles).toEqual(['results', 'finance', 'support', 'content', 'admin']);
    expect(first.qr_svg).toContain('<svg');

    const accept = (body: Record<string, string>) =>
      app.inject({ method: 'POST', url: `/admin/invitations/${token}/accept`, payload: body });
    const name = `first-${Date.now()}`;
    const wrongCode = await accept({ name, password: OPERATOR_PASSWORD, code: '000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect(Object.keys(wrongCode.json().errors)).toEqual(['code']);
    const weak = await accept({ name, password: 'short', code: totpCode(first.totp_secret) });
    expect(weak.statusCode).toBe(400);
    expect(Object.keys(weak.json().errors)).toEqual(['password']);

    const ok = await accept({ name, password: OPERATOR_PASSWORD, code: totpCode(first.totp_secret) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().result.operator).toMatchObject({ name, email, disabled: false });
    expect(ok.json().result.operator.last_sign_in_at).not.toBeNull();
    const cookie = sessionCookie(ok.headers['set-cookie']);
    expect(String(ok.headers['set-cookie'])).toMatch(/HttpOnly/i);
    expect(String(ok.headers['set-cookie'])).toMatch(/SameSite=Strict/i);

    const session = await app.inject({ method: 'GET', url: '/admin/session', headers: { cookie } });
    expect(session.json().result.operator.name).toBe(name);
    expect(
      (await accept({ name: `${name}-2`, password: OPERATOR_PASSWORD, code: '123456' })).statusCode,
    ).toBe(404);

    const operatorId: string = ok.json().result.operator.id;
    const joined = await auditOf(operatorId);
    // Accepting signs in at once: the joining is the session's start.
    expect(joined.map((r) => r.action)).toEqual(['operator.joined']);
    const invited = (await db.select().from(auditLog).where(eq(auditLog.action, 'operator.invited'))).find(
      (r) => (r.after as { email?: string }).email === email,
    );
    expect(invited).toMatchObject({ via: 'cli', operatorName: 'command line', operatorId: null });
  });
});

describe('signing in', () => {
  it('needs the email, the password and a fresh code; a code is taken once', async () => {
    const op = await backOfficeOperator(app, ['support']);
    const wrong = await signIn(op.email, 'not the password', totpCode(op.secret, 1));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('invalid_credentials');
    const unknown = await signIn(`nobody-${Date.now()}@drawhouse.test`, OPERATOR_PASSWORD, '123456');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.code).toBe('invalid_credentials');

    const code = totpCode(op.secret, 1);
    const ok = await signIn(op.email.toUpperCase(), OPERATOR_PASSWORD, code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().result.operator.roles).toEqual(['support']);
    // The same code (its time step spent) never signs in again.
    const replay = await signIn(op.email, OPERATOR_PASSWORD, code);
    expect(replay.statusCode).toBe(401);
    const actions = (await auditOf(op.id)).map((r) => r.action);
    expect(actions.filter((a) => a === 'operator.signed_in')).toHaveLength(1);
  });

  it(`locks the operator at the ${MAX_SIGN_IN_FAILURES}th failure in a row, against the right answers too`, async () => {
    const op = await backOfficeOperator(app, ['results']);
    const answers: number[] = [];
    for (let i = 0; i < MAX_SIGN_IN_FAILURES; i++) {
      answers.push((await signIn(op.email, `wrong ${i}`, '000000')).statusCode);
    }
    expect(answers).toEqual([401, 401, 401, 401, 429]);
    const right = await signIn(op.email, OPERATOR_PASSWORD, totpCode(op.secret, 1));
    expect(right.statusCode).toBe(429);
    expect(right.json().error.code).toBe('operator_locked');
    expect((await auditOf(op.id)).map((r) => r.action)).toContain('operator.locked');
  });
});

describe('a back office session', () => {
  it('makes no change without the admin header, and ends when signed out', async () => {
    const admin = await backOfficeOperator(app, ['admin']);
    const email = `forged-${Date.now()}@drawhouse.test`;
    const forged = await app.inject({
      method: 'POST',
      url: '/admin/operators/invitations',
      headers: { cookie: admin.cookie },
      payload: { email, roles: ['admin'] },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe('admin_header_required');
    const list = await asOperator(app, admin, 'GET', '/admin/operators');
    expect(list.json().result.invitations.map((i: { email: string }) => i.email)).not.toContain(email);

    expect((await asOperator(app, admin, 'DELETE', '/admin/session')).statusCode).toBe(200);
    expect((await asOperator(app, admin, 'GET', '/admin/session')).statusCode).toBe(401);
  });

  it('ends when an admin disables the operator or changes their roles; an admin keeps their own admin role', async () => {
    const admin = await backOfficeOperator(app, ['admin']);
    const other = await backOfficeOperator(app, ['support', 'finance']);
    expect((await asOperator(app, other, 'GET', '/admin/session')).statusCode).toBe(200);
    const narrowed = await asOperator(app, admin, 'PATCH', `/admin/operators/${other.id}`, {
      roles: ['support'],
    });
    expect(narrowed.json().result.roles).toEqual(['support']);
    expect((await asOperator(app, other, 'GET', '/admin/session')).statusCode).toBe(401);
    const [row] = await auditOf(other.id);
    expect(row).toMatchObject({
      action: 'operator.updated',
      operatorId: admin.id,
      via: 'back_office',
      before: { roles: ['finance', 'support'], disabled: false },
      after: { roles: ['support'], disabled: false },
    });

    const own = await asOperator(app, admin, 'PATCH', `/admin/operators/${admin.id}`, { roles: ['support'] });
    expect(own.statusCode).toBe(409);
    const ownDisable = await asOperator(app, admin, 'PATCH', `/admin/operators/${admin.id}`, {
      disabled: true,
    });
    expect(ownDisable.statusCode).toBe(409);
    expect((await asOperator(app, admin, 'GET', '/admin/session')).json().result.operator.roles).toEqual([
      'admin',
    ]);
  });

  it(`asks for a sign-in of the last ${RECENT_SIGN_IN_MINUTES} minutes before giving anyone rights`, async () => {
    const admin = await backOfficeOperator(app, ['admin']);
    const other = await backOfficeOperator(app, ['support']);
    // The session signed in long enough ago (a cookie taken from an unattended browser, say).
    await db.execute(
      sql`update operator_sessions set created_at = created_at - make_interval(mins => ${RECENT_SIGN_IN_MINUTES + 1})
          where operator_id = ${admin.id}`,
    );
    expect((await asOperator(app, admin, 'GET', '/admin/operators')).statusCode).toBe(200);
    const email = `late-${Date.now()}@drawhouse.test`;
    for (const [method, url, body] of [
      ['POST', '/admin/operators/invitations', { email, roles: ['admin'] }],
      ['PATCH', `/admin/operators/${other.id}`, { roles: ['support', 'admin'] }],
      ['DELETE', `/admin/operators/${other.id}/sessions`, undefined],
    ] as const) {
      const refused = await asOperator(app, admin, method, url, body ? { ...body } : undefined);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error.code).toBe('recent_sign_in_required');
    }
    expect((await asOperator(app, other, 'GET', '/admin/session')).json().result.operator.roles).toEqual([
      'support',
    ]);

    // Signed in again (password and a fresh code), the same change goes through.
    const again = await signIn(admin.email, OPERATOR_PASSWORD, totpCode(admin.secret, 1));
    const fresh = { cookie: sessionCookie(again.headers['set-cookie']) };
    const promoted = await asOperator(app, fresh, 'PATCH', `/admin/operators/${other.id}`, {
      roles: ['support', 'admin'],
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
  });

  it('invites by the admin role only; the link goes to the mail, never back in the answer', async () => {
    const admin = await backOfficeOperator(app, ['admin']);
    const support = await backOfficeOperator(app, ['support']);
    const email = `invited-${Date.now()}@drawhouse.test`;
    const refused = await asOperator(app, support, 'POST', '/admin/operators/invitations', {
      email,
      roles: ['support'],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('role_required');
    const made = await asOperator(app, admin, 'POST', '/admin/operators/invitations', {
      email,
      roles: ['support'],
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.body).not.toContain('/invitation/');
    await drainOutbox(app);
    expect((await mailOf(app).waitFor(email, /back office/)).text).toContain('/invitation/');
  });
});

describe('the audit log', () => {
  it('is refused any update, delete or truncate by the database', async () => {
    const op = await backOfficeOperator(app, ['content']);
    const [row] = await auditOf(op.id);
    if (!row) throw new Error('no audit row');
    await expect(
      db.execute(sql`update audit_log set action = 'nothing' where id = ${row.id}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log where id = ${row.id}`)).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect((await auditOf(op.id))[0]?.action).toBe(row.action);
  });

  it('is read by the admin role with filters and pages, and exported as CSV', async () => {
    const admin = await backOfficeOperator(app, ['admin']);
    const other = await backOfficeOperator(app, ['results']);
    await asOperator(app, admin, 'PATCH', `/admin/operators/${other.id}`, { roles: ['results', 'finance'] });
    const page = await asOperator(app, admin, 'GET', `/admin/audit?operator=${admin.name}&limit=1`);
    expect(page.statusCode, page.body).toBe(200);
    const result = page.json().result;
    expect(result.entries).toHaveLength(1);
    expect(result.total).toBeGreaterThanOrEqual(2);
    expect(result.entries[0]).toMatchObject({
      action: 'operator.updated',
      operator_name: admin.name,
      target_id: other.id,
    });
    const byTarget = await asOperator(
      app,
      admin,
      'GET',
      `/admin/audit?target_id=${other.id}&action=operator.joined`,
    );
    expect(byTarget.json().result.entries.map((e: { operator_name: string }) => e.operator_name)).toEqual([
      other.name,
    ]);

    const csv = await asOperator(app, admin, 'GET', `/admin/audit/export?target_id=${other.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="drawhouse-audit-/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,at,operator,action,target_type,target_id,before,after,via,ip,user_agent');
    expect(lines.slice(1).map((l) => l.split(',')[3])).toEqual(['operator.updated', 'operator.joined']);

    const support = await backOfficeOperator(app, ['support']);
    expect((await asOperator(app, support, 'GET', '/admin/audit')).statusCode).toBe(403);
  });
});
