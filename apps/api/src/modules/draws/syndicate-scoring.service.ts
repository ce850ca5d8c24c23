/**
 * Scoring a syndicate draw: its own entry (quick-picked at the close) scored against the results of
 * the lottery draw it rides, its divisions priced, and its prize split among the share tickets by
 * shares (`splitByShares`: truncated to the cent, the remainder recorded). A cancelled draw scores
 * nothing; an entry that won a division without a prize yet waits, every share unpaid, until the
 * prizes are entered on the lottery draw.
 */
import { randomInt } from 'node:crypto';
import type { Transaction } from '@drawhouse/db';
import {
  combinations,
  createScorer,
  GAMES,
  type GameWin,
  type LotteryKey,
  quickPickGames,
  splitByShares,
} from '@drawhouse/domain';
import { type DrawWithOffer, drawsRepository, type WinRow } from './draws.repository.ts';
import { lotteryKeyOf, priceDivisions } from './lottery-scoring.service.ts';
import { scoringRepository } from './scoring.repository.ts';
import { syndicateFillRepository } from './syndicate-fill.repository.ts';

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

/** The draw's entry: the one quick-picked already, or one quick-picked now. */
export async function ensureSyndicateEntry(tx: Transaction, found: DrawWithOffer, lotteryKey: LotteryKey) {
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

export async function scoreSyndicate(tx: Transaction, found: DrawWithOffer, thresholdCents: number) {
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
