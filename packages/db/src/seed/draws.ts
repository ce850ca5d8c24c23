/**
 * Demo draws: upcoming draws from each lottery's timetable (Australia/Sydney), and past draws with
 * results and prize divisions from a deterministic PRNG.
 *
 * Decisions:
 * - A draw number counts the timetable's draws since 2000-01-01 plus the lottery's offset, so the same
 *   draw always gets the same number, whenever the seed runs.
 * - `refreshDraws(db, now)` keeps UPCOMING_DRAWS open draws ahead of `now` for every lottery and
 *   syndicate and rolls a closed raffle over to its next draw. The seed calls it on every run, so a shop
 *   started again a week later still sells future draws. It never touches draws whose time has come:
 *   closing, drawing, scoring and paying them is the draws module's work.
 * - Prize pools move by the lottery's JackpotRule: the first draw ever seeded gets `startCents`, each
 *   later draw the previous pool plus `stepCents` (a jackpot that is not won grows), restarting at
 *   `resetCents` past `capCents`.
 * - Syndicate draws ride the lottery's draws (same number and time, entries close an hour earlier).
 * - A raffle draw gets its secret seed and published commitment when it is created; when the raffle
 *   rolls over, the closing draw keeps its tickets sold and the raffle's counter starts again at 0
 *   (ticket numbers run 1..N in each draw).
 */
import {
  livePurchaseStatus,
  nextDrawTimes,
  pastDrawTimes,
  sydneyParts,
  UPCOMING_DRAWS,
  zonedTimeToUtc,
} from '@drawhouse/domain';
import { and, asc, desc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { openDraws } from '../open-draws.ts';
import { draws, lotteries, productOffers, raffles } from '../schema/index.ts';
import type { DrawnSet, JackpotRule, PrizeDivisionRule, ScheduleSlot } from '../schema/types.ts';
import { LOTTERIES } from './lotteries.ts';
import { captureRaffleTicketsSold, insertRaffleSeeds } from './raffle-seeds.ts';
import { createRandom } from './random.ts';

/** Syndicates buy their entry before the public closes. */
export const SYNDICATE_EXTRA_STOP_MINUTES = 60;
/** Pre-orders for a draw open six weeks before it. */
export const PRE_ORDER_DAYS = 42;
/** How far back the seed generates results. */
export const PAST_DAYS = 91;
/** A raffle that has closed runs again four weeks later. */
export const RAFFLE_ROLLOVER_DAYS = 28;

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const ANCHOR_DAY = Math.round(Date.UTC(2000, 0, 1) / DAY_MS);

type DrawInsert = typeof draws.$inferInsert;
type Lottery = typeof lotteries.$inferSelect;

function dayNumberOf(at: Date): { day: number; minuteOfDay: number; weekday: number } {
  const p = sydneyParts(at);
  return {
    day: Math.round(Date.UTC(p.year, p.month - 1, p.day) / DAY_MS),
    minuteOfDay: p.hour * 60 + p.minute,
    weekday: p.weekday,
  };
}

/** The draw number of the timetable's draw at `at`: draws since 2000-01-01 (Sydney) plus `offset`. */
export function drawNumberAt(schedule: readonly ScheduleSlot[], at: Date, offset: number): number {
  const { day, minuteOfDay, weekday } = dayNumberOf(at);
  const daysBefore = day - ANCHOR_DAY;
  const fullWeeks = Math.floor(daysBefore / 7);
  let count = 0;
  for (const slot of schedule) {
    count += fullWeeks * slot.weekdays.length;
    for (let d = ANCHOR_DAY + fullWeeks * 7; d < day; d++) {
      const wd = (((d + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
      if (slot.weekdays.includes(wd)) count++;
    }
    if (slot.weekdays.includes(weekday) && slot.hour * 60 + slot.minute <= minuteOfDay) count++;
  }
  return offset + count;
}

/** The next prize pool after `previous` under a lottery's rule. */
export function nextPrizePool(rule: JackpotRule, previous: number | null | undefined): number | null {
  if (rule.unknown) return null;
  if (previous == null) return rule.startCents;
  const grown = previous + rule.stepCents;
  return grown > rule.capCents ? rule.resetCents : grown;
}

function lotteryDraw(
  offerKey: string,
  type: 'lottery_ticket_draw' | 'syndicate_share_draw',
  lottery: Lottery,
  drawAt: Date,
  stopMinutes: number,
  now: Date,
): DrawInsert {
  const stopAt = new Date(drawAt.getTime() - stopMinutes * MINUTE_MS);
  return {
    productOfferKey: offerKey,
    drawNo: drawNumberAt(lottery.schedule, drawAt, lottery.drawNoOffset),
    type,
    status: stopAt <= now ? 'DRAW_CLOSED' : 'DRAW_OPEN',
    stopAt,
    drawAt,
    preOrderStartAt: new Date(drawAt.getTime() - PRE_ORDER_DAYS * DAY_MS),
    prizePoolSuffix: lottery.jackpot.suffix,
    isPrizePoolUnknown: lottery.jackpot.unknown,
    purchaseStatus: stopAt <= now ? 'past_draw' : 'pre_order',
  };
}

/**
 * Tops up upcoming draws and recomputes their stored purchase status. Idempotent: with the same `now`
 * a second call changes nothing. Returns how many draws it created.
 */
export async function refreshDraws(db: DbOrTx, now: Date): Promise<number> {
  let created = 0;
  const allLotteries = await db.select().from(lotteries);
  const byKey = new Map(allLotteries.map((l) => [l.key, l]));
  const offers = await db
    .select({ key: productOffers.key, type: productOffers.type, lotteryKey: productOffers.lotteryKey })
    .from(productOffers)
    .where(
      and(
        isNotNull(productOffers.lotteryKey),
        inArray(productOffers.type, ['lottery_ticket', 'syndicate_share']),
      ),
    )
    .orderBy(asc(productOffers.type), asc(productOffers.key));

  // Lotteries first: syndicates copy the prize pool of the lottery draw they ride.
  for (const offer of offers) {
    const lottery = offer.lotteryKey ? byKey.get(offer.lotteryKey) : undefined;
    if (!lottery) continue;
    const syndicate = offer.type === 'syndicate_share';
    const stopMinutes = lottery.stopMinutesBefore + (syndicate ? SYNDICATE_EXTRA_STOP_MINUTES : 0);
    // Every draw still ahead of now (a closed one included), up to UPCOMING_DRAWS that still sell.
    const horizon = new Date(now.getTime() + stopMinutes * MINUTE_MS);
    const times = [
      ...nextDrawTimes(lottery.schedule, now, 1).filter((t) => t <= horizon),
      ...nextDrawTimes(lottery.schedule, horizon, UPCOMING_DRAWS),
    ];
    const wanted = times.map((t) =>
      lotteryDraw(
        offer.key,
        syndicate ? 'syndicate_share_draw' : 'lottery_ticket_draw',
        lottery,
        t,
        stopMinutes,
        now,
      ),
    );
    const existing = await db
      .select({ drawNo: draws.drawNo, drawAt: draws.drawAt, prizePoolCents: draws.prizePoolCents })
      .from(draws)
      .where(eq(draws.productOfferKey, offer.key))
      .orderBy(desc(draws.drawAt));
    let previousPool = existing.find((d) => d.drawAt < (wanted[0]?.drawAt ?? now))?.prizePoolCents;
    const missing: DrawInsert[] = [];
    for (const draw of wanted) {
      const known = existing.find((d) => d.drawNo === draw.drawNo);
      if (known) {
        previousPool = known.prizePoolCents;
        continue;
      }
      if (syndicate) {
        const [ridden] = await db
          .select({ prizePoolCents: draws.prizePoolCents })
          .from(draws)
          .where(and(eq(draws.productOfferKey, lottery.key), eq(draws.drawNo, draw.drawNo)))
          .limit(1);
        // A syndicate draw takes its lottery draw's results: never one without it (a later top-up adds it).
        if (!ridden) continue;
        draw.prizePoolCents = ridden.prizePoolCents ?? null;
      } else {
        draw.prizePoolCents = nextPrizePool(lottery.jackpot, previousPool);
        previousPool = draw.prizePoolCents;
      }
      missing.push(draw);
    }
    if (missing.length > 0) {
      const inserted = await db
        .insert(draws)
        .values(missing)
        .onConflictDoNothing()
        .returning({ id: draws.id });
      created += inserted.length;
    }
    await restampPurchaseStatus(db, offer.key, now);
  }

  created += await rollRaffles(db, now);
  return created;
}

async function restampPurchaseStatus(db: DbOrTx, offerKey: string, now: Date): Promise<void> {
  const open = await openDraws(db, [offerKey], now);
  for (const [index, draw] of open.entries()) {
    const status = livePurchaseStatus(index, draw.purchaseStatus);
    if (status !== draw.purchaseStatus) {
      await db.update(draws).set({ purchaseStatus: status }).where(eq(draws.id, draw.id));
    }
  }
}

/** 9pm Sydney time, `days` after `from`. */
export function sydneyEveningAfter(from: Date, days: number): Date {
  const p = sydneyParts(new Date(from.getTime() + days * DAY_MS));
  return zonedTimeToUtc(p.year, p.month, p.day, 21, 0);
}

/** A raffle draw happens the day after the raffle closes. */
export function raffleDraw(
  offerKey: string,
  drawNo: number,
  closesAt: Date,
  prizeCents: number | null,
): DrawInsert {
  return {
    productOfferKey: offerKey,
    drawNo,
    type: 'raffle_ticket_draw',
    status: 'DRAW_OPEN',
    stopAt: closesAt,
    drawAt: new Date(closesAt.getTime() + DAY_MS),
    preOrderStartAt: null,
    prizePoolCents: prizeCents,
    prizePoolSuffix: '',
    isPrizePoolUnknown: prizeCents === null,
    purchaseStatus: 'open',
  };
}

async function rollRaffles(db: DbOrTx, now: Date): Promise<number> {
  let created = 0;
  const closed = await db.select().from(raffles).where(lte(raffles.closesAt, now));
  for (const raffle of closed) {
    const [latest] = await db
      .select()
      .from(draws)
      .where(eq(draws.productOfferKey, raffle.productOfferKey))
      .orderBy(desc(draws.drawNo))
      .limit(1);
    let closesAt = raffle.closesAt;
    while (closesAt <= now) closesAt = sydneyEveningAfter(closesAt, RAFFLE_ROLLOVER_DAYS);
    const draw = raffleDraw(
      raffle.productOfferKey,
      (latest?.drawNo ?? 0) + 1,
      closesAt,
      latest?.prizePoolCents ?? null,
    );
    const inserted = await db.insert(draws).values(draw).onConflictDoNothing().returning({ id: draws.id });
    created += inserted.length;
    await insertRaffleSeeds(
      db,
      inserted.map((d) => d.id),
    );
    // Numbers run 1..N in each draw: the closing draw keeps its count, the next one starts at 0.
    if (latest) await captureRaffleTicketsSold(db, latest.id, raffle.productOfferKey);
    await db
      .update(raffles)
      .set({ closesAt, ticketsSold: 0 })
      .where(eq(raffles.productOfferKey, raffle.productOfferKey));
  }
  return created;
}

export type GeneratedResult = {
  numbers: Record<string, number[]>;
  supplementary: number[];
};

/** The balls of one draw, from a PRNG seeded by lottery and draw number: the same on every run. */
export function generateResult(
  lotteryKey: string,
  drawNo: number,
  sets: readonly DrawnSet[],
): GeneratedResult {
  const random = createRandom(`${lotteryKey}#${drawNo}`);
  const numbers: Record<string, number[]> = {};
  const supplementary: number[] = [];
  for (const set of sets) {
    if (set.source === 'numbers') {
      numbers[set.name] = set.repeats
        ? Array.from({ length: set.count }, () => random.int(set.first, set.last))
        : random.sample(set.count, set.first, set.last);
    }
  }
  for (const set of sets) {
    if (set.source === 'supplementary') {
      const main = sets.find((s) => s.source === 'numbers' && s.first === set.first && s.last === set.last);
      const taken = main ? (numbers[main.name] ?? []) : [];
      supplementary.push(...random.sample(set.count, set.first, set.last, taken));
    }
  }
  return { numbers, supplementary };
}

export type GeneratedDivision = {
  division: number;
  description: string;
  winners: number;
  prizeCents: number;
};

/**
 * Prize divisions of a past draw around the lottery's typical figures (±30%). Division 1 is won when
 * `jackpotWon`; its prize is the pool shared by the winners.
 */
export function generateDivisions(
  lotteryKey: string,
  drawNo: number,
  rules: readonly PrizeDivisionRule[],
  typical: readonly { prizeCents: number; winners: number }[],
  pool: { prizeCents: number | null; jackpotWon: boolean; fixed: boolean },
): GeneratedDivision[] {
  const random = createRandom(`${lotteryKey}#${drawNo}#divisions`);
  return rules.map((rule, i) => {
    const t = typical[i] ?? { prizeCents: 0, winners: 0 };
    const jitter = () => 0.7 + random.next() * 0.6;
    if (rule.division === 1) {
      if (!pool.jackpotWon) return { ...rule, winners: 0, prizeCents: 0 };
      const winners = random.int(1, 3);
      const total = pool.prizeCents ?? t.prizeCents;
      const prizeCents = pool.fixed ? total : Math.floor(total / winners);
      return { ...rule, winners, prizeCents };
    }
    const winners = Math.max(0, Math.round(t.winners * jitter()));
    const prizeCents = winners === 0 ? 0 : Math.round((t.prizeCents * jitter()) / 5) * 5;
    return { ...rule, winners, prizeCents };
  });
}

export type PastDraw = {
  draw: DrawInsert;
  result: GeneratedResult;
  divisions: GeneratedDivision[];
};

/**
 * The last PAST_DAYS of draws of a lottery before `now`, most recent first, with results and prize
 * divisions. The prize pools walk back from `nextPool` (the pool of the first upcoming draw): each older
 * draw had one step less, and where that would fall below the reset amount the older draw is one whose
 * jackpot was won. `linked` gives Lotto Strike the results of the Lotto draws it rides, by draw time.
 */
export function pastDrawsOf(
  lottery: Lottery,
  typical: readonly { prizeCents: number; winners: number }[],
  now: Date,
  nextPool: number | null,
  linked: Map<number, GeneratedResult> = new Map(),
): PastDraw[] {
  const perWeek = lottery.schedule.reduce((n, s) => n + s.weekdays.length, 0);
  const since = now.getTime() - PAST_DAYS * DAY_MS;
  const times = pastDrawTimes(
    lottery.schedule,
    new Date(now.getTime()),
    Math.ceil((PAST_DAYS / 7) * perWeek) + perWeek,
  ).filter((t) => t.getTime() >= since);
  const rule = lottery.jackpot;
  const fixed = rule.stepCents === 0;
  let laterPool = nextPool;
  return times.map((drawAt) => {
    const drawNo = drawNumberAt(lottery.schedule, drawAt, lottery.drawNoOffset);
    const random = createRandom(`${lottery.key}#${drawNo}#jackpot`);
    let prizeCents: number | null = null;
    let jackpotWon: boolean;
    if (rule.unknown) {
      jackpotWon = random.next() < 0.15;
      prizeCents = jackpotWon ? 10_000_000 + random.int(0, 40) * 1_000_000 : null;
    } else if (fixed) {
      prizeCents = rule.startCents;
      jackpotWon = random.next() < 0.45;
    } else {
      const earlier = (laterPool ?? rule.startCents) - rule.stepCents;
      if (earlier < rule.resetCents) {
        jackpotWon = true;
        const steps = Math.max(1, Math.floor((rule.capCents - rule.resetCents) / rule.stepCents));
        prizeCents = rule.resetCents + random.int(Math.ceil(steps / 3), steps) * rule.stepCents;
      } else {
        jackpotWon = false;
        prizeCents = earlier;
      }
    }
    laterPool = prizeCents;
    const result =
      lottery.linkedLotteryKeys.length > 0
        ? strikeResult(linked.get(drawAt.getTime()), lottery, drawNo)
        : generateResult(lottery.key, drawNo, lottery.drawnSets);
    const stopAt = new Date(drawAt.getTime() - lottery.stopMinutesBefore * MINUTE_MS);
    return {
      draw: {
        productOfferKey: lottery.key,
        drawNo,
        type: 'lottery_ticket_draw',
        // Drawn, scored, paid and announced long ago (no Drawhouse tickets to pay).
        status: 'DRAW_EMAILED',
        stopAt,
        drawAt,
        closedAt: stopAt,
        publishedAt: drawAt,
        scoredAt: drawAt,
        paidAt: drawAt,
        emailedAt: drawAt,
        preOrderStartAt: new Date(drawAt.getTime() - PRE_ORDER_DAYS * DAY_MS),
        prizePoolCents: prizeCents,
        prizePoolSuffix: rule.suffix,
        isPrizePoolUnknown: prizeCents === null,
        purchaseStatus: 'past_draw',
      },
      result,
      divisions: generateDivisions(lottery.key, drawNo, lottery.prizeDivisions, typical, {
        prizeCents,
        jackpotWon,
        fixed,
      }),
    };
  });
}

/** Lotto Strike draws the first balls of the linked Lotto draw, in the order they came out. */
function strikeResult(
  linked: GeneratedResult | undefined,
  lottery: Lottery,
  drawNo: number,
): GeneratedResult {
  const set = lottery.drawnSets[0];
  const count = set?.count ?? 4;
  const first = linked?.numbers.Numbers?.slice(0, count);
  if (first && first.length === count)
    return { numbers: { [set?.name ?? 'Numbers']: first }, supplementary: [] };
  return generateResult(lottery.key, drawNo, lottery.drawnSets);
}

/**
 * The prizes a demo draw announces, by division: the lottery's typical prize for each division but
 * the first (±30%, to 5 cents, the same for the same draw on every run). Division 1 is left out: it
 * is the jackpot (or the game's fixed prize), shared among its winners.
 */
export function demoAnnouncedPrizes(lotteryKey: string, drawNo: number): Record<string, number> {
  const def = LOTTERIES.find((l) => l.key === lotteryKey);
  if (!def) return {};
  const random = createRandom(`${lotteryKey}#${drawNo}#announced`);
  const prizes: Record<string, number> = {};
  def.typicalDivisions.forEach((typical, i) => {
    const division = i + 1;
    if (division === 1) return;
    prizes[String(division)] = Math.max(
      5,
      Math.round((typical.prizeCents * (0.7 + random.next() * 0.6)) / 5) * 5,
    );
  });
  return prizes;
}
