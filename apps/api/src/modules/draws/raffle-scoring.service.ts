/**
 * Scoring a raffle draw: its winning ticket numbers turned into wins, one per prize in prize order;
 * a cash prize is credited (`raffleCreditCents`, held when over the approval threshold), any other
 * prize is recorded and announced by name.
 */
import type { Transaction } from '@drawhouse/db';
import { raffleCreditCents } from '@drawhouse/domain';
import { type DrawWithOffer, drawsRepository, type WinRow } from './draws.repository.ts';
import { scoringRepository } from './scoring.repository.ts';

export async function scoreRaffle(tx: Transaction, found: DrawWithOffer, thresholdCents: number) {
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
