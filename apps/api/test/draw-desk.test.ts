/**
 * The back office's draw desk: who may call what (403 for a missing role), a draw closed early with
 * its audit row in the same transaction, entries blind on the draw's page (an operator never sees
 * another's figures; after a mismatch a third operator settles it), held prizes over the second
 * approval limit released by two different finance operators, the draw's check report and Today.
 */
import { randomUUID } from 'node:crypto';
import type { OperatorRole } from '@drawhouse/contract';
import { and, auditLog, draws, eq, sql, ticketPayouts } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { drawEngineOf } from '../src/modules/draws/index.ts';
import { createOperator } from '../src/modules/operators/index.ts';
import { balancesOf } from './checkout-helpers.ts';
import { adminCall, insertTicket, operatorRun, ownDraw, payoutOf } from './draws-helpers.ts';
import { drainOutbox, getTestApp, getTestDb } from './helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const engine = drawEngineOf(app.deps);

async function op(roles: OperatorRole[], prefix = 'desk') {
  const made = await createOperator(db, `${prefix}-${randomUUID().slice(0, 8)}`, roles);
  return { name: made.operator.name, token: made.token };
}

const auditOf = (drawNo: number, offer = 'powerball') =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'draw'), eq(auditLog.targetId, `${offer}/${drawNo}`)))
    .orderBy(auditLog.id);
const drawRow = async (id: string) => (await db.select().from(draws).where(eq(draws.id, id)))[0];
const base = (drawNo: number) => `/admin/draws/powerball/${drawNo}`;
const PICKED = [3, 9, 14, 21, 27, 30, 35];
const WIN_DIV3 = { numbers: [3, 9, 14, 21, 27, 30, 1], powerball: [8] };
const aud = (cents: number) => ({ amount: cents / 100, currency: 'AUD' });

describe('roles', () => {
  it('refuses each desk call to an operator without its role (403), and Today to none', async () => {
    const draw = await ownDraw(db);
    const finance = await op(['finance']);
    const results = await op(['results']);
    const support = await op(['support']);
    for (const [token, method, url] of [
      [finance.token, 'GET', '/admin/draws'],
      [finance.token, 'GET', base(draw.drawNo)],
      [finance.token, 'POST', `${base(draw.drawNo)}/close`],
      [finance.token, 'GET', `${base(draw.drawNo)}/check`],
      [results.token, 'GET', '/admin/prizes/held'],
      [results.token, 'POST', `${base(draw.drawNo)}/release`],
      [support.token, 'POST', `${base(draw.drawNo)}/results`],
    ] as const) {
      const res = await adminCall(app, token, method, url, method === 'POST' ? {} : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error.code).toBe('role_required');
    }
    expect((await drawRow(draw.id))?.status).toBe('DRAW_OPEN');
    expect(await auditOf(draw.drawNo)).toEqual([]);
    const today = await adminCall(app, support.token, 'GET', '/admin/today');
    expect(today.statusCode, today.body).toBe(200);
    await engine.closeEarly('powerball', draw.drawNo);
  });
});

describe('closing a draw early', () => {
  it('closes it and writes draw.closed with the operator; a second close is refused with no row', async () => {
    const results = await op(['results']);
    const draw = await ownDraw(db);
    const res = await adminCall(app, results.token, 'POST', `${base(draw.drawNo)}/close`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.draw.status).toBe('DRAW_CLOSED');
    expect((await drawRow(draw.id))?.status).toBe('DRAW_CLOSED');
    const rows = await auditOf(draw.drawNo);
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'draw.closed',
        operatorName: results.name,
        via: 'token',
        before: expect.objectContaining({ status: 'DRAW_OPEN' }),
        after: expect.objectContaining({ status: 'DRAW_CLOSED' }),
      }),
    ]);
    const again = await adminCall(app, results.token, 'POST', `${base(draw.drawNo)}/close`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('draw_not_open');
    expect(await auditOf(draw.drawNo)).toHaveLength(1);
  });

  it('keeps the draw open when its audit row cannot be written (one transaction)', async () => {
    const results = await op(['results']);
    const draw = await ownDraw(db);
    const fn = `refuse_audit_${draw.drawNo}`;
    await db.execute(
      sql.raw(`create function ${fn}() returns trigger language plpgsql as $$ begin
        if new.target_id = 'powerball/${draw.drawNo}' then raise exception 'audit refused'; end if;
        return new; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger ${fn} before insert on audit_log for each row execute function ${fn}()`),
    );
    try {
      const res = await adminCall(app, results.token, 'POST', `${base(draw.drawNo)}/close`, {});
      expect(res.statusCode).toBe(500);
    } finally {
      await db.execute(sql.raw(`drop trigger ${fn} on audit_log`));
      await db.execute(sql.raw(`drop function ${fn}()`));
    }
    const row = await drawRow(draw.id);
    expect(row?.status).toBe('DRAW_OPEN');
    expect(row?.stopAt.getTime()).toBe(draw.stopAt.getTime());
    await engine.closeEarly('powerball', draw.drawNo);
  });

  it('audits draw:close with a token on the command line, as the token operator', async () => {
    const results = await op(['results']);
    const draw = await ownDraw(db);
    const run = await operatorRun(db, [
      'draw:close',
      'powerball',
      String(draw.drawNo),
      '--token',
      results.token,
    ]);
    expect(run.code, run.text).toBe(0);
    expect(await auditOf(draw.drawNo)).toEqual([
      expect.objectContaining({ action: 'draw.closed', operatorName: results.name, via: 'cli' }),
    ]);
  });
});

describe('results entered blind on the draw page', () => {
  it('shows each operator their own figures only; after a mismatch a third operator settles it', async () => {
    const [a, b, c] = [await op(['results']), await op(['results']), await op(['results'])];
    const draw = await ownDraw(db);
    await adminCall(app, a.token, 'POST', `${base(draw.drawNo)}/close`, {});
    const first = await adminCall(app, a.token, 'POST', `${base(draw.drawNo)}/results`, WIN_DIV3);
    expect(first.statusCode, first.body).toBe(201);

    const seenByB = (await adminCall(app, b.token, 'GET', base(draw.drawNo))).json().result;
    expect(seenByB.result_fields.map((f: { field: string }) => f.field)).toEqual(['numbers', 'powerball']);
    expect(seenByB.entries).toEqual([
      expect.objectContaining({ operator: a.name, status: 'pending', numbers: null, prizes: null }),
    ]);
    expect(JSON.stringify(seenByB)).not.toContain('[3,9,14,21,27,30,1]');
    const seenByA = (await adminCall(app, a.token, 'GET', base(draw.drawNo))).json().result;
    expect(seenByA.entries[0].numbers).toEqual({ Numbers: WIN_DIV3.numbers, Powerball: [8] });

    const mismatch = await adminCall(app, b.token, 'POST', `${base(draw.drawNo)}/results`, {
      ...WIN_DIV3,
      powerball: [9],
    });
    expect(mismatch.statusCode, mismatch.body).toBe(201);
    expect(mismatch.json().result.voided_operators).toEqual([a.name, b.name]);
    const afterVoid = (await adminCall(app, b.token, 'GET', base(draw.drawNo))).json().result;
    expect(afterVoid.entries.find((e: { operator: string }) => e.operator === a.name).numbers).toBeNull();
    expect((await adminCall(app, a.token, 'POST', `${base(draw.drawNo)}/results`, WIN_DIV3)).statusCode).toBe(
      409,
    );

    expect((await adminCall(app, c.token, 'POST', `${base(draw.drawNo)}/results`, WIN_DIV3)).statusCode).toBe(
      201,
    );
    const settled = await adminCall(app, a.token, 'POST', `${base(draw.drawNo)}/results`, WIN_DIV3);
    expect(settled.statusCode, settled.body).toBe(201);
    expect(settled.json().result.published).toBe(true);
    const published = (await adminCall(app, b.token, 'GET', base(draw.drawNo))).json().result;
    expect(published.result.numbers).toEqual({ Numbers: WIN_DIV3.numbers, Powerball: [8] });

    const actions = (await auditOf(draw.drawNo)).map((r) => [
      r.action,
      r.operatorName,
      (r.after as { entryStatus?: string }).entryStatus,
    ]);
    expect(actions).toEqual([
      ['draw.closed', a.name, undefined],
      ['results.entered', a.name, 'pending'],
      ['results.entered', b.name, 'void'],
      ['results.entered', c.name, 'pending'],
      ['results.entered', a.name, 'published'],
    ]);
    // The audit log never holds an entry's figures.
    expect(JSON.stringify(await auditOf(draw.drawNo))).not.toContain('27,30');
  });
});

/** `draw:results` of WIN_DIV3 on the command line, with an operator's token. */
const cliResults = (drawNo: number, token: string) =>
  operatorRun(db, [
    'draw:results',
    'powerball',
    String(drawNo),
    '--numbers',
    WIN_DIV3.numbers.join(','),
    '--powerball',
    '8',
    '--token',
    token,
  ]);

describe('prizes awaited and the command line', () => {
  it('lists the divisions awaiting a prize on the draw page; entering them is audited, blind', async () => {
    const [a, b] = [await op(['results']), await op(['results'])];
    const draw = await ownDraw(db);
    const { ticket } = await insertTicket(db, draw, [{ numbers: PICKED, powerball: [8] }]);
    await engine.closeEarly('powerball', draw.drawNo);
    // Entered on the command line: audited as each token's operator, `via` cli.
    for (const o of [a, b]) {
      const run = await cliResults(draw.drawNo, o.token);
      expect(run.code, run.text).toBe(0);
    }
    await engine.advance(draw.id);
    expect(await payoutOf(db, ticket.id)).toMatchObject({ status: 'prize_pending' });
    const detail = (await adminCall(app, a.token, 'GET', base(draw.drawNo))).json().result;
    expect(detail.prizes_awaited).toEqual([3]);
    const prizes = { prizes: { '3': aud(12_345) } };
    expect((await adminCall(app, a.token, 'POST', `${base(draw.drawNo)}/prizes`, prizes)).statusCode).toBe(
      201,
    );
    const seenByB = (await adminCall(app, b.token, 'GET', base(draw.drawNo))).json().result;
    expect(seenByB.entries.find((e: { kind: string }) => e.kind === 'prizes')).toMatchObject({
      operator: a.name,
      prizes: null,
    });
    const second = await adminCall(app, b.token, 'POST', `${base(draw.drawNo)}/prizes`, prizes);
    expect(second.json().result.published).toBe(true);
    expect((await auditOf(draw.drawNo)).map((r) => [r.action, r.operatorName, r.via])).toEqual([
      ['results.entered', a.name, 'cli'],
      ['results.entered', b.name, 'cli'],
      ['prizes.entered', a.name, 'token'],
      ['prizes.entered', b.name, 'token'],
    ]);
  });

  it('refuses draw:results and draw:release to an operator without the role, nothing changed', async () => {
    const finance = await op(['finance']);
    const results = await op(['results']);
    const draw = await ownDraw(db);
    await engine.closeEarly('powerball', draw.drawNo);
    const entered = await cliResults(draw.drawNo, finance.token);
    expect(entered.code).toBe(1);
    expect(entered.text).toMatch(/does not have the results role/);
    const released = await operatorRun(db, [
      'draw:release',
      'powerball',
      String(draw.drawNo),
      '--token',
      results.token,
    ]);
    expect(released.code).toBe(1);
    expect(released.text).toMatch(/does not have the finance role/);
    expect(await auditOf(draw.drawNo)).toEqual([]);
  });
});

describe('held prizes', () => {
  async function heldDraw(prizeCents: number) {
    const [a, b] = [await op(['results']), await op(['results'])];
    const draw = await ownDraw(db);
    const { ticket, customerId } = await insertTicket(db, draw, [{ numbers: PICKED, powerball: [8] }]);
    await adminCall(app, a.token, 'POST', `${base(draw.drawNo)}/close`, {});
    const entry = { ...WIN_DIV3, prizes: { '3': aud(prizeCents) } };
    for (const o of [a, b]) {
      const res = await adminCall(app, o.token, 'POST', `${base(draw.drawNo)}/results`, entry);
      expect(res.statusCode, res.body).toBe(201);
    }
    await engine.advance(draw.id);
    expect(await payoutOf(db, ticket.id)).toMatchObject({ status: 'held', prizeCents });
    return { draw, ticket, customerId };
  }

  it('over the second-approval limit: a first approval, the same operator refused, a second pays', async () => {
    const { draw, ticket, customerId } = await heldDraw(6_000_000);
    const [f1, f2] = [await op(['finance']), await op(['finance'])];
    const listed = (await adminCall(app, f1.token, 'GET', '/admin/prizes/held')).json().result;
    expect(listed.draws).toContainEqual(
      expect.objectContaining({
        offer_name: 'Powerball',
        count: 1,
        total: aud(6_000_000),
        second_approval_needed: true,
        first_approved_by: null,
      }),
    );
    const walletBefore = (await balancesOf(db, customerId)).wallet;

    const first = await adminCall(app, f1.token, 'POST', `${base(draw.drawNo)}/release`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().result).toMatchObject({
      outcome: 'first_approval',
      released: [],
      first_approved_by: f1.name,
    });
    expect(await payoutOf(db, ticket.id)).toMatchObject({ status: 'held' });
    const detail = (await adminCall(app, (await op(['results'])).token, 'GET', base(draw.drawNo))).json()
      .result;
    expect(detail.held).toMatchObject({ count: 1, first_approved_by: f1.name, second_approval_needed: true });

    const same = await adminCall(app, f1.token, 'POST', `${base(draw.drawNo)}/release`);
    expect(same.statusCode).toBe(409);
    expect(same.json().error.code).toBe('second_approval_needed');
    expect(await payoutOf(db, ticket.id)).toMatchObject({ status: 'held' });

    const second = await adminCall(app, f2.token, 'POST', `${base(draw.drawNo)}/release`);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().result).toMatchObject({
      outcome: 'released',
      released: [{ ticket_id: ticket.id, prize: aud(6_000_000) }],
      first_approved_by: f1.name,
    });
    expect(await payoutOf(db, ticket.id)).toMatchObject({ status: 'paid', approvedBy: f2.name });
    expect((await balancesOf(db, customerId)).wallet).toBe(walletBefore + 6_000_000);
    await drainOutbox(app);

    const audit = (await auditOf(draw.drawNo)).filter((r) => r.action.startsWith('prize.'));
    expect(audit.map((r) => [r.action, r.operatorName])).toEqual([
      ['prize.release_approved', f1.name],
      ['prize.released', f2.name],
    ]);
    expect((await drawRow(draw.id))?.releaseFirstApprovedBy).toBeNull();
    const check = await adminCall(app, (await op(['results'])).token, 'GET', `${base(draw.drawNo)}/check`);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().result.ok).toBe(true);
    expect(check.json().result.lines).toContainEqual(
      expect.objectContaining({ rule: 'games sold = games scored', ok: true }),
    );
  });

  it('up to the limit, one finance operator releases; nothing held answers 409', async () => {
    const { draw, ticket } = await heldDraw(2_000_000);
    const f1 = await op(['finance']);
    const res = await adminCall(app, f1.token, 'POST', `${base(draw.drawNo)}/release`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.outcome).toBe('released');
    expect(await payoutOf(db, ticket.id)).toMatchObject({ status: 'paid', approvedBy: f1.name });
    const again = await adminCall(app, f1.token, 'POST', `${base(draw.drawNo)}/release`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('nothing_held');
    expect(await db.select().from(ticketPayouts).where(eq(ticketPayouts.drawId, draw.id))).toHaveLength(1);
  });
});

describe('the calendar and Today', () => {
  it("lists a draw by offer and days, and counts it in Today's lists", async () => {
    const results = await op(['results']);
    const draw = await ownDraw(db, 'powerball', {
      stopAt: new Date(Date.now() + 3_600_000),
      drawAt: new Date(Date.now() + 7_200_000),
    });
    const day = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const cal = await adminCall(
      app,
      results.token,
      'GET',
      `/admin/draws?offer=powerball&from=${day}&to=${tomorrow}`,
    );
    expect(cal.statusCode, cal.body).toBe(200);
    expect(cal.json().result.draws).toContainEqual(
      expect.objectContaining({
        offer_key: 'powerball',
        draw_no: draw.drawNo,
        status: 'DRAW_OPEN',
        held_count: 0,
      }),
    );
    expect(cal.json().result.offers).toContainEqual({ key: 'powerball', name: 'Powerball' });
    const backwards = await adminCall(app, results.token, 'GET', `/admin/draws?from=${tomorrow}&to=${day}`);
    expect(backwards.statusCode).toBe(400);

    const before = (await adminCall(app, results.token, 'GET', '/admin/today')).json().result;
    expect(before.closing_soon.count).toBeGreaterThanOrEqual(1);
    await adminCall(app, results.token, 'POST', `${base(draw.drawNo)}/close`, {});
    await adminCall(app, results.token, 'POST', `${base(draw.drawNo)}/results`, WIN_DIV3);
    const after = (await adminCall(app, results.token, 'GET', '/admin/today')).json().result;
    expect(after.awaiting_second_entry.count).toBeGreaterThanOrEqual(1);
    for (const key of [
      'withdrawals_awaiting_approval',
      'verifications_pending',
      'failed_deliveries',
      'failed_jobs',
    ]) {
      expect(typeof after[key]).toBe('number');
    }
    // Today never shows an entry's figures.
    expect(JSON.stringify(after)).not.toContain('27,30');
  });
});
