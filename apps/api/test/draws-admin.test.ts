/**
 * The operators' API and its refusals: a token is needed (unknown, wrong or a customer's: 401), the
 * entry's operator is the token's, and bad results (wrong counts, out of range, repeats, an unknown
 * draw, a draw not closed, a second entry by the same operator, a raffle) change nothing.
 */
import { drawResultEntries, draws, eq } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { drawEngineOf } from '../src/modules/draws/index.ts';
import { ADMIN_RATE_LIMIT } from '../src/modules/operators/index.ts';
import { runOperator } from '../src/operator/run.ts';
import { newCustomer } from './accounts-helpers.ts';
import {
  adminCall,
  anotherOperator,
  enterPowerball,
  operatorRun,
  ownDraw,
  twoOperators,
} from './draws-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const engine = drawEngineOf(app.deps);

async function closedDraw() {
  const draw = await ownDraw(db, 'powerball', { stopAt: new Date(Date.now() - 1000) });
  await engine.step(draw.id);
  return draw;
}

const entriesOf = (drawId: string) =>
  db.select().from(drawResultEntries).where(eq(drawResultEntries.drawId, drawId));
const url = (drawNo: number, offer = 'powerball') => `/admin/draws/${offer}/${drawNo}/results`;
const GOOD = { numbers: [1, 2, 3, 4, 5, 6, 7], powerball: [8] };

describe('operator authentication', () => {
  it('refuses a missing, unknown, wrong or customer token with 401', async () => {
    const ops = await twoOperators(db);
    const draw = await closedDraw();
    const [id] = ops.a.token.split('.');
    const customer = await newCustomer(app);
    for (const token of [
      undefined,
      'nonsense',
      `${id}.wrong-secret`,
      `00000000-0000-4000-8000-000000000000.${ops.a.token.split('.')[1]}`,
      customer.access_token,
    ]) {
      const res = await adminCall(app, token, 'POST', url(draw.drawNo), GOOD);
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().error.code).toBe('unauthorised');
    }
    expect(await entriesOf(draw.id)).toHaveLength(0);
  });

  it("records the token's operator, whatever the body says", async () => {
    const ops = await twoOperators(db);
    const draw = await closedDraw();
    const res = await adminCall(app, ops.a.token, 'POST', url(draw.drawNo), {
      ...GOOD,
      operator: ops.b.name,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await entriesOf(draw.id)).map((e) => e.operator)).toEqual([ops.a.name]);
  });

  it('throttles operator calls per address', async () => {
    const throttled = await (await import('./helpers.ts')).getTestApp({ rateLimitMax: 100_000 });
    let last = 0;
    for (let i = 0; i <= ADMIN_RATE_LIMIT.max; i++) {
      last = (await adminCall(throttled, 'nonsense', 'GET', '/admin/draws/powerball/1/entries')).statusCode;
    }
    expect(last).toBe(429);
  });

  it('makes an operator once, with its token shown once', async () => {
    const name = `carol-${Date.now()}`;
    const made = await operatorRun(db, ['operator:create', name]);
    expect(made.code, made.text).toBe(0);
    const token = /token .*: (\S+)$/m.exec(made.text)?.[1];
    expect(token).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    const again = await operatorRun(db, ['operator:create', name]);
    expect(again.code).toBe(1);
    expect(again.text).toMatch(/exists already/);
    const draw = await closedDraw();
    expect(
      (await adminCall(app, token, 'GET', `/admin/draws/powerball/${draw.drawNo}/entries`)).statusCode,
    ).toBe(200);
  });
});

describe('results refused with nothing changed', () => {
  it('refuses wrong counts, numbers out of range and repeats, naming the field', async () => {
    const ops = await twoOperators(db);
    const draw = await closedDraw();
    const cases: [unknown, string][] = [
      [{ numbers: [1, 2, 3, 4, 5, 6], powerball: [8] }, 'numbers'],
      [{ numbers: [1, 2, 3, 4, 5, 6, 36], powerball: [8] }, 'numbers'],
      [{ numbers: [1, 2, 3, 4, 5, 6, 6], powerball: [8] }, 'numbers'],
      [{ numbers: [1, 2, 3, 4, 5, 6, 7], powerball: [21] }, 'powerball'],
      [{ numbers: [1, 2, 3, 4, 5, 6, 7] }, 'powerball'],
      [
        { numbers: [1, 2, 3, 4, 5, 6, 7], powerball: [8], prizes: { '12': { amount: 5, currency: 'AUD' } } },
        'prizes.12',
      ],
      [
        {
          numbers: [1, 2, 3, 4, 5, 6, 7],
          powerball: [8],
          prizes: { '2': { amount: 1.005, currency: 'AUD' } },
        },
        'prizes.2',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await adminCall(app, ops.a.token, 'POST', url(draw.drawNo), body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
      expect(Object.keys(res.json().errors), JSON.stringify(body)).toContain(field);
    }
    expect(await entriesOf(draw.id)).toHaveLength(0);
    const cli = await enterPowerball(db, draw.drawNo, {
      numbers: '1,2,3,4,5,5,40',
      powerball: '8',
      token: ops.a.token,
    });
    expect(cli.code).toBe(1);
    expect(cli.text).toMatch(/numbers: .*(out of range|repeat)/);
    expect(await entriesOf(draw.id)).toHaveLength(0);
  });

  it('refuses an unknown draw, a draw still open, a published draw and a raffle', async () => {
    const ops = await twoOperators(db);
    const unknown = await adminCall(app, ops.a.token, 'POST', url(1), GOOD);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('draw_not_found');
    expect(
      (await operatorRun(db, ['draw:results', 'nowhere', '5', '--numbers', '1', '--token', ops.a.token]))
        .code,
    ).toBe(1);

    const open = await ownDraw(db);
    const early = await adminCall(app, ops.a.token, 'POST', url(open.drawNo), GOOD);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toMatch(/still open/);
    expect(await entriesOf(open.id)).toHaveLength(0);
    await engine.closeEarly('powerball', open.drawNo); // off sale for the files that follow

    const draw = await closedDraw();
    for (const op of [ops.a, ops.b]) await adminCall(app, op.token, 'POST', url(draw.drawNo), GOOD);
    const [published] = await db.select().from(draws).where(eq(draws.id, draw.id));
    expect(published?.status).toBe('DRAW_DRAWN');
    const late = await enterPowerball(db, draw.drawNo, {
      numbers: '1,2,3,4,5,6,7',
      powerball: '8',
      token: (await twoOperators(db)).a.token,
    });
    expect(late.code).toBe(1);
    expect(late.text).toMatch(/published already/);
    expect(await entriesOf(draw.id)).toHaveLength(2);

    const raffle = await adminCall(app, ops.a.token, 'POST', url(41, 'coastal-prize-home'), GOOD);
    expect(raffle.statusCode).toBe(409);
    expect(raffle.json().error.code).toBe('raffle_drawn_by_drawhouse');
  });

  it('refuses a second entry by the same operator, and a CLI entry without a valid operator token', async () => {
    const ops = await twoOperators(db);
    const draw = await closedDraw();
    expect((await adminCall(app, ops.a.token, 'POST', url(draw.drawNo), GOOD)).statusCode).toBe(201);
    const other = { ...GOOD, powerball: [9] };
    const second = await adminCall(app, ops.a.token, 'POST', url(draw.drawNo), other);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('already_entered');
    const entry = [
      'draw:results',
      'powerball',
      String(draw.drawNo),
      '--numbers',
      '1,2,3,4,5,6,7',
      '--powerball',
      '8',
    ];
    // A typed name is no identity: the option is gone, and a token must be a real one.
    const named = await operatorRun(db, [...entry, '--operator', ops.b.name]);
    expect(named.code).toBe(1);
    expect(named.text).toMatch(/Unknown option '--operator'/);
    const bare = await operatorRun(db, entry);
    expect(bare.code).toBe(1);
    expect(bare.text).toMatch(/set DRAWHOUSE_OPERATOR_TOKEN/);
    const forged = await operatorRun(db, [
      ...entry,
      '--token',
      `${ops.b.token.split('.')[0]}.not-the-secret`,
    ]);
    expect(forged.code).toBe(1);
    expect(forged.text).toMatch(/unknown, wrong or disabled/);
    expect(await entriesOf(draw.id)).toHaveLength(1);
    // The token may come from the environment instead.
    const lines: string[] = [];
    const fromEnv = await runOperator(entry, {
      db,
      out: (l) => lines.push(l),
      err: (l) => lines.push(l),
      env: { DRAWHOUSE_OPERATOR_TOKEN: ops.b.token },
    });
    expect(fromEnv, lines.join('\n')).toBe(0);
    expect(lines.join('\n')).toContain(`by ${ops.b.name} matches`);
    const [row] = await db.select().from(draws).where(eq(draws.id, draw.id));
    expect(row?.status).toBe('DRAW_DRAWN');
  });

  it("takes Lotto Strike's numbers only as the first 4 balls of its Lotto draw, in order", async () => {
    const ops = await twoOperators(db);
    const at = new Date(Date.now() + 90_000);
    const closed = { stopAt: new Date(Date.now() - 1_000), drawAt: at };
    const lotto = await ownDraw(db, 'saturday-lotto', closed);
    const strike = await ownDraw(db, 'lotto-strike', closed);
    for (const d of [lotto, strike]) await engine.step(d.id);
    const balls = { numbers: [12, 3, 40, 7, 22, 31], supplementary: [9, 1] };
    for (const op of [ops.a, ops.b]) {
      expect(
        (await adminCall(app, op.token, 'POST', url(lotto.drawNo, 'saturday-lotto'), balls)).statusCode,
      ).toBe(201);
    }
    const wrong = await adminCall(app, ops.a.token, 'POST', url(strike.drawNo, 'lotto-strike'), {
      numbers: [3, 12, 40, 7],
    });
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json().errors.numbers[0].message).toMatch(/first 4 balls .*in order: 12, 3, 40, 7/);
    expect(await entriesOf(strike.id)).toHaveLength(0);
    const right = await adminCall(app, ops.a.token, 'POST', url(strike.drawNo, 'lotto-strike'), {
      numbers: [12, 3, 40, 7],
    });
    expect(right.statusCode, right.body).toBe(201);
    expect(right.json().result.entry.status).toBe('pending');
  });
});

describe('blind entries', () => {
  it("never shows an operator another's waiting figures, only that an entry waits", async () => {
    const ops = await twoOperators(db);
    const draw = await closedDraw();
    const prizes = { '3': { amount: 5000, currency: 'AUD' } };
    expect(
      (await adminCall(app, ops.a.token, 'POST', url(draw.drawNo), { ...GOOD, prizes })).statusCode,
    ).toBe(201);
    const entries = (token: string) =>
      adminCall(app, token, 'GET', `/admin/draws/powerball/${draw.drawNo}/entries`).then(
        (r) => r.json().result.entries,
      );
    expect(await entries(ops.b.token)).toEqual([
      expect.objectContaining({
        operator: ops.a.name,
        status: 'pending',
        numbers: null,
        supplementary: null,
        prizes: null,
      }),
    ]);
    expect(await entries(ops.a.token)).toEqual([
      expect.objectContaining({ numbers: { Numbers: GOOD.numbers, Powerball: GOOD.powerball }, prizes }),
    ]);
  });

  it('a mismatch voids both; a third operator begins the next pair, and its match publishes', async () => {
    const ops = await twoOperators(db);
    const carol = await anotherOperator(db);
    const draw = await closedDraw();
    expect((await adminCall(app, ops.a.token, 'POST', url(draw.drawNo), GOOD)).statusCode).toBe(201);
    const differing = await adminCall(app, ops.b.token, 'POST', url(draw.drawNo), {
      ...GOOD,
      powerball: [9],
    });
    expect(differing.statusCode, differing.body).toBe(201);
    expect(differing.json().result).toMatchObject({ published: false, entry: { status: 'void' } });
    expect(differing.body).not.toMatch(/differences/);
    for (const op of [ops.a, ops.b]) {
      const retry = await adminCall(app, op.token, 'POST', url(draw.drawNo), GOOD);
      expect(retry.statusCode).toBe(409);
      expect(retry.json().error.code).toBe('operator_voided');
    }
    expect(
      (await adminCall(app, carol.token, 'POST', url(draw.drawNo), GOOD)).json().result.entry.status,
    ).toBe('pending');
    const match = await adminCall(app, ops.a.token, 'POST', url(draw.drawNo), GOOD);
    expect(match.statusCode, match.body).toBe(201);
    expect(match.json().result.published).toBe(true);
    expect((await entriesOf(draw.id)).map((e) => e.status).sort()).toEqual([
      'published',
      'published',
      'void',
      'void',
    ]);
  });
});
