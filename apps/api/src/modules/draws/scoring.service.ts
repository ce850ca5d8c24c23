/**
 * DRAW_DRAWN -> DRAW_SCORED, in one transaction per draw (the draw row claimed with `skip locked`,
 * so a second worker leaves it alone and a crash scores it again from scratch): every game of every
 * ticket scored with the domain's fast scorer, read in keyset batches; the winning lines written
 * (`on conflict do nothing`); winners and the prize per winning game set on each division; the lines
 * priced; one payout per winning ticket (held when over the approval threshold); the tally that
 * `draw:check` proves against. The draw's lotto party entries are scored too and counted among the
 * winners (and games scored), so a shared prize is shared with them; their settlement pays them.
 *
 * Syndicate draws score their own entry (quick-picked at the close) and split its prize among the
 * share tickets by shares (`splitByShares`: truncated to the cent, the remainder recorded). Raffle
 * draws turn their winning ticket numbers into wins: a cash prize is credited (`raffleCreditCents`),
 * any other prize is recorded and announced by name.
 */
import { randomInt } from 'node:crypto';
import type { Database, PayoutStatus, Transaction } from '@drawhouse/db';
import {
  combinations,
  createScorer,
  GAMES,
  type GameWin,
  isLotteryKey,
  type LotteryKey,
  prizePerWinningGame,
  quickPickGames,
  raffleCreditCents,
  splitByShares,
} from '@drawhouse/domain';
import { emitHeld, emitScored } from './draw-events.ts';
import { drawResultsRepository } from './draw-results.repository.ts';
import { type DrawWithOffer, drawsRepository, type WinLine, type WinRow } from './draws.repository.ts';
import { lottoPartyScoringRepository } from './lotto-party-scoring.repository.ts';
import { payoutsRepository } from './payouts.repository.ts';
import { scoringRepository } from './scoring.repository.ts';
import { syndicateFillRepository } from './syndicate-fill.repository.ts';

const TICKET_BATCH = 5_000;

export type ScoringDeps = { db: Database; now: () => Date; thresholdCents: number };

function lotteryKeyOf(found: DrawWithOffer): LotteryKey {
  const key = found.offer.lotteryKey;
  if (!key || !isLotteryKey(key)) throw new Error(`draw ${found.draw.id} is not of a scored lottery`);
  return key;
}

/**
 * A syndicate's entry: `numGames` system entries of N numbers (with one Powerball where the game has
 * it), N the system whose combinations make `numStandardGames / numGames` games, quick-picked with
 * node:crypto.
 */
export function quickPickSyndicateEntry(lotteryKey: LotteryKey, numGames: number, numStandardGames: number) {
  const game = GAMES[lotteryKey];
  const [main, ...rest] = game.numberSets;
  if (!main) throw new Error(`${lotteryKey} has no number sets`);
  const perGame = Math.max(1, Math.round(numStandardGames / Math.max(1, numGames)));
  let size = main.count;
  while (size < main.last - main.first + 1 && combinations(size, main.count) < perGame) size += 1;
  const sets = [{ ...main, count: size }, ...rest.map((s) => ({ ...s, count: 1 }))];
  const picked = quickPickGames(sets, 'syndicate', (max) => randomInt(max), Math.max(1, numGames));
  return picked.map((g) => {
    const numbers = (g.Numbers ?? []).filter((n): n is number => n !== null);
    const powerball = (g.Powerball ?? []).filter((n): n is number => n !== null);
    return powerball.length > 0 ? { numbers, powerball } : { numbers };
  });
}

/** A payout as scored: waiting for a division's prize, held over the approval threshold, or payable. */
function payoutStatusOf(cents: number, awaiting: boolean, thresholdCents: number): PayoutStatus {
  if (awaiting) return 'prize_pending';
  return cents > thresholdCents ? 'held' : 'pending';
}

export function createScoringService(deps: ScoringDeps) {
  const { db, now, thresholdCents } = deps;

  /** Announced prizes (written when published) and the rules give each division its prize per game. */
  async function priceDivisions(
    tx: Transaction,
    found: DrawWithOffer,
    lotteryKey: LotteryKey,
    winnersByDivision: Record<string, number>,
  ): Promise<Record<string, number>> {
    const drawsRepo = drawsRepository(tx);
    const scoringRepo = scoringRepository(tx);
    const divisions = await drawsRepo.divisions(found.draw.id);
    const announced = Object.fromEntries(
      divisions.filter((d) => d.prizeCents > 0).map((d) => [String(d.division), d.prizeCents]),
    );
    const perGame = prizePerWinningGame({
      lotteryKey,
      announced,
      jackpotCents: found.draw.isPrizePoolUnknown ? null : found.draw.prizePoolCents,
      winnersByDivision,
    });
    await scoringRepo.setDivisionFigures(
      found.draw.id,
      divisions.map((d) => ({
        division: d.division,
        winners: winnersByDivision[String(d.division)] ?? 0,
        prizeCents: perGame[String(d.division)] ?? d.prizeCents,
      })),
    );
    return perGame;
  }

  /**
   * Lottery draws: the tickets read in keyset batches and scored in memory (the winning lines of a
   * draw are a few percent of its games), the divisions priced from the winners, then the lines and
   * one payout per winning ticket written in bulk.
   */
  async function scoreLottery(tx: Transaction, found: DrawWithOffer) {
    const drawsRepo = drawsRepository(tx);
    const scoringRepo = scoringRepository(tx);
    const drawId = found.draw.id;
    const lotteryKey = lotteryKeyOf(found);
    const result = await drawsRepo.result(drawId);
    if (!result) throw new Error(`draw ${drawId} has no result to score`);
    const scorer = createScorer(lotteryKey, { numbers: result.numbers, supplementary: result.supplementary });
    const lines: WinLine[] = [];
    let after: string | null = null;
    let tickets = 0;
    let games = 0;
    for (;;) {
      const batch = await scoringRepo.ticketBatch(drawId, after, TICKET_BATCH);
      if (batch.length === 0) break;
      for (const ticket of batch) {
        games += ticket.games.length;
        for (const win of scorer.score(ticket.gameType, ticket.games)) {
          lines.push({ ticketId: ticket.id, customerId: ticket.customerId, ...win, prizeCents: 0 });
        }
      }
      tickets += batch.length;
      after = batch[batch.length - 1]?.id ?? null;
    }
    const winners: Record<string, number> = {};
    for (const l of lines) winners[String(l.division)] = (winners[String(l.division)] ?? 0) + l.combos;
    // Lotto party entries share a division's prize with the tickets (their settlement pays them at this price).
    for (const session of await lottoPartyScoringRepository(tx).sessionEntries(drawId)) {
      games += session.games.length;
      for (const w of scorer.score(session.gameType, session.games))
        winners[String(w.division)] = (winners[String(w.division)] ?? 0) + w.combos;
    }
    const perGame = await priceDivisions(tx, found, lotteryKey, winners);
    const payouts = new Map<string, { customerId: string; cents: number; awaiting: boolean }>();
    let prizeCents = 0;
    for (const l of lines) {
      const price = perGame[String(l.division)];
      l.prizeCents = l.combos * (price ?? 0);
      prizeCents += l.prizeCents;
      const payout = payouts.get(l.ticketId) ?? { customerId: l.customerId, cents: 0, awaiting: false };
      payout.cents += l.prizeCents;
      // A division without a prize yet (none is 0): the whole ticket waits for it, paid once, all at once.
      if (!price) payout.awaiting = true;
      payouts.set(l.ticketId, payout);
    }
    await scoringRepo.insertWinLines(drawId, lines);
    await scoringRepo.insertPayoutRows(
      drawId,
      [...payouts].map(([ticketId, p]) => ({
        ticketId,
        customerId: p.customerId,
        prizeCents: p.cents,
        status: payoutStatusOf(p.cents, p.awaiting, thresholdCents),
      })),
    );
    await scoringRepo.insertTally({
      drawId,
      ticketsScored: tickets,
      gamesScored: games,
      winningLines: lines.length,
      prizeCents,
    });
  }

  async function ensureSyndicateEntry(tx: Transaction, found: DrawWithOffer, lotteryKey: LotteryKey) {
    const drawsRepo = drawsRepository(tx);
    const scoringRepo = scoringRepository(tx);
    const existing = await drawsRepo.syndicateEntry(found.draw.id);
    if (existing) return existing;
    const tickets = found.offer.syndicateTickets;
    await scoringRepo.insertSyndicateEntry({
      drawId: found.draw.id,
      gameType: 'syndicate',
      games: quickPickSyndicateEntry(lotteryKey, tickets?.numGames ?? 1, tickets?.numStandardGames ?? 1),
    });
    const made = await drawsRepo.syndicateEntry(found.draw.id);
    if (!made) throw new Error(`syndicate entry of draw ${found.draw.id} was not written`);
    return made;
  }

  async function scoreSyndicate(tx: Transaction, found: DrawWithOffer) {
    const drawsRepo = drawsRepository(tx);
    const scoringRepo = scoringRepository(tx);
    const fillRepo = syndicateFillRepository(tx);
    const drawId = found.draw.id;
    const fill = await fillRepo.syndicateFill(drawId);
    if (fill?.outcome === 'cancelled') {
      // Cancelled at the close and refunded: no entry, nothing won.
      await scoringRepo.insertTally({
        drawId,
        ticketsScored: 0,
        gamesScored: 0,
        winningLines: 0,
        prizeCents: 0,
      });
      return;
    }
    const lotteryKey = lotteryKeyOf(found);
    const entry = await ensureSyndicateEntry(tx, found, lotteryKey);
    const result = await drawsRepo.result(drawId);
    if (!result) throw new Error(`draw ${drawId} has no result to score`);
    const wins: GameWin[] = createScorer(lotteryKey, {
      numbers: result.numbers,
      supplementary: result.supplementary,
    }).score(entry.gameType, entry.games);
    const winners: Record<string, number> = {};
    for (const w of wins) winners[String(w.division)] = (winners[String(w.division)] ?? 0) + w.combos;
    const perGame = await priceDivisions(tx, found, lotteryKey, winners);
    const shares = await scoringRepo.shareTickets(drawId);
    if (wins.some((w) => !perGame[String(w.division)])) {
      // A division without a prize yet: no split until it is known (entered on the lottery draw).
      await scoringRepo.insertPayouts(
        shares.map((share) => ({
          ticketId: share.id,
          drawId,
          customerId: share.customer_id,
          prizeCents: 0,
          status: 'prize_pending' as const,
        })),
      );
      await scoringRepo.insertTally({
        drawId,
        ticketsScored: shares.length,
        gamesScored: entry.games.length,
        winningLines: 0,
        prizeCents: 0,
      });
      return;
    }
    const linePrize = (w: GameWin) => w.combos * (perGame[String(w.division)] ?? 0);
    const prizeCents = wins.reduce((sum, w) => sum + linePrize(w), 0);
    await scoringRepo.setSyndicatePrize(drawId, prizeCents);

    // The draw's own total (Drawhouse holds what was not sold); draws closed before the count was
    // kept per draw use the offer's.
    const totalShares = Math.max(
      fill?.totalShares ?? found.offer.syndicateTotalShares ?? 0,
      shares.reduce((n, s) => n + s.num_shares, 0),
    );
    if (wins.length > 0 && shares.length > 0 && totalShares > 0) {
      const split = splitByShares(
        prizeCents,
        shares.map((s) => ({ id: s.id, shares: s.num_shares })),
        totalShares,
      );
      await scoringRepo.insertRemainder({
        drawId,
        entryKey: found.offer.key,
        prizeCents,
        distributedCents: prizeCents - split.remainderCents,
        remainderCents: split.remainderCents,
      });
      const partOf = new Map(split.parts.map((p) => [p.id, p.cents]));
      const rows: WinRow[] = [];
      for (const share of shares) {
        for (const w of wins) {
          rows.push({
            ticketId: share.id,
            gameIndex: w.gameIndex,
            division: w.division,
            combos: w.combos,
            drawId,
            customerId: share.customer_id,
            // The line's prize in proportion to the shares, for display; the payout is the split part.
            prizeCents: Math.floor((linePrize(w) * share.num_shares) / totalShares),
          });
        }
      }
      await scoringRepo.insertWins(rows);
      await scoringRepo.insertPayouts(
        shares.map((share) => {
          const cents = partOf.get(share.id) ?? 0;
          return {
            ticketId: share.id,
            drawId,
            customerId: share.customer_id,
            prizeCents: cents,
            status: cents > thresholdCents ? ('held' as const) : ('pending' as const),
          };
        }),
      );
    }
    await scoringRepo.insertTally({
      drawId,
      ticketsScored: shares.length,
      gamesScored: entry.games.length,
      winningLines: wins.length,
      prizeCents,
    });
  }

  async function scoreRaffle(tx: Transaction, found: DrawWithOffer) {
    const drawsRepo = drawsRepository(tx);
    const scoringRepo = scoringRepository(tx);
    const drawId = found.draw.id;
    const seed = await drawsRepo.raffleSeed(drawId);
    const winners = seed?.winningTickets ?? [];
    const prizes = await drawsRepo.rafflePrizes(found.offer.key);
    const holders = new Map((await scoringRepo.raffleHolders(drawId, winners)).map((h) => [h.number, h]));
    const rows: WinRow[] = [];
    winners.forEach((number, i) => {
      const prize = prizes[i];
      const holder = holders.get(number);
      if (!prize || !holder) return; // a number sold outside Drawhouse
      rows.push({
        ticketId: holder.ticket_id,
        gameIndex: number,
        division: prize.rank,
        combos: 1,
        drawId,
        customerId: holder.customer_id,
        prizeCents: raffleCreditCents(prize),
        prizeName: prize.name,
      });
    });
    await scoringRepo.insertWins(rows);
    await scoringRepo.insertPayoutsFromWins(drawId, thresholdCents);
    const lines = await scoringRepo.lineTotals(drawId);
    await scoringRepo.insertTally({
      drawId,
      ticketsScored: (await drawsRepo.gamesSold(drawId)).tickets,
      gamesScored: await drawsRepo.raffleNumbersSold(drawId),
      winningLines: lines.lines,
      prizeCents: lines.prizeCents,
    });
  }

  return {
    /**
     * Scores a drawn draw once; answers whether this call did. Writes `draw.scored` (its lotto party
     * sessions are settled) and, when a payout is held over the approval threshold, `prize.held`.
     */
    async score(drawId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const found = await drawsRepository(tx).claim(drawId, 'DRAW_DRAWN');
        if (!found) return false;
        if (found.draw.type === 'raffle_ticket_draw') await scoreRaffle(tx, found);
        else if (found.draw.type === 'syndicate_share_draw') await scoreSyndicate(tx, found);
        else await scoreLottery(tx, found);
        const moved = await drawsRepository(tx).move(drawId, 'DRAW_DRAWN', 'DRAW_SCORED', {
          scoredAt: now(),
        });
        if (!moved) return false;
        await emitScored(tx, found);
        await emitHeld(tx, drawId);
        return true;
      });
    },

    /**
     * A scored syndicate draw whose entry won a division that waited for its prize, once the prizes
     * are entered on its lottery draw: the divisions priced and the draw scored again (nothing of it
     * was paid: every share waited). Answers whether this call did.
     */
    async priceAwaitingSyndicate(drawId: string, prizes: Record<string, number>): Promise<boolean> {
      return db.transaction(async (tx) => {
        const drawsRepo = drawsRepository(tx);
        const resultsRepo = drawResultsRepository(tx);
        const scoringRepo = scoringRepository(tx);
        const payoutsRepo = payoutsRepository(tx);
        const found = await drawsRepo.drawById(drawId, 'wait');
        if (found?.draw.type !== 'syndicate_share_draw') return false;
        if (!['DRAW_SCORED', 'DRAW_CAPPED'].includes(found.draw.status)) return false;
        const counts = await payoutsRepo.payoutCounts(drawId);
        if (counts.prizePending === 0 || counts.pending + counts.held + counts.paid > 0) return false;
        await resultsRepo.applyPrizes(drawId, prizes, thresholdCents);
        await scoringRepo.dropAwaitingScore(drawId);
        await scoreSyndicate(tx, found);
        await emitHeld(tx, drawId);
        return true;
      });
    },

    /** A syndicate draw's entry, quick-picked once in its close's transaction (none for a cancelled one). */
    async pickSyndicateEntry(tx: Transaction, found: DrawWithOffer): Promise<void> {
      await ensureSyndicateEntry(tx, found, lotteryKeyOf(found));
    },
  };
}

export type ScoringService = ReturnType<typeof createScoringService>;
