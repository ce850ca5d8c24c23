/**
 * Draws Drawhouse decides itself: a raffle drawn from its committed seed (the proof checks out, a cash
 * prize is credited, a prize that is not money is recorded and announced), and a syndicate draw that
 * rides a Powerball draw: its entry quick-picked at the close, its prize split by shares with the
 * remainder recorded.
 */
import {
  and,
  createDraw,
  createRaffle,
  drawPrizeDivisions,
  draws,
  eq,
  nodeHmacSha256,
  nodeSha256,
  notifications,
  prizeRemainders,
  raffleDrawSeeds,
  rafflePrizes,
  raffles,
  raffleTicketNumbers,
  syndicateEntries,
  ticketPayouts,
  ticketWins,
} from '@drawhouse/db';
import { verifyRaffleProof } from '@drawhouse/domain';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { drawEngineOf } from '../src/modules/draws/index.ts';
import { balancesOf } from './checkout-helpers.ts';
import { enterPowerballPrizes, insertTicket, operatorRun, ownDraw, twoOperators } from './draws-helpers.ts';
import { drainOutbox, getTestApp, getTestDb } from './helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const engine = drawEngineOf(app.deps);
const drawOf = async (id: string) => (await db.select().from(draws).where(eq(draws.id, id)))[0];

describe('a raffle draw', () => {
  it('is drawn from its committed seed: the proof verifies, cash is credited, goods are announced', async () => {
    const { offer, draw } = await createRaffle(db, {
      totalTickets: 100,
      closesAt: new Date(Date.now() + 60_000),
    });
    await db.insert(rafflePrizes).values([
      { productOfferKey: offer.key, rank: 2, name: '$500 cash', valueCents: 50_000 },
      { productOfferKey: offer.key, rank: 3, name: '$200 cash', valueCents: 20_000 },
    ]);
    const holders: { ticketId: string; customerId: string; number: number }[] = [];
    for (let number = 1; number <= 12; number++) {
      const { ticket, customerId } = await insertTicket(db, draw, []);
      await db
        .insert(raffleTicketNumbers)
        .values({ productOfferKey: offer.key, drawId: draw.id, number, ticketId: ticket.id });
      holders.push({ ticketId: ticket.id, customerId, number });
    }
    await db.update(raffles).set({ ticketsSold: 12 }).where(eq(raffles.productOfferKey, offer.key));

    // The top-up gives the draw its seed; its commitment is public from then on.
    await engine.seedRaffleDraws();
    const [committed] = await db.select().from(raffleDrawSeeds).where(eq(raffleDrawSeeds.drawId, draw.id));
    expect(committed?.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(committed?.winningTickets).toBeNull();

    const past = Date.now();
    await db
      .update(draws)
      .set({ stopAt: new Date(past - 2_000), drawAt: new Date(past - 1_000) })
      .where(eq(draws.id, draw.id));
    await engine.advance(draw.id);
    await drainOutbox(app);
    expect((await drawOf(draw.id))?.status).toBe('DRAW_EMAILED');

    const [seed] = await db.select().from(raffleDrawSeeds).where(eq(raffleDrawSeeds.drawId, draw.id));
    expect(seed?.commitment).toBe(committed?.commitment);
    expect(seed?.ticketsSold).toBe(12);
    expect(seed?.winningTickets).toHaveLength(3);
    const proof = await verifyRaffleProof({
      proof: {
        commitment: seed?.commitment ?? '',
        seed: seed?.seed.toString('hex') ?? '',
        ticketsSold: 12,
        winningTickets: seed?.winningTickets ?? [],
      },
      offerKey: offer.key,
      drawNo: draw.drawNo,
      hmac: nodeHmacSha256,
      sha256: nodeSha256,
    });
    expect(proof).toMatchObject({ commitmentMatches: true, winnersMatch: true });

    const [first, second, third] = (seed?.winningTickets ?? []).map((n) =>
      holders.find((h) => h.number === n),
    );
    const wins = await db.select().from(ticketWins).where(eq(ticketWins.drawId, draw.id));
    expect(wins.map((w) => [w.ticketId, w.gameIndex, w.division, w.prizeCents, w.prizeName]).sort()).toEqual(
      [
        [first?.ticketId, first?.number, 1, null, 'A test prize'],
        [second?.ticketId, second?.number, 2, 50_000, '$500 cash'],
        [third?.ticketId, third?.number, 3, 20_000, '$200 cash'],
      ].sort(),
    );
    expect((await balancesOf(db, second?.customerId as string)).wallet).toBe(50_000);
    expect((await balancesOf(db, third?.customerId as string)).wallet).toBe(20_000);
    expect((await balancesOf(db, first?.customerId as string)).wallet).toBe(0);
    const [goods] = await db
      .select()
      .from(notifications)
      .where(eq(notifications.customerId, first?.customerId as string));
    expect(goods?.title).toBe('You won A test prize!');
    expect(goods?.message).toMatch(/contact you to arrange your prize/);
    const check = await operatorRun(db, ['draw:check', offer.key, String(draw.drawNo)]);
    expect(check.code, check.text).toBe(0);
    expect(check.text).toContain('12 sold, 12 scored');
  });
});

/** A Powerball draw of the test's own and the Powerball syndicate's draw riding it, past its stop. */
async function syndicateRidingPowerball() {
  const lotteryDraw = await ownDraw(db, 'powerball');
  const syndicateDraw = await createDraw(db, 'powerball-syndicate', {
    drawNo: lotteryDraw.drawNo,
    type: 'syndicate_share_draw',
    stopAt: new Date(Date.now() - 1_000),
    drawAt: lotteryDraw.drawAt,
    prizePoolCents: lotteryDraw.prizePoolCents,
  });
  return { lotteryDraw, syndicateDraw };
}

describe('a syndicate draw', () => {
  it('rides its Powerball draw and splits its prize by shares, keeping the remainder', async () => {
    const ops = await twoOperators(db);
    const { lotteryDraw, syndicateDraw } = await syndicateRidingPowerball();
    // 30 of the 60 shares: half, so it goes ahead (Drawhouse holds the other 30).
    const shares = [1, 2, 4, 23];
    const holders = [];
    for (const numShares of shares) {
      holders.push(await insertTicket(db, syndicateDraw, [], { numShares, gameType: 'syndicate' }));
    }
    await engine.step(syndicateDraw.id);
    expect((await drawOf(syndicateDraw.id))?.status).toBe('DRAW_CLOSED');
    const [entry] = await db
      .select()
      .from(syndicateEntries)
      .where(eq(syndicateEntries.drawId, syndicateDraw.id));
    expect(entry?.games).toHaveLength(4);
    for (const game of entry?.games ?? []) {
      expect(new Set(game.numbers).size).toBe(10);
      expect(game.powerball).toHaveLength(1);
    }

    // The Powerball draw's result: 7 of the entry's first system, and its Powerball.
    const game = entry?.games[0];
    const results = {
      numbers: game?.numbers.slice(0, 7) ?? [],
      powerball: game?.powerball ?? [],
      prizes: {
        '1': 777_777,
        '2': 33_333,
        '3': 5_555,
        '4': 1_111,
        '5': 333,
        '6': 77,
        '7': 55,
        '8': 33,
        '9': 11,
      },
    };
    await operatorRun(db, ['draw:close', 'powerball', String(lotteryDraw.drawNo)]);
    await engine.results.enter('powerball', lotteryDraw.drawNo, ops.a.actor, results);
    const published = await engine.results.enter('powerball', lotteryDraw.drawNo, ops.b.actor, results);
    expect(published.published).toBe(true);
    await engine.advance(lotteryDraw.id);
    await drainOutbox(app);
    expect((await drawOf(syndicateDraw.id))?.status).toBe('DRAW_EMAILED');

    const divisions = await db
      .select()
      .from(drawPrizeDivisions)
      .where(eq(drawPrizeDivisions.drawId, syndicateDraw.id));
    const prize = divisions.reduce((sum, d) => sum + d.winners * d.prizeCents, 0);
    expect(divisions.find((d) => d.division === 1)?.winners).toBe(1);
    const [saved] = await db
      .select()
      .from(syndicateEntries)
      .where(eq(syndicateEntries.drawId, syndicateDraw.id));
    expect(saved?.prizeCents).toBe(prize);
    const parts = shares.map((s) => Math.floor((prize * s) / 60));
    for (const [i, holder] of holders.entries()) {
      const [payout] = await db
        .select()
        .from(ticketPayouts)
        .where(eq(ticketPayouts.ticketId, holder.ticket.id));
      expect(payout).toMatchObject({ prizeCents: parts[i], status: 'paid' });
      expect((await balancesOf(db, holder.customerId)).wallet).toBe(parts[i]);
    }
    const [remainder] = await db
      .select()
      .from(prizeRemainders)
      .where(
        and(
          eq(prizeRemainders.drawId, syndicateDraw.id),
          eq(prizeRemainders.entryKey, 'powerball-syndicate'),
        ),
      );
    expect(remainder).toMatchObject({
      prizeCents: prize,
      distributedCents: parts.reduce((a, b) => a + b, 0),
      remainderCents: prize - parts.reduce((a, b) => a + b, 0),
    });
    const check = await operatorRun(db, ['draw:check', 'powerball-syndicate', String(syndicateDraw.drawNo)]);
    expect(check.code, check.text).toBe(0);
  });
});

describe('a syndicate draw whose entry wins a division without a prize', () => {
  it('waits unpaid until two operators enter the prizes on its lottery draw, then splits them once', async () => {
    const ops = await twoOperators(db);
    const { lotteryDraw, syndicateDraw } = await syndicateRidingPowerball();
    const shares = [10, 20];
    const holders = [];
    for (const numShares of shares) {
      holders.push(await insertTicket(db, syndicateDraw, [], { numShares, gameType: 'syndicate' }));
    }
    await engine.step(syndicateDraw.id);
    const [entry] = await db
      .select()
      .from(syndicateEntries)
      .where(eq(syndicateEntries.drawId, syndicateDraw.id));
    const game = entry?.games[0];
    // Only division 1's prize given: the system's lower divisions have no prize yet.
    const results = {
      numbers: game?.numbers.slice(0, 7) ?? [],
      powerball: game?.powerball ?? [],
      prizes: { '1': 777_777 },
    };
    await operatorRun(db, ['draw:close', 'powerball', String(lotteryDraw.drawNo)]);
    await engine.results.enter('powerball', lotteryDraw.drawNo, ops.a.actor, results);
    await engine.results.enter('powerball', lotteryDraw.drawNo, ops.b.actor, results);
    await engine.advance(lotteryDraw.id);
    await engine.advance(syndicateDraw.id);
    expect((await drawOf(syndicateDraw.id))?.status).toBe('DRAW_CAPPED');
    for (const holder of holders) {
      const [payout] = await db
        .select()
        .from(ticketPayouts)
        .where(eq(ticketPayouts.ticketId, holder.ticket.id));
      expect(payout).toMatchObject({ status: 'prize_pending', prizeCents: 0 });
      expect((await balancesOf(db, holder.customerId)).wallet).toBe(0);
    }
    const waiting = await operatorRun(db, [
      'draw:check',
      'powerball-syndicate',
      String(syndicateDraw.drawNo),
    ]);
    expect(waiting.code, waiting.text).toBe(1);

    const divisionsOf = () =>
      db.select().from(drawPrizeDivisions).where(eq(drawPrizeDivisions.drawId, syndicateDraw.id));
    const awaiting = (await divisionsOf())
      .filter((d) => d.winners > 0 && d.prizeCents === 0)
      .map((d) => d.division);
    expect(awaiting.length).toBeGreaterThan(0);
    const typed = awaiting.map((d) => `${d}=${d * 10}.25`).join(',');
    for (const op of [ops.a, ops.b]) {
      const entered = await enterPowerballPrizes(db, lotteryDraw.drawNo, typed, op.token);
      expect(entered.code, entered.text).toBe(0);
    }
    await engine.advance(syndicateDraw.id);
    await drainOutbox(app);
    expect((await drawOf(syndicateDraw.id))?.status).toBe('DRAW_EMAILED');
    const prize = (await divisionsOf()).reduce((sum, d) => sum + d.winners * d.prizeCents, 0);
    expect(prize).toBeGreaterThan(777_777);
    for (const [i, holder] of holders.entries()) {
      const part = Math.floor((prize * (shares[i] ?? 0)) / 60);
      const [payout] = await db
        .select()
        .from(ticketPayouts)
        .where(eq(ticketPayouts.ticketId, holder.ticket.id));
      expect(payout).toMatchObject({ status: 'paid', prizeCents: part });
      expect((await balancesOf(db, holder.customerId)).wallet).toBe(part);
    }
    const check = await operatorRun(db, ['draw:check', 'powerball-syndicate', String(syndicateDraw.drawNo)]);
    expect(check.code, check.text).toBe(0);
  });
});
