/**
 * Scoring a lottery draw: every game of every ticket scored with the domain's fast scorer, read in
 * keyset batches; the winning lines written (`on conflict do nothing`); winners and the prize per
 * winning game set on each division; the lines priced; one payout per winning ticket (held when over
 * the approval threshold); the tally that `draw:check` proves against. The draw's lotto party
 * entries are scored too and counted among the winners (and games scored), so a shared prize is
 * shared with them; their settlement pays them. How a division is priced is shared with syndicate
 * draws (`priceDivisions`).
 */
import type { PayoutStatus, Transaction } from '@drawhouse/db';
import { createScorer, isLotteryKey, type LotteryKey, prizePerWinningGame } from '@drawhouse/domain';
import { type DrawWithOffer, drawsRepository, type WinLine } from './draws.repository.ts';
import { lottoPartyScoringRepository } from './lotto-party-scoring.repository.ts';
import { scoringRepository } from './scoring.repository.ts';

const TICKET_BATCH = 5_000;

export function lotteryKeyOf(found: DrawWithOffer): LotteryKey {
  const key = found.offer.lotteryKey;
  if (!key || !isLotteryKey(key)) throw new Error(`draw ${found.draw.id} is not of a scored lottery`);
  return key;
}

/** A payout as scored: waiting for a division's prize, held over the approval threshold, or payable. */
function payoutStatusOf(cents: number, awaiting: boolean, thresholdCents: number): PayoutStatus {
  if (awaiting) return 'prize_pending';
  return cents > thresholdCents ? 'held' : 'pending';
}

/** Announced prizes (written when published) and the rules give each division its prize per game. */
export async function priceDivisions(
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
export async function scoreLottery(tx: Transaction, found: DrawWithOffer, thresholdCents: number) {
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
