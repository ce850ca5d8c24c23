/**
 * The banned countries in the back office: an admin lists, adds and removes them, each change
 * audited; a visitor located in a country added is refused from the next request on, and served again
 * once it is removed. Other roles may not touch the list; what is not a country, Australia and a
 * country already banned are refused with nothing changed.
 */
import { asc, auditLog, eq } from '@drawhouse/db';
import { describe, expect, it } from 'vitest';
import { call } from './accounts-helpers.ts';
import { getTestApp } from './helpers.ts';
import { asOperator, backOfficeOperator } from './operators-helpers.ts';

const app = await getTestApp();
const { db } = app.deps;

/** An address the bundled data places in Brazil, a country no other test bans. */
const BR = '200.160.2.3';
const locateFromBrazil = async () =>
  (await call(app, '/v2/locate', { headers: { 'x-api-version': '3.4', 'x-forwarded-for': BR } })).json()
    .result;

describe('/admin/banned-countries', () => {
  it('lets an admin ban a country and lift the ban, audited; the shop follows at once', async () => {
    const admin = await backOfficeOperator(app, ['admin']);
    const listed = await asOperator(app, admin, 'GET', '/admin/banned-countries');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().result.countries).toContainEqual(
      expect.objectContaining({ country_code: 'US', name: 'United States of America' }),
    );
    // Named as the shop's refusals name them, and listed by that name.
    const names = listed.json().result.countries.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(names).toContain('Russian Federation');
    expect((await locateFromBrazil()).country_banned).toBe(false);

    const added = await asOperator(app, admin, 'POST', '/admin/banned-countries', { country_code: 'br' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().result.countries).toContainEqual(
      expect.objectContaining({ country_code: 'BR', name: 'Brazil' }),
    );
    expect(await locateFromBrazil()).toMatchObject({ country_code: 'BR', country_banned: true });

    const again = await asOperator(app, admin, 'POST', '/admin/banned-countries', { country_code: 'BR' });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors.country_code[0]).toMatchObject({
      code: 'already_banned',
      message: 'Brazil is already banned.',
    });

    const removed = await asOperator(app, admin, 'DELETE', '/admin/banned-countries/BR');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(
      removed.json().result.countries.map((c: { country_code: string }) => c.country_code),
    ).not.toContain('BR');
    expect((await locateFromBrazil()).country_banned).toBe(false);
    expect((await asOperator(app, admin, 'DELETE', '/admin/banned-countries/BR')).statusCode).toBe(404);

    const audit = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.operatorId, admin.id))
      .orderBy(asc(auditLog.id));
    expect(audit.filter((a) => a.targetType === 'banned_country').map((a) => [a.action, a.targetId])).toEqual(
      [
        ['banned_country.added', 'BR'],
        ['banned_country.removed', 'BR'],
      ],
    );
  });

  it('refuses what is not a country, Australia, and other roles, changing nothing', async () => {
    const admin = await backOfficeOperator(app, ['admin']);
    const support = await backOfficeOperator(app, ['support']);
    const before = (await asOperator(app, admin, 'GET', '/admin/banned-countries')).json().result;
    for (const [body, code] of [
      [{ country_code: 'XX' }, 'unknown_country'],
      [{ country_code: 'AU' }, 'home_country'],
    ] as const) {
      const res = await asOperator(app, admin, 'POST', '/admin/banned-countries', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.country_code[0].code).toBe(code);
    }
    expect(
      (await asOperator(app, admin, 'POST', '/admin/banned-countries', { country_code: 'USA' })).statusCode,
    ).toBe(400);
    expect((await asOperator(app, admin, 'DELETE', '/admin/banned-countries/U%00')).statusCode).toBe(400);
    expect((await asOperator(app, support, 'GET', '/admin/banned-countries')).statusCode).toBe(403);
    expect(
      (await asOperator(app, support, 'POST', '/admin/banned-countries', { country_code: 'NZ' })).statusCode,
    ).toBe(403);
    expect((await asOperator(app, support, 'DELETE', '/admin/banned-countries/US')).statusCode).toBe(403);
    expect((await asOperator(app, admin, 'GET', '/admin/banned-countries')).json().result).toEqual(before);
  });
});
