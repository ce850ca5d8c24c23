/**
 * `draw:check` for the lotto party sessions of a lottery draw. Their entries are scored again by the
 * draw's check (the games scored and a division's winners include them); here each session's money
 * is reconciled as
 * the close and the settlement made it: the pot is what the games cost plus the refunds (each share
 * refunded its part of what the pot did not spend, never more than it paid; all it paid when the
 * session was cancelled) plus what the refund's truncation kept; the prize is the entry's wins at the
 * divisions' prices, equal to the members' parts plus the recorded remainder, each part credited by
 * its one prize transfer; a prize held for approval has nothing credited.
 */
import type { DbOrTx } from '@drawhouse/db';
import { splitByShares } from '@drawhouse/domain';
import type { SessionsCheck } from '../draws/index.ts';
import { lottoPartyCheckQueries } from './lotto-party-check.repository.ts';
import { lottoPartyPromoRefundId, lottoPartyRefundId } from './lotto-party-close.service.ts';
import { lottoPartyPrizeId } from './lotto-party-settle.service.ts';

type Off = Record<string, unknown>;

/** The session lines of the draw's check (`draw:check` passes it to the draws module's check). */
export const lottoPartyCheckLines: SessionsCheck = async (db: DbOrTx, draw, perGame, bySession) => {
  const repo = lottoPartyCheckQueries(db);
  const drawId = draw.id;
  const potOff: Off[] = [];
  const prizeOff: Off[] = [];
  const unsettled: Off[] = [];
  const sessions = await repo.sessionFigures(drawId);
  for (const { session, ...sums } of sessions) {
    const shares = await repo.sharesOf(session.id);
    const holdings = shares.map((s) => ({ id: s.id, shares: s.shares }));
    const pot = session.sharesSold * session.sharePriceCents;
    const spent = session.spentCents ?? 0;
    const refunded = session.refundedCents ?? 0;
    const cancelled = session.status === 'cancelled';
    const split = cancelled
      ? undefined
      : splitByShares(Math.max(0, pot - spent), holdings, Math.max(1, session.sharesSold));
    const splitOf = new Map(split?.parts.map((p) => [p.id, p.cents]));
    const refundIds = shares.flatMap((s) => [lottoPartyRefundId(s.id), lottoPartyPromoRefundId(s.id)]);
    const refundTransfers = await repo.transferAmounts(refundIds);
    const refundsOff = shares.filter((s) => {
      const expected = cancelled ? s.paidCents : Math.min(splitOf.get(s.id) ?? 0, s.paidCents);
      const moved =
        (refundTransfers.get(lottoPartyRefundId(s.id)) ?? 0) +
        (refundTransfers.get(lottoPartyPromoRefundId(s.id)) ?? 0);
      return s.refundCents !== expected || moved !== expected;
    });
    const kept = pot - spent - refunded;
    if (
      sums.sharesHeld !== session.sharesSold ||
      sums.refundCents !== refunded ||
      kept < 0 ||
      (cancelled && spent !== 0) ||
      refundsOff.length > 0
    ) {
      potOff.push({
        session_id: session.id,
        pot,
        spent,
        refunded,
        kept,
        share_refunds: sums.refundCents,
        shares_off: refundsOff.map((s) => s.id),
      });
    }
    if (cancelled) continue;

    const wins = bySession.get(session.id) ?? [];
    const expectedPrize = wins.reduce((sum, w) => sum + w.combos * (perGame.get(w.division) ?? 0), 0);
    if (session.status === 'closed') {
      // Settled in the scored draw's step: past it, a closed session is one held for approval.
      const waiting = draw.status === 'DRAW_SCORED' && !session.held;
      if (!waiting && (!session.held || session.prizeCents !== expectedPrize || sums.prizePartsCents !== 0)) {
        unsettled.push({
          session_id: session.id,
          held: session.held,
          prize: session.prizeCents,
          expectedPrize,
        });
      }
      continue;
    }
    const remainder = await repo.remainderOf(drawId, session.id);
    const parts = splitByShares(session.prizeCents ?? 0, holdings, Math.max(1, session.sharesSold));
    const partOf = new Map(parts.parts.map((p) => [p.id, p.cents]));
    const credited = await repo.transferAmounts(shares.map((s) => lottoPartyPrizeId(s.id)));
    const partsOff = shares.filter(
      (s) =>
        s.prizeCents !== (partOf.get(s.id) ?? 0) ||
        (credited.get(lottoPartyPrizeId(s.id)) ?? 0) !== s.prizeCents,
    );
    const remainderCents = remainder?.remainderCents ?? 0;
    if (
      session.prizeCents !== expectedPrize ||
      sums.prizePartsCents + remainderCents !== session.prizeCents ||
      (remainder !== undefined &&
        (remainder.prizeCents !== session.prizeCents ||
          remainder.distributedCents !== sums.prizePartsCents)) ||
      partsOff.length > 0
    ) {
      prizeOff.push({
        session_id: session.id,
        prize: session.prizeCents,
        expectedPrize,
        parts: sums.prizePartsCents,
        remainder: remainderCents,
        shares_off: partsOff.map((s) => s.id),
      });
    }
  }
  const settled = ['DRAW_PAID', 'DRAW_EMAILED'].includes(draw.status);
  return [
    {
      rule: 'lotto party pots = spent + refunded (each share its part, as paid) + the truncation kept',
      ok: potOff.length === 0,
      detail: `${potOff.length} of ${sessions.length} sessions off`,
      rows: potOff,
    },
    {
      rule: "lotto party prizes = the entry's wins at the divisions' prices = members' parts (credited) + remainder",
      ok: prizeOff.length === 0,
      detail: `${prizeOff.length} off`,
      rows: prizeOff,
    },
    {
      rule: 'lotto party sessions not paid are held for approval (none once the draw is paid)',
      ok: unsettled.length === 0 && (!settled || !sessions.some((s) => s.session.status === 'closed')),
      detail: `${sessions.filter((s) => s.session.status === 'closed').length} closed (${draw.status})`,
      rows: unsettled,
    },
  ];
};
