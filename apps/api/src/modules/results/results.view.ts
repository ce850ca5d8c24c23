/**
 * Draw records as the contract's answers. Nothing of a result leaves before it is published, and a
 * raffle's seed (with its tickets sold and winning tickets) not before the draw is drawn.
 */
import {
  type DrawDetails,
  type DrawResult,
  type DrawSummary,
  type PrizeDivision,
  type RaffleDraw,
  type RaffleProof,
  RESULT_DRAW_STATUSES,
} from '@drawhouse/contract';
import { centsToMoney, drawnAt } from '@drawhouse/domain';
import type { DivisionRow, DrawRecord, RafflePrizeRow } from './results.repository.ts';

const RESULT_STATUSES: readonly string[] = RESULT_DRAW_STATUSES;

/** The name of the set a raffle's result lists its winning ticket numbers under. */
export const RAFFLE_RESULT_SET = 'Winning tickets';

export function isPublished(record: DrawRecord): boolean {
  if (!RESULT_STATUSES.includes(record.draw.status)) return false;
  return record.result !== null || record.draw.type === 'raffle_ticket_draw';
}

/** The raffle draw is drawn: its seed and winners may be shown. */
function seedRevealed(record: DrawRecord): record is DrawRecord & { seed: NonNullable<DrawRecord['seed']> } {
  return record.seed !== null && record.seed.drawnAt !== null && isPublished(record);
}

export function drawSummary(record: DrawRecord): DrawSummary {
  const { draw, offer } = record;
  return {
    drawId: draw.id,
    productOfferKey: offer.key,
    offerName: offer.name,
    lotteryKey: offer.lotteryKey,
    displayCategory: offer.displayCategory,
    drawType: draw.type,
    drawNo: draw.drawNo,
    status: draw.status,
    stopDate: draw.stopAt.toISOString(),
    // A draw closed early and drawn then shows when it was drawn, not when it was scheduled.
    drawDate: drawnAt(
      draw.drawAt,
      isPublished(record) ? (record.result?.drawnAt ?? draw.publishedAt) : null,
    ).toISOString(),
    jackpot:
      draw.prizePoolCents === null || draw.isPrizePoolUnknown ? null : centsToMoney(draw.prizePoolCents),
  };
}

/** The published result, or null. */
export function drawResult(record: DrawRecord): DrawResult | null {
  if (!isPublished(record)) return null;
  const publishedAt = (
    record.draw.publishedAt ??
    record.result?.drawnAt ??
    record.seed?.drawnAt ??
    record.draw.drawAt
  ).toISOString();
  if (record.result === null) {
    const winning = seedRevealed(record) ? (record.seed.winningTickets ?? []) : [];
    return {
      numbers: winning.length > 0 ? [{ name: RAFFLE_RESULT_SET, numbers: winning }] : [],
      supplementary: [],
      supplementaryName: null,
      publishedAt,
    };
  }
  const { numbers, supplementary } = record.result;
  const sets = record.drawnSets ?? [];
  const named = sets.filter((s) => s.source === 'numbers').map((s) => s.name);
  const names = [
    ...named.filter((n) => n in numbers),
    ...Object.keys(numbers).filter((n) => !named.includes(n)),
  ];
  return {
    numbers: names.map((name) => ({ name, numbers: numbers[name] ?? [] })),
    supplementary,
    supplementaryName:
      supplementary.length > 0
        ? (sets.find((s) => s.source === 'supplementary')?.name ?? 'Supplementary')
        : null,
    publishedAt,
  };
}

export function prizeDivisions(record: DrawRecord, rows: readonly DivisionRow[]): PrizeDivision[] {
  if (!isPublished(record)) return [];
  return rows
    .filter((row) => row.drawId === record.draw.id)
    .map((row) => ({
      division: row.division,
      description: row.description,
      winners: row.winners,
      // A division not priced yet stores 0.
      prize: row.prizeCents > 0 ? centsToMoney(row.prizeCents) : null,
    }));
}

export function raffleProof(record: DrawRecord): RaffleProof | null {
  const { seed } = record;
  if (seed === null) return null;
  const proof: RaffleProof = {
    algorithm: seed.algorithm,
    version: seed.version,
    commitment: seed.commitment,
  };
  if (!seedRevealed(record)) return proof;
  return {
    ...proof,
    seed: Buffer.from(seed.seed).toString('hex'),
    ticketsSold: seed.ticketsSold ?? 0,
    winningTickets: seed.winningTickets ?? [],
  };
}

export function raffleDraw(record: DrawRecord, prizes: readonly RafflePrizeRow[]): RaffleDraw | null {
  if (record.draw.type !== 'raffle_ticket_draw') return null;
  const winning = seedRevealed(record) ? (record.seed.winningTickets ?? []) : [];
  return {
    prizes: prizes
      .filter((p) => p.productOfferKey === record.offer.key)
      .map((p, i) => ({
        rank: p.rank,
        name: p.name,
        value: centsToMoney(p.valueCents),
        winningTicket: winning[i] ?? null,
      })),
    proof: raffleProof(record),
  };
}

export function drawDetails(
  record: DrawRecord,
  divisions: readonly DivisionRow[],
  prizes: readonly RafflePrizeRow[],
): DrawDetails {
  return {
    ...drawSummary(record),
    result: drawResult(record),
    divisions: prizeDivisions(record, divisions),
    raffle: raffleDraw(record, prizes),
  };
}
