/**
 * Demo mode on a database of its own, its clock five weeks ahead: the minute's sweep closes every
 * draw whose stop time has passed, draws the lotteries with a CSPRNG (Lotto Strike from its Lotto
 * draw, syndicates from theirs) and the raffles from their committed seeds, and takes every draw to
 * DRAW_EMAILED; the top-up rolls the raffles over with fresh seeds. The seeded past raffle draws
 * verify. Without demo mode a closed lottery draw waits for its operators.
 */
import {
  and,
  asc,
  createDb,
  drawResultEntries,
  drawResults,
  draws,
  eq,
  inArray,
  lte,
  migrateDatabase,
  nodeHmacSha256,
  nodeSha256,
  productOffers,
  raffleDrawSeeds,
  raffles,
  seed,
} from '@drawhouse/db';
import { verifyRaffleProof } from '@drawhouse/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config.ts';
import { createMailDeps } from '../src/deps.ts';
import { drawTopUpJob } from '../src/jobs/draw-jobs.ts';
import { drawEngineOf } from '../src/modules/draws/index.ts';
import { freshDatabase } from './fresh-database.ts';

const DAY = 86_400_000;

describe('demo mode', () => {
  it('draws, scores, pays and announces every due draw, and raffles prove fair', async () => {
    const url = await freshDatabase('demo');
    await migrateDatabase(url);
    const handle = createDb(url, { max: 4 });
    afterAll(() => handle.close());
    const { db } = handle;
    const start = new Date();
    await seed(db, { now: start });
    const config = testConfig({
      draws: { demo: true, prizeApprovalThresholdCents: 1_000_000, prizeSecondApprovalCents: 5_000_000 },
    });
    const mail = await createMailDeps(config);
    afterAll(() => mail.mailCatcher?.stop());
    const later = new Date(start.getTime() + 37 * DAY);
    const deps = { db, config, mailer: mail.mailer, webBaseUrl: 'http://shop.test', now: () => later };

    // The seeded past raffle draws check out.
    const pastRaffles = await db
      .select({ draw: draws, seed: raffleDrawSeeds })
      .from(draws)
      .innerJoin(raffleDrawSeeds, eq(raffleDrawSeeds.drawId, draws.id))
      .where(eq(draws.status, 'DRAW_EMAILED'));
    expect(pastRaffles).toHaveLength(6);
    for (const { draw, seed: s } of pastRaffles) {
      const proof = await verifyRaffleProof({
        proof: {
          commitment: s.commitment,
          seed: s.seed.toString('hex'),
          ticketsSold: s.ticketsSold ?? 0,
          winningTickets: s.winningTickets ?? [],
        },
        offerKey: draw.productOfferKey,
        drawNo: draw.drawNo,
        hmac: nodeHmacSha256,
        sha256: nodeSha256,
      });
      expect(proof).toMatchObject({ commitmentMatches: true, winnersMatch: true });
    }

    const off = drawEngineOf({ ...deps, config: { ...config, draws: { ...config.draws, demo: false } } });
    const [firstDue] = await db
      .select()
      .from(draws)
      .where(and(eq(draws.productOfferKey, 'powerball'), eq(draws.status, 'DRAW_OPEN')))
      .orderBy(asc(draws.drawAt))
      .limit(1);
    await off.advance(firstDue?.id as string);
    const [waiting] = await db
      .select()
      .from(draws)
      .where(eq(draws.id, firstDue?.id as string));
    expect(waiting?.status).toBe('DRAW_CLOSED');

    const engine = drawEngineOf(deps);
    expect(await engine.sweep()).toBeGreaterThan(20);
    const due = await db.select().from(draws).where(lte(draws.drawAt, later));
    expect(
      due
        .filter((d) => d.status !== 'DRAW_EMAILED')
        .map((d) => `${d.productOfferKey} ${d.drawNo} ${d.status}`),
    ).toEqual([]);

    const drawnHere = due.filter((d) => d.drawAt > start);
    const entries = await db
      .select()
      .from(drawResultEntries)
      .where(
        inArray(
          drawResultEntries.drawId,
          drawnHere.map((d) => d.id),
        ),
      );
    expect(entries.length).toBeGreaterThan(10);
    expect(entries.every((e) => e.operator === 'demo' && e.status === 'published')).toBe(true);

    const resultOf = async (offerKey: string, at: Date) => {
      const [row] = await db
        .select({ result: drawResults, draw: draws })
        .from(drawResults)
        .innerJoin(draws, eq(draws.id, drawResults.drawId))
        .where(and(eq(draws.productOfferKey, offerKey), eq(draws.drawAt, at)));
      return row;
    };
    const strike = drawnHere.filter((d) => d.productOfferKey === 'lotto-strike');
    expect(strike.length).toBeGreaterThan(0);
    for (const d of strike) {
      const own = await resultOf('lotto-strike', d.drawAt);
      const linked =
        (await resultOf('saturday-lotto', d.drawAt)) ?? (await resultOf('monday-wednesday-lotto', d.drawAt));
      expect(own?.result.numbers.Numbers).toEqual(linked?.result.numbers.Numbers?.slice(0, 4));
    }
    const syndicate = drawnHere.find((d) => d.productOfferKey === 'powerball-syndicate');
    const ridden = drawnHere.find((d) => d.productOfferKey === 'powerball' && d.drawNo === syndicate?.drawNo);
    expect((await resultOf('powerball-syndicate', syndicate?.drawAt as Date))?.result.numbers).toEqual(
      (await resultOf('powerball', ridden?.drawAt as Date))?.result.numbers,
    );

    // Every raffle closing by then is drawn; every raffle (the one not published yet too) keeps an open draw.
    const seededRaffles = await db.select().from(raffles);
    const raffleCount = seededRaffles.length;
    const raffleDraws = drawnHere.filter((d) => d.type === 'raffle_ticket_draw');
    expect(raffleDraws).toHaveLength(seededRaffles.filter((r) => r.closesAt <= later).length);
    expect(raffleDraws.length).toBeGreaterThanOrEqual(2);
    for (const d of raffleDraws) {
      const [s] = await db.select().from(raffleDrawSeeds).where(eq(raffleDrawSeeds.drawId, d.id));
      expect(s?.ticketsSold).toBeGreaterThan(1000);
      const proof = await verifyRaffleProof({
        proof: {
          commitment: s?.commitment ?? '',
          seed: s?.seed.toString('hex') ?? '',
          ticketsSold: s?.ticketsSold ?? 0,
          winningTickets: s?.winningTickets ?? [],
        },
        offerKey: d.productOfferKey,
        drawNo: d.drawNo,
        hmac: nodeHmacSha256,
        sha256: nodeSha256,
      });
      expect(proof.winnersMatch && proof.commitmentMatches).toBe(true);
    }

    // The top-up rolls the raffles over: a new draw with its seed, numbers from 1 again.
    await drawTopUpJob(db, engine, later);
    const rolled = await db
      .select({ draw: draws, seed: raffleDrawSeeds, sold: raffles.ticketsSold })
      .from(draws)
      .innerJoin(productOffers, eq(productOffers.key, draws.productOfferKey))
      .innerJoin(raffles, eq(raffles.productOfferKey, draws.productOfferKey))
      .leftJoin(raffleDrawSeeds, eq(raffleDrawSeeds.drawId, draws.id))
      .where(eq(draws.status, 'DRAW_OPEN'));
    expect(rolled).toHaveLength(raffleCount);
    for (const r of rolled) {
      expect(r.seed?.commitment).toMatch(/^[0-9a-f]{64}$/);
      expect(r.seed?.winningTickets).toBeNull();
      expect(r.sold).toBe(0);
      expect(r.draw.stopAt.getTime()).toBeGreaterThan(later.getTime());
    }
  });
});
