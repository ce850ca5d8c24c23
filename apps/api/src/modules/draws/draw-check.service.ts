/**
 * `draw:check`: proves a scored draw's figures. Games sold (counted again from the tickets) equal
 * games scored; every payout is the sum of its ticket's lines, and every division's winners x prize
 * is what its lines hold (lottery draws), or the split parts and their remainder make the entry's
 * prize (syndicates); every paid payout has its prize transfer of the same amount; and the ledger
 * balances: what `prize_liability` paid out for the draw's tickets equals the payouts paid; and no
 * winner waits unpaid for a division's prize to be entered (`prize_pending`). A lottery
 * draw's lotto party sessions count among its games and winners (their entries scored again here),
 * and each is reconciled by the lotto party module's lines (`sessions`, which `draw:check` passes).
 */
import type { Database, DbOrTx } from '@drawhouse/db';
import { createScorer, isLotteryKey } from '@drawhouse/domain';
import { drawCheckRepository } from './draw-check.repository.ts';
import { drawNotFound } from './draw-results.service.ts';
import { type DrawWithOffer, drawsRepository } from './draws.repository.ts';
import { lottoPartyScoringRepository } from './lotto-party-scoring.repository.ts';
import { payoutsRepository } from './payouts.repository.ts';

export type CheckLine = { rule: string; ok: boolean; detail: string; rows?: Record<string, unknown>[] };

type SessionWins = ReadonlyMap<string, readonly { division: number; combos: number }[]>;

/** Another module's lines for the sessions in a draw: given the prize per winning game and each session's wins. */
export type SessionsCheck = (
  db: DbOrTx,
  draw: { id: string; status: string },
  prizePerGame: ReadonlyMap<number, number>,
  winsBySession: SessionWins,
) => Promise<CheckLine[]>;

/** The sessions' games and winning games by division (their entries scored against the result). */
async function sessionWins(db: DbOrTx, found: DrawWithOffer) {
  const entries = await lottoPartyScoringRepository(db).sessionEntries(found.draw.id);
  const result = await drawsRepository(db).result(found.draw.id);
  const key = found.offer.lotteryKey;
  const bySession = new Map<string, { division: number; combos: number }[]>();
  const combos: Record<string, number> = {};
  let games = 0;
  for (const entry of entries) {
    games += entry.games.length;
    if (!result || !key || !isLotteryKey(key)) continue;
    const wins = createScorer(key, { numbers: result.numbers, supplementary: result.supplementary }).score(
      entry.gameType,
      entry.games,
    );
    bySession.set(entry.id, wins);
    for (const w of wins) combos[String(w.division)] = (combos[String(w.division)] ?? 0) + w.combos;
  }
  return { games, combos, bySession };
}

export async function checkDraw(db: Database, offerKey: string, drawNo: number, sessions: SessionsCheck) {
  const drawsRepo = drawsRepository(db);
  const payoutsRepo = payoutsRepository(db);
  const checkRepo = drawCheckRepository(db);
  const found = await drawsRepo.drawByNo(offerKey, drawNo);
  if (!found) throw drawNotFound(offerKey, drawNo);
  const { draw } = found;
  const lines: CheckLine[] = [];
  const tally = await checkRepo.tally(draw.id);
  if (!tally) {
    lines.push({ rule: 'the draw is scored', ok: false, detail: `status ${draw.status}, no tally yet` });
    return { draw: found, lines };
  }

  let sold: number;
  if (draw.type === 'raffle_ticket_draw') sold = await drawsRepo.raffleNumbersSold(draw.id);
  else if (draw.type === 'syndicate_share_draw')
    sold = (await drawsRepo.syndicateEntry(draw.id))?.games.length ?? 0;
  else sold = (await drawsRepo.gamesSold(draw.id)).games;
  const party = draw.type === 'lottery_ticket_draw' ? await sessionWins(db, found) : undefined;
  sold += party?.games ?? 0;
  lines.push({
    rule: 'games sold = games scored',
    ok: sold === tally.gamesScored,
    detail: `${sold} sold, ${tally.gamesScored} scored`,
  });

  if (draw.type === 'syndicate_share_draw') {
    const split = await checkRepo.splitAgainstPayouts(draw.id);
    const parts = split.partsCents + split.remainderCents;
    const entry = split.entryCents ?? 0;
    lines.push({
      rule: "shares' parts + remainder = the entry's prize",
      ok: tally.winningLines === 0 ? split.partsCents === 0 : parts === entry,
      detail: `${split.partsCents} + ${split.remainderCents} against ${entry}`,
    });
  } else {
    const off = await checkRepo.payoutsOffTheirLines(draw.id);
    lines.push({
      rule: 'each payout = the sum of its winning lines',
      ok: off.length === 0,
      detail: `${off.length} off`,
      rows: off,
    });
    if (draw.type === 'lottery_ticket_draw') {
      const divisions = await checkRepo.divisionsOffTheirLines(draw.id, party?.combos);
      lines.push({
        rule: 'prizes = the sum over divisions of winners x prize',
        ok: divisions.length === 0,
        detail: `${divisions.length} divisions off`,
        rows: divisions,
      });
    }
  }
  if (party) {
    const perGame = new Map((await drawsRepo.divisions(draw.id)).map((d) => [d.division, d.prizeCents]));
    lines.push(...(await sessions(db, draw, perGame, party.bySession)));
  }
  const unpaid = await checkRepo.winsWithoutPayout(draw.id);
  lines.push({
    rule: 'every winning ticket has its payout',
    ok: unpaid.length === 0,
    detail: `${unpaid.length} without`,
    rows: unpaid,
  });

  const credits = await checkRepo.creditsOffTheirPayouts(draw.id);
  lines.push({
    rule: 'prizes credited = the payouts (one prize transfer each, same amount)',
    ok: credits.length === 0,
    detail: `${credits.length} off`,
    rows: credits,
  });
  const ledger = await checkRepo.paidAgainstLedger(draw.id);
  lines.push({
    rule: 'ledger balanced: prize_liability debits = payouts paid',
    ok: ledger.paidCents === ledger.ledgerCents,
    detail: `${ledger.ledgerCents} debited in ${ledger.transfers} transfers, ${ledger.paidCents} paid`,
  });
  const counts = await payoutsRepo.payoutCounts(draw.id);
  // A lotto party session left closed (not held) in a scored draw waits for a division's prize.
  const awaiting = counts.prizePending + counts.sessionsPending;
  lines.push({
    rule: 'no winner waits for a prize to be announced',
    ok: awaiting === 0,
    detail:
      awaiting === 0
        ? 'every winning division has its prize'
        : `${counts.prizePending} tickets and ${counts.sessionsPending} lotto party sessions unpaid: enter the prizes with draw:prizes`,
  });
  const waiting = counts.pending + counts.held;
  const settled = ['DRAW_PAID', 'DRAW_EMAILED'].includes(draw.status);
  lines.push({
    rule: 'nothing left to pay once the draw is paid',
    ok: !settled || waiting === 0,
    detail: `${counts.paid} paid, ${counts.pending} pending, ${counts.held} held (${draw.status})`,
  });
  return { draw: found, lines };
}
