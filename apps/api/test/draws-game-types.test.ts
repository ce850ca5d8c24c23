/**
 * Tickets of every shape through the engine: a System 8 plays its 8 combinations and a PowerHit game
 * all 20 Powerballs, each winning combination counted among its division's winners and paid.
 */
import { and, drawPrizeDivisions, eq, ticketPayouts, ticketWins } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { drawEngineOf } from '../src/modules/draws/index.ts';
import { insertTicket, operatorRun, ownDraw, twoOperators } from './draws-helpers.ts';
import { getTestApp, getTestDb } from './helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const engine = drawEngineOf(app.deps);

describe('systems and PowerHit', () => {
  it('score every combination they play and pay each at its division', async () => {
    const ops = await twoOperators(db);
    const draw = await ownDraw(db, 'powerball', { stopAt: new Date(Date.now() - 1_000) });
    const system = await insertTicket(db, draw, [{ numbers: [1, 2, 3, 4, 5, 6, 7, 20], powerball: [8] }], {
      gameType: 'reduced_system',
    });
    const powerhit = await insertTicket(db, draw, [{ numbers: [1, 2, 3, 4, 5, 30, 31] }], {
      gameType: 'powerhit',
    });
    await engine.step(draw.id);
    const entry = {
      numbers: [1, 2, 3, 4, 5, 6, 7],
      powerball: [8],
      prizes: { '1': 500_000, '3': 1_000, '5': 200, '7': 50 },
    };
    await engine.results.enter('powerball', draw.drawNo, ops.a.actor, entry);
    await engine.results.enter('powerball', draw.drawNo, ops.b.actor, entry);
    await engine.advance(draw.id);

    const linesOf = async (ticketId: string) =>
      (await db.select().from(ticketWins).where(eq(ticketWins.ticketId, ticketId)))
        .map((w) => [w.division, w.combos, w.prizeCents])
        .sort();
    // System 8: all 7 and the Powerball once, 6 and the Powerball in the other 7 combinations.
    expect(await linesOf(system.ticket.id)).toEqual([
      [1, 1, 500_000],
      [3, 7, 7_000],
    ]);
    // PowerHit: 5 numbers with the drawn Powerball once, without it 19 times.
    expect(await linesOf(powerhit.ticket.id)).toEqual([
      [5, 1, 200],
      [7, 19, 950],
    ]);
    const payout = async (ticketId: string) =>
      (await db.select().from(ticketPayouts).where(eq(ticketPayouts.ticketId, ticketId)))[0];
    expect(await payout(system.ticket.id)).toMatchObject({ prizeCents: 507_000, status: 'paid' });
    expect(await payout(powerhit.ticket.id)).toMatchObject({ prizeCents: 1_150, status: 'paid' });
    const winners = await db
      .select({ division: drawPrizeDivisions.division, winners: drawPrizeDivisions.winners })
      .from(drawPrizeDivisions)
      .where(and(eq(drawPrizeDivisions.drawId, draw.id)));
    expect(winners.filter((d) => d.winners > 0).sort((a, b) => a.division - b.division)).toEqual([
      { division: 1, winners: 1 },
      { division: 3, winners: 7 },
      { division: 5, winners: 1 },
      { division: 7, winners: 19 },
    ]);
    const check = await operatorRun(db, ['draw:check', 'powerball', String(draw.drawNo)]);
    expect(check.code, check.text).toBe(0);
  });
});
